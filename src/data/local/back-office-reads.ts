// Reads of the ledger for the back office (issue 8): this device's stock movements, customers and sales of
// one company, newest first. Each is usable inside Dexie's liveQuery, so the stock, customers and sales
// screens follow local writes and sync answers; the screens merge them with what the server sends.
import type { LedgerDb } from './ledger-db';
import type { LedgerCustomer, LedgerSale, LedgerStockMovement } from './ledger-types';
import { withOneSaleSync, withSaleSync } from './sale-sync';

/** A stock movement of this device with what only its op knows: the note and the terminal it named. */
export interface DeviceStockMovement extends LedgerStockMovement {
  note: string | null;
  terminal_id: string | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * This device's stock movements of a company (sales' deltas included), newest first. The note and terminal
 * travel only in the op: they are read back from the outbox or dead letters while the op is there; a sale's
 * delta is the terminal's that sold it.
 */
export async function deviceStockMovements(
  ledger: LedgerDb,
  companyId: string,
): Promise<DeviceStockMovement[]> {
  const rows = await ledger.stockMovements.filter((row) => row.company_id === companyId).toArray();
  const opIds = [...new Set(rows.map((row) => row.op_id))];
  const [queued, dead, sales] = await Promise.all([
    ledger.outbox.bulkGet(opIds),
    ledger.deadLetters.bulkGet(opIds),
    ledger.sales.where('op_id').anyOf(opIds).toArray(),
  ]);
  const args = new Map<string, Record<string, unknown>>();
  for (const op of [...queued, ...dead]) if (op) args.set(op.op_id, op.args);
  const saleTerminal = new Map(sales.map((sale) => [sale.op_id, sale.terminal_id]));
  return rows
    .map((row) => {
      const op = args.get(row.op_id);
      return {
        ...row,
        // An answered op has left the outbox; its deltas are marked synced only when a pull settles them.
        sync: row.sync === 'pending' && op === undefined ? 'synced' : row.sync,
        note: text(op?.note),
        terminal_id: text(op?.terminal_id) ?? saleTerminal.get(row.op_id) ?? null,
      };
    })
    .sort((a, b) => b.occurred_at.localeCompare(a.occurred_at) || b.id.localeCompare(a.id));
}

/** The customers this device created or changed for a company (the mirror holds the rest). */
export function deviceCustomers(ledger: LedgerDb, companyId: string): Promise<LedgerCustomer[]> {
  return ledger.customers.where('company_id').equals(companyId).toArray();
}

/** Every sale and refund this device recorded for a company, newest first. */
export async function deviceSales(ledger: LedgerDb, companyId: string): Promise<LedgerSale[]> {
  const sales = await withSaleSync(
    ledger,
    await ledger.sales.where('company_id').equals(companyId).toArray(),
  );
  return sales.sort((a, b) => b.occurred_at.localeCompare(a.occurred_at));
}

/** One sale or refund this device recorded for a company, or null (another shop's, or not made here). */
export async function deviceSale(
  ledger: LedgerDb,
  companyId: string,
  saleId: string,
): Promise<LedgerSale | null> {
  const sale = await withOneSaleSync(ledger, await ledger.sales.get(saleId));
  return sale?.company_id === companyId ? sale : null;
}

/** One customer's sales and refunds on this device, newest first (customer_id is not indexed: few rows). */
export async function deviceSalesOfCustomer(ledger: LedgerDb, customerId: string): Promise<LedgerSale[]> {
  const sales = await withSaleSync(
    ledger,
    await ledger.sales.filter((sale) => sale.customer_id === customerId).toArray(),
  );
  return sales.sort((a, b) => b.occurred_at.localeCompare(a.occurred_at));
}

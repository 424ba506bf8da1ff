// Ledgers, mirrors and sales for unit tests of src/data: fresh databases per test (fake-indexeddb), a
// registered terminal, and a one-line sale that adds up the way the server checks it.
import { fixedClock } from '../../src/domain/clock';
import { pinnedIds, type IdGenerator } from '../../src/domain/ids';
import { ok, type Result } from '../../src/domain/result';
import type { SaleRecordArgs } from '../../src/domain/sale-record-schema';
import type { SaleRefundArgs } from '../../src/domain/sale-refund-schema';
import type { CommandDeps } from '../../src/data/local/command-deps';
import { LedgerDb } from '../../src/data/local/ledger-db';
import type { TerminalIdentity } from '../../src/data/local/ledger-types';
import { MirrorDb } from '../../src/data/local/mirror-db';

export const COMPANY_A = 'd1000000-0000-4000-8000-00000000000a';
export const COMPANY_B = 'd1000000-0000-4000-8000-00000000000b';
export const STORE = 'd2000000-0000-4000-8000-000000000001';
export const PRODUCT = 'd4000000-0000-4000-8000-000000000002';

export function freshLedger(): LedgerDb {
  return new LedgerDb(`ledger-${crypto.randomUUID()}`);
}

export function freshMirror(): MirrorDb {
  return new MirrorDb(`mirror-${crypto.randomUUID()}`);
}

export function testDeps(ledger: LedgerDb, ids: IdGenerator = pinnedIds()): CommandDeps {
  return { ledger, ids, clock: fixedClock('2026-11-21T09:15:00Z') };
}

export async function addTerminal(
  ledger: LedgerDb,
  companyId = COMPANY_A,
  code = 'T7',
): Promise<TerminalIdentity> {
  const terminal: TerminalIdentity = {
    company_id: companyId,
    id: crypto.randomUUID(),
    code,
    name: 'Counter',
    store_id: STORE,
    receipt_counter: 0,
    registered_at: '2026-11-21T08:00:00Z',
  };
  await ledger.terminals.put(terminal);
  return terminal;
}

/** One line of `quantity` at 2.50 incl. 20 % tax, paid by card. */
export function oneLineSale(
  ids: IdGenerator,
  quantity = 1,
  productId: string | null = PRODUCT,
): (receiptNo: string, terminal: TerminalIdentity) => Result<SaleRecordArgs> {
  return (receiptNo, terminal) => {
    const total = 250 * quantity;
    const tax = Math.round((total * 2000) / 12000);
    return ok({
      id: ids(),
      terminal_id: terminal.id,
      receipt_no: receiptNo,
      occurred_at: '2026-11-21T09:15:00.000Z',
      tax_total: tax,
      total,
      lines: [
        {
          id: ids(),
          product_id: productId,
          name: 'Croissant',
          quantity,
          unit_price: 250,
          tax_rate_bp: 2000,
          tax,
          total,
        },
      ],
      payments: [{ id: ids(), method: 'card', amount: total }],
    });
  };
}

/** A refund of one unit of `lineId` (a `oneLineSale` line) at 2.50 incl. 20 % tax, `paid` back in cash. */
export function oneLineRefund(
  ids: IdGenerator,
  saleId: string,
  lineId: string,
  paid = 250,
): (receiptNo: string, terminal: TerminalIdentity) => Result<SaleRefundArgs> {
  return (receiptNo, terminal) =>
    ok({
      id: ids(),
      terminal_id: terminal.id,
      refund_of: saleId,
      receipt_no: receiptNo,
      occurred_at: '2026-11-21T10:00:00.000Z',
      tax_total: 42,
      total: 250,
      lines: [{ id: ids(), refund_of_line_id: lineId, quantity: 1, tax: 42, total: 250 }],
      payments: [{ id: ids(), method: 'cash', amount: paid }],
    });
}

/**
 * The server answered a sale's op: it leaves the outbox, as push removes it, and the sale reads synced
 * (src/data/local/sale-sync.ts). The sale row itself is not written.
 */
export async function answerSaleOp(ledger: LedgerDb, saleId: string): Promise<void> {
  const sale = await ledger.sales.get(saleId);
  if (sale === undefined) throw new Error(`no sale ${saleId} in the ledger`);
  await ledger.outbox.delete(sale.op_id);
}

// Reads of the ledger for the shifts screen, each usable inside Dexie's liveQuery: one shift's rows for its
// X/Z report (sales, lines, payments, pay-ins/outs, account payments, and the outbox to tell what has not
// synced), and the shifts this device has recorded for a company (merged into the server's shift history).
import type { ShiftRows } from '../../domain/shift-ledger-report';
import type { LedgerDb } from './ledger-db';
import type { LedgerCashMovement, LedgerShift } from './ledger-types';
import { saleSyncState } from './sale-sync';

export async function shiftRowsOf(
  ledger: LedgerDb,
  shift: LedgerShift,
): Promise<ShiftRows & { cashMovements: LedgerCashMovement[] }> {
  const sales = await ledger.sales.where('shift_id').equals(shift.id).toArray();
  const saleIds = sales.map((sale) => sale.id);
  const [lines, payments, cashMovements, valueEntries, outbox] = await Promise.all([
    ledger.saleLines.where('sale_id').anyOf(saleIds).toArray(),
    ledger.payments.where('sale_id').anyOf(saleIds).toArray(),
    ledger.cashMovements.where('shift_id').equals(shift.id).sortBy('occurred_at'),
    // [VAL-34] The account payments taken in the shift (their cash is in the drawer).
    ledger.valueEntries.where('shift_id').equals(shift.id).toArray(),
    ledger.outbox.orderBy('seq').toArray(),
  ]);
  const queued = new Set(outbox.map((op) => op.op_id));
  return {
    shift: { id: shift.id, opening_float: shift.opening_float },
    sales: sales.map((sale) => ({
      ...sale,
      synced: saleSyncState(sale.sync, queued.has(sale.op_id)) === 'synced',
    })),
    lines,
    payments,
    movements: cashMovements,
    cashMovements,
    valueEntries,
    outbox,
  };
}

/** The shifts this device recorded for a company, newest first. */
export async function deviceShifts(ledger: LedgerDb, companyId: string): Promise<LedgerShift[]> {
  const shifts = await ledger.shifts.filter((shift) => shift.company_id === companyId).toArray();
  return shifts.sort((a, b) => b.opened_at.localeCompare(a.opened_at));
}

// Reads of the ledger for the UI, each usable inside Dexie's liveQuery so screens follow local writes and
// sync answers: recent sales with their state, the ones that need attention, one sale whole, and a
// terminal's open shift.
import type { LedgerDb } from './ledger-db';
import type { LedgerPayment, LedgerSale, LedgerSaleLine, LedgerShift } from './ledger-types';
import { withOneSaleSync, withSaleSync } from './sale-sync';

export async function recentSales(ledger: LedgerDb, limit = 50): Promise<LedgerSale[]> {
  return withSaleSync(ledger, await ledger.sales.orderBy('occurred_at').reverse().limit(limit).toArray());
}

/** Sales the server refused (dead letters): shown as "needs attention" until retried (the one stored state). */
export function salesNeedingAttention(ledger: LedgerDb): Promise<LedgerSale[]> {
  return ledger.sales.where('sync').equals('attention').toArray();
}

export async function saleWithLines(
  ledger: LedgerDb,
  saleId: string,
): Promise<(LedgerSale & { lines: LedgerSaleLine[]; payments: LedgerPayment[] }) | null> {
  const sale = await withOneSaleSync(ledger, await ledger.sales.get(saleId));
  if (!sale) return null;
  const [lines, payments] = await Promise.all([
    ledger.saleLines.where('sale_id').equals(saleId).sortBy('line_no'),
    ledger.payments.where('sale_id').equals(saleId).toArray(),
  ]);
  return { ...sale, lines, payments };
}

export async function openShiftOf(ledger: LedgerDb, terminalId: string): Promise<LedgerShift | null> {
  const open = await ledger.shifts
    .where('terminal_id')
    .equals(terminalId)
    .filter((shift) => shift.closed_at === null)
    .first();
  return open ?? null;
}

import { describe, expect, test } from 'vitest';
import { pinnedIds } from '../../domain/ids';
import {
  addTerminal,
  answerSaleOp,
  COMPANY_A,
  freshLedger,
  oneLineSale,
  testDeps,
} from '../../../tests/support/ledger-fixtures';
import { recordSale } from '../ops/sale-record';
import { deviceSales } from './back-office-reads';
import { LedgerDb } from './ledger-db';
import { recentSales, saleWithLines } from './ledger-reads';
import { saleSyncState } from './sale-sync';
import { exportUnsyncedWork } from './unsynced-work';
import type { LedgerShift } from './ledger-types';
import { shiftRowsOf } from './shift-reads';

const SHIFT = { id: 'd6000000-0000-4000-8000-000000000001', opening_float: 0 } as LedgerShift;

async function sellThree(ledger: LedgerDb): Promise<string[]> {
  await addTerminal(ledger);
  const ids = pinnedIds();
  const sold: string[] = [];
  for (let n = 0; n < 3; n++) {
    const sale = await recordSale(testDeps(ledger, ids), {
      companyId: COMPANY_A,
      build: oneLineSale(ids),
      tracksStock: () => true,
    });
    if (!sale.ok) throw new Error(sale.error.message);
    sold.push(sale.value.sale.id);
  }
  return sold;
}

async function statesOf(ledger: LedgerDb): Promise<Record<string, string>> {
  const sales = await deviceSales(ledger, COMPANY_A);
  return Object.fromEntries(sales.map((sale) => [sale.receipt_no, sale.sync]));
}

describe("a sale's sync state", () => {
  test('attention is stored; otherwise a queued op means pending and an answered one synced', () => {
    expect(saleSyncState('pending', true)).toBe('pending');
    expect(saleSyncState('pending', false)).toBe('synced');
    expect(saleSyncState('synced', false)).toBe('synced');
    expect(saleSyncState('attention', false)).toBe('attention');
    expect(saleSyncState('attention', true)).toBe('attention');
  });

  test('a sale turns synced when its op leaves the outbox; its row keeps the state it was recorded with', async () => {
    const ledger = freshLedger();
    const [first = '', second = ''] = await sellThree(ledger);
    expect(await statesOf(ledger)).toEqual({
      'T7-000001': 'pending',
      'T7-000002': 'pending',
      'T7-000003': 'pending',
    });
    await answerSaleOp(ledger, first);
    await ledger.sales.update(second, { sync: 'attention', error: { code: 'x', message: 'Refused.' } });
    expect(await statesOf(ledger)).toEqual({
      'T7-000001': 'synced',
      'T7-000002': 'attention',
      'T7-000003': 'pending',
    });
    expect(await ledger.sales.get(first)).toMatchObject({ sync: 'pending' });
    expect(await saleWithLines(ledger, first)).toMatchObject({ sync: 'synced' });
    const recent = await recentSales(ledger);
    expect(Object.fromEntries(recent.map((sale) => [sale.receipt_no, sale.sync]))).toEqual(
      await statesOf(ledger),
    );
    // The shift report counts the sales not synced yet from the same state.
    for (const id of [first, second]) await ledger.sales.update(id, { shift_id: SHIFT.id });
    const shiftSales = (await shiftRowsOf(ledger, SHIFT)).sales;
    expect(Object.fromEntries(shiftSales.map((sale) => [sale.id, sale.synced]))).toEqual({
      [first]: true,
      [second]: false,
    });
    const exported = await exportUnsyncedWork(ledger, new Date(), new Set([COMPANY_A]));
    expect(exported.sales.map((sale) => [sale.receipt_no, sale.sync])).toEqual([
      ['T7-000002', 'attention'],
      ['T7-000003', 'pending'],
    ]);
  });

  test('a ledger written before issue 39 (synced stored on answered sales) reads the same after reopening', async () => {
    const name = `ledger-${crypto.randomUUID()}`;
    const before = new LedgerDb(name);
    const [synced = '', pending = '', refused = ''] = await sellThree(before);
    // What the push of the earlier model left: the answered sale marked synced, its op gone; a refused one in
    // dead letters and marked; the third still queued.
    await answerSaleOp(before, synced);
    await before.sales.update(synced, { sync: 'synced' });
    const refusedOp = (await before.sales.get(refused))?.op_id ?? '';
    const op = await before.outbox.get(refusedOp);
    if (!op) throw new Error('the refused sale was queued');
    const { state: _state, held_by: _by, held_until: _until, ...rest } = op;
    const error = { code: 'duplicate_receipt_no', message: 'Refused.' };
    await before.deadLetters.put({ ...rest, error, last_error: error, failed_at: '2026-11-21T09:20:00Z' });
    await before.outbox.delete(refusedOp);
    await before.sales.update(refused, { sync: 'attention', error });
    before.close();

    const after = new LedgerDb(name);
    expect(await statesOf(after)).toEqual({
      'T7-000001': 'synced',
      'T7-000002': 'pending',
      'T7-000003': 'attention',
    });
    expect(await saleWithLines(after, pending)).toMatchObject({ sync: 'pending' });
    expect(await after.sales.where('sync').equals('attention').count()).toBe(1);
    after.close();
  });
});

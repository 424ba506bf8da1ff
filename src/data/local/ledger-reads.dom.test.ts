import { describe, expect, test } from 'vitest';
import { pinnedIds } from '../../domain/ids';
import {
  addTerminal,
  COMPANY_A,
  freshLedger,
  oneLineSale,
  testDeps,
} from '../../../tests/support/ledger-fixtures';
import { openShift } from '../ops/shift-open';
import { openShiftOf, recentSales, saleWithLines, salesNeedingAttention } from './ledger-reads';
import { recordSale } from '../ops/sale-record';

describe('ledger reads', () => {
  test('[OUT-1] the UI reads sales, their lines and state, and the open shift from the ledger', async () => {
    const ledger = freshLedger();
    const terminal = await addTerminal(ledger);
    const ids = pinnedIds();
    const sold = await recordSale(testDeps(ledger, ids), {
      companyId: COMPANY_A,
      build: oneLineSale(ids, 2),
      tracksStock: () => true,
    });
    if (!sold.ok) throw new Error(sold.error.message);
    expect((await recentSales(ledger)).map((sale) => sale.receipt_no)).toEqual(['T7-000001']);
    expect(await saleWithLines(ledger, sold.value.sale.id)).toMatchObject({
      total: 500,
      lines: [{ quantity: 2000 }],
      payments: [{ method: 'card' }],
    });
    expect(await saleWithLines(ledger, 'missing')).toBeNull();
    expect(await salesNeedingAttention(ledger)).toEqual([]);
    await ledger.sales.update(sold.value.sale.id, { sync: 'attention' });
    expect(await salesNeedingAttention(ledger)).toHaveLength(1);
    expect(await openShiftOf(ledger, terminal.id)).toBeNull();
    await openShift(testDeps(ledger, ids), { companyId: COMPANY_A, openingFloat: 100, cashierId: null });
    expect(await openShiftOf(ledger, terminal.id)).toMatchObject({ opening_float: 100 });
  });
});

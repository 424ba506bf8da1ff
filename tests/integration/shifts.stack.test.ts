// Shifts through the real engine and supabase-js against the local stack: a till opens a shift, sells cash
// and card, pays out and closes short while offline, then reconnects — the server's shift matches the till's
// Z report, and each sale (one synced only after its shift closed and another opened) stays attached to its
// own shift. Then the company settings and approvals of supabase/SPEC.md SHIFT-6…SHIFT-8.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pinnedIds } from '../../src/domain/ids';
import { ok } from '../../src/domain/result';
import { shiftReportOfRows } from '../../src/domain/shift-ledger-report';
import type { CommandDeps } from '../../src/data/local/command-deps';
import type { LedgerDb } from '../../src/data/local/ledger-db';
import type { LedgerShift } from '../../src/data/local/ledger-types';
import { closeShift } from '../../src/data/ops/shift-close';
import { moveCash } from '../../src/data/ops/cash-move';
import { openShift } from '../../src/data/ops/shift-open';
import { recordSale } from '../../src/data/ops/sale-record';
import { shiftRowsOf } from '../../src/data/local/shift-reads';
import { fetchShiftHistory } from '../../src/data/remote/shift-history';
import type { SyncEngine } from '../../src/data/sync/sync-engine';
import { createShop, must, type Shop } from '../support/shop';
import { appClientAs, serviceClient } from '../support/supabase';
import { registeredTill, type Till } from '../support/sync-stack';

let shop: Shop;
let tillA: Till;
let ledger: LedgerDb;
let deps: CommandDeps;
let engine: SyncEngine;
const ids = pinnedIds(Date.now());

beforeAll(async () => {
  shop = await createShop({ products: 1 });
  ({ till: tillA, ledger } = await registeredTill('shifts', shop.cashier.email, {
    storeId: shop.storeId,
    name: 'Shift till',
  }));
  deps = { ledger, ids, clock: () => new Date() };
  engine = tillA.engine(ledger);
});

afterAll(() => {
  ledger.close();
});

async function sell(shiftId: string, total: number, method: 'cash' | 'card') {
  const tax = Math.round((total * 2000) / 12000);
  const recorded = await recordSale(deps, {
    companyId: shop.companyId,
    tracksStock: () => false,
    build: (receiptNo, t) =>
      ok({
        id: ids(),
        terminal_id: t.id,
        shift_id: shiftId,
        receipt_no: receiptNo,
        occurred_at: new Date().toISOString(),
        tax_total: tax,
        total,
        lines: [
          {
            id: ids(),
            product_id: null,
            name: 'Open item',
            quantity: 1,
            unit_price: total,
            tax_rate_bp: 2000,
            tax,
            total,
          },
        ],
        payments: [
          method === 'cash'
            ? { id: ids(), method: 'cash', amount: total, tendered: total + 50, change: 50 }
            : { id: ids(), method: 'card', amount: total },
        ],
      }),
  });
  if (!recorded.ok) throw new Error(recorded.error.message);
  return recorded.value.sale.id;
}

function value<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function drain(): Promise<void> {
  for (let round = 0; round < 50; round++) {
    await engine.syncNow();
    if ((await ledger.outbox.count()) === 0) return;
  }
  throw new Error(`not drained: ${JSON.stringify(engine.getStatus())}`);
}

async function serverShift(id: string) {
  return must<{
    expected_cash: number;
    counted_cash: number;
    needs_approval: boolean;
    approved_by: string | null;
    closed_at: string | null;
  }>(await serviceClient().from('shifts').select('*').eq('id', id).single(), 'shift');
}

describe('shifts offline, then synced', () => {
  test('[SHIFT-4] [CASHUP-6] the server’s shift matches the till’s Z report; a late sale stays in its own shift', async () => {
    const first: LedgerShift = value(
      await openShift(deps, { companyId: shop.companyId, openingFloat: 10_000, cashierId: null }),
    );
    await drain();
    tillA.net.offline = true;
    const cashSale = await sell(first.id, 730, 'cash');
    const cardSale = await sell(first.id, 1_200, 'card');
    value(
      await moveCash(deps, { shiftId: first.id, kind: 'pay_out', amount: 500, reason: 'Window cleaner' }),
    );
    value(await closeShift(deps, { shiftId: first.id, countedCash: 10_000, note: 'Short' }));
    const second = value(
      await openShift(deps, { companyId: shop.companyId, openingFloat: 5_000, cashierId: null }),
    );
    const laterSale = await sell(second.id, 300, 'cash');
    await engine.syncNow();
    expect(await ledger.outbox.count()).toBe(6);

    const closed = (await ledger.shifts.get(first.id)) ?? first;
    const rows = await shiftRowsOf(ledger, closed);
    const z = shiftReportOfRows(rows, { kind: 'Z', counted: 10_000, allowedDifference: 0 });
    expect(z.pending.total).toBe(4);
    expect(z.cash).toMatchObject({ expected: 10_230, counted: 10_000 });
    expect(z.cash.difference).toMatchObject({ difference: -230, status: 'short' });

    tillA.net.offline = false;
    await drain();
    const server = await serverShift(first.id);
    expect(server).toMatchObject({
      expected_cash: z.cash.expected,
      counted_cash: z.cash.counted,
      needs_approval: true,
    });
    const synced = shiftRowsOf(ledger, (await ledger.shifts.get(first.id)) ?? first);
    expect(shiftReportOfRows(await synced, { kind: 'X', allowedDifference: 0 }).pending.total).toBe(0);
    expect((await ledger.shifts.get(first.id))?.result).toEqual({
      expected_cash: 10_230,
      counted_cash: 10_000,
      difference: -230,
    });
    const sales = must<{ id: string; shift_id: string }[]>(
      await tillA.client.from('sales').select('id, shift_id').in('id', [cashSale, cardSale, laterSale]),
      'sales',
    );
    expect(Object.fromEntries(sales.map((sale) => [sale.id, sale.shift_id]))).toEqual({
      [cashSale]: first.id,
      [cardSale]: first.id,
      [laterSale]: second.id,
    });
  });

  test('[SALE-2] a sale queued with its shift id after that shift closed stays in that shift', async () => {
    const open = await ledger.shifts.filter((shift) => shift.closed_at === null).first();
    if (!open) throw new Error('no open shift');
    value(await closeShift(deps, { shiftId: open.id, countedCash: 5_300, note: null }));
    await drain();
    // A register tab that still showed the old shift rings up one more sale: it happened, so it is kept.
    const late = await sell(open.id, 400, 'card');
    await drain();
    const sale = must<{ shift_id: string }>(
      await tillA.client.from('sales').select('shift_id').eq('id', late).single(),
      'late sale',
    );
    expect(sale.shift_id).toBe(open.id);
    expect(await serverShift(open.id)).toMatchObject({ expected_cash: 5_300, needs_approval: false });
  });
});

describe('shift settings and approvals', () => {
  test('[SHIFT-6] owners set the two shift settings; managers may not', async () => {
    const { data, error } = await shop.owner.client
      .from('companies')
      .update({ require_open_shift: false, cash_difference_limit: 1_000 })
      .eq('id', shop.companyId)
      .select('require_open_shift, cash_difference_limit');
    expect(error).toBeNull();
    expect(data).toEqual([{ require_open_shift: false, cash_difference_limit: 1_000 }]);
    const byManager = await shop.manager.client
      .from('companies')
      .update({ cash_difference_limit: 0 })
      .eq('id', shop.companyId)
      .select('id');
    expect(byManager.data ?? []).toEqual([]);
  });

  test('[SHIFT-6] [SHIFT-7] [SHIFT-8] over the limit a close needs approval: at the till by a manager, or later', async () => {
    // The limit is 1_000 now (previous test): a 1_500 shortage needs approval, a 500 one does not.
    const within = value(
      await openShift(deps, { companyId: shop.companyId, openingFloat: 2_000, cashierId: null }),
    );
    value(await closeShift(deps, { shiftId: within.id, countedCash: 1_500, note: null }));
    const byCashier = value(
      await openShift(deps, { companyId: shop.companyId, openingFloat: 2_000, cashierId: null }),
    );
    value(await closeShift(deps, { shiftId: byCashier.id, countedCash: 500, note: null }));
    await drain();
    expect(await serverShift(within.id)).toMatchObject({ needs_approval: false, approved_by: null });
    expect(await serverShift(byCashier.id)).toMatchObject({ needs_approval: true, approved_by: null });

    // A manager signed in on the till approves their own close.
    await tillA.signIn(shop.manager.email);
    const byManager = value(
      await openShift(deps, { companyId: shop.companyId, openingFloat: 2_000, cashierId: null }),
    );
    value(
      await closeShift(deps, {
        shiftId: byManager.id,
        countedCash: 500,
        note: null,
        approvedBy: shop.manager.id,
      }),
    );
    await drain();
    expect(await serverShift(byManager.id)).toMatchObject({
      needs_approval: true,
      approved_by: shop.manager.id,
    });
    await tillA.signIn(shop.cashier.email);

    const refused = await shop.cashier.client.rpc('approve_shift', { p_shift: byCashier.id });
    expect(refused.error?.code).toBe('42501');
    const approved = await shop.manager.client.rpc('approve_shift', { p_shift: byCashier.id });
    expect(approved.error).toBeNull();
    expect(approved.data).toMatchObject({ id: byCashier.id, approved_by: shop.manager.id });
    const again = await shop.owner.client.rpc('approve_shift', { p_shift: byCashier.id });
    expect(again.data).toMatchObject({ approved_by: shop.manager.id });
    const stillOpen = value(
      await openShift(deps, { companyId: shop.companyId, openingFloat: 0, cashierId: null }),
    );
    await drain();
    const open = await shop.manager.client.rpc('approve_shift', { p_shift: stillOpen.id });
    expect(open.error?.hint).toBe('shift_open');
    value(await closeShift(deps, { shiftId: stillOpen.id, countedCash: 0, note: null }));
    await drain();
  });

  test('[SHIFT-9] a cashier’s close that names a manager as approver is kept but stays "needs approval"', async () => {
    const shortage = value(
      await openShift(deps, { companyId: shop.companyId, openingFloat: 2_000, cashierId: null }),
    );
    // The till is signed in as the cashier; the op claims the manager approved the cashier's own shortage.
    value(
      await closeShift(deps, {
        shiftId: shortage.id,
        countedCash: 0,
        note: null,
        approvedBy: shop.manager.id,
      }),
    );
    const selfApproved = value(
      await openShift(deps, { companyId: shop.companyId, openingFloat: 2_000, cashierId: null }),
    );
    value(
      await closeShift(deps, {
        shiftId: selfApproved.id,
        countedCash: 0,
        note: null,
        approvedBy: shop.cashier.id,
      }),
    );
    await drain();
    expect(await ledger.deadLetters.count()).toBe(0);
    for (const id of [shortage.id, selfApproved.id]) {
      expect(await serverShift(id)).toMatchObject({
        counted_cash: 0,
        needs_approval: true,
        approved_by: null,
        approved_at: null,
      });
    }
  });

  test('shift history reads the cashier’s closing note and who counted, for reopening a past Z report', async () => {
    const shift = value(
      await openShift(deps, { companyId: shop.companyId, openingFloat: 1_000, cashierId: null }),
    );
    value(await closeShift(deps, { shiftId: shift.id, countedCash: 1_000, note: 'Till roll changed' }));
    await drain();
    const history = await fetchShiftHistory(await appClientAs(shop.manager.client), shop.companyId);
    const row = history.find((each) => each.id === shift.id);
    expect(row).toMatchObject({ note: 'Till roll changed', counted_cash: 1_000, expected_cash: 1_000 });
    expect(row?.closed_by).not.toBeNull();
    expect(row?.closed_by_name).toEqual(expect.any(String));
  });
});

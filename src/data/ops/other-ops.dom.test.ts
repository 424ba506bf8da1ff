import { describe, expect, test } from 'vitest';
import { pinnedIds } from '../../domain/ids';
import { ok } from '../../domain/result';
import {
  addTerminal,
  COMPANY_A,
  COMPANY_B,
  freshLedger,
  freshMirror,
  oneLineSale,
  PRODUCT,
  STORE,
  testDeps,
} from '../../../tests/support/ledger-fixtures';
import { closeShift } from './shift-close';
import { moveCash } from './cash-move';
import { moveStock } from './stock-move';
import { openShift } from './shift-open';
import { upsertCustomer } from './customer-upsert';
import { recordSale } from './sale-record';
import { onHand } from '../local/stock-on-hand';
import { setUpTerminal } from '../local/terminal';
import { exportUnsyncedWork, unsyncedSummary } from '../local/unsynced-work';

const occurred_at = '2026-11-21T07:30:00Z';

describe('the other commands', () => {
  test('[OUT-1] customer.upsert: a new customer, then a change that sends only what changed', async () => {
    const ledger = freshLedger();
    const deps = testDeps(ledger);
    const made = await upsertCustomer(deps, {
      args: { company_id: COMPANY_A, name: 'Ann Lee', email: 'ann@example.test' },
      current: null,
    });
    if (!made.ok) throw new Error(made.error.message);
    const changed = await upsertCustomer(deps, {
      args: { id: made.value.id, company_id: COMPANY_A, phone: '+33 6 12' },
      current: made.value,
    });
    expect(changed).toMatchObject({
      ok: true,
      value: { name: 'Ann Lee', email: 'ann@example.test', phone: '+33 6 12', sync: 'pending' },
    });
    const ops = await ledger.outbox.orderBy('seq').toArray();
    expect(ops.map((op) => op.args)).toEqual([
      { id: made.value.id, company_id: COMPANY_A, name: 'Ann Lee', email: 'ann@example.test' },
      { id: made.value.id, company_id: COMPANY_A, phone: '+33 6 12' },
    ]);
    const refused = await upsertCustomer(deps, {
      args: { company_id: COMPANY_A, email: 'nope' },
      current: null,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
    expect(await ledger.outbox.count()).toBe(2);
  });

  test('[OUT-1][STOCK-5] stock.move writes its delta; a count sends counted and what the till showed', async () => {
    const ledger = freshLedger();
    const mirror = freshMirror();
    await mirror.stockLevels.put({
      id: 'l',
      company_id: COMPANY_A,
      store_id: STORE,
      product_id: PRODUCT,
      on_hand: 10,
    });
    const deps = testDeps(ledger);
    const base = { store_id: STORE, product_id: PRODUCT, occurred_at };
    await moveStock(deps, {
      companyId: COMPANY_A,
      args: { ...base, id: deps.ids(), reason: 'receive', quantity: 24 },
    });
    const shown = await onHand(ledger, mirror, STORE, PRODUCT);
    expect(shown).toBe(34_000);
    await moveStock(deps, {
      companyId: COMPANY_A,
      args: { ...base, id: deps.ids(), reason: 'count', counted: 30, expected: shown / 1000 },
    });
    expect(await onHand(ledger, mirror, STORE, PRODUCT)).toBe(30_000);
    const transfer = await moveStock(deps, {
      companyId: COMPANY_A,
      args: {
        ...base,
        id: deps.ids(),
        reason: 'transfer',
        quantity: 5,
        to_store_id: 'd2000000-0000-4000-8000-000000000002',
      },
    });
    expect(transfer.ok).toBe(true);
    expect(await onHand(ledger, mirror, STORE, PRODUCT)).toBe(25_000);
    expect(await onHand(ledger, mirror, 'd2000000-0000-4000-8000-000000000002', PRODUCT)).toBe(5_000);
    expect(await ledger.outbox.count()).toBe(3);
  });

  test('[OUT-1] a shift opens once, takes pay-outs, and closes with the cash counted', async () => {
    const ledger = freshLedger();
    const deps = testDeps(ledger);
    expect(
      await openShift(deps, { companyId: COMPANY_A, openingFloat: 15000, cashierId: null }),
    ).toMatchObject({ ok: false, error: { code: 'no_terminal' } });
    await addTerminal(ledger);
    const shift = await openShift(deps, { companyId: COMPANY_A, openingFloat: 15000, cashierId: null });
    if (!shift.ok) throw new Error(shift.error.message);
    expect(await openShift(deps, { companyId: COMPANY_A, openingFloat: 0, cashierId: null })).toMatchObject({
      ok: false,
      error: { code: 'shift_already_open' },
    });
    expect(
      await moveCash(deps, {
        shiftId: shift.value.id,
        kind: 'pay_out',
        amount: 2000,
        reason: 'Window cleaner',
      }),
    ).toMatchObject({ ok: true });
    expect(
      await moveCash(deps, { shiftId: shift.value.id, kind: 'pay_in', amount: 0, reason: null }),
    ).toMatchObject({ ok: false });
    const closed = await closeShift(deps, { shiftId: shift.value.id, countedCash: 13000, note: null });
    expect(closed).toMatchObject({
      ok: true,
      value: { closed_at: '2026-11-21T09:15:00.000Z', counted_cash: 13000 },
    });
    expect(await closeShift(deps, { shiftId: shift.value.id, countedCash: 1, note: null })).toMatchObject({
      ok: false,
      error: { code: 'shift_closed' },
    });
    expect((await ledger.outbox.orderBy('seq').toArray()).map((op) => op.name)).toEqual([
      'shift.open',
      'cash.move',
      'shift.close',
    ]);
  });
});

describe('terminal setup and unsynced work', () => {
  test('[TERM-1] registering keeps the server’s code and starts the receipt counter at 0; errors are messages', async () => {
    const ledger = freshLedger();
    const registrar = {
      registerTerminal: (input: { storeId: string; name: string; id: string }) =>
        Promise.resolve(
          ok({ id: input.id, code: 'T3', company_id: COMPANY_A, store_id: input.storeId, name: input.name }),
        ),
    };
    const set = await setUpTerminal(
      { ledger, registrar, clock: () => new Date('2026-11-21T08:00:00Z') },
      { storeId: STORE, name: ' Counter 2 ', id: 'a-device-made-id' },
    );
    expect(set).toMatchObject({
      ok: true,
      value: { id: 'a-device-made-id', code: 'T3', name: 'Counter 2', receipt_counter: 0 },
    });
    expect(
      await setUpTerminal(
        { ledger, registrar, clock: () => new Date() },
        { storeId: STORE, name: '  ', id: 'x' },
      ),
    ).toMatchObject({ ok: false, error: { code: 'invalid_name' } });
    const offline = {
      registerTerminal: () =>
        Promise.resolve({
          ok: false as const,
          error: { code: 'offline', message: 'needs the network once' },
        }),
    };
    expect(
      await setUpTerminal(
        { ledger, registrar: offline, clock: () => new Date() },
        { storeId: STORE, name: 'T', id: 'y' },
      ),
    ).toMatchObject({ ok: false, error: { code: 'offline' } });
  });

  test('[SIGNOUT-1][EXPORT-1] what is unsynced is counted per company and exported whole, never deleted', async () => {
    const ledger = freshLedger();
    await addTerminal(ledger, COMPANY_A, 'T1');
    await addTerminal(ledger, COMPANY_B, 'T2');
    const ids = pinnedIds();
    for (const company of [COMPANY_A, COMPANY_A, COMPANY_B]) {
      await recordSale(testDeps(ledger, ids), {
        companyId: company,
        build: oneLineSale(ids),
        tracksStock: () => true,
      });
    }
    await upsertCustomer(testDeps(ledger, ids), {
      args: { company_id: COMPANY_A, name: 'Bo' },
      current: null,
    });
    expect(await unsyncedSummary(ledger)).toEqual({
      ops: 4,
      sales: 3,
      deadLetters: 0,
      byCompany: { [COMPANY_A]: 3, [COMPANY_B]: 1 },
    });
    const exported = await exportUnsyncedWork(
      ledger,
      new Date('2026-11-21T12:00:00Z'),
      new Set([COMPANY_A, COMPANY_B]),
    );
    expect(exported).toMatchObject({
      format: 'tillpoint-unsynced-work',
      version: 1,
      exported_at: '2026-11-21T12:00:00.000Z',
    });
    expect(exported.ops).toHaveLength(4);
    expect(exported.sales.map((sale) => [sale.receipt_no, sale.lines.length, sale.payments.length])).toEqual([
      ['T1-000001', 1, 1],
      ['T1-000002', 1, 1],
      ['T2-000001', 1, 1],
    ]);
    expect(JSON.parse(JSON.stringify(exported))).toEqual(exported);
    expect(await ledger.outbox.count()).toBe(4);
  });

  test('[EXPORT-2] the export holds only the signed-in user’s shops; other shops’ work is counted and kept', async () => {
    const ledger = freshLedger();
    const ids = pinnedIds();
    await addTerminal(ledger, COMPANY_A, 'T1');
    await addTerminal(ledger, COMPANY_B, 'T2');
    for (const companyId of [COMPANY_A, COMPANY_B, COMPANY_B]) {
      const sold = await recordSale(testDeps(ledger, ids), {
        companyId,
        build: oneLineSale(ids),
        tracksStock: () => true,
      });
      if (!sold.ok) throw new Error(sold.error.message);
    }
    await upsertCustomer(testDeps(ledger, ids), {
      args: { company_id: COMPANY_B, name: 'Private Person', email: 'private@example.com' },
      current: null,
    });
    const exported = await exportUnsyncedWork(ledger, new Date(), new Set([COMPANY_A]));
    expect(exported.companies).toEqual([COMPANY_A]);
    expect(exported.ops.map((op) => op.company_id)).toEqual([COMPANY_A]);
    expect(exported.sales.map((sale) => sale.company_id)).toEqual([COMPANY_A]);
    expect(exported.other_shops_ops).toBe(3);
    expect(JSON.stringify(exported)).not.toContain('private@example.com');
    expect(await ledger.outbox.count()).toBe(4);
  });
});

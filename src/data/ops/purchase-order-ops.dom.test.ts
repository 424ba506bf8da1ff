// The back office's purchase order ops (supabase/SPEC.md [PUR-11]…[PUR-14], [PUR-20]): what each command
// queues, that it keeps no ledger row (the server's document is the only copy), and what it refuses before
// anything reaches the outbox.
import { describe, expect, test } from 'vitest';
import { COMPANY_A, freshLedger, PRODUCT, STORE, testDeps } from '../../../tests/support/ledger-fixtures';
import { closeOrder } from './purchase-order-close';
import { markOrdered } from './purchase-order-order';
import { saveOrder, type SaveOrderInput } from './purchase-order-save';
import { settleHeld } from './purchase-order-settle';
import { opTitle } from './registry';

const ORDER = '01939a00-0000-7000-8000-000000000001';
const LINE = '01939a00-0000-7000-8000-000000000002';
const SUPPLIER = 'd5000000-0000-4000-8000-000000000001';
const OTHER_PRODUCT = 'd4000000-0000-4000-8000-000000000003';

function draft(overrides: Partial<SaveOrderInput> = {}): SaveOrderInput {
  return {
    id: ORDER,
    companyId: COMPANY_A,
    storeId: STORE,
    supplierId: SUPPLIER,
    expectedOn: '2026-12-01',
    note: '  Back door  ',
    lines: [{ id: LINE, productId: PRODUCT, quantity: 24_000, unitCost: 60 }],
    ...overrides,
  };
}

describe('purchase_order.save', () => {
  test('[PUR-11] a new draft queues its header and lines, quantities as numeric text, and no ledger row', async () => {
    const ledger = freshLedger();
    const saved = await saveOrder(testDeps(ledger), draft());
    if (!saved.ok) throw new Error(saved.error.message);
    const [op] = await ledger.outbox.toArray();
    expect(op).toMatchObject({
      name: 'purchase_order.save',
      company_id: COMPANY_A,
      terminal_id: null,
      entity: null,
      args: {
        id: ORDER,
        company_id: COMPANY_A,
        store_id: STORE,
        supplier_id: SUPPLIER,
        expected_on: '2026-12-01',
        note: 'Back door',
        lines: [{ id: LINE, product_id: PRODUCT, quantity: '24.000', unit_cost: 60 }],
      },
    });
    expect(op?.args).not.toHaveProperty('base_version');
    expect(op && opTitle(op)).toBe('Purchase order saved');
  });

  test('[PUR-11] an edit names the version it was made from; an unknown cost and date are left to the server', async () => {
    const ledger = freshLedger();
    await saveOrder(
      testDeps(ledger),
      draft({
        baseVersion: 3,
        expectedOn: null,
        note: '',
        lines: [{ id: LINE, productId: PRODUCT, quantity: 2_500, unitCost: null, offSupplier: true }],
      }),
    );
    const [op] = await ledger.outbox.toArray();
    expect(op?.args).toEqual({
      id: ORDER,
      company_id: COMPANY_A,
      store_id: STORE,
      supplier_id: SUPPLIER,
      base_version: 3,
      lines: [{ id: LINE, product_id: PRODUCT, quantity: '2.500', off_supplier: true }],
    });
  });

  test('[PUR-11] [PUR-12] no line, a quantity of zero or a product twice is refused and nothing is queued', async () => {
    const ledger = freshLedger();
    const deps = testDeps(ledger);
    expect(await saveOrder(deps, draft({ lines: [] }))).toMatchObject({ ok: false });
    expect(
      await saveOrder(
        deps,
        draft({ lines: [{ id: LINE, productId: PRODUCT, quantity: 0, unitCost: null }] }),
      ),
    ).toMatchObject({ ok: false });
    const twice = [
      { id: LINE, productId: PRODUCT, quantity: 1000, unitCost: null },
      { id: ORDER, productId: PRODUCT, quantity: 2000, unitCost: null },
    ];
    expect(await saveOrder(deps, draft({ lines: twice }))).toMatchObject({ ok: false });
    expect(
      await saveOrder(
        deps,
        draft({
          lines: [
            { id: LINE, productId: PRODUCT, quantity: 1000, unitCost: null },
            { id: ORDER, productId: OTHER_PRODUCT, quantity: 1000, unitCost: -5 },
          ],
        }),
      ),
    ).toMatchObject({ ok: false });
    expect(await ledger.outbox.count()).toBe(0);
  });
});

describe('purchase_order.order, .close and .settle', () => {
  test('[PUR-13] [PUR-14] [PUR-20] each queues its action for the order or receipt line, named for the sync page', async () => {
    const ledger = freshLedger();
    const deps = testDeps(ledger);
    await markOrdered(deps, { companyId: COMPANY_A, orderId: ORDER, via: 'phone' });
    await closeOrder(deps, { companyId: COMPANY_A, orderId: ORDER, action: 'close', reason: ' Short ' });
    await closeOrder(deps, { companyId: COMPANY_A, orderId: ORDER, action: 'cancel', reason: '' });
    await settleHeld(deps, { companyId: COMPANY_A, receiptLineId: LINE, action: 'accept', reason: '' });
    await settleHeld(deps, {
      companyId: COMPANY_A,
      receiptLineId: LINE,
      action: 'drop',
      reason: 'Scanned twice',
    });
    const ops = await ledger.outbox.orderBy('seq').toArray();
    expect(ops.map((op) => [op.name, op.entity])).toEqual([
      ['purchase_order.order', null],
      ['purchase_order.close', null],
      ['purchase_order.close', null],
      ['purchase_order.settle', null],
      ['purchase_order.settle', null],
    ]);
    expect(ops[0]?.args).toMatchObject({ id: ORDER, via: 'phone' });
    expect(ops[1]?.args).toMatchObject({ id: ORDER, action: 'close', reason: 'Short' });
    expect(ops[3]?.args).toMatchObject({ receipt_line_id: LINE, action: 'accept' });
    // A settle's id is the op's own, not the receipt line's.
    expect(ops[3]?.args).not.toMatchObject({ id: LINE });
    expect(ops.map(opTitle)).toEqual([
      'Purchase order marked as ordered',
      'Purchase order closed',
      'Purchase order cancelled',
      'Held quantity accepted',
      'Held quantity dropped',
    ]);
  });

  test('[PUR-20] a drop with no reason is refused before anything is queued', async () => {
    const ledger = freshLedger();
    const dropped = await settleHeld(testDeps(ledger), {
      companyId: COMPANY_A,
      receiptLineId: LINE,
      action: 'drop',
      reason: '  ',
    });
    expect(dropped).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
    expect(await ledger.outbox.count()).toBe(0);
  });

  test('[PUR-14] a reason longer than 200 characters is refused', async () => {
    const ledger = freshLedger();
    const closed = await closeOrder(testDeps(ledger), {
      companyId: COMPANY_A,
      orderId: ORDER,
      action: 'close',
      reason: 'x'.repeat(201),
    });
    expect(closed).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
    expect(await ledger.outbox.count()).toBe(0);
  });
});

// The back office's purchase orders through the app's own path (issue 38, piece E): the editor's commands
// queue purchase_order.save and .order with no till, the sync engine pushes them over real supabase-js, and
// the page's reads (src/data/remote/purchase-orders.ts) show the numbered order, its lines and its history.
// What the server refuses (a cashier) ends as a dead letter and writes nothing. The ops' own rules are
// tests/integration/purchase-orders.stack.test.ts.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LedgerDb } from '../../src/data/local/ledger-db';
import { markOrdered } from '../../src/data/ops/purchase-order-order';
import { saveOrder } from '../../src/data/ops/purchase-order-save';
import { purchaseOrdersRemote } from '../../src/data/remote/purchase-orders';
import type { Supabase } from '../../src/data/remote/supabase-client';
import { newId } from '../../src/domain/ids';
import { addSupplier } from '../support/purchasing';
import { createShop, type Shop } from '../support/shop';
import { serviceClient } from '../support/supabase';
import { till } from '../support/sync-stack';

let shop: Shop;
let supplierId: string;
const opened: LedgerDb[] = [];

async function backOffice(label: string, email: string) {
  const made = till(label);
  await made.signIn(email);
  const ledger = new LedgerDb(made.ledgerName);
  opened.push(ledger);
  return {
    ledger,
    engine: made.engine(ledger),
    deps: { ledger, ids: newId, clock: () => new Date() },
    remote: purchaseOrdersRemote(made.client as Supabase, shop.companyId),
  };
}

beforeAll(async () => {
  shop = await createShop({ products: 2 });
  supplierId = await addSupplier(serviceClient(), shop, 'Fresh Fields Produce');
});

afterAll(() => {
  for (const ledger of opened) ledger.close();
});

describe('purchase orders from the back office', () => {
  test('[PUR-11] [PUR-13] a manager saves a draft and marks it ordered: the list and the order read it back numbered, with its history', async () => {
    const office = await backOffice('po-manager', shop.manager.email);
    const [first, second] = shop.products;
    if (!first || !second) throw new Error('the shop has two products');
    const id = newId();
    const saved = await saveOrder(office.deps, {
      id,
      companyId: shop.companyId,
      storeId: shop.storeId,
      supplierId,
      expectedOn: null,
      note: 'Back door',
      lines: [
        { id: newId(), productId: first.id, quantity: 24_000, unitCost: 60 },
        { id: newId(), productId: second.id, quantity: 2_500, unitCost: 90 },
      ],
    });
    expect(saved.ok).toBe(true);
    expect(
      (await markOrdered(office.deps, { companyId: shop.companyId, orderId: id, via: 'phone' })).ok,
    ).toBe(true);
    await office.engine.syncNow();
    expect(await office.ledger.deadLetters.count()).toBe(0);
    expect(await office.ledger.outbox.count()).toBe(0);

    const listed = await office.remote.list('open');
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.value).toEqual([
      expect.objectContaining({
        id,
        number: expect.stringMatching(/^PO-\d{4}$/) as unknown,
        supplierName: 'Fresh Fields Produce',
        status: 'ordered',
        // 24 × 0.60 + 2.5 × 0.90 = 14.40 + 2.25
        totalCost: 1665,
      }),
    ]);
    const read = await office.remote.get(id);
    if (!read.ok || read.value === null) throw new Error('the order reads back');
    expect(read.value).toMatchObject({ status: 'ordered', note: 'Back door', version: 2, heldLines: [] });
    expect(read.value.lines.map((line) => [line.productId, line.quantity, line.unitCost])).toEqual([
      [first.id, 24_000, 60],
      [second.id, 2_500, 90],
    ]);
    expect(read.value.expectedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(read.value.events.map((event) => [event.fromStatus, event.toStatus])).toEqual([
      [null, 'draft'],
      ['draft', 'ordered'],
    ]);
    expect((await office.remote.list('drafts')).ok).toBe(true);
  });

  test('[PUR-10] a cashier cannot draft an order: the op ends as a dead letter and nothing is written', async () => {
    const office = await backOffice('po-cashier', shop.cashier.email);
    const [first] = shop.products;
    if (!first) throw new Error('the shop has a product');
    const id = newId();
    await saveOrder(office.deps, {
      id,
      companyId: shop.companyId,
      storeId: shop.storeId,
      supplierId,
      expectedOn: null,
      note: '',
      lines: [{ id: newId(), productId: first.id, quantity: 1000, unitCost: null }],
    });
    await office.engine.syncNow();
    const { data } = await serviceClient().from('purchase_orders').select('id').eq('id', id);
    expect(data).toEqual([]);
    expect((await office.ledger.outbox.count()) + (await office.ledger.deadLetters.count())).toBe(1);
  });
});

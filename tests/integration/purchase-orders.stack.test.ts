// Purchase orders on the server (supabase/SPEC.md [PUR-10]…[PUR-16]): purchase_order.save, .order and .close
// through apply_ops, as a manager of the shop, as a cashier trying a manager's action and as a member of
// another shop; numbers drawn per shop, versions, the history of every change.
import type { SupabaseClient } from '@supabase/supabase-js';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, test } from 'vitest';
import { pairDevice } from '../support/devices';
import { applyOps, op, type Answer } from '../support/ops';
import { addSupplier, insertPurchaseReceipt } from '../support/purchasing';
import { createShop, must, nth, shopDay, type Shop } from '../support/shop';
import { serviceClient } from '../support/supabase';

interface Line {
  id: string;
  product_id: string;
  quantity: number;
  unit_cost?: number | null;
  off_supplier?: boolean;
}

let shop: Shop;
let other: Shop;
let service: SupabaseClient;
let supplier: string;
let otherSupplier: string;

function line(productIndex: number, quantity = 10, extra: Partial<Line> = {}): Line {
  return { id: uuidv7(), product_id: nth(shop.products, productIndex).id, quantity, ...extra };
}

function saveArgs(lines: Line[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: uuidv7(),
    company_id: shop.companyId,
    store_id: shop.storeId,
    supplier_id: supplier,
    lines,
    ...extra,
  };
}

async function one(client: SupabaseClient, name: string, args: Record<string, unknown>): Promise<Answer> {
  const [answer] = await applyOps(client, [op(name, args)]);
  if (!answer) throw new Error('apply_ops answered nothing');
  return answer;
}

async function orderRow(id: string): Promise<Record<string, unknown>> {
  return must<Record<string, unknown>>(
    await service.from('purchase_orders').select('*').eq('id', id).single(),
    'purchase order',
  );
}

async function linesOf(id: string): Promise<Record<string, unknown>[]> {
  return must<Record<string, unknown>[]>(
    await service.from('purchase_order_lines').select('*').eq('purchase_order_id', id).order('position'),
    'lines',
  );
}

async function eventsOf(id: string): Promise<Record<string, unknown>[]> {
  return must<Record<string, unknown>[]>(
    await service.from('stock_document_events').select('*').eq('document_id', id).order('seq'),
    'events',
  );
}

/** A draft saved by the shop's manager: its id and answer. */
async function draft(lines: Line[] = [line(0)], extra: Record<string, unknown> = {}) {
  const args = saveArgs(lines, extra);
  const answer = await one(shop.manager.client, 'purchase_order.save', args);
  expect(answer.status, JSON.stringify(answer.error)).toBe('applied');
  return { id: args.id as string, args, answer };
}

const now = () => new Date().toISOString();

beforeAll(async () => {
  service = serviceClient();
  [shop, other] = await Promise.all([createShop({ products: 5 }), createShop({ products: 1 })]);
  [supplier, otherSupplier] = await Promise.all([
    addSupplier(service, shop, 'Fresh Fields Produce'),
    addSupplier(service, shop, 'Bean & Leaf Coffee'),
  ]);
  must<unknown>(
    await service.from('suppliers').update({ lead_time_days: 3 }).eq('id', supplier),
    'lead time',
  );
  // Product 3 is bought from the other supplier; product 4 is Bean & Leaf's through nothing (no supplier).
  must<unknown>(
    await service.from('products').update({ supplier_id: otherSupplier }).eq('id', nth(shop.products, 3).id),
    'supplier of product 4',
  );
}, 120_000);

describe('[PUR-11] purchase_order.save', () => {
  test('[PUR-11] [PUR-7] a new draft draws PO-0001, then PO-0002, per shop; version 1, an event created', async () => {
    const first = await draft();
    const second = await draft([line(1, 4)]);
    expect(first.answer.result).toEqual({ id: first.id, number: 'PO-0001', version: 1, status: 'draft' });
    expect(second.answer.result).toMatchObject({ number: 'PO-0002', version: 1, status: 'draft' });
    const otherSupplierId = await addSupplier(service, other, 'Their supplier');
    const [theirs] = await applyOps(other.manager.client, [
      op('purchase_order.save', {
        id: uuidv7(),
        company_id: other.companyId,
        store_id: other.storeId,
        supplier_id: otherSupplierId,
        lines: [{ id: uuidv7(), product_id: nth(other.products, 0).id, quantity: 1 }],
      }),
    ]);
    expect(theirs?.result).toMatchObject({ number: 'PO-0001' });
    const events = await eventsOf(first.id);
    expect(events).toEqual([
      expect.objectContaining({
        company_id: shop.companyId,
        document_kind: 'purchase_order',
        kind: 'created',
        from_status: null,
        to_status: 'draft',
        staff_id: shop.manager.id,
        recorded_by: shop.manager.id,
      }),
    ]);
  });

  test('[PUR-11] expected_on defaults to today plus the supplier’s lead time; unit_cost to the product’s cost', async () => {
    must<unknown>(
      await service.from('products').update({ cost: 42 }).eq('id', nth(shop.products, 2).id),
      'cost',
    );
    const { id } = await draft([line(2, 6), line(1, 2, { unit_cost: 90 })]);
    const row = await orderRow(id);
    const inThreeDays = new Date(Date.parse(`${shopDay()}T00:00:00Z`) + 3 * 86_400_000);
    expect(row.expected_on).toBe(inThreeDays.toISOString().slice(0, 10));
    expect((await linesOf(id)).map((l) => [l.position, l.quantity, l.unit_cost, l.store_id])).toEqual([
      [0, 6, 42, shop.storeId],
      [1, 2, 90, shop.storeId],
    ]);
  });

  test('[PUR-11] a save with base_version replaces the header and lines; lines left out are removed', async () => {
    const kept = line(0, 10);
    const dropped = line(1, 5);
    const { id, args } = await draft([kept, dropped]);
    const answer = await one(shop.manager.client, 'purchase_order.save', {
      ...args,
      base_version: 1,
      note: 'Ring at the back door',
      expected_on: '2026-12-24',
      lines: [{ ...kept, quantity: 12 }, line(2, 3)],
    });
    expect(answer.status).toBe('applied');
    expect(answer.result).toMatchObject({ id, version: 2, status: 'draft' });
    const row = await orderRow(id);
    expect(row).toMatchObject({ note: 'Ring at the back door', expected_on: '2026-12-24', version: 2 });
    const lines = await linesOf(id);
    const live = lines.filter((l) => l.removed_at === null);
    expect(live.map((l) => [l.id, l.quantity])).toEqual([
      [kept.id, 12],
      [expect.any(String), 3],
    ]);
    expect(lines.find((l) => l.id === dropped.id)?.removed_at).toEqual(expect.any(String));
    expect((await eventsOf(id)).map((e) => e.kind)).toEqual(['created', 'edited']);
  });

  test('[PUR-11] [PUR-43] a stale base_version is stale_document, and nothing changes', async () => {
    const { id, args } = await draft();
    expect((await one(shop.manager.client, 'purchase_order.save', { ...args, base_version: 1 })).status).toBe(
      'applied',
    );
    const stale = await one(shop.manager.client, 'purchase_order.save', {
      ...args,
      base_version: 1,
      note: 'from the other device',
    });
    expect(stale).toMatchObject({ status: 'rejected', error: { code: 'stale_document' } });
    expect(stale.error?.message).toMatch(/^Someone changed PO-\d{4} since you opened it/);
    expect((await orderRow(id)).note).toBeNull();
  });

  test('[PUR-11] [OPS-3] a replayed save writes nothing twice: same op, or the same new draft under a new op id', async () => {
    const args = saveArgs([line(0)]);
    const save = op('purchase_order.save', args);
    const [first] = await applyOps(shop.manager.client, [save]);
    const [again] = await applyOps(shop.manager.client, [save]);
    expect(first?.status).toBe('applied');
    expect(again?.status).toBe('duplicate');
    const resent = await one(shop.manager.client, 'purchase_order.save', args);
    expect(resent.status).toBe('applied');
    expect(resent.result).toMatchObject({ id: args.id, version: 1, already_recorded: true });
    expect(await linesOf(args.id as string)).toHaveLength(1);
    expect(await eventsOf(args.id as string)).toHaveLength(1);
  });

  test('[PUR-11] [PUR-43] no line is empty_document; a base_version for an unknown order is unknown_purchase_order', async () => {
    expect((await one(shop.manager.client, 'purchase_order.save', saveArgs([]))).error?.code).toBe(
      'empty_document',
    );
    expect(
      (await one(shop.manager.client, 'purchase_order.save', saveArgs([line(0)], { base_version: 3 }))).error
        ?.code,
    ).toBe('unknown_purchase_order');
  });

  test('[PUR-1] a supplier or store of another shop is unknown_supplier / unknown_store', async () => {
    const theirSupplier = await addSupplier(service, other, 'Not ours');
    expect(
      (
        await one(
          shop.manager.client,
          'purchase_order.save',
          saveArgs([line(0)], { supplier_id: theirSupplier }),
        )
      ).error?.code,
    ).toBe('unknown_supplier');
    expect(
      (
        await one(
          shop.manager.client,
          'purchase_order.save',
          saveArgs([line(0)], { store_id: other.storeId }),
        )
      ).error?.code,
    ).toBe('unknown_store');
  });

  test('[PUR-11] [PUR-16] only a draft is saved: an ordered order is wrong_status', async () => {
    const { id, args } = await draft();
    await one(shop.manager.client, 'purchase_order.order', { id, via: 'phone', occurred_at: now() });
    const answer = await one(shop.manager.client, 'purchase_order.save', { ...args, base_version: 2 });
    expect(answer.error?.code).toBe('wrong_status');
    expect(answer.error?.message).toMatch(/^PO-\d{4} is ordered/);
  });
});

describe('[PUR-12] lines', () => {
  test.each([
    ['unknown_product', () => ({ ...line(0), product_id: uuidv7() })],
    ['invalid_quantity', () => line(0, 0)],
    ['invalid_quantity', () => line(0, -2)],
  ])('[PUR-12] %s', async (code, make) => {
    expect((await one(shop.manager.client, 'purchase_order.save', saveArgs([make()]))).error?.code).toBe(
      code,
    );
  });

  test('[PUR-12] another shop’s product is unknown_product', async () => {
    const theirs = { id: uuidv7(), product_id: nth(other.products, 0).id, quantity: 1 };
    expect((await one(shop.manager.client, 'purchase_order.save', saveArgs([theirs]))).error?.code).toBe(
      'unknown_product',
    );
  });

  test('[PUR-12] one line per product: duplicate_line naming it', async () => {
    const answer = await one(shop.manager.client, 'purchase_order.save', saveArgs([line(0), line(0, 3)]));
    expect(answer.error?.code).toBe('duplicate_line');
    expect(answer.error?.message).toContain(nth(shop.products, 0).name);
  });

  test('[PUR-12] a product that keeps no stock is untracked_product; a variant parent is variant_parent', async () => {
    const [untracked, parent] = must<{ id: string }[]>(
      await service
        .from('products')
        .insert([
          {
            company_id: shop.companyId,
            name: 'Gift wrap',
            price: 100,
            tax_rate_bp: 2000,
            track_stock: false,
            option_names: [],
          },
          {
            company_id: shop.companyId,
            name: 'T-shirt',
            price: 1500,
            tax_rate_bp: 2000,
            track_stock: true,
            option_names: ['Size'],
          },
        ])
        .select('id'),
      'products',
    );
    const ask = (productId: string | undefined) =>
      one(
        shop.manager.client,
        'purchase_order.save',
        saveArgs([{ id: uuidv7(), product_id: productId ?? '', quantity: 1 }]),
      );
    expect((await ask(untracked?.id)).error?.code).toBe('untracked_product');
    expect((await ask(parent?.id)).error?.code).toBe('variant_parent');
  });

  test('[PUR-12] another supplier’s product is product_not_from_supplier unless marked off_supplier; no supplier is always allowed', async () => {
    const refused = await one(shop.manager.client, 'purchase_order.save', saveArgs([line(3)]));
    expect(refused.error?.code).toBe('product_not_from_supplier');
    expect(refused.error?.message).toBe(
      `Fresh Fields Produce does not supply ${nth(shop.products, 3).name} (lines[0])`,
    );
    const { id } = await draft([line(3, 2, { off_supplier: true }), line(4, 1)]);
    expect((await linesOf(id)).map((l) => l.off_supplier)).toEqual([true, false]);
  });
});

describe('[PUR-13] purchase_order.order', () => {
  test('[PUR-13] [PUR-16] draft → ordered: ordered_at, ordered_via, version + 1, an event', async () => {
    const { id } = await draft();
    const at = '2026-11-28T09:15:00.000Z';
    const answer = await one(shop.manager.client, 'purchase_order.order', {
      id,
      via: 'print',
      occurred_at: at,
    });
    expect(answer.result).toMatchObject({ id, status: 'ordered', version: 2 });
    expect(await orderRow(id)).toMatchObject({ status: 'ordered', ordered_via: 'print', version: 2 });
    expect(new Date(String((await orderRow(id)).ordered_at)).toISOString()).toBe(at);
    expect((await eventsOf(id)).at(-1)).toMatchObject({
      kind: 'ordered',
      from_status: 'draft',
      to_status: 'ordered',
      detail: { via: 'print' },
    });
  });

  test('[PUR-13] ordered again by mail is an event only; any other way is wrong_status', async () => {
    const { id } = await draft();
    await one(shop.manager.client, 'purchase_order.order', { id, via: 'mail', occurred_at: now() });
    const again = await one(shop.manager.client, 'purchase_order.order', {
      id,
      via: 'mail',
      occurred_at: now(),
    });
    expect(again.result).toMatchObject({ status: 'ordered', version: 2 });
    expect((await eventsOf(id)).map((e) => e.kind)).toEqual(['created', 'ordered', 'sent']);
    const phone = await one(shop.manager.client, 'purchase_order.order', {
      id,
      via: 'phone',
      occurred_at: now(),
    });
    expect(phone.error?.code).toBe('wrong_status');
  });
});

describe('[PUR-14] purchase_order.close', () => {
  test('[PUR-14] cancel a draft, or an order nothing arrived for', async () => {
    const { id } = await draft();
    const answer = await one(shop.manager.client, 'purchase_order.close', {
      id,
      action: 'cancel',
      reason: 'Ordered by mistake',
      occurred_at: now(),
    });
    expect(answer.result).toMatchObject({ status: 'cancelled', version: 2 });
    expect((await eventsOf(id)).at(-1)).toMatchObject({
      kind: 'cancelled',
      from_status: 'draft',
      to_status: 'cancelled',
      detail: { reason: 'Ordered by mistake' },
    });
    const again = await one(shop.manager.client, 'purchase_order.close', {
      id,
      action: 'cancel',
      occurred_at: now(),
    });
    expect(again.error?.code).toBe('wrong_status');
    expect(again.error?.message).toMatch(/^PO-\d{4} is cancelled/);
  });

  test('[PUR-14] close short: what is still to come is cancelled; a draft cannot be closed', async () => {
    const first = line(0, 10);
    const second = line(1, 4);
    const { id } = await draft([first, second]);
    expect(
      (await one(shop.manager.client, 'purchase_order.close', { id, action: 'close', occurred_at: now() }))
        .error?.code,
    ).toBe('wrong_status');
    await one(shop.manager.client, 'purchase_order.order', { id, via: 'phone', occurred_at: now() });
    await insertPurchaseReceipt(
      service,
      shop,
      { id, storeId: shop.storeId, lineId: first.id, productId: first.product_id },
      6,
    );
    const cancel = await one(shop.manager.client, 'purchase_order.close', {
      id,
      action: 'cancel',
      occurred_at: now(),
    });
    expect(cancel.error?.code).toBe('wrong_status');
    // The receipt itself is piece B's op; the order's status is set here as its op would.
    must<unknown>(
      await service.from('purchase_orders').update({ status: 'partly_received' }).eq('id', id),
      'status',
    );
    const closed = await one(shop.manager.client, 'purchase_order.close', {
      id,
      action: 'close',
      reason: 'Supplier is out of stock',
      occurred_at: now(),
    });
    expect(closed.result).toMatchObject({ status: 'closed' });
    expect((await linesOf(id)).map((l) => [l.quantity, l.received, l.cancelled])).toEqual([
      [10, 6, 4],
      [4, 0, 4],
    ]);
    expect((await eventsOf(id)).at(-1)).toMatchObject({ kind: 'closed', from_status: 'partly_received' });
  });

  test('[PUR-14] [PUR-43] held quantities must be settled first: held_quantities', async () => {
    const first = line(0, 10);
    const { id } = await draft([first]);
    await one(shop.manager.client, 'purchase_order.order', { id, via: 'phone', occurred_at: now() });
    const receipt = uuidv7();
    must<unknown>(
      await service.from('purchase_receipts').insert({
        id: receipt,
        company_id: shop.companyId,
        purchase_order_id: id,
        store_id: shop.storeId,
        occurred_at: now(),
      }),
      'receipt',
    );
    must<unknown>(
      await service.from('purchase_receipt_lines').insert({
        id: uuidv7(),
        company_id: shop.companyId,
        receipt_id: receipt,
        purchase_order_id: id,
        store_id: shop.storeId,
        purchase_order_line_id: first.id,
        product_id: first.product_id,
        quantity: 5,
        posted: 0,
        held: 5,
      }),
      'held line',
    );
    must<unknown>(
      await service.from('purchase_orders').update({ status: 'partly_received' }).eq('id', id),
      'status',
    );
    const answer = await one(shop.manager.client, 'purchase_order.close', {
      id,
      action: 'close',
      occurred_at: now(),
    });
    expect(answer.error?.code).toBe('held_quantities');
  });
});

describe('[PUR-10] [PUR-16] who may', () => {
  test('[PUR-10] a cashier gets insufficient_role for save, order and close, and nothing is recorded', async () => {
    const { id } = await draft();
    for (const [name, args] of [
      ['purchase_order.save', saveArgs([line(0)])],
      ['purchase_order.order', { id, via: 'phone', occurred_at: now() }],
      ['purchase_order.close', { id, action: 'cancel', occurred_at: now() }],
    ] as const) {
      const sent = op(name, args);
      const [answer] = await applyOps(shop.cashier.client, [sent]);
      expect(answer?.error?.code, name).toBe('insufficient_role');
      const recorded = await service.from('applied_ops').select('op_id').eq('op_id', sent.op_id);
      expect(recorded.data, name).toEqual([]);
    }
    expect((await orderRow(id)).status).toBe('draft');
  });

  test('[PUR-10] a paired till never: insufficient_role', async () => {
    const device = await pairDevice(shop.manager, shop.companyId, shop.storeId, 'Back room');
    const { id } = await draft();
    const answer = await one(device.client, 'purchase_order.order', { id, via: 'phone', occurred_at: now() });
    expect(answer.error?.code).toBe('insufficient_role');
  });

  test('[PUR-43] another shop’s member gets unknown_purchase_order, never wrong_status, and nothing changes', async () => {
    const { id, args } = await draft();
    for (const [name, sent] of [
      ['purchase_order.order', { id, via: 'phone', occurred_at: now() }],
      ['purchase_order.close', { id, action: 'cancel', occurred_at: now() }],
      [
        'purchase_order.save',
        { ...args, company_id: other.companyId, store_id: other.storeId, base_version: 1 },
      ],
    ] as const) {
      const answer = await one(other.manager.client, name, sent);
      expect(answer.error?.code, name).toBe('unknown_purchase_order');
    }
    expect(await orderRow(id)).toMatchObject({ status: 'draft', version: 1 });
  });

  test('[PUR-9] the history is the managers’: a cashier reads no event, a manager reads them', async () => {
    const { id } = await draft();
    const cashier = await shop.cashier.client
      .from('stock_document_events')
      .select('id')
      .eq('document_id', id);
    expect(cashier.data).toEqual([]);
    const manager = await shop.manager.client
      .from('stock_document_events')
      .select('id')
      .eq('document_id', id);
    expect(manager.data).toHaveLength(1);
  });
});

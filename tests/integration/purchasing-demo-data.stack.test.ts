// The purchasing demo of supabase/seed.sql ([PUR-42], docs/purchasing.md "Demo data"): a second store with no
// till, PO-0001 to Fresh Fields Produce ordered yesterday and expected tomorrow with nothing received, and
// TR-0001 from Main Street to Market Square in transit with its send movements, and their history (the
// counters, advanced past both, are private: no API reads them). Read-only: other test files rely on this data.
import { expect, test } from 'vitest';
import { DEMO } from '../support/demo';
import { demoPerson, must, shopDay } from '../support/shop';
import { addDays } from '../../src/lib/calendar';

const MARKET_SQUARE = 'd2000000-0000-4000-8000-000000000002';
const PO_0001 = 'd4a00000-0000-4000-8000-000000000001';
const TR_0001 = 'd4b00000-0000-4000-8000-000000000001';

/** numeric(12,3) columns: a number or its text, as PostgREST sends them. */
type Numeric = number | string;

interface Line {
  quantity: Numeric;
  unit_cost: number | null;
  received: Numeric;
  held: Numeric;
  products: { sku: string; cost: number | null } | null;
}

test('[PUR-42] the demo shop has a second store, Demo Shop Market Square, with no till', async () => {
  const manager = await demoPerson('manager');
  const stores = must<{ id: string; name: string }[]>(
    await manager.client.from('stores').select('id, name').is('deleted_at', null).order('name'),
    'stores',
  );
  expect(stores).toEqual([
    { id: DEMO.storeId, name: 'Demo Shop Main Street' },
    { id: MARKET_SQUARE, name: 'Demo Shop Market Square' },
  ]);
  const tills = must<unknown[]>(
    await manager.client.from('terminals').select('id').eq('store_id', MARKET_SQUARE),
    'terminals',
  );
  expect(tills).toEqual([]);
});

test('[PUR-42] PO-0001 to Fresh Fields Produce for Main Street: ordered yesterday, expected tomorrow, nothing received', async () => {
  const manager = await demoPerson('manager');
  const order = must<Record<string, unknown>>(
    await manager.client
      .from('purchase_orders')
      .select('number, status, store_id, expected_on, ordered_at, suppliers(name)')
      .eq('id', PO_0001)
      .single(),
    'order',
  );
  const today = shopDay();
  expect(order).toMatchObject({
    number: 'PO-0001',
    status: 'ordered',
    store_id: DEMO.storeId,
    expected_on: addDays(today, 1),
    suppliers: { name: 'Fresh Fields Produce' },
  });
  expect(shopDay(new Date(String(order.ordered_at)))).toBe(addDays(today, -1));
  const lines = must<Line[]>(
    await manager.client
      .from('purchase_order_lines')
      .select('quantity, unit_cost, received, held, products(sku, cost)')
      .eq('purchase_order_id', PO_0001)
      .order('position'),
    'lines',
  );
  expect(lines.map((line) => [line.products?.sku, Number(line.quantity)])).toEqual([
    ['FRU-BAN', 10],
    ['FRU-0112', 24],
    ['FRU-0113', 12],
  ]);
  expect(lines[0]?.unit_cost).toBe(90);
  // The carrots and peppers at their product costs.
  for (const line of lines.slice(1)) expect(line.unit_cost).toBe(line.products?.cost);
  for (const line of lines) expect([Number(line.received), Number(line.held)]).toEqual([0, 0]);
});

test('[PUR-42] TR-0001 is in transit from Main Street to Market Square, with its send movements at Main Street', async () => {
  const manager = await demoPerson('manager');
  const transfer = must<Record<string, unknown>>(
    await manager.client
      .from('transfers')
      .select('number, status, from_store_id, to_store_id, sent_at')
      .eq('id', TR_0001)
      .single(),
    'transfer',
  );
  expect(transfer).toMatchObject({
    number: 'TR-0001',
    status: 'in_transit',
    from_store_id: DEMO.storeId,
    to_store_id: MARKET_SQUARE,
  });
  expect(shopDay(new Date(String(transfer.sent_at)))).toBe(addDays(shopDay(), -1));
  const lines = must<
    { id: string; product_id: string; sent: Numeric; received: Numeric; products: { sku: string } | null }[]
  >(
    await manager.client
      .from('transfer_lines')
      .select('id, product_id, sent, received, products(sku)')
      .eq('transfer_id', TR_0001)
      .order('position'),
    'transfer lines',
  );
  expect(lines.map((line) => [line.products?.sku, Number(line.sent), Number(line.received)])).toEqual([
    ['STA-0145', 10, 0],
    ['STA-0146', 5, 0],
  ]);
  // [PUR-26] One movement per line, id = the line's, −sent at the sending store.
  const movements = must<{ id: string; store_id: string; delta: Numeric; reason: string }[]>(
    await manager.client
      .from('stock_movements')
      .select('id, store_id, delta, reason')
      .in(
        'id',
        lines.map((line) => line.id),
      ),
    'movements',
  );
  expect(movements.map((m) => [m.id, m.store_id, Number(m.delta), m.reason]).sort()).toEqual(
    lines.map((line) => [line.id, DEMO.storeId, -Number(line.sent), 'transfer']).sort(),
  );
});

test('[PUR-42] [PUR-7] the history has the order made and ordered, the transfer made and sent', async () => {
  const manager = await demoPerson('manager');
  const events = must<{ document_id: string; kind: string; to_status: string }[]>(
    await manager.client
      .from('stock_document_events')
      .select('document_id, kind, to_status')
      .in('document_id', [PO_0001, TR_0001])
      .order('seq'),
    'events',
  );
  expect(events.map((event) => [event.document_id, event.kind, event.to_status])).toEqual([
    [PO_0001, 'created', 'draft'],
    [PO_0001, 'ordered', 'ordered'],
    [TR_0001, 'created', 'draft'],
    [TR_0001, 'sent', 'in_transit'],
  ]);
});

// The back office's server reads through supabase-js against the local stack: a page of sales with their
// lines and tenders embedded and an exact count (Range), filtered by terminal, cashier and kind; stock
// movements filtered by reason with their deltas in thousandths; a customer's sales.
import { beforeAll, describe, expect, test } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { fetchCustomerSales, fetchSales } from '../../src/data/remote/sales';
import { fetchStockMovements } from '../../src/data/remote/stock-movements';
import type { Supabase } from '../../src/data/remote/supabase-client';
import { applyOps, op, receiveOp, refundOp, saleArgs } from '../support/ops';
import { appClientAs } from '../support/supabase';
import { createShop, nth, registerTerminal, type Shop, type Terminal } from '../support/shop';

let shop: Shop;
let terminal: Terminal;
let manager: Supabase;
const customerId = uuidv7();

beforeAll(async () => {
  shop = await createShop({ products: 2 });
  terminal = await registerTerminal(shop.manager, shop.storeId, 'Back office till');
  manager = await appClientAs(shop.manager.client);
  const [first, second] = [nth(shop.products, 0), nth(shop.products, 1)];
  const sale = saleArgs({
    terminal,
    lines: [
      { product: first, quantity: 2 },
      { product: second, quantity: 1 },
    ],
    customerId,
  });
  const answers = await applyOps(shop.cashier.client, [
    op('customer.upsert', { id: customerId, company_id: shop.companyId, name: 'Ann Lee' }),
    op('sale.record', sale),
    op('sale.record', saleArgs({ terminal, lines: [{ product: first, quantity: 1 }], tender: 'cash' })),
  ]);
  expect(answers.map((answer) => answer.status)).toEqual(['applied', 'applied', 'applied']);
  const more = await applyOps(shop.manager.client, [
    refundOp(terminal, sale, [{ line: 1 }]),
    receiveOp(shop.storeId, first.id, 2.5),
  ]);
  expect(more.map((answer) => answer.status)).toEqual(['applied', 'applied']);
});

describe('back-office reads', () => {
  test('a page of sales with lines and tenders embedded, and the exact count', async () => {
    const first = await fetchSales(manager, shop.companyId, {}, { offset: 0, size: 2 });
    expect(first.total).toBe(3);
    expect(first.rows).toHaveLength(2);
    const rest = await fetchSales(manager, shop.companyId, {}, { offset: 2, size: 2 });
    expect(rest.rows).toHaveLength(1);
    const all = [...first.rows, ...rest.rows];
    const withCustomer = all.find((sale) => sale.customer_id === customerId && sale.kind === 'sale');
    expect(withCustomer?.lines.map((line) => [line.line_no, line.quantity])).toEqual([
      [1, 2000],
      [2, 1000],
    ]);
    expect(withCustomer?.payments).toEqual([expect.objectContaining({ method: 'card', reference: 'TEST' })]);
    expect(typeof withCustomer?.total).toBe('number');
  });

  test('[WORDS-6] a line of a product sold by measure carries its unit; a piece carries none', async () => {
    const weighed = nth(shop.products, 1);
    const { error } = await shop.owner.client.from('products').update({ weighed: true }).eq('id', weighed.id);
    expect(error).toBeNull();
    const { rows } = await fetchSales(manager, shop.companyId, { kind: 'sale' }, { offset: 0, size: 10 });
    const withCustomer = rows.find((sale) => sale.customer_id === customerId);
    expect(withCustomer?.lines.map((line) => [line.line_no, line.unit])).toEqual([
      [1, null],
      [2, 'kg'],
    ]);
  });

  test('filtered by kind, terminal and cashier', async () => {
    const refunds = await fetchSales(manager, shop.companyId, { kind: 'refund' }, { offset: 0, size: 10 });
    expect(refunds.rows.map((sale) => sale.kind)).toEqual(['refund']);
    const byTerminal = await fetchSales(
      manager,
      shop.companyId,
      { terminalId: terminal.id },
      { offset: 0, size: 10 },
    );
    expect(byTerminal.total).toBe(3);
    const byCashier = await fetchSales(
      manager,
      shop.companyId,
      { cashierId: shop.cashier.id },
      { offset: 0, size: 10 },
    );
    expect(byCashier.rows.every((sale) => sale.kind === 'sale')).toBe(true);
    expect(byCashier.total).toBe(2);
    const future = await fetchSales(
      manager,
      shop.companyId,
      { from: '2100-01-01T00:00:00Z' },
      { offset: 0, size: 10 },
    );
    expect(future).toEqual({ rows: [], total: 0 });
  });

  test('stock movements by reason, deltas in thousandths', async () => {
    const received = await fetchStockMovements(
      manager,
      shop.companyId,
      { reason: 'receive' },
      { offset: 0, size: 10 },
    );
    expect(received.total).toBe(1);
    expect(received.rows[0]).toMatchObject({
      reason: 'receive',
      delta: 2500,
      product_id: nth(shop.products, 0).id,
    });
    const sales = await fetchStockMovements(
      manager,
      shop.companyId,
      { reason: 'sale' },
      { offset: 0, size: 10 },
    );
    expect(sales.rows.map((row) => row.delta).sort((a, b) => a - b)).toEqual([-2000, -1000, -1000]);
  });

  test("a customer's sales and refunds", async () => {
    const sales = await fetchCustomerSales(manager, shop.companyId, customerId);
    // The refund of the customer's sale is theirs too (the server copies the customer from the original).
    expect(sales.map((sale) => sale.kind).sort()).toEqual(['refund', 'sale']);
    expect(sales.every((sale) => typeof sale.total === 'number')).toBe(true);
  });
});

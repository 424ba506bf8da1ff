// The demo shop of supabase/seed.sql (DESIGN §3, supabase/SPEC.md §7): the demo users sign in with their
// password and hold their roles, the five fixed products are there, and three weeks of history — built with
// the same arithmetic apply_ops checks — fill the reports. Read-only: other test files rely on this data.
import { expect, test } from 'vitest';
import { DEMO } from '../support/demo';
import { lineTax } from '../support/ops';
import { demoPerson, must } from '../support/shop';
import { anonClient } from '../support/supabase';

test('the demo users sign in with demo-password and hold their roles in Demo Shop', async () => {
  for (const role of ['owner', 'manager', 'cashier'] as const) {
    const client = anonClient();
    const { data, error } = await client.auth.signInWithPassword({
      email: DEMO.users[role].email,
      password: DEMO.password,
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(DEMO.users[role].id);
    const members = must<{ role: string; company_id: string }[]>(
      await client.from('company_members').select('role, company_id').eq('user_id', DEMO.users[role].id),
      'membership',
    );
    expect(members).toEqual([{ role, company_id: DEMO.companyId }]);
  }
});

test('Demo Shop is EUR with prices including tax, and the five fixed products have their SKUs, barcodes and prices', async () => {
  const cashier = await demoPerson('cashier');
  const company = must<Record<string, unknown>>(
    await cashier.client
      .from('companies')
      .select('name, currency, prices_include_tax, default_tax_rate_bp')
      .single(),
    'company',
  );
  expect(company).toEqual({
    name: 'Demo Shop',
    currency: 'EUR',
    prices_include_tax: true,
    default_tax_rate_bp: 2000,
  });
  const fixed = Object.values(DEMO.products);
  const rows = must<
    { id: string; sku: string; barcode: string; price: number; cost: number; tax_rate_bp: number }[]
  >(
    await cashier.client
      .from('products')
      .select('id, sku, barcode, price, cost, tax_rate_bp')
      .in(
        'id',
        fixed.map((p) => p.id),
      ),
    'products',
  );
  expect(
    rows
      .map(({ id, sku, barcode, price, cost }) => ({ id, sku, barcode, price, cost }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  ).toEqual(fixed.map(({ id, sku, barcode, price, cost }) => ({ id, sku, barcode, price, cost })));
  const { count } = await cashier.client.from('products').select('id', { count: 'exact', head: true });
  expect(count).toBeGreaterThanOrEqual(200);
});

test('[SALE-1] [SALE-5] [SALE-7] the seeded history obeys the sale arithmetic', async () => {
  const manager = await demoPerson('manager');
  const sales = must<
    {
      total: number;
      tax_total: number;
      sale_lines: { quantity: number; unit_price: number; tax_rate_bp: number; tax: number; total: number }[];
      payments: { amount: number }[];
    }[]
  >(
    await manager.client
      .from('sales')
      .select('total, tax_total, sale_lines(quantity, unit_price, tax_rate_bp, tax, total), payments(amount)')
      .eq('kind', 'sale')
      .limit(200),
    'sales',
  );
  expect(sales.length).toBeGreaterThan(100);
  for (const sale of sales) {
    expect(sale.sale_lines.reduce((sum, l) => sum + l.total, 0)).toBe(sale.total);
    expect(sale.sale_lines.reduce((sum, l) => sum + l.tax, 0)).toBe(sale.tax_total);
    expect(sale.payments.reduce((sum, p) => sum + p.amount, 0)).toBe(sale.total);
    for (const line of sale.sale_lines) expect(line.tax).toBe(lineTax(line.total, line.tax_rate_bp, true));
  }
});

test('[REP-2] [REP-9] the reports show three weeks of sales and some low stock', async () => {
  const manager = await demoPerson('manager');
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const days = must<{ sales_count: number }[]>(
    await manager.client.rpc('report_sales_by_day', {
      p_company: DEMO.companyId,
      p_from: day(20),
      p_to: day(2),
    }),
    'by day',
  );
  expect(days).toHaveLength(19);
  expect(days.every((d) => d.sales_count > 0)).toBe(true);
  const low = must<unknown[]>(
    await manager.client.rpc('report_low_stock', { p_company: DEMO.companyId }),
    'low stock',
  );
  expect(low.length).toBeGreaterThan(0);
});

test('the demo history is coherent: stock arrives before it sells, every day has its shift, nothing is in the future', async () => {
  const manager = await demoPerson('manager');
  const levels = must<{ on_hand: number }[]>(
    await manager.client.from('stock_levels').select('on_hand').eq('company_id', DEMO.companyId),
    'stock levels',
  );
  expect(levels.length).toBeGreaterThan(200);
  expect(levels.filter((level) => level.on_hand < 0)).toEqual([]);
  const shifts = must<{ closed_at: string | null; needs_approval: boolean; approved_by: string | null }[]>(
    await manager.client
      .from('shifts')
      .select('closed_at, needs_approval, approved_by')
      .eq('company_id', DEMO.companyId),
    'shifts',
  );
  expect(shifts.filter((shift) => shift.closed_at !== null).length).toBeGreaterThanOrEqual(21);
  // One short count approved by the manager, one over count still waiting for a manager.
  expect(shifts.filter((shift) => shift.needs_approval).map((shift) => shift.approved_by !== null)).toEqual(
    expect.arrayContaining([true, false]),
  );
  const { count: withoutShift } = await manager.client
    .from('sales')
    .select('id', { count: 'exact', head: true })
    .eq('company_id', DEMO.companyId)
    .is('shift_id', null);
  expect(withoutShift).toBe(0);
  const latest = must<{ occurred_at: string }[]>(
    await manager.client
      .from('sales')
      .select('occurred_at')
      .eq('company_id', DEMO.companyId)
      .order('occurred_at', { ascending: false })
      .limit(1),
    'latest sale',
  );
  expect(Date.parse(latest[0]?.occurred_at ?? '')).toBeLessThanOrEqual(Date.now());
});

test('[REP-11] the demo history has a gross margin: every line sold carries its product cost', async () => {
  const manager = await demoPerson('manager');
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const [margin] = must<
    { net_sales: number; costed_net: number; cost_total: number; margin: number; uncosted_net: number }[]
  >(
    await manager.client.rpc('report_margin', { p_company: DEMO.companyId, p_from: day(20), p_to: day(2) }),
    'margin',
  );
  expect(margin?.uncosted_net).toBe(0);
  expect(margin?.costed_net).toBe(margin?.net_sales);
  expect(margin?.cost_total).toBeGreaterThan(0);
  expect(margin?.margin).toBeGreaterThan(0);
});

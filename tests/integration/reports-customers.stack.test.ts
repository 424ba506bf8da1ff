// [REP-10] The customer list's figures: visits and net spend per customer, for managers and owners only.
import { expect, test } from 'vitest';
import { applyOps, op, refundOp, saleArgs } from '../support/ops';
import { createShop, must, nth, registerTerminal } from '../support/shop';

test('[REP-10] customer totals count sales as visits and spend net of refunds; cashiers and strangers get none', async () => {
  const shop = await createShop({ products: 2 });
  const till = await registerTerminal(shop.manager, shop.storeId, 'Till A');
  const regular = crypto.randomUUID();
  const once = crypto.randomUUID();
  const first = saleArgs({
    terminal: till,
    customerId: regular,
    lines: [{ product: nth(shop.products, 0), quantity: 2 }],
  });
  first.occurred_at = '2026-11-10T09:00:00.000Z';
  const second = saleArgs({
    terminal: till,
    customerId: regular,
    lines: [{ product: nth(shop.products, 1), quantity: 1 }],
  });
  second.occurred_at = '2026-11-12T09:00:00.000Z';
  const third = saleArgs({
    terminal: till,
    customerId: once,
    lines: [{ product: nth(shop.products, 1), quantity: 3 }],
  });
  third.occurred_at = '2026-11-11T09:00:00.000Z';
  const anonymous = saleArgs({ terminal: till, lines: [{ product: nth(shop.products, 0), quantity: 1 }] });
  const refund = refundOp(till, first, [{ line: 0, quantity: 1 }]);
  refund.args.occurred_at = '2026-11-13T09:00:00.000Z';
  const answers = await applyOps(shop.manager.client, [
    op('customer.upsert', { id: regular, company_id: shop.companyId, name: 'Rita Regular' }),
    op('customer.upsert', { id: once, company_id: shop.companyId, name: 'Otto Once' }),
    op('sale.record', first),
    op('sale.record', second),
    op('sale.record', third),
    op('sale.record', anonymous),
    refund,
  ]);
  expect(answers.map((a) => a.status)).toEqual(Array(7).fill('applied'));

  const rows = must<{ customer_id: string }[]>(
    await shop.manager.client.rpc('report_customer_totals', { p_company: shop.companyId }),
    'customer totals',
  );
  const refunded = Math.round(nth(first.lines, 0).total / 2);
  expect(rows.sort((a, b) => (a.customer_id === regular ? -1 : b.customer_id === regular ? 1 : 0))).toEqual([
    {
      customer_id: regular,
      visits: 2,
      net_spend: first.total + second.total - refunded,
      last_visit: '2026-11-12T09:00:00+00:00',
    },
    { customer_id: once, visits: 1, net_spend: third.total, last_visit: '2026-11-11T09:00:00+00:00' },
  ]);

  const cashier = await shop.cashier.client.rpc('report_customer_totals', { p_company: shop.companyId });
  expect(cashier.error?.code).toBe('42501');
  const other = await createShop({ products: 1 });
  const stranger = await other.owner.client.rpc('report_customer_totals', { p_company: shop.companyId });
  expect(stranger.error).toMatchObject({ code: '42501', hint: 'not_member' });
});

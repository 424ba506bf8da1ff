// The mailed receipt and the public page read like the paper (supabase/SPEC.md [MAIL-7], [MAIL-8]; issue 34):
// the mail's time is the shop's, and both list a line's options and a weighed line's unit.
import type { SupabaseClient } from '@supabase/supabase-js';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, expect, test } from 'vitest';
import { applyOps, op, saleArgs } from '../support/ops';
import { createShop, must, nth, registerTerminal, type Shop } from '../support/shop';
import { anonClient, stackUrl, uniqueEmail } from '../support/supabase';

let shop: Shop;
let sale: ReturnType<typeof saleArgs>;
let oat: { id: string; name: string; price_delta: number };

beforeAll(async () => {
  shop = await createShop({ products: 2 });
  const till = await registerTerminal(shop.cashier, shop.storeId);
  const [latte, bananas] = [nth(shop.products, 0), nth(shop.products, 1)];
  must(
    await shop.owner.client
      .from('companies')
      .update({ time_zone: 'Asia/Tokyo' })
      .eq('id', shop.companyId)
      .select('id'),
    'set the time zone',
  );
  must(
    await shop.owner.client
      .from('products')
      .update({ unit: 'kg', weighed: true })
      .eq('id', bananas.id)
      .select('id'),
    'sell bananas by weight',
  );
  const milk = must<{ id: string }>(
    await shop.manager.client
      .from('modifier_groups')
      .insert({ company_id: shop.companyId, name: 'Milk', min_choices: 1, max_choices: 1 })
      .select('id')
      .single(),
    'a group',
  ).id;
  oat = must(
    await shop.manager.client
      .from('modifier_options')
      .insert({ company_id: shop.companyId, group_id: milk, name: 'Oat milk', price_delta: 50 })
      .select('id, name, price_delta')
      .single(),
    'an option',
  );
  must(
    await shop.manager.client
      .from('product_modifier_groups')
      .insert({ company_id: shop.companyId, product_id: latte.id, group_id: milk, position: 1 })
      .select('id'),
    'attach the group',
  );
  sale = saleArgs({
    terminal: till,
    lines: [
      { product: { ...latte, price: latte.price + 50 }, quantity: 2 },
      { product: bananas, quantity: 1.181 },
    ],
  });
  // 08:14 UTC is 17:14 in Tokyo.
  sale.occurred_at = '2026-11-21T08:14:00.000Z';
  Object.assign(nth(sale.lines, 0), {
    base_price: latte.price,
    modifiers: [{ option_id: oat.id, price_delta: 50, name: oat.name }],
  });
  expect(await applyOps(shop.cashier.client, [op('sale.record', sale)])).toMatchObject([
    { status: 'applied' },
  ]);
});

async function mailAs(client: SupabaseClient, to: string) {
  const { data } = await client.auth.getSession();
  const response = await fetch(`${stackUrl()}/functions/v1/send-receipt`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${data.session?.access_token ?? ''}`,
    },
    body: JSON.stringify({ id: uuidv7(), sale_id: sale.id, email: to }),
  });
  expect(response.status).toBe(200);
  const mails = (await (await fetch(`${stackUrl()}/local/v1/mail?to=${encodeURIComponent(to)}`)).json()) as {
    text: string;
    html: string;
    link?: string;
  }[];
  return nth(mails, 0);
}

test("[MAIL-7] [MAIL-8] the mail says the shop's local time and lists the lines as the paper does", async () => {
  const mail = await mailAs(shop.cashier.client, uniqueEmail('words'));
  const lines = mail.text.split('\n');
  expect(lines).toContain(`Receipt ${String(sale.receipt_no)}, 21 Nov 2026, 17:14`);
  const latte = lines.indexOf(nth(shop.products, 0).name);
  expect(latte).toBeGreaterThan(0);
  expect(lines[latte + 1]).toBe('  Oat milk: +€0.50');
  expect(lines.some((line) => line.startsWith('  1.181 kg × ') && line.includes('/kg: '))).toBe(true);

  // The public page reads the same lines from the same answer ([RCPT-12] still names nobody).
  const token = (mail.link ?? '').split('/r/')[1] ?? '';
  const answer: { data: unknown } = await anonClient().rpc('public_receipt', { p_token: token });
  const receipt = answer.data as {
    lines: { unit: string | null; modifiers: { name: string; price_delta: number }[] }[];
  };
  expect(receipt.lines.map((line) => [line.unit, line.modifiers])).toEqual([
    [null, [{ name: 'Oat milk', price_delta: 50 }]],
    ['kg', []],
  ]);
});

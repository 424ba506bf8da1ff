// The receipts a customer reads outside the till list the promotions the sale got (supabase/SPEC.md
// [RPROMO-1], issue 36): the public receipt's answer and the mailed receipt name each promotion by the shop's
// name for it with the amount the till charged, and what they saved together; a promotion the cashier took
// off, or one the server does not know, is not listed.
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, expect, test } from 'vitest';
import { applyOps, op, saleArgs } from '../support/ops';
import { createShop, must, nth, registerTerminal, type Shop } from '../support/shop';
import { anonClient, serviceClient, stackUrl, uniqueEmail } from '../support/supabase';

let shop: Shop;
let sale: ReturnType<typeof saleArgs>;

beforeAll(async () => {
  shop = await createShop({ products: 1 });
  const till = await registerTerminal(shop.cashier, shop.storeId);
  sale = saleArgs({ terminal: till, lines: [{ product: nth(shop.products, 0), quantity: 2 }] });
  expect(await applyOps(shop.cashier.client, [op('sale.record', sale)])).toMatchObject([
    { status: 'applied' },
  ]);
  const promotions = must<{ id: string; name: string }[]>(
    await shop.manager.client
      .from('promotions')
      .insert(
        ['WELCOME10', 'Happy hour'].map((name) => ({
          company_id: shop.companyId,
          name,
          rule: { kind: 'percent_off', items: null, rate: 1000 },
        })),
      )
      .select('id, name'),
    'promotions',
  );
  const [welcome, happy] = promotions;
  if (!welcome || !happy) throw new Error('two promotions');
  // What apply_ops records for a sale: one row the till applied, one the cashier took off, one unknown.
  must(
    await serviceClient()
      .from('sale_promotions')
      .upsert(
        [
          { promotion_id: welcome.id, till_amount: 50, coupon_code: 'WELCOME10', removed: false },
          { promotion_id: happy.id, till_amount: 0, coupon_code: null, removed: true },
          { promotion_id: uuidv7(), till_amount: 70, coupon_code: null, removed: false },
        ].map((row) => ({ ...row, company_id: shop.companyId, sale_id: sale.id })),
        { onConflict: 'sale_id,promotion_id' },
      ),
    'sale promotions',
  );
});

test('[RPROMO-1] the mail and the public page list the promotions the customer got, and what they saved', async () => {
  const to = uniqueEmail('promotions');
  const { data } = await shop.cashier.client.auth.getSession();
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
    link?: string;
  }[];
  const mail = nth(mails, 0);
  expect(mail.text).toContain('WELCOME10: -€0.50');
  expect(mail.text).toContain('You saved: €0.50');
  expect(mail.text).not.toContain('Happy hour');

  const token = (mail.link ?? '').split('/r/')[1] ?? '';
  const answer = await anonClient().rpc('public_receipt', { p_token: token });
  expect((answer.data as { promotions?: unknown }).promotions).toEqual([{ name: 'WELCOME10', amount: 50 }]);
});

// The receipts a customer reads outside the till speak the shop's language (supabase/SPEC.md [RLANG-1]…, issue
// 35): send-receipt writes the mail in companies.language, which the server reads itself, with amounts and
// dates in that language's way; the public receipt's answer carries the language for the page.
import type { SupabaseClient } from '@supabase/supabase-js';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, test } from 'vitest';
import { applyOps, op, saleArgs } from '../support/ops';
import { createShop, must, nth, registerTerminal, type Shop } from '../support/shop';
import { anonClient, stackUrl, uniqueEmail } from '../support/supabase';

interface Mail {
  subject: string;
  text: string;
  html: string;
  link?: string;
}

let shop: Shop;
let sale: ReturnType<typeof saleArgs>;

beforeAll(async () => {
  shop = await createShop({ products: 1 });
  const till = await registerTerminal(shop.cashier, shop.storeId);
  sale = saleArgs({ terminal: till, lines: [{ product: nth(shop.products, 0), quantity: 2 }] });
  sale.occurred_at = '2026-11-21T08:14:00.000Z';
  expect(await applyOps(shop.cashier.client, [op('sale.record', sale)])).toMatchObject([
    { status: 'applied' },
  ]);
});

async function setShopLanguage(language: string): Promise<void> {
  must(
    await shop.owner.client.rpc('set_shop_language', { p_company_id: shop.companyId, p_language: language }),
    'set the shop language',
  );
}

/** Mails the sale as the cashier; `extra` is whatever else a till might put in the request. */
async function mailAs(client: SupabaseClient, extra: Record<string, unknown> = {}): Promise<Mail> {
  const to = uniqueEmail('language');
  const { data } = await client.auth.getSession();
  const response = await fetch(`${stackUrl()}/functions/v1/send-receipt`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${data.session?.access_token ?? ''}`,
    },
    body: JSON.stringify({ id: uuidv7(), sale_id: sale.id, email: to, ...extra }),
  });
  expect(response.status).toBe(200);
  const mails = (await (
    await fetch(`${stackUrl()}/local/v1/mail?to=${encodeURIComponent(to)}`)
  ).json()) as Mail[];
  return nth(mails, 0);
}

const receiptNo = () => String(sale.receipt_no);
/** An amount as German and French write euros: "1.234,50 €" / "1 234,50 €" (a no-break space before €). */
const EURO_CONTINENTAL = /\d,\d{2}\u00a0€/;

describe("the receipts a customer reads are in the shop's language", () => {
  test('[RLANG-2] an English shop (the default) gets English, whatever the till sends', async () => {
    const mail = await mailAs(shop.cashier.client, { language: 'de' });
    expect(mail.subject).toBe(`Your receipt ${receiptNo()}`);
    expect(mail.text).toContain(`Receipt ${receiptNo()}, 21 Nov 2026,`);
    expect(mail.text).toMatch(/Total: €\d+\.\d{2} \(tax €\d+\.\d{2}\)/);
    expect(mail.html).toContain('<div lang="en">');
  });

  test('[RLANG-1] [RLANG-2] a German shop: German words, euros and dates the German way; the answer says de', async () => {
    await setShopLanguage('de');
    const mail = await mailAs(shop.cashier.client);
    expect(mail.subject).toBe(`Ihr Beleg ${receiptNo()}`);
    const lines = mail.text.split('\n');
    expect(mail.text).toMatch(new RegExp(`^Beleg ${receiptNo()}, 21\\. Nov\\. 2026, \\d{2}:\\d{2}$`, 'm'));
    expect(lines.find((line) => line.startsWith('Summe: '))).toMatch(
      /^Summe: \d+,\d{2}\u00a0€ \(MwSt\. \d+,\d{2}\u00a0€\)$/,
    );
    expect(lines.find((line) => line.startsWith('  2 × '))).toMatch(EURO_CONTINENTAL);
    expect(lines.some((line) => line.startsWith('Bezahlt ('))).toBe(true);
    expect(lines).toContain(`Ihr Beleg online: ${mail.link ?? ''}`);
    expect(mail.text).not.toMatch(/€\d/);
    expect(mail.html).toContain('<div lang="de">');
    expect(mail.html).toContain('<th>Summe</th>');
    expect(mail.html).toContain('>Ihr Beleg online</a>');

    // The public page's answer says the shop's language too (anyone may read it by the link).
    const token = (mail.link ?? '').split('/r/')[1] ?? '';
    const answer = await anonClient().rpc('public_receipt', { p_token: token });
    expect((answer.data as { language?: string }).language).toBe('de');
  });

  test('[RLANG-2] a French shop: French words and amounts', async () => {
    await setShopLanguage('fr');
    const mail = await mailAs(shop.cashier.client);
    expect(mail.subject).toBe(`Votre ticket ${receiptNo()}`);
    expect(mail.text).toContain(`Ticket ${receiptNo()}, 21 nov. 2026,`);
    expect(mail.text.split('\n').find((line) => line.startsWith('Total : '))).toMatch(EURO_CONTINENTAL);
    expect(mail.text).toContain('Votre ticket en ligne : ');
    expect(mail.html).toContain('<div lang="fr">');
  });
});

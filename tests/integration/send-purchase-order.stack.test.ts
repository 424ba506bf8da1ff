// The Edge Function send-purchase-order on the local stack (supabase/SPEC.md [PUR-15]): a manager mails an order
// to its supplier and the stack's mailbox has it — the subject, the lines, the manager's address to reply to,
// no link; the order becomes ordered once, however often the same request is sent; the limits, the address,
// and who may.
import type { SupabaseClient } from '@supabase/supabase-js';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, test } from 'vitest';
import { applyOps, op } from '../support/ops';
import { createShop, must, nth, type Shop } from '../support/shop';
import { anonClient, serviceClient, stackUrl, uniqueEmail, type CapturedMail } from '../support/supabase';

let shop: Shop;
let other: Shop;
let service: SupabaseClient;
let supplierEmail: string;
let supplier: string;

async function authHeader(client: SupabaseClient): Promise<Record<string, string>> {
  const { data } = await client.auth.getSession();
  return data.session ? { authorization: `Bearer ${data.session.access_token}` } : {};
}

async function sendAs(client: SupabaseClient, body: Record<string, unknown>) {
  const response = await fetch(`${stackUrl()}/functions/v1/send-purchase-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await authHeader(client)) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function mailsTo(to: string): Promise<CapturedMail[]> {
  const response = await fetch(`${stackUrl()}/local/v1/mail?to=${encodeURIComponent(to)}`);
  return (await response.json()) as CapturedMail[];
}

/** A draft of the shop's manager, to `supplierId`: its id. */
async function draftOrder(supplierId = supplier, note: string | null = null): Promise<string> {
  const id = uuidv7();
  const [answer] = await applyOps(shop.manager.client, [
    op('purchase_order.save', {
      id,
      company_id: shop.companyId,
      store_id: shop.storeId,
      supplier_id: supplierId,
      note,
      lines: [
        { id: uuidv7(), product_id: nth(shop.products, 0).id, quantity: 24 },
        { id: uuidv7(), product_id: nth(shop.products, 1).id, quantity: 10.5 },
      ],
    }),
  ]);
  expect(answer?.status).toBe('applied');
  return id;
}

async function addSupplier(name: string, email: string | null): Promise<string> {
  return must<{ id: string }>(
    await service.from('suppliers').insert({ company_id: shop.companyId, name, email }).select('id').single(),
    name,
  ).id;
}

beforeAll(async () => {
  service = serviceClient();
  [shop, other] = await Promise.all([createShop({ products: 2 }), createShop({ products: 1 })]);
  must<unknown>(
    await service.from('products').update({ unit: 'kg' }).eq('id', nth(shop.products, 1).id),
    'kg',
  );
  supplierEmail = uniqueEmail('supplier');
  supplier = await addSupplier('Fresh Fields Produce', supplierEmail);
}, 120_000);

describe('[PUR-15] send-purchase-order', () => {
  test('[PUR-15] a manager sends a draft: one plain mail, no link, Reply-To the manager; the order is ordered', async () => {
    const id = await draftOrder();
    const request = { id: uuidv7(), purchase_order_id: id };
    expect(await sendAs(shop.manager.client, request)).toEqual({
      status: 200,
      body: { sent: true, number: 'PO-0001', status: 'ordered' },
    });
    expect(await sendAs(shop.manager.client, request)).toEqual({
      status: 200,
      body: { sent: true, number: 'PO-0001', status: 'ordered' },
    });
    const mails = await mailsTo(supplierEmail);
    expect(mails).toHaveLength(1);
    const mail = nth(mails, 0);
    expect(mail.subject).toBe('Purchase order PO-0001 from Test Shop');
    expect(mail.reply_to).toBe(shop.manager.email);
    expect(mail.link).toBeUndefined();
    expect(mail.text).not.toMatch(/:\/\//);
    expect(mail.text).toContain(`- 24 × ${nth(shop.products, 0).name} (P-1)`);
    expect(mail.text).toContain(`- 10.5 kg × ${nth(shop.products, 1).name} (P-2)`);
    const order = must<{ status: string; ordered_via: string }>(
      await service.from('purchase_orders').select('status, ordered_via').eq('id', id).single(),
      'order',
    );
    expect(order).toEqual({ status: 'ordered', ordered_via: 'mail' });
    const events = must<{ kind: string }[]>(
      await service.from('stock_document_events').select('kind').eq('document_id', id).order('seq'),
      'events',
    );
    expect(events.map((e) => e.kind)).toEqual(['created', 'ordered', 'sent']);
  });

  test('[PUR-15] [MAIL-4] what the shop typed is plain words: a note never becomes a link', async () => {
    const id = await draftOrder(supplier, 'Call http://evil.example or mail boss@evil.example');
    expect((await sendAs(shop.manager.client, { id: uuidv7(), purchase_order_id: id })).status).toBe(200);
    const mail = nth(await mailsTo(supplierEmail), 0);
    expect(mail.text).toContain('Note: Call http: //evil\u2024example or mail boss at evil\u2024example');
  });

  test('[PUR-15] [RLANG-2] a shop whose language is de mails its supplier in German, numbers and day too', async () => {
    const setLanguage = async (language: string) =>
      must<unknown>(
        await service.from('companies').update({ language }).eq('id', shop.companyId).select('id'),
        'language',
      );
    await setLanguage('de');
    try {
      const id = await draftOrder(supplier, 'Bitte vormittags liefern');
      expect((await sendAs(shop.manager.client, { id: uuidv7(), purchase_order_id: id })).status).toBe(200);
      const mail = nth(await mailsTo(supplierEmail), 0);
      expect(mail.subject).toMatch(/^Bestellung PO-\d{4} von Test Shop$/);
      const lines = mail.text.split('\n');
      expect(lines.slice(1, 3)).toEqual(['Von: Test Shop', 'An: Fresh Fields Produce']);
      expect(lines).toContain(`- 10,5 kg × ${nth(shop.products, 1).name} (P-2)`);
      expect(lines.some((line) => /^Erwartet am: \d{1,2}\. \p{L}+ \d{4}$/u.test(line))).toBe(true);
      expect(lines).toContain('Hinweis: Bitte vormittags liefern');
      expect(lines.at(-1)).toBe('Bitte antworten Sie auf diese E-Mail, um die Bestellung zu bestätigen.');
    } finally {
      await setLanguage('en');
    }
  });

  test('[PUR-15] [MAIL-2] at most 5 mails of one order an hour: the 6th is 429 rate_limited', async () => {
    const id = await draftOrder();
    for (let i = 0; i < 5; i += 1) {
      expect((await sendAs(shop.manager.client, { id: uuidv7(), purchase_order_id: id })).status).toBe(200);
    }
    const refused = await sendAs(shop.manager.client, { id: uuidv7(), purchase_order_id: id });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: 'rate_limited' } });
  });

  test('[PUR-15] [PUR-43] a supplier without an email is no_supplier_email; a cancelled order is wrong_status', async () => {
    const noEmail = await draftOrder(await addSupplier('Bean & Leaf Coffee', null));
    const refused = await sendAs(shop.manager.client, { id: uuidv7(), purchase_order_id: noEmail });
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'no_supplier_email' } } });
    const id = await draftOrder();
    await applyOps(shop.manager.client, [
      op('purchase_order.close', { id, action: 'cancel', occurred_at: new Date().toISOString() }),
    ]);
    expect((await sendAs(shop.manager.client, { id: uuidv7(), purchase_order_id: id })).body).toMatchObject({
      error: { code: 'wrong_status' },
    });
  });

  test('[PUR-15] [PUR-10] a cashier is refused, another shop’s manager does not know the order, anon is 401', async () => {
    const id = await draftOrder();
    expect(await sendAs(shop.cashier.client, { id: uuidv7(), purchase_order_id: id })).toMatchObject({
      status: 403,
      body: { error: { code: 'insufficient_role' } },
    });
    expect(await sendAs(other.manager.client, { id: uuidv7(), purchase_order_id: id })).toMatchObject({
      status: 404,
      body: { error: { code: 'unknown_purchase_order' } },
    });
    expect((await sendAs(anonClient(), { id: uuidv7(), purchase_order_id: id })).status).toBe(401);
    expect(
      must<{ status: string }>(
        await service.from('purchase_orders').select('status').eq('id', id).single(),
        'order',
      ).status,
    ).toBe('draft');
  });
});

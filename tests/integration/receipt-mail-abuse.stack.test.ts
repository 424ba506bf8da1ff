// Receipt mail is not an open relay (issue 33, supabase/SPEC.md §18): the reproductions through the real
// send-receipt function on the local stack. A burst of sends is cut off at the documented limits with 429
// `rate_limited`; the link is SITE_URL's whatever Origin the caller sends; one address per request; the
// subject is fixed and the shop's text is plain; a body too large is 413 before it is read whole.
import { request as httpRequest } from 'node:http';
import type { SupabaseClient } from '@supabase/supabase-js';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_SITE_URL } from '../../supabase/local/config';
import { newReceiptToken } from '../../src/domain/receipt-link';
import { receiptActions } from '../../src/data/remote/receipt-links';
import { applyOps, saleOp, type Op } from '../support/ops';
import { createShop, nth, registerTerminal, type Shop, type Terminal } from '../support/shop';
import { appClientAs, stackUrl, uniqueEmail } from '../support/supabase';

/** The documented limits ([MAIL-2]): per sale, per user, per shop, in any hour. */
const PER_SALE = 5;
const PER_USER = 60;

let shop: Shop;
let till: Terminal;

beforeAll(async () => {
  shop = await createShop({ products: 1 });
  till = await registerTerminal(shop.cashier, shop.storeId);
});

async function recordSales(count: number, lineName?: string, at = { shop, till }): Promise<Op[]> {
  const sales = Array.from({ length: count }, () => {
    const sale = saleOp({ terminal: at.till, lines: [{ product: nth(at.shop.products, 0), quantity: 1 }] });
    sale.args.receipt_token = newReceiptToken();
    if (lineName !== undefined) nth(sale.args.lines as { name: string }[], 0).name = lineName;
    return sale;
  });
  const answers = await applyOps(at.shop.cashier.client, sales);
  expect(answers.map((a) => a.status)).toEqual(sales.map(() => 'applied'));
  return sales;
}

async function bearer(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  return `Bearer ${data.session?.access_token ?? ''}`;
}

async function send(body: unknown, headers: Record<string, string> = {}, from = shop.cashier.client) {
  const response = await fetch(`${stackUrl()}/functions/v1/send-receipt`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: await bearer(from),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { status?: string; error?: { code: string; message: string } },
  };
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  link?: string;
}

async function mailsTo(to: string): Promise<Mail[]> {
  const response = await fetch(`${stackUrl()}/local/v1/mail?to=${encodeURIComponent(to)}`);
  return (await response.json()) as Mail[];
}

const urlsIn = (text: string) => text.match(/https?:\/\/[^\s"<>]+/g) ?? [];

describe('send-receipt limits', () => {
  test('[MAIL-2] a sale is mailed at most 5 times an hour; the 6th is 429 rate_limited in words', async () => {
    const sale = nth(await recordSales(1), 0);
    const to = uniqueEmail('per-sale');
    for (let i = 0; i < PER_SALE; i += 1) {
      const sent = await send({ id: uuidv7(), sale_id: sale.args.id, email: to });
      expect(sent, `send ${String(i + 1)}`).toEqual({ status: 200, body: { status: 'sent' } });
    }
    const refused = await send({ id: uuidv7(), sale_id: sale.args.id, email: to });
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe('rate_limited');
    expect(refused.body.error?.message).toMatch(/5 times in the last hour/);
    expect(await mailsTo(to)).toHaveLength(PER_SALE);
    // [MAIL-6] The app reads the 429 in words (the till's mailer then keeps the mail queued, saying so).
    const app = receiptActions(await appClientAs(shop.cashier.client));
    const words = 'Too many receipts were mailed in the last hour: try again later.';
    await expect(
      app.email({ id: uuidv7(), saleId: sale.args.id as string, email: to }),
    ).rejects.toMatchObject({
      code: 'rate_limited',
      message: words,
    });
  });

  test('[MAIL-2] a burst from one account stops at 60 an hour, to any addresses, and retries count once', async () => {
    // A shop of its own: its cashier has sent nothing else this hour.
    const own = await createShop({ products: 1 });
    const at = { shop: own, till: await registerTerminal(own.cashier, own.storeId) };
    const sales = await recordSales(Math.ceil((PER_USER + 1) / PER_SALE), undefined, at);
    const requests = Array.from({ length: PER_USER + 1 }, (_, i) => ({
      id: uuidv7(),
      sale_id: nth(sales, Math.floor(i / PER_SALE)).args.id,
      email: uniqueEmail('burst'),
    }));
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof send>> | undefined;
    for (const request of requests) {
      const answer = await send(request, {}, own.cashier.client);
      statuses.push(answer.status);
      if (answer.status !== 200) refused = answer;
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(PER_USER);
    expect(statuses.at(-1)).toBe(429);
    expect(refused?.body.error?.code).toBe('rate_limited');
    expect(refused?.body.error?.message).toMatch(/60 receipts/);
    // A request already counted is not a new send: a till's retry of it answers, and nothing is mailed twice.
    expect(await send(nth(requests, 0), {}, own.cashier.client)).toEqual({
      status: 200,
      body: { status: 'already_sent' },
    });
  });
});

describe('send-receipt content', () => {
  test('[MAIL-1] the link is built from SITE_URL whatever Origin and Referer the caller sends', async () => {
    const sale = nth(await recordSales(1), 0);
    const to = uniqueEmail('origin');
    const sent = await send(
      { id: uuidv7(), sale_id: sale.args.id, email: to },
      { origin: 'https://evil.example', referer: 'https://evil.example/page' },
    );
    expect(sent.body).toEqual({ status: 'sent' });
    const [mail] = await mailsTo(to);
    const link = `${DEFAULT_SITE_URL}/r/${String(sale.args.receipt_token)}`;
    expect(mail?.link).toBe(link);
    expect(urlsIn(`${mail?.text ?? ''} ${mail?.html ?? ''}`)).toEqual([link, link]);
  });

  test('[MAIL-3] two addresses, a list or a header in the address are refused; one is normalised', async () => {
    const sale = nth(await recordSales(1), 0);
    const a = uniqueEmail('one');
    const b = uniqueEmail('two');
    for (const email of [
      `${a}, ${b}`,
      `${a};${b}`,
      `${a}\nBcc: ${b}`,
      [a, b],
      `"${a}" <${b}>`,
      `${a} ${b}`,
    ]) {
      const refused = await send({ id: uuidv7(), sale_id: sale.args.id, email });
      expect(refused, JSON.stringify(email)).toMatchObject({
        status: 400,
        body: { error: { code: 'invalid_email' } },
      });
    }
    expect([...(await mailsTo(a)), ...(await mailsTo(b))]).toEqual([]);
    const [local, domain] = a.split('@') as [string, string];
    const typed = `  ${local}@${domain.toUpperCase()} `;
    expect((await send({ id: uuidv7(), sale_id: sale.args.id, email: typed })).body).toEqual({
      status: 'sent',
    });
    expect((await mailsTo(a)).map((m) => m.to)).toEqual([a]);
  });

  test("[MAIL-4] the subject is fixed words and the number; the shop's text is plain and never a link", async () => {
    const lure = 'Claim your prize at http://evil.example/win or www.evil.example';
    const renamed = await shop.owner.client
      .from('companies')
      .update({ name: `Shop ${lure}`.slice(0, 200) })
      .eq('id', shop.companyId);
    expect(renamed.error).toBeNull();
    const sale = nth(await recordSales(1, `Gift ${lure}`), 0);
    const to = uniqueEmail('content');
    expect((await send({ id: uuidv7(), sale_id: sale.args.id, email: to })).body).toEqual({
      status: 'sent',
    });
    const [mail] = await mailsTo(to);
    expect(mail?.subject).toBe(`Your receipt ${String(sale.args.receipt_no)}`);
    const body = `${mail?.text ?? ''}\n${mail?.html ?? ''}`;
    expect(body).not.toContain('evil.example');
    expect(body).not.toContain('http://evil');
    expect(urlsIn(body).every((url) => url.startsWith(`${DEFAULT_SITE_URL}/r/`))).toBe(true);
    expect(mail?.html?.match(/<a\s/g)).toHaveLength(1);
    expect(mail?.text).toContain('Gift Claim your prize');
  });
});

/** A POST that declares `declared` bytes and sends only `sent` of them; answers the status. */
function declaredPost(path: string, declared: number, sent: number, authorization: string) {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(`${stackUrl()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': declared, authorization },
    });
    req.on('response', (response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
      req.destroy();
    });
    req.on('error', reject);
    req.write('x'.repeat(sent));
  });
}

describe('function bodies', () => {
  test('[MAIL-5] a body declared over 10 MB is 413 before it is sent, let alone read', async () => {
    const status = await declaredPost(
      '/functions/v1/send-receipt',
      50 * 1024 * 1024,
      1024,
      await bearer(shop.cashier.client),
    );
    expect(status).toBe(413);
  });

  test('[MAIL-5] send-receipt counts a streamed body and refuses it past 16 KB: 413 payload_too_large', async () => {
    const chunk = new TextEncoder().encode(`{"pad":"${'x'.repeat(4096)}`);
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(pulled === 1 ? chunk : new TextEncoder().encode('x'.repeat(4096)));
        if (pulled === 64) controller.close();
      },
    });
    const response = await fetch(`${stackUrl()}/functions/v1/send-receipt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: await bearer(shop.cashier.client) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });
});

// The Edge Function send-receipt on the local stack (supabase/SPEC.md [RCPT-15], [RCPT-16]): a member mails a
// receipt and the stack's mailbox has it with the total and the link; another shop's member and anon are
// refused; the same request id twice (a replayed receipt.email) sends once.
import type { SupabaseClient } from '@supabase/supabase-js';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, test } from 'vitest';
import { applyOps, op, saleOp, type Op } from '../support/ops';
import { createShop, nth, registerTerminal } from '../support/shop';
import type { Shop, Terminal } from '../support/shop';
import { anonClient, stackUrl, uniqueEmail } from '../support/supabase';
import { newReceiptToken } from '../../src/domain/receipt-link';
import { DEFAULT_SITE_URL } from '../../supabase/local/config';

let shop: Shop;
let other: Shop;
let till: Terminal;
let recorded: Op;

beforeAll(async () => {
  shop = await createShop({ products: 1 });
  other = await createShop({ products: 1 });
  till = await registerTerminal(shop.cashier, shop.storeId);
  recorded = saleOp({ terminal: till, lines: [{ product: nth(shop.products, 0), quantity: 1 }] });
  recorded.args.receipt_token = newReceiptToken();
  await applyOps(shop.cashier.client, [recorded]);
});

async function sendAs(client: SupabaseClient, body: Record<string, unknown>) {
  const response = await fetch(`${stackUrl()}/functions/v1/send-receipt`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: 'https://till.example',
      ...(await authHeader(client)),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function authHeader(client: SupabaseClient): Promise<Record<string, string>> {
  const { data } = await client.auth.getSession();
  return data.session ? { authorization: `Bearer ${data.session.access_token}` } : {};
}

async function mailsTo(to: string): Promise<{ subject: string; text: string; link?: string }[]> {
  const response = await fetch(`${stackUrl()}/local/v1/mail?to=${encodeURIComponent(to)}`);
  return (await response.json()) as { subject: string; text: string; link?: string }[];
}

describe('send-receipt', () => {
  test('[RCPT-16] a member sends; the mail has the total and the link, and the same id sends once', async () => {
    const to = uniqueEmail('receipt');
    const request = { id: uuidv7(), sale_id: recorded.args.id, email: to };
    expect(await sendAs(shop.cashier.client, request)).toEqual({ status: 200, body: { status: 'sent' } });
    expect(await sendAs(shop.cashier.client, request)).toEqual({
      status: 200,
      body: { status: 'already_sent' },
    });
    const mails = await mailsTo(to);
    expect(mails).toHaveLength(1);
    const total = (recorded.args.total as number) / 100;
    expect(mails[0]?.text).toContain(`Total: €${total.toFixed(2)}`);
    // [MAIL-1] From the stack's SITE_URL, never from the Origin header this request sent.
    expect(mails[0]?.link).toBe(`${DEFAULT_SITE_URL}/r/${String(recorded.args.receipt_token)}`);
    expect(mails[0]?.text).toContain(mails[0]?.link ?? 'no link');
  });

  test('[RCPT-15] a replayed receipt.email op records one request, which sends once', async () => {
    const to = uniqueEmail('queued');
    const queued = op('receipt.email', {
      id: uuidv7(),
      terminal_id: till.id,
      sale_id: recorded.args.id,
      email: to,
    });
    const [first] = await applyOps(shop.cashier.client, [queued]);
    const [again] = await applyOps(shop.cashier.client, [queued]);
    expect([first?.status, again?.status]).toEqual(['applied', 'duplicate']);
    const request = { id: queued.args.id, email: to };
    expect((await sendAs(shop.cashier.client, request)).body).toEqual({ status: 'sent' });
    expect((await sendAs(shop.cashier.client, request)).body).toEqual({ status: 'already_sent' });
    expect(await mailsTo(to)).toHaveLength(1);
  });

  test("[RCPT-16] another shop's member and anon are refused, and nothing is sent", async () => {
    const to = uniqueEmail('stranger');
    const request = { id: uuidv7(), sale_id: recorded.args.id, email: to };
    const stranger = await sendAs(other.owner.client, request);
    expect(stranger.status).toBe(403);
    expect(stranger.body).toMatchObject({ error: { code: 'not_member' } });
    const anon = await sendAs(anonClient(), request);
    expect(anon.status).toBe(401);
    expect(await mailsTo(to)).toHaveLength(0);
  });

  test('[RCPT-15] a bad address is refused before anything is recorded', async () => {
    const bad = await sendAs(shop.cashier.client, {
      id: uuidv7(),
      sale_id: recorded.args.id,
      email: 'not-an-address',
    });
    expect(bad.body).toMatchObject({ error: { code: 'invalid_email' } });
  });
});

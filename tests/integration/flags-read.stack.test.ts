// The back office's reads of flags (issue 33) through the app's own module and the real client: a manager
// gets the shop's flags with each sale's receipt number, today's count and one sale's flags; a cashier is
// refused in words (or reads nothing under RLS). And the card report's unverified part ([FLAGUI-6]).
import type { SupabaseClient } from '@supabase/supabase-js';
import { QueryClient } from '@tanstack/react-query';
import { beforeAll, describe, expect, test } from 'vitest';
import { fetchFlags, fetchSaleFlags, flagCountQuery, FlagsError } from '../../src/data/remote/flags';
import type { Supabase } from '../../src/data/remote/supabase-client';
import { dayIn } from '../../src/lib/calendar';
import { applyOps, saleArgs, op } from '../support/ops';
import { createShop, must, nth, registerTerminal, type Shop } from '../support/shop';
import { appClientAs, serviceClient } from '../support/supabase';

let shop: Shop;
let manager: Supabase;
let cashier: Supabase;
let flaggedSale: { id: string; receipt_no: string };
let readerPaymentId: string;

async function sell(client: SupabaseClient, args: ReturnType<typeof saleArgs>) {
  const [answer] = await applyOps(client, [op('sale.record', args)]);
  expect(answer?.status).toBe('applied');
}

beforeAll(async () => {
  shop = await createShop({ products: 1 });
  const till = await registerTerminal(shop.manager, shop.storeId);
  const product = nth(shop.products, 0);
  // Three sales today: one paid on an external terminal (reference 'TEST'), one in cash, one on a reader.
  const external = saleArgs({ terminal: till, lines: [{ product, quantity: 2 }], tender: 'card' });
  const cash = saleArgs({ terminal: till, lines: [{ product, quantity: 1 }], tender: 'cash' });
  const reader = saleArgs({ terminal: till, lines: [{ product, quantity: 3 }], tender: 'card' });
  for (const args of [external, cash, reader]) await sell(shop.manager.client, args);
  flaggedSale = { id: external.id, receipt_no: String(external.receipt_no) };
  readerPaymentId = String((reader.payments as { id: string }[])[0]?.id);
  const service = serviceClient();
  // A reader's payment that succeeded and is linked to the third sale's tender, as [CARD-7] links one.
  must<unknown>(
    await service.from('card_payments').insert({
      company_id: shop.companyId,
      terminal_id: till.id,
      sale_id: reader.id,
      payment_id: readerPaymentId,
      amount: reader.total,
      currency: 'EUR',
      payment_intent_id: 'pi_flagsui_reader',
      status: 'succeeded',
      linked_at: new Date().toISOString(),
    }),
    'card_payments',
  );
  must<unknown>(
    await service.from('flags').insert([
      {
        company_id: shop.companyId,
        kind: 'price',
        sale_id: external.id,
        terminal_id: till.id,
        dedupe_key: 'flagsui:price',
        detail: { line_id: 'l1', name: 'Product 1', claimed: 1, expected: 100 },
      },
      { company_id: shop.companyId, kind: 'unverified_cashier', dedupe_key: 'flagsui:cashier', detail: {} },
    ]),
    'flags',
  );
  [manager, cashier] = await Promise.all([
    appClientAs(shop.manager.client),
    appClientAs(shop.cashier.client),
  ]);
});

describe('the flags a manager reads', () => {
  test('[FLAGUI-2] the shop’s flags, newest first, each with its sale’s receipt number', async () => {
    const flags = await fetchFlags(manager, shop.companyId, null);
    expect(flags.map((flag) => [flag.kind, flag.receiptNo]).sort()).toEqual([
      ['price', flaggedSale.receipt_no],
      ['unverified_cashier', null],
    ]);
    const price = flags.find((flag) => flag.kind === 'price');
    expect(price).toMatchObject({ saleId: flaggedSale.id, detail: { name: 'Product 1', claimed: 1 } });
    expect(await fetchFlags(manager, shop.companyId, new Date(Date.now() + 60_000).toISOString())).toEqual(
      [],
    );
  });

  test('[FLAGUI-3] today’s count, through the query the overview uses', async () => {
    const count = await new QueryClient().query(
      flagCountQuery(manager, shop.companyId, new Date(Date.now() - 3_600_000).toISOString()),
    );
    expect(count).toBe(2);
  });

  test('[FLAGUI-1] one sale’s flags', async () => {
    const flags = await fetchSaleFlags(manager, shop.companyId, flaggedSale.id);
    expect(flags.map((flag) => flag.kind)).toEqual(['price']);
  });

  test('[FLAGUI-7] a cashier is refused in words, and reads no sale’s flags', async () => {
    const refused = await fetchFlags(cashier, shop.companyId, null).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FlagsError);
    expect(refused).toMatchObject({ code: '42501', words: 'Flags are shown to managers and owners only.' });
    expect(await fetchSaleFlags(cashier, shop.companyId, flaggedSale.id)).toEqual([]);
  });
});

describe('the card report', () => {
  test('[FLAGUI-6] counts the card tenders no succeeded reader payment is linked to, for managers only', async () => {
    const day = dayIn('Europe/Paris');
    const range = { p_company: shop.companyId, p_from: day, p_to: day };
    const rows = must<{ payments_count: number; amount: number }[]>(
      await manager.rpc('report_card_unverified', range),
      'report_card_unverified',
    );
    expect(rows).toEqual([{ payments_count: 1, amount: 200 }]);
    const asCashier = await cashier.rpc('report_card_unverified', range);
    expect(asCashier.error).toMatchObject({ code: '42501' });
  });
});

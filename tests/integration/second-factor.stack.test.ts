// Two-step sign-in protects data, not only `PUT /user` (supabase/SPEC.md [RLS-6], src/data/sync/SPEC.md
// [AUTH-6]): a password-only (aal1) token of a user with a verified factor gets nothing from RLS or any
// function; the aal2 session the app stores at sign-in keeps working, through refreshes too.
import 'fake-indexeddb/auto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LedgerDb } from '../../src/data/local/ledger-db';
import { saleWithLines } from '../../src/data/local/ledger-reads';
import { jwtClaims, PASSWORD } from '../support/auth';
import { applyOps } from '../support/ops';
import { createShop, nth, type Shop } from '../support/shop';
import { anonClient } from '../support/supabase';
import { queueOneSale, registeredTill, type Till } from '../support/sync-stack';

let shop: Shop;
let factorSecret: string;
let factorId: string;
let passwordOnly: SupabaseClient;
let till: Till;
let ledger: LedgerDb;

const codeFor = (secret: string): string =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

async function stepUp(client: SupabaseClient): Promise<void> {
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code: codeFor(factorSecret) });
  if (error) throw new Error(error.message);
}

beforeAll(async () => {
  shop = await createShop({ products: 1 });
  // The cashier's till is set up first; then the cashier turns on two-step sign-in on their own client.
  ({ till, ledger } = await registeredTill('mfa', shop.cashier.email, {
    storeId: shop.storeId,
    name: 'MFA till',
  }));
  const { data, error } = await shop.cashier.client.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: 'Phone',
  });
  if (error) throw new Error(error.message);
  factorSecret = data.totp.secret;
  factorId = data.id;
  await stepUp(shop.cashier.client);
  passwordOnly = anonClient();
  const signedIn = await passwordOnly.auth.signInWithPassword({
    email: shop.cashier.email,
    password: PASSWORD,
  });
  if (signedIn.error) throw new Error(signedIn.error.message);
});

afterAll(() => {
  ledger.close();
});

describe('a password-only token of a user with a verified factor', () => {
  test('[RLS-6] reads nothing through RLS', async () => {
    const products = await passwordOnly.from('products').select('id');
    expect(products.data).toEqual([]);
    const members = await passwordOnly.from('company_members').select('id');
    expect(members.data).toEqual([]);
  });

  test('[RLS-6] every function refuses it with second_factor_required', async () => {
    const calls = [
      passwordOnly.rpc('apply_ops', { ops: [] }),
      passwordOnly.rpc('pull_changes', { p_table: 'products', p_after: null, p_limit: 10 }),
      passwordOnly.rpc('create_invite', { p_company: shop.companyId, p_role: 'cashier' }),
      passwordOnly.rpc('register_terminal', { p_store: shop.storeId, p_name: 'Sneaky' }),
      passwordOnly.rpc('report_sales_by_day', {
        p_company: shop.companyId,
        p_from: '2026-01-01',
        p_to: '2026-12-31',
      }),
      passwordOnly.rpc('create_company', {
        p_name: 'Other',
        p_currency: 'EUR',
        p_time_zone: 'Europe/Paris',
        p_prices_include_tax: true,
        p_default_tax_rate_bp: 2000,
      }),
      passwordOnly.rpc('join_company', { p_code: 'ABCDEFGH' }),
    ];
    for (const { error } of await Promise.all(calls)) {
      expect(error).toMatchObject({ code: '42501', hint: 'second_factor_required' });
    }
  });

  test('[RLS-6] the aal2 session reads and acts; a refresh keeps it aal2; users without a factor are unaffected', async () => {
    expect((await shop.cashier.client.from('products').select('id')).data).toHaveLength(1);
    const refreshed = await shop.cashier.client.auth.refreshSession();
    expect(jwtClaims(refreshed.data.session?.access_token ?? '').aal).toBe('aal2');
    expect((await shop.cashier.client.from('products').select('id')).data).toHaveLength(1);
    expect(await applyOps(shop.cashier.client, [])).toEqual([]);
    expect((await shop.manager.client.from('products').select('id')).data).toHaveLength(1);
  });
});

describe('the till', () => {
  test('[AUTH-6] with a password-only session the till keeps its sale and asks for the code; after it, the sale syncs', async () => {
    const sold = await queueOneSale(ledger, shop.companyId, nth(shop.products, 0));
    const engine = till.engine(ledger);
    await engine.syncNow();
    expect(engine.getStatus()).toMatchObject({
      phase: 'needs_sign_in',
      lastError: 'Sign in again with the code from your authenticator app to sync.',
    });
    expect(await ledger.outbox.count()).toBe(1);
    expect(await ledger.deadLetters.count()).toBe(0);

    await stepUp(till.client);
    await engine.syncNow();
    expect(await ledger.outbox.count()).toBe(0);
    expect(await saleWithLines(ledger, sold.saleId)).toMatchObject({ sync: 'synced' });
  });
});

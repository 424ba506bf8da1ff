// Onboarding and terminals through supabase-js (supabase/SPEC.md §5): create a company, invite staff, join
// with a code once, register tills with short codes.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, expect, test } from 'vitest';
import { createShop, must, nth, signUpPerson } from '../support/shop';
import type { Person, Shop } from '../support/shop';
import { signJwt } from '../../supabase/local/jwt';
import { jwtClaims } from '../support/auth';
import { anonClient, latestMail, serviceClient, signInByMagicLink, uniqueEmail } from '../support/supabase';
import { userClient } from '../support/tokens';

let shop: Shop;

beforeAll(async () => {
  shop = await createShop();
});

interface Invite {
  id: string;
  code: string;
  role: string;
  expires_at: string;
}

async function rpcError(client: SupabaseClient, fn: string, args: Record<string, unknown>) {
  const { error } = await client.rpc(fn, args);
  return error ? { code: error.code, hint: error.hint } : null;
}

/** An access token for `id` whose email claim says `email`, whatever auth.users holds. */
async function tokenFor(id: string, email: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ sub: id, role: 'authenticated', aud: 'authenticated', email, iat: now, exp: now + 600 });
}

async function newInvite(role = 'cashier', extra: Record<string, unknown> = {}): Promise<Invite> {
  return must<Invite>(
    await shop.owner.client.rpc('create_invite', { p_company: shop.companyId, p_role: role, ...extra }),
    'create_invite',
  );
}

test('[ONB-1] create_company makes the caller owner of a company with a first store', async () => {
  const founder = await signUpPerson('founder');
  const made = must<{ company_id: string; store_id: string }>(
    await founder.client.rpc('create_company', {
      p_name: 'Corner Shop',
      p_currency: 'chf',
      p_time_zone: 'Europe/Zurich',
      p_store_name: 'Bahnhofstrasse',
      p_display_name: 'Fritz',
    }),
    'create_company',
  );
  const members = must<{ role: string; display_name: string; user_id: string }[]>(
    await founder.client
      .from('company_members')
      .select('role, display_name, user_id')
      .eq('company_id', made.company_id),
    'members',
  );
  expect(members).toEqual([{ role: 'owner', display_name: 'Fritz', user_id: founder.id }]);
  const stores = must<{ id: string; name: string }[]>(
    await founder.client.from('stores').select('id, name'),
    'stores',
  );
  expect(stores).toEqual([{ id: made.store_id, name: 'Bahnhofstrasse' }]);
  const company = must<{ currency: string }>(
    await founder.client.from('companies').select('currency').eq('id', made.company_id).single(),
    'company',
  );
  expect(company.currency).toBe('CHF');
});

test('[ONB-1] [SCHEMA-4] [SCHEMA-2] unknown currencies, unknown time zones and blank names are refused', async () => {
  const founder = await signUpPerson('founder');
  expect(await rpcError(founder.client, 'create_company', { p_name: 'X', p_currency: 'XYZ' })).toEqual({
    code: 'P0001',
    hint: 'unknown_currency',
  });
  expect(
    await rpcError(founder.client, 'create_company', { p_name: 'X', p_time_zone: 'Mars/Olympus' }),
  ).toEqual({ code: 'P0001', hint: 'unknown_time_zone' });
  expect(await rpcError(founder.client, 'create_company', { p_name: '   ' })).toEqual({
    code: 'P0001',
    hint: 'invalid_args',
  });
  const { count } = await founder.client.from('company_members').select('id', { count: 'exact', head: true });
  expect(count).toBe(0);
});

test('[ONB-2] [ONB-3] owners create and list invites; managers and cashiers cannot', async () => {
  const invite = await newInvite('manager', { p_valid_days: 3 });
  expect(invite.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  expect(new Date(invite.expires_at).getTime() - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
  const listed = must<Invite[]>(
    await shop.owner.client.rpc('list_invites', { p_company: shop.companyId }),
    'list',
  );
  expect(listed.map((i) => i.id)).toContain(invite.id);
  for (const person of [shop.manager, shop.cashier]) {
    expect(
      await rpcError(person.client, 'create_invite', { p_company: shop.companyId, p_role: 'cashier' }),
    ).toMatchObject({ code: '42501', hint: 'insufficient_role' });
    expect(await rpcError(person.client, 'list_invites', { p_company: shop.companyId })).toMatchObject({
      code: '42501',
    });
  }
  expect(
    await rpcError(shop.owner.client, 'create_invite', { p_company: shop.companyId, p_role: 'admin' }),
  ).toMatchObject({ hint: 'invalid_args' });
});

test('[ONB-8] an invite for an address is mailed to it with its code; nobody else can make the server mail one', async () => {
  const invited = uniqueEmail('invited');
  const invite = await newInvite('cashier', { p_email: invited });
  const mail = await latestMail(invited);
  expect(mail.subject).toMatch(/^Your invite to /);
  expect(mail.text).toContain(invite.code);
  expect(mail.text).toContain('Join a shop');

  const otherShop = await createShop({ products: 1 });
  const target = uniqueEmail('target');
  for (const outsider of [otherShop.owner, shop.manager]) {
    expect(
      await rpcError(outsider.client, 'create_invite', {
        p_company: shop.companyId,
        p_role: 'owner',
        p_email: target,
      }),
    ).toMatchObject({ code: '42501' });
  }
  await expect(latestMail(target)).rejects.toThrow(/no mail captured/);
});

test('[ONB-5] an invite code joins once, in its role, whatever its case and dashes', async () => {
  const invite = await newInvite('manager');
  const joiner = await signUpPerson('joiner');
  const spelled = `${invite.code.slice(0, 4).toLowerCase()}-${invite.code.slice(4)}`;
  const joined = must<{ company_id: string; role: string }>(
    await joiner.client.rpc('join_company', { p_code: spelled }),
    'join',
  );
  expect(joined).toMatchObject({ company_id: shop.companyId, role: 'manager' });
  const late = await signUpPerson('late');
  expect(await rpcError(late.client, 'join_company', { p_code: invite.code })).toEqual({
    code: 'P0001',
    hint: 'invite_used',
  });
  expect(await rpcError(joiner.client, 'join_company', { p_code: (await newInvite()).code })).toEqual({
    code: 'P0001',
    hint: 'already_member',
  });
  expect(await rpcError(late.client, 'join_company', { p_code: 'NOSUCH22' })).toEqual({
    code: 'P0001',
    hint: 'invite_not_found',
  });
});

test('[ONB-4] [ONB-5] revoked, expired and other-email invites do not work', async () => {
  const person: Person = await signUpPerson('hopeful');
  const revoked = await newInvite();
  must<unknown>(await shop.owner.client.rpc('revoke_invite', { p_invite: revoked.id }), 'revoke');
  expect(await rpcError(person.client, 'join_company', { p_code: revoked.code })).toEqual({
    code: 'P0001',
    hint: 'invite_revoked',
  });
  const expired = await newInvite();
  must<unknown>(
    await serviceClient()
      .from('invites')
      .update({
        expires_at: new Date(Date.now() - 1000).toISOString(),
        created_at: new Date(Date.now() - 86_400_000).toISOString(),
      })
      .eq('id', expired.id),
    'expire',
  );
  expect(await rpcError(person.client, 'join_company', { p_code: expired.code })).toEqual({
    code: 'P0001',
    hint: 'invite_expired',
  });
  const forSomeoneElse = await newInvite('cashier', { p_email: 'someone@else.test' });
  expect(await rpcError(person.client, 'join_company', { p_code: forSomeoneElse.code })).toEqual({
    code: 'P0001',
    hint: 'invite_wrong_email',
  });
  const forMe = await newInvite('cashier', { p_email: person.email.toUpperCase() });
  await signInByMagicLink(person.client, person.email);
  expect(await rpcError(person.client, 'join_company', { p_code: forMe.code })).toBeNull();
  expect(await rpcError(shop.manager.client, 'revoke_invite', { p_invite: forSomeoneElse.id })).toMatchObject(
    { code: '42501' },
  );
  expect(await rpcError(shop.owner.client, 'revoke_invite', { p_invite: forMe.id })).toEqual({
    code: 'P0001',
    hint: 'invite_used',
  });
});

test('[ONB-7] an invite for an address is accepted only from a session that proved the mailbox by a mailed link', async () => {
  const invited = uniqueEmail('invited');
  const invite = await newInvite('cashier', { p_email: invited });
  // Anyone can sign up with the address (this stack, like the CLI's, confirms sign-ups without mail): a
  // password session proves nothing about the mailbox.
  const person = anonClient();
  const { data } = await person.auth.signUp({ email: invited, password: 'invited-password-1' });
  expect(data.session).not.toBeNull();
  expect(await rpcError(person, 'join_company', { p_code: invite.code })).toEqual({
    code: 'P0001',
    hint: 'email_not_confirmed',
  });
  // A token whose email claim names the address, for an account with another address, is not believed.
  const other = await signUpPerson('claims');
  const claiming = (
    await userClient({ id: other.id, email: invited, token: await tokenFor(other.id, invited) })
  ).client;
  expect(await rpcError(claiming, 'join_company', { p_code: invite.code })).toEqual({
    code: 'P0001',
    hint: 'invite_wrong_email',
  });
  // Whoever reads the mailbox follows the magic link mailed to it; that session may use the invite.
  const session = await signInByMagicLink(person, invited);
  expect(jwtClaims(session.access_token).amr).toEqual([expect.objectContaining({ method: 'otp' })]);
  expect(await rpcError(person, 'join_company', { p_code: invite.code })).toBeNull();
});

test('[ONB-6] terminals get the next short code per company, and registering the same device again answers the same terminal', async () => {
  const other = await createShop({ products: 1 });
  const register = async (client: SupabaseClient, storeId: string, id: string) =>
    must<{ id: string; code: string }>(
      await client.rpc('register_terminal', { p_store: storeId, p_name: 'Till', p_id: id }),
      'register',
    );
  const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  const first = await register(shop.cashier.client, shop.storeId, nth(ids, 0));
  const second = await register(shop.manager.client, shop.storeId, nth(ids, 1));
  const again = await register(shop.cashier.client, shop.storeId, nth(ids, 0));
  const elsewhere = await register(other.cashier.client, other.storeId, nth(ids, 2));
  const n = (code: string) => Number(code.slice(1));
  expect(n(second.code)).toBe(n(first.code) + 1);
  expect(again).toMatchObject({ id: first.id, code: first.code });
  expect(elsewhere.code).toBe('T1');
  expect(
    await rpcError(other.cashier.client, 'register_terminal', {
      p_store: other.storeId,
      p_name: 'Till',
      p_id: first.id,
    }),
  ).toEqual({ code: 'P0001', hint: 'duplicate_id' });
  expect(
    await rpcError(other.cashier.client, 'register_terminal', { p_store: shop.storeId, p_name: 'Till' }),
  ).toMatchObject({ code: '42501', hint: 'not_member' });
  expect(
    await rpcError(shop.cashier.client, 'register_terminal', { p_store: shop.storeId, p_name: ' ' }),
  ).toEqual({ code: 'P0001', hint: 'invalid_args' });
});

test('[SCHEMA-6] the last owner cannot step down or be removed', async () => {
  const { data, error } = await shop.owner.client
    .from('company_members')
    .update({ role: 'manager' })
    .eq('company_id', shop.companyId)
    .eq('user_id', shop.owner.id)
    .select('role');
  expect(data).toBeNull();
  expect(error?.code).toBe('23514');
});

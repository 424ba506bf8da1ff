// Paired devices (supabase/SPEC.md §21, [DEV-1]…[DEV-12]): a manager's one-time code traded at the Edge
// Function pair-device for a till's own credentials, what that till's session may and may not do (as a till
// of its store, of another store of the shop and of another shop), its pull, and its revocation.
import type { SupabaseClient } from '@supabase/supabase-js';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, test } from 'vitest';
import { pairDevice, pairingCode, postPairDevice, type PairedDevice } from '../support/devices';
import { applyOps, op, saleOp } from '../support/ops';
import {
  addStore,
  createShop,
  must,
  nth,
  registerTerminal,
  shopDay,
  type Shop,
  type Terminal,
} from '../support/shop';
import { anonClient, serviceClient } from '../support/supabase';

let shop: Shop;
let other: Shop;
let storeB: string;
let device: PairedDevice;
let otherDevice: PairedDevice;
let tillA: Terminal;
let tillB: Terminal;

const CODE = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{2}$/;

beforeAll(async () => {
  shop = await createShop({ products: 2 });
  other = await createShop({ products: 1 });
  storeB = await addStore(shop, 'Store B');
  device = await pairDevice(shop.manager, shop.companyId, shop.storeId, 'Front counter');
  otherDevice = await pairDevice(other.manager, other.companyId, other.storeId);
  tillA = await registerTerminal({ ...shop.manager, client: device.client }, shop.storeId, 'Paired till');
  tillB = await registerTerminal(shop.manager, storeB, 'Store B till');
});

async function rpcError(
  client: SupabaseClient,
  fn: string,
  args: Record<string, unknown>,
): Promise<string | null> {
  const { error } = await client.rpc(fn, args);
  return error?.hint ?? error?.code ?? null;
}

const sale = (terminal: Terminal) =>
  saleOp({ terminal, lines: [{ product: nth(shop.products, 0), quantity: 1 }], cashierId: shop.cashier.id });

describe('pairing codes', () => {
  test('[DEV-2] a manager or owner gets a grouped one-time code for a store, valid 10 minutes', async () => {
    const made = must<{ code: string; expires_at: string; store_id: string; name: string }>(
      await shop.owner.client.rpc('create_pairing_code', {
        p_company: shop.companyId,
        p_store: storeB,
        p_name: 'Back till',
      }),
      'create_pairing_code',
    );
    expect(made.code).toMatch(CODE);
    expect(made.store_id).toBe(storeB);
    const minutes = (Date.parse(made.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  test('[DEV-2] cashiers, devices, other shops and other shops’ stores are refused', async () => {
    const args = { p_company: shop.companyId, p_store: shop.storeId, p_name: 'X' };
    expect(await rpcError(shop.cashier.client, 'create_pairing_code', args)).toBe('insufficient_role');
    expect(await rpcError(device.client, 'create_pairing_code', args)).toBe('insufficient_role');
    expect(await rpcError(other.owner.client, 'create_pairing_code', args)).toBe('not_member');
    expect(
      await rpcError(shop.manager.client, 'create_pairing_code', { ...args, p_store: other.storeId }),
    ).toBe('unknown_store');
    expect(await rpcError(shop.manager.client, 'create_pairing_code', { ...args, p_name: ' ' })).toBe(
      'invalid_args',
    );
  });
});

describe('pairing', () => {
  test('[DEV-3] the code buys a till its own account once; it signs in through supabase-js', async () => {
    const code = await pairingCode(shop.manager, shop.companyId, shop.storeId, 'Kiosk');
    // Typed as a person would: lower case, no dashes.
    const { status, body } = await postPairDevice(code.replaceAll('-', '').toLowerCase());
    expect(status).toBe(200);
    const { email, password } = body as { email: string; password: string };
    expect(email).toMatch(/^device-[0-9a-f-]{36}@devices\.invalid$/);
    expect(password.length).toBeGreaterThanOrEqual(43);
    expect(body.device).toMatchObject({ name: 'Kiosk', company_id: shop.companyId, store_id: shop.storeId });
    const client = anonClient();
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.user?.app_metadata).toMatchObject({ device: true, company_id: shop.companyId });
    const again = await postPairDevice(code);
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'pairing_code_used' } } });
  });

  test('[DEV-3] wrong and expired codes are refused with their own codes', async () => {
    expect(await postPairDevice('ABCD-EFGH-JK')).toMatchObject({
      status: 400,
      body: { error: { code: 'pairing_code_invalid' } },
    });
    const code = await pairingCode(other.manager, other.companyId, other.storeId);
    must<number>(
      await serviceClient().rpc('test_expire_pairing_codes', { p_company: other.companyId }),
      'age',
    );
    expect(await postPairDevice(code)).toMatchObject({
      status: 410,
      body: { error: { code: 'pairing_code_expired' } },
    });
  });

  test('[DEV-4] ten wrong codes from one caller stop it for 15 minutes, good codes too; others still pair', async () => {
    const guesser = '203.0.113.77';
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await postPairDevice(`ZZZZ-ZZZZ-Z${i}`, guesser)).status);
    expect(answers).toEqual(Array(10).fill(400));
    const good = await pairingCode(shop.manager, shop.companyId, shop.storeId);
    expect(await postPairDevice(good, guesser)).toMatchObject({
      status: 429,
      body: { error: { code: 'rate_limited' } },
    });
    expect((await postPairDevice(good, '203.0.113.78')).status).toBe(200);
  });

  test('[DEV-1] [DEV-10] managers list the shop’s paired tills; cashiers and devices cannot', async () => {
    const rows = must<{ id: string; name: string; store_name: string; paired_by_name: string }[]>(
      await shop.manager.client.rpc('list_devices', { p_company: shop.companyId }),
      'list_devices',
    );
    expect(rows.find((row) => row.id === device.id)).toMatchObject({
      name: 'Front counter',
      store_name: expect.any(String) as unknown,
      paired_by_name: expect.any(String) as unknown,
      revoked_at: null,
    });
    expect(rows.some((row) => row.id === otherDevice.id)).toBe(false);
    const args = { p_company: shop.companyId };
    expect(await rpcError(shop.cashier.client, 'list_devices', args)).toBe('insufficient_role');
    expect(await rpcError(device.client, 'list_devices', args)).toBe('insufficient_role');
  });
});

describe('what a paired till may do', () => {
  test('[DEV-6] it sells, opens shifts and records customers on its own store’s till', async () => {
    const shift = op('shift.open', {
      id: uuidv7(),
      terminal_id: tillA.id,
      opened_at: new Date().toISOString(),
      opening_float: 1000,
      cashier_id: shop.cashier.id,
    });
    const customer = op('customer.upsert', { id: uuidv7(), company_id: shop.companyId, name: 'Walk-in' });
    const answers = await applyOps(device.client, [shift, sale(tillA), customer]);
    expect(answers.map((a) => a.status)).toEqual(['applied', 'applied', 'applied']);
    // A lost answer: the same ops again are answered from applied_ops, to the device too ([OPS-13]).
    const replay = await applyOps(device.client, [customer]);
    expect(replay.map((a) => a.status)).toEqual(['duplicate']);
  });

  test('[DEV-6] a sale with no cashier named is not the device’s: it must name a person on the staff', async () => {
    const unnamed = saleOp({ terminal: tillA, lines: [{ product: nth(shop.products, 0), quantity: 1 }] });
    const [answer] = await applyOps(device.client, [unnamed]);
    expect(answer?.error?.code).toBe('unknown_cashier');
  });

  test('[DEV-7] another store’s till and another shop’s till are refused, not recorded', async () => {
    const [wrongStore] = await applyOps(device.client, [sale(tillB)]);
    expect(wrongStore).toMatchObject({ status: 'rejected', error: { code: 'insufficient_role' } });
    const [wrongShop] = await applyOps(otherDevice.client, [sale(tillA)]);
    expect(wrongShop).toMatchObject({ status: 'rejected', error: { code: 'not_member' } });
    expect(
      await rpcError(device.client, 'register_terminal', {
        p_store: storeB,
        p_name: 'Sneaky',
        p_id: uuidv7(),
      }),
    ).toBe('insufficient_role');
  });

  test('[DEV-6] nothing a manager or owner does: stock, refunds without approval, staff, reports, settings, invites', async () => {
    const move = op('stock.move', {
      id: uuidv7(),
      store_id: shop.storeId,
      product_id: nth(shop.products, 1).id,
      reason: 'receive',
      quantity: 5,
      occurred_at: new Date().toISOString(),
    });
    const [moved] = await applyOps(device.client, [move]);
    expect(moved?.error?.code).toBe('insufficient_role');
    const c = shop.companyId;
    const day = shopDay();
    expect(
      await rpcError(device.client, 'report_sales_by_day', { p_company: c, p_from: day, p_to: day }),
    ).toBe('insufficient_role');
    expect(await rpcError(device.client, 'report_customer_totals', { p_company: c })).toBe(
      'insufficient_role',
    );
    expect(await rpcError(device.client, 'list_flags', { p_company: c, p_since: null })).toBe(
      'insufficient_role',
    );
    expect(
      await rpcError(device.client, 'save_staff', {
        p_company_id: c,
        p_staff: { name: 'Eve', role: 'cashier' },
      }),
    ).toBe('insufficient_role');
    expect(await rpcError(device.client, 'create_invite', { p_company: c, p_role: 'owner' })).toBe(
      'insufficient_role',
    );
    expect(await rpcError(device.client, 'revoke_device', { p_company: c, p_device: device.id })).toBe(
      'insufficient_role',
    );
    const settings = await device.client
      .from('companies')
      .update({ name: 'Mine now' })
      .eq('id', c)
      .select('id');
    expect(settings.data ?? []).toEqual([]);
  });

  test('[DEV-8] its account never joins or creates a shop', async () => {
    const invite = must<{ code: string }>(
      await other.owner.client.rpc('create_invite', { p_company: other.companyId, p_role: 'owner' }),
      'invite',
    );
    expect(await rpcError(device.client, 'join_company', { p_code: invite.code })).toBe('device_account');
    expect(await rpcError(device.client, 'create_company', { p_name: 'Till Co' })).toBe('device_account');
  });

  test('[DEV-9] through the API it reads its shop, its store, its store’s tills and its own row only', async () => {
    const read = async (table: string): Promise<{ id: string }[]> =>
      must<{ id: string }[] | null>(await device.client.from(table).select('id'), table) ?? [];
    expect(await read('companies')).toEqual([{ id: shop.companyId }]);
    expect(await read('stores')).toEqual([{ id: shop.storeId }]);
    const tills = (await read('terminals')).map((row) => row.id);
    expect(tills).toContain(tillA.id);
    expect(tills).not.toContain(tillB.id);
    expect(await read('devices')).toEqual([{ id: device.id }]);
    for (const table of [
      'company_members',
      'staff',
      'customers',
      'sales',
      'products',
      'invites',
      'activity_events',
    ])
      expect(await read(table)).toEqual([]);
  });
});

describe('its pull', () => {
  async function pullAll(client: SupabaseClient, table: string): Promise<Record<string, unknown>[]> {
    const rows: Record<string, unknown>[] = [];
    let after: unknown = null;
    for (;;) {
      const page = must<{ rows: Record<string, unknown>[]; next: unknown; has_more: boolean }>(
        await client.rpc('pull_device_changes', { p_table: table, p_after: after, p_limit: 1000 }),
        table,
      );
      rows.push(...page.rows);
      if (!page.has_more) return rows;
      after = page.next;
    }
  }

  test('[DEV-12] the shop’s catalogue and staff, and only its own store’s stock, tills and sales', async () => {
    const [b] = await applyOps(shop.manager.client, [sale(tillB)]);
    expect(b?.status).toBe('applied');
    expect((await pullAll(device.client, 'products')).length).toBe(shop.products.length);
    expect((await pullAll(device.client, 'staff')).length).toBeGreaterThanOrEqual(3);
    expect((await pullAll(device.client, 'companies')).map((r) => r.id)).toEqual([shop.companyId]);
    expect((await pullAll(device.client, 'stores')).map((r) => r.id)).toEqual([shop.storeId]);
    const terminals = (await pullAll(device.client, 'terminals')).map((r) => r.id);
    expect(terminals).toContain(tillA.id);
    expect(terminals).not.toContain(tillB.id);
    const sales = await pullAll(device.client, 'sales');
    expect(sales.length).toBeGreaterThan(0);
    expect(sales.every((row) => row.store_id === shop.storeId)).toBe(true);
    const lines = await pullAll(device.client, 'sale_lines');
    const saleIds = new Set(sales.map((row) => row.id));
    expect(lines.every((row) => saleIds.has(row.sale_id))).toBe(true);
    expect((await pullAll(device.client, 'stock_levels')).every((row) => row.store_id === shop.storeId)).toBe(
      true,
    );
    expect(
      (await pullAll(otherDevice.client, 'products')).every((r) => r.company_id === other.companyId),
    ).toBe(true);
    // A till paired for store B sees store B's sale and tills, and none of store A's; it cannot sell on A's.
    const deviceB = await pairDevice(shop.manager, shop.companyId, storeB, 'Store B counter');
    expect((await pullAll(deviceB.client, 'sales')).map((row) => row.store_id)).toEqual([storeB]);
    expect((await pullAll(deviceB.client, 'terminals')).map((r) => r.id)).toEqual([tillB.id]);
    const [onA] = await applyOps(deviceB.client, [sale(tillA)]);
    expect(onA?.error?.code).toBe('insufficient_role');
  });

  test('[DEV-12] a pull stamps when the till last synced; people are not devices', async () => {
    await pullAll(device.client, 'companies');
    const { data } = await shop.manager.client
      .from('devices')
      .select('last_synced_at')
      .eq('id', device.id)
      .single();
    expect(Date.now() - Date.parse(String(data?.last_synced_at))).toBeLessThan(120_000);
    expect(await rpcError(shop.cashier.client, 'pull_device_changes', { p_table: 'products' })).toBe(
      'not_member',
    );
  });
});

describe('revoking', () => {
  test('[DEV-11] a revoked till syncs nothing, cannot refresh or sign in, and a manager hands its work over', async () => {
    const paired = await pairDevice(shop.manager, shop.companyId, shop.storeId, 'Soon gone');
    const till = await registerTerminal(
      { ...shop.manager, client: paired.client },
      shop.storeId,
      'Soon gone',
    );
    const { data: before } = await paired.client.auth.getSession();
    const revoked = must<{ revoked_at: string | null }>(
      await shop.manager.client.rpc('revoke_device', { p_company: shop.companyId, p_device: paired.id }),
      'revoke_device',
    );
    expect(revoked.revoked_at).not.toBeNull();
    // Its access token has not expired, yet nothing it sends counts any more.
    const unsynced = sale(till);
    const [answer] = await applyOps(paired.client, [unsynced]);
    expect(answer?.error?.code).toBe('not_member');
    expect(await rpcError(paired.client, 'pull_device_changes', { p_table: 'products' })).toBe(
      'device_revoked',
    );
    expect((await paired.client.from('companies').select('id')).data).toEqual([]);
    const refreshed = await anonClient().auth.refreshSession({
      refresh_token: before.session?.refresh_token ?? '',
    });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
    const again = await anonClient().auth.signInWithPassword({
      email: paired.email,
      password: paired.password,
    });
    expect(again.error?.code).toBe('user_banned');
    const list = (await shop.manager.client.rpc('list_devices', { p_company: shop.companyId })).data as {
      id: string;
      revoked_at: string | null;
    }[];
    expect(list.find((row) => row.id === paired.id)?.revoked_at).not.toBeNull();
    // The existing sign-in path: a manager signs in on that till and its outbox replays as theirs.
    const [handed] = await applyOps(shop.manager.client, [unsynced]);
    expect(handed?.status).toBe('applied');
    expect(
      await rpcError(shop.cashier.client, 'revoke_device', {
        p_company: shop.companyId,
        p_device: paired.id,
      }),
    ).toBe('insufficient_role');
  });
});

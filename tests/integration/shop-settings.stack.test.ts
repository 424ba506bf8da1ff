// Settings → Shop's server side (src/data/remote/shop-settings.ts) through the real supabase-js: owners read
// and change the company, stores, tills, people and invites; managers may rename tills only; refusals come
// back as plain sentences and change nothing.
import { beforeAll, describe, expect, test } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Supabase } from '../../src/data/remote/supabase-client';
import {
  invitesQuery,
  shopSettingsQuery,
  shopSettingsWrites,
  type ShopSettings,
} from '../../src/data/remote/shop-settings';
import { createShop, type Shop } from '../support/shop';

let shop: Shop;

beforeAll(async () => {
  shop = await createShop({ products: 1 });
});

const asSupabase = (client: unknown) => client as Supabase;

/** A fresh read each time, through the same query options the page uses. */
function read(client: unknown): Promise<ShopSettings> {
  return new QueryClient().query(shopSettingsQuery(asSupabase(client), shop.companyId));
}

describe('shop settings on the server', () => {
  test('an owner reads everything and saves the company’s details', async () => {
    const before = await read(shop.owner.client);
    expect(before.stores.map((store) => store.id)).toContain(shop.storeId);
    expect(before.members.map((member) => member.role).sort()).toEqual(['cashier', 'manager', 'owner']);
    expect(before.currencies).toContain('EUR');

    const writes = shopSettingsWrites(asSupabase(shop.owner.client), shop.companyId);
    await writes.updateCompany({
      ...before.company,
      name: 'Renamed Shop',
      timeZone: 'Europe/Berlin',
      cashRounding: 5,
    });
    const after = await read(shop.owner.client);
    expect(after.company).toMatchObject({ name: 'Renamed Shop', timeZone: 'Europe/Berlin', cashRounding: 5 });
  });

  test('[COST-1] an owner chooses the cost method and reads it back; a manager’s choice changes nothing', async () => {
    expect((await read(shop.owner.client)).costMethod).toBe('last');
    await shopSettingsWrites(asSupabase(shop.owner.client), shop.companyId).updateCostMethod('average');
    expect((await read(shop.owner.client)).costMethod).toBe('average');
    await shopSettingsWrites(asSupabase(shop.manager.client), shop.companyId).updateCostMethod('last');
    expect((await read(shop.manager.client)).costMethod).toBe('average');
  });

  test('an owner saves the shared till’s rules and reads them back', async () => {
    const writes = shopSettingsWrites(asSupabase(shop.owner.client), shop.companyId);
    const rules = {
      shiftMode: 'cashier' as const,
      lockAfterSale: true,
      lockIdleMinutes: 0,
      approveRefund: false,
      approveDiscountOverBp: 1250,
      approvePriceOverride: false,
      approveLineRemoval: true,
      approveNoSale: false,
      approveShiftDifferenceOver: 550,
      approvalPinDigits: 6 as const,
    };
    await writes.updateTillRules(rules);
    expect((await read(shop.owner.client)).tillRules).toEqual(rules);
  });

  test('an unknown time zone is refused in words and nothing changes', async () => {
    const writes = shopSettingsWrites(asSupabase(shop.owner.client), shop.companyId);
    const before = await read(shop.owner.client);
    await expect(writes.updateCompany({ ...before.company, timeZone: 'Mars/Olympus' })).rejects.toThrow(
      'That time zone is not known.',
    );
    expect((await read(shop.owner.client)).company.timeZone).toBe(before.company.timeZone);
  });

  test('[SCHEMA-12] receipt texts are saved, cleared, bounded on the server, and reach the till’s mirror', async () => {
    const writes = shopSettingsWrites(asSupabase(shop.owner.client), shop.companyId);
    const before = await read(shop.owner.client);
    const texts = {
      receiptHeader: 'Fresh every morning',
      receiptFooter: 'Returns within 30 days',
      address: '1 High Street\n10115 Berlin',
      taxNumber: 'DE123456789',
    };
    await writes.updateCompany({ ...before.company, ...texts });
    expect((await read(shop.owner.client)).company).toMatchObject(texts);

    const pulled = await shop.cashier.client.rpc('pull_changes', { p_table: 'companies', p_after: null });
    expect(pulled.error).toBeNull();
    expect(JSON.stringify(pulled.data)).toContain('"receipt_footer":"Returns within 30 days"');

    for (const refused of [
      { taxNumber: 'X'.repeat(51) },
      { receiptFooter: ' ' },
      { address: 'A'.repeat(301) },
    ]) {
      await expect(writes.updateCompany({ ...before.company, ...texts, ...refused })).rejects.toThrow(
        'That value is not allowed here',
      );
    }
    await writes.updateCompany({ ...before.company, ...texts, receiptHeader: null });
    expect((await read(shop.owner.client)).company.receiptHeader).toBeNull();

    const manager = shopSettingsWrites(asSupabase(shop.manager.client), shop.companyId);
    await manager.updateCompany({ ...before.company, ...texts, receiptHeader: 'Not mine to change' });
    expect((await read(shop.owner.client)).company.receiptHeader).toBeNull();
  });

  test('stores are added and renamed', async () => {
    const owner = shopSettingsWrites(asSupabase(shop.owner.client), shop.companyId);
    await owner.addStore('Second street');
    const added = (await read(shop.owner.client)).stores.find((store) => store.name === 'Second street');
    expect(added).toBeDefined();
    await owner.renameStore(added?.id ?? '', 'Second Street');
    expect((await read(shop.owner.client)).stores.map((store) => store.name)).toContain('Second Street');
  });

  test('the last owner cannot stop being owner', async () => {
    const owner = shopSettingsWrites(asSupabase(shop.owner.client), shop.companyId);
    const me = (await read(shop.owner.client)).members.find((member) => member.role === 'owner');
    await expect(owner.setRole(me?.id ?? '', 'cashier')).rejects.toThrow(/at least one owner/);
  });

  test('invites: created with a code, listed, withdrawn; a cashier cannot make one', async () => {
    const owner = shopSettingsWrites(asSupabase(shop.owner.client), shop.companyId);
    const invite = await owner.createInvite('cashier', 3, null);
    expect(invite.code).toMatch(/^[A-Z2-9]{8}$/);
    await owner.revokeInvite(invite.id);
    const invites = await new QueryClient().query(
      invitesQuery(asSupabase(shop.owner.client), shop.companyId),
    );
    expect(invites.find((item) => item.id === invite.id)?.revokedAt).not.toBeNull();

    const cashier = shopSettingsWrites(asSupabase(shop.cashier.client), shop.companyId);
    await expect(cashier.createInvite('owner', 3, null)).rejects.toThrow(
      'Only the shop’s owner can change this.',
    );
  });
});

// Settings → Shop → Gift cards and loyalty through the real supabase-js client ([VAL-3], [VAL-4], [VAL-30],
// [VAL-T41]): the owner's save changes the shop's `value_settings` row; a manager's, a cashier's and another
// shop's owner's change nothing (RLS) and throw the "owner only" sentence the form shows (the screen side is
// value-settings-form.dom.test.tsx: this project runs in node, which renders nothing); values the table's
// checks refuse come back as a sentence saying what the checks ask, never Postgres's own.
import { beforeAll, describe, expect, test } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { valueSettingsQuery, valueSettingsWrites } from '../../src/data/remote/value-settings';
import { DEFAULT_VALUE_SETTINGS, type ValueSettings } from '../../src/domain/value/settings';
import { createShop, type Person, type Shop } from '../support/shop';
import { appClientAs } from '../support/supabase';

let shop: Shop;
let stranger: Shop;

beforeAll(async () => {
  [shop, stranger] = await Promise.all([createShop({ products: 1 }), createShop({ products: 1 })]);
});

async function read(person: Person = shop.owner): Promise<ValueSettings> {
  return new QueryClient().query(valueSettingsQuery(await appClientAs(person.client), shop.companyId));
}

async function writesOf(person: Person) {
  return valueSettingsWrites(await appClientAs(person.client), shop.companyId);
}

const OWNER_ONLY = 'Only the shop’s owner can change this.';
const REFUSED = /^The server refused these values: the least gift card amount must not be above the most/;

const SAVED: ValueSettings = {
  giftCardAmounts: [1000, 2500, 5000],
  giftCardAnyAmount: false,
  giftCardMin: 1000,
  giftCardMax: 20000,
  allowances: { gift_card: 1500, store_credit: 500, on_account: 0, loyalty: 200 },
  loyalty: { enabled: true, pointsPerMajor: 2, redeemPoints: 200, redeemValue: 150, redeemAs: 'discount' },
};

describe('value settings on the server', () => {
  test('[VAL-30] every member reads the defaults of the row the shop was made with', async () => {
    expect(await read(shop.owner)).toEqual(DEFAULT_VALUE_SETTINGS);
    expect(await read(shop.cashier)).toEqual(DEFAULT_VALUE_SETTINGS);
  });

  test('[VAL-3] [VAL-4] the owner saves and the row changes', async () => {
    await (await writesOf(shop.owner)).updateValueSettings(SAVED);
    expect(await read(shop.manager)).toEqual(SAVED);
  });

  test('[VAL-30] a manager’s and a cashier’s save change nothing and read as owner only', async () => {
    const before = await read();
    const changed = { ...before, giftCardMax: 30000 };
    await expect((await writesOf(shop.manager)).updateValueSettings(changed)).rejects.toThrow(OWNER_ONLY);
    await expect((await writesOf(shop.cashier)).updateValueSettings(changed)).rejects.toThrow(OWNER_ONLY);
    expect(await read()).toEqual(before);
  });

  test('[VAL-30] another shop’s owner cannot change this shop’s row', async () => {
    const before = await read();
    await expect(
      (await writesOf(stranger.owner)).updateValueSettings({ ...before, giftCardMin: 1 }),
    ).rejects.toThrow(OWNER_ONLY);
    expect(await read()).toEqual(before);
  });

  test('[VAL-T41] values the table refuses come back as a sentence saying what it asks', async () => {
    const before = await read();
    const writes = await writesOf(shop.owner);
    await expect(
      writes.updateValueSettings({ ...before, giftCardMin: 5000, giftCardMax: 1000 }),
    ).rejects.toThrow(REFUSED);
    await expect(
      writes.updateValueSettings({
        ...before,
        giftCardAmounts: Array.from({ length: 13 }, (_, i) => 100 * (i + 1)),
      }),
    ).rejects.toThrow(REFUSED);
    await expect(
      writes.updateValueSettings({ ...before, allowances: { ...before.allowances, store_credit: -1 } }),
    ).rejects.toThrow(REFUSED);
    await expect(
      writes.updateValueSettings({ ...before, loyalty: { ...before.loyalty, redeemPoints: 0 } }),
    ).rejects.toThrow(REFUSED);
    expect(await read()).toEqual(before);
  });
});

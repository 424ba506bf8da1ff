// Who chooses the language on the server (supabase/SPEC.md "Who chooses the language", [LANG-1]…[LANG-5]):
// the shop's language is the owner's to set; a staff member's is theirs or their manager's; a person's own
// rides on their account. Everyone else is refused with a stable code and nothing changes.
import { beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../../src/domain/ids';
import { pairDevice } from '../support/devices';
import { createShop, must, type Person, type Shop } from '../support/shop';
import { anonClient, serviceClient } from '../support/supabase';

let shop: Shop;
let other: Shop;

beforeAll(async () => {
  [shop, other] = await Promise.all([createShop({ products: 1 }), createShop({ products: 1 })]);
});

async function shopLanguage(companyId: string): Promise<string> {
  return must<{ language: string }>(
    await serviceClient().from('companies').select('language').eq('id', companyId).single(),
    'read companies.language',
  ).language;
}

async function staffLanguage(staffId: string): Promise<string | null> {
  return must<{ language: string | null }>(
    await serviceClient()
      .from('staff')
      .select('language')
      .eq('id', staffId)
      .eq('company_id', shop.companyId)
      .single(),
    'read staff.language',
  ).language;
}

const setShop = (person: Pick<Person, 'client'>, language: string, companyId = shop.companyId) =>
  person.client.rpc('set_shop_language', { p_company_id: companyId, p_language: language });

const setStaff = (person: Pick<Person, 'client'>, staffId: string, language: string | null) =>
  person.client.rpc('set_staff_language', {
    p_company_id: shop.companyId,
    p_staff_id: staffId,
    // The generated types say text; SQL takes null (the till's language), which this test sends.
    p_language: language as unknown as string,
  });

describe('the shop’s language', () => {
  test('[LANG-1] a new shop writes in English, and its members pull the language with the company', async () => {
    expect(await shopLanguage(other.companyId)).toBe('en');
    const pulled = must<{ rows: { id: string; language: string }[] }>(
      await other.cashier.client.rpc('pull_changes', { p_table: 'companies' }),
      'pull companies',
    );
    expect(pulled.rows.find((row) => row.id === other.companyId)?.language).toBe('en');
  });

  test('[LANG-2] the owner sets it; a manager, a cashier, a paired till and another shop’s owner are refused', async () => {
    expect(must<string>(await setShop(shop.owner, 'de'), 'owner sets de')).toBe('de');
    expect(await shopLanguage(shop.companyId)).toBe('de');

    expect((await setShop(shop.manager, 'fr')).error).toMatchObject({
      code: '42501',
      hint: 'insufficient_role',
    });
    expect((await setShop(shop.cashier, 'fr')).error).toMatchObject({
      code: '42501',
      hint: 'insufficient_role',
    });
    expect((await setShop(other.owner, 'fr')).error).toMatchObject({ code: '42501', hint: 'not_member' });
    const till = await pairDevice(shop.owner, shop.companyId, shop.storeId);
    expect((await setShop(till, 'fr')).error).toMatchObject({ code: '42501', hint: 'insufficient_role' });
    expect((await setShop(shop.owner, 'it')).error).toMatchObject({ hint: 'invalid_language' });
    // A plain update is no way around it: the column is not granted.
    await shop.owner.client.from('companies').update({ language: 'fr' }).eq('id', shop.companyId);
    expect(await shopLanguage(shop.companyId)).toBe('de');
  });
});

describe('a staff member’s language on a shared till', () => {
  test('[LANG-3] [LANG-4] a cashier sets their own; the pull carries it; null gives the till’s back', async () => {
    const row = must<{ language: string | null }>(await setStaff(shop.cashier, shop.cashier.id, 'es'), 'own');
    expect(row.language).toBe('es');
    const pulled = must<{ rows: { id: string; language: string | null }[] }>(
      await shop.manager.client.rpc('pull_changes', { p_table: 'staff' }),
      'pull staff',
    );
    expect(pulled.rows.find((staff) => staff.id === shop.cashier.id)?.language).toBe('es');
    must(await setStaff(shop.cashier, shop.cashier.id, null), 'clear');
    expect(await staffLanguage(shop.cashier.id)).toBeNull();
  });

  test('[LANG-4] a manager sets a PIN-only cashier’s; a cashier, a manager for an owner and strangers are refused', async () => {
    const dana = newId();
    must(
      await shop.owner.client.rpc('save_staff', {
        p_company_id: shop.companyId,
        p_staff: { id: dana, name: 'Dana', role: 'cashier' },
      }),
      'add Dana',
    );
    must(await setStaff(shop.manager, dana, 'fr'), 'manager sets Dana');
    expect(await staffLanguage(dana)).toBe('fr');

    expect((await setStaff(shop.cashier, dana, 'de')).error).toMatchObject({
      code: '42501',
      hint: 'insufficient_role',
    });
    expect((await setStaff(shop.manager, shop.owner.id, 'de')).error).toMatchObject({
      code: '42501',
      hint: 'insufficient_role',
    });
    expect((await setStaff(other.owner, dana, 'de')).error).toMatchObject({
      code: '42501',
      hint: 'not_member',
    });
    const till = await pairDevice(shop.owner, shop.companyId, shop.storeId, 'Second');
    expect((await setStaff(till, dana, 'de')).error).toMatchObject({
      code: '42501',
      hint: 'insufficient_role',
    });
    expect((await setStaff(shop.owner, dana, 'xx')).error).toMatchObject({ hint: 'invalid_language' });
    expect((await setStaff(shop.owner, newId(), 'de')).error).toMatchObject({ hint: 'unknown_staff' });
    expect(await staffLanguage(dana)).toBe('fr');
  });
});

describe('a person’s own language', () => {
  test('[LANG-5] kept on their account: set by them, read back on another sign-in', async () => {
    const updated = await shop.manager.client.auth.updateUser({ data: { language: 'fr' } });
    expect(updated.error).toBeNull();
    // Another device: a fresh sign-in receives it with the user.
    const elsewhere = anonClient();
    const signedIn = await elsewhere.auth.signInWithPassword({
      email: shop.manager.email,
      password: 'test-password-1',
    });
    expect(signedIn.data.user?.user_metadata.language).toBe('fr');
    // Nobody else's account is touched: the cashier's has none.
    expect((await shop.cashier.client.auth.getUser()).data.user?.user_metadata.language).toBeUndefined();
  });
});

// Flags (supabase/SPEC.md §16): written only by the server, read by the shop's managers and owners through
// list_flags, refused in words to a cashier and to another shop's owner.
import { beforeAll, describe, expect, test } from 'vitest';
import { createShop, must, type Shop } from '../support/shop';
import { serviceClient } from '../support/supabase';

let shop: Shop;
let other: Shop;

beforeAll(async () => {
  [shop, other] = await Promise.all([createShop({ products: 1 }), createShop({ products: 1 })]);
  must<unknown>(
    await serviceClient()
      .from('flags')
      .insert([
        { company_id: shop.companyId, kind: 'price', dedupe_key: 'test:older', detail: { line: 1 } },
        { company_id: shop.companyId, kind: 'tax_rate', dedupe_key: 'test:newer', detail: { line: 2 } },
      ]),
    'flags',
  );
});

describe('flags', () => {
  test('[FLAG-3] managers and owners read their shop’s flags, newest first', async () => {
    for (const person of [shop.manager, shop.owner]) {
      const flags = must<{ kind: string; sale_id: string | null; detail: unknown }[]>(
        await person.client.rpc('list_flags', { p_company: shop.companyId, p_since: null }),
        'list_flags',
      );
      expect(flags.map((flag) => flag.kind).sort()).toEqual(['price', 'tax_rate']);
      expect(flags[0]).toMatchObject({ sale_id: null });
    }
  });

  test('[FLAG-3] a cashier and another shop’s owner are refused with a stable code', async () => {
    const asCashier = await shop.cashier.client.rpc('list_flags', {
      p_company: shop.companyId,
      p_since: null,
    });
    expect(asCashier.error).toMatchObject({ code: '42501', hint: 'insufficient_role' });
    const asOther = await other.owner.client.rpc('list_flags', { p_company: shop.companyId, p_since: null });
    expect(asOther.error).toMatchObject({ code: '42501', hint: 'not_member' });
  });

  test('[FLAG-2] nobody writes a flag through the API, not even the shop’s owner', async () => {
    const insert = await shop.owner.client
      .from('flags')
      .insert({ company_id: shop.companyId, kind: 'price', dedupe_key: 'forged', detail: {} });
    expect(insert.error?.code).toBe('42501');
    const call = await shop.owner.client.rpc('add_flag' as never, {} as never);
    expect(call.error).not.toBeNull();
  });
});

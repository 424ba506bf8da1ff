// Settings → Staff's server side through the real supabase-js and the same data functions the page uses
// (src/data/remote/staff.ts, the PIN derived as the page does): an owner adds a PIN-only cashier, resets a
// PIN and deactivates; a manager may not touch an owner; a cashier sets only their own PIN and is refused
// everything else in words, and nothing changes.
import { beforeAll, describe, expect, test } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Supabase } from '../../src/data/remote/supabase-client';
import { staffQuery, staffWrites, type StaffMember } from '../../src/data/remote/staff';
import { newId } from '../../src/domain/ids';
import { newPinSecret } from '../../src/features/shop-settings/staff-rules';
import { createShop, type Person, type Shop } from '../support/shop';

let shop: Shop;

beforeAll(async () => {
  shop = await createShop({ products: 1 });
});

const asSupabase = (client: unknown) => client as Supabase;

function read(person: Person): Promise<StaffMember[]> {
  return new QueryClient().query(staffQuery(asSupabase(person.client), shop.companyId));
}

const writesOf = (person: Person) => staffWrites(asSupabase(person.client), shop.companyId);

describe('staff on the server', () => {
  test('an owner adds a PIN-only cashier with a PIN, resets it, and deactivates them', async () => {
    const id = newId();
    const owner = writesOf(shop.owner);
    await owner.saveStaff({ id, name: 'Dana', role: 'cashier', active: true });
    await owner.setPin(id, await newPinSecret('4321'));
    let dana = (await read(shop.owner)).find((member) => member.id === id);
    expect(dana).toEqual({
      id,
      userId: null,
      name: 'Dana',
      role: 'cashier',
      active: true,
      hasPin: true,
      language: null,
    });

    await owner.setPin(id, await newPinSecret('8765'));
    await owner.saveStaff({ id, name: 'Dana', role: 'cashier', active: false });
    dana = (await read(shop.owner)).find((member) => member.id === id);
    expect(dana?.active).toBe(false);
    // Members see the list too (the till's lock screen is built from it), with every member in it.
    const seen = await read(shop.cashier);
    expect(seen.filter((member) => member.userId !== null)).toHaveLength(3);
  });

  test('a cashier sets their own PIN but is refused adding staff or resetting someone else’s, in words', async () => {
    const cashier = writesOf(shop.cashier);
    await cashier.setPin(shop.cashier.id, await newPinSecret('3030'));
    expect((await read(shop.cashier)).find((member) => member.id === shop.cashier.id)?.hasPin).toBe(true);

    const id = newId();
    await expect(cashier.saveStaff({ id, name: 'Eve', role: 'cashier', active: true })).rejects.toThrow(
      'You may not change this person: managers manage cashiers, the owner everyone.',
    );
    await expect(cashier.setPin(shop.manager.id, await newPinSecret('1212'))).rejects.toThrow(
      'You may not change this person: managers manage cashiers, the owner everyone.',
    );
    const after = await read(shop.owner);
    expect(after.find((member) => member.id === id)).toBeUndefined();
    expect(after.find((member) => member.id === shop.manager.id)?.hasPin).toBe(false);
  });

  test('a manager may not reset an owner’s PIN, and nobody deactivates themselves', async () => {
    await expect(writesOf(shop.manager).setPin(shop.owner.id, await newPinSecret('5656'))).rejects.toThrow(
      'You may not change this person',
    );
    const self = (await read(shop.owner)).find((member) => member.id === shop.owner.id);
    expect(self).toBeDefined();
    await expect(
      writesOf(shop.owner).saveStaff({
        id: shop.owner.id,
        name: self?.name ?? '',
        role: 'owner',
        active: false,
      }),
    ).rejects.toThrow('You cannot deactivate yourself.');
  });
});

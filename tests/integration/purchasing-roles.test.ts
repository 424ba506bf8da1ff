// [PUR-10] Who may send purchasing's ops: private.purchasing_role_check, the one check every purchasing handler
// calls, run against the demo shop (supabase/seed.sql) as each of its people and as paired tills. The
// receiving and counting handlers are other migrations'; this is the rule they share, asked directly.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../supabase/local/db/database';
import { openDatabase, prepareDatabase } from '../../supabase/local/stack';
import { DEMO } from '../support/demo';

const CARA = DEMO.pins.cara.staffId;
const STORE_B = 'd2000000-0000-4000-8000-0000000000b2';
const DEVICE_A = 'd0000000-0000-4000-8000-0000000000a1';
const DEVICE_B = 'd0000000-0000-4000-8000-0000000000b1';
const STRANGER = 'd0000000-0000-4000-8000-0000000000c1';
const { owner, manager, cashier } = DEMO.users;

let db: Database;

/** The check as `user` would meet it inside apply_ops: null, 'not_allowed', or the refusal's hint. */
async function check(
  user: string,
  op: string,
  store: string | null = DEMO.storeId,
  counter: string | null = null,
) {
  try {
    const { rows } = await db.query<{ answer: string | null }>(
      `select set_config('request.jwt.claims', json_build_object('sub', $1::text)::text, true),
              private.purchasing_role_check($2, $1::uuid, $3::uuid, $4::uuid, $5::uuid) as answer`,
      [user, op, DEMO.companyId, store, counter],
    );
    return rows[0]?.answer ?? null;
  } catch (error) {
    const { hint, message } = error as { hint?: string; message: string };
    return `${hint ?? 'error'}: ${message}`;
  }
}

async function allow(column: 'cashiers_receive' | 'cashiers_count', on: boolean): Promise<void> {
  await db.query(`update public.purchasing_settings set ${column} = $1 where company_id = $2`, [
    on,
    DEMO.companyId,
  ]);
}

beforeAll(async () => {
  db = await openDatabase({});
  await prepareDatabase(db);
  await db.exec(`
    insert into public.stores (id, company_id, name) values ('${STORE_B}', '${DEMO.companyId}', 'Market Square');
    insert into auth.users (instance_id, id, aud, role, email)
    values ('00000000-0000-0000-0000-000000000000', '${DEVICE_A}', 'authenticated', 'authenticated', 'a@device.test'),
           ('00000000-0000-0000-0000-000000000000', '${DEVICE_B}', 'authenticated', 'authenticated', 'b@device.test'),
           ('00000000-0000-0000-0000-000000000000', '${STRANGER}', 'authenticated', 'authenticated', 's@else.test');
    insert into public.devices (company_id, store_id, user_id, name)
    values ('${DEMO.companyId}', '${DEMO.storeId}', '${DEVICE_A}', 'Counter A'),
           ('${DEMO.companyId}', '${STORE_B}', '${DEVICE_B}', 'Counter B');
  `);
}, 300_000);

afterAll(async () => {
  await db.close();
});

describe('[PUR-10] manager ops', () => {
  test.each([
    'purchase_order.save',
    'purchase_order.order',
    'purchase_order.close',
    'purchase_order.settle',
    'transfer.save',
    'transfer.close',
    'transfer.settle',
    'stocktake.open',
    'stocktake.approve',
    'stocktake.cancel',
  ])('[PUR-10] %s: managers and the owner; never a cashier, a paired till or a stranger', async (op) => {
    await allow('cashiers_receive', true);
    await allow('cashiers_count', true);
    expect(await check(owner.id, op)).toBeNull();
    expect(await check(manager.id, op)).toBeNull();
    expect(await check(cashier.id, op)).toMatch(/^insufficient_role/);
    expect(await check(DEVICE_A, op)).toMatch(/^insufficient_role: A paired till cannot do this/);
    expect(await check(STRANGER, op)).toMatch(/^not_member/);
  });
});

describe('[PUR-10] receiving and counting', () => {
  test.each([
    ['purchase_order.receive', 'cashiers_receive'],
    ['transfer.send', 'cashiers_receive'],
    ['transfer.receive', 'cashiers_receive'],
    ['stocktake.count', 'cashiers_count'],
  ] as const)('[PUR-10] %s follows %s', async (op, setting) => {
    await allow('cashiers_receive', false);
    await allow('cashiers_count', false);
    expect(await check(manager.id, op)).toBeNull();
    expect(await check(cashier.id, op)).toMatch(/^insufficient_role: This shop lets only managers/);
    expect(await check(DEVICE_A, op)).toMatch(/^insufficient_role: This shop lets only managers/);
    // On a shared till signed in as a manager, a cashier at the counter is applied and flagged.
    expect(await check(manager.id, op, DEMO.storeId, CARA)).toBe('not_allowed');
    expect(await check(manager.id, op, DEMO.storeId, cashier.id)).toBe('not_allowed');
    expect(await check(manager.id, op, DEMO.storeId, owner.id)).toBeNull();
    expect(await check(manager.id, op, DEMO.storeId, manager.id)).toBeNull();
    await allow(setting, true);
    expect(await check(cashier.id, op)).toBeNull();
    expect(await check(DEVICE_A, op)).toBeNull();
    expect(await check(manager.id, op, DEMO.storeId, CARA)).toBeNull();
    expect(await check(STRANGER, op)).toMatch(/^not_member/);
  });

  test('[PUR-10] [DEV-7] a paired till only at its own store', async () => {
    await allow('cashiers_receive', true);
    expect(await check(DEVICE_A, 'purchase_order.receive', STORE_B)).toMatch(
      /^insufficient_role: This till is paired with another store/,
    );
    expect(await check(DEVICE_B, 'transfer.receive', STORE_B)).toBeNull();
    expect(await check(DEVICE_B, 'transfer.send', DEMO.storeId)).toMatch(/^insufficient_role/);
    // Members are not held to a store.
    expect(await check(cashier.id, 'purchase_order.receive', STORE_B)).toBeNull();
  });

  test('[PUR-10] an op with no rule is refused, never allowed', async () => {
    expect(await check(owner.id, 'purchase_order.delete')).toMatch(/^invalid_args/);
  });
});

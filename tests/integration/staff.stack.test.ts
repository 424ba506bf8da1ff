// Staff, PINs and approvals on the server (issue 18; supabase/SPEC.md §11 [STAFF-n], docs/shared-till.md):
// who may manage whom, what a till pulls, and that a till cannot forge who sold or who approved — a proof is
// re-computed with the key only the server keeps, so a made-up one, or one made for another row, is recorded
// as unverified and flagged, never trusted and never a rejection.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  makePinSecret,
  PIN_KDF,
  signProof,
  toHex,
  type PersonOp,
  type ProofPurpose,
} from '../../src/domain/staff-pin';
import { DEMO } from '../support/demo';
import { pullAll } from '../support/pull';
import type { saleArgs } from '../support/ops';
import { applyOps, op, refundOp, saleOp, type Op } from '../support/ops';
import { createShop, must, nth, registerTerminal, type Shop, type Terminal } from '../support/shop';
import { anonClient, serviceClient } from '../support/supabase';
import { userClient, mintUser } from '../support/tokens';

let shop: Shop;
let stranger: Shop;
let till: Terminal;
/** A PIN-only cashier of `shop`, and the keys the tests derive from the PINs they set. */
let pinOnly: { id: string; key: string };
let managerKey: string;

interface StaffRow {
  id: string;
  user_id: string | null;
  name: string;
  role: string;
  active: boolean;
  pin_set: boolean;
}

/** What every member may select of `staff` ([STAFF-14]: the PIN material is not selectable). */
const STAFF_COLUMNS =
  'company_id, id, user_id, name, role, active, pin_set, created_at, updated_at, deleted_at';

const salt = () => toHex(crypto.getRandomValues(new Uint8Array(16)));

/** Sets `staffId`'s PIN as the browser does (key and verifier, never the PIN); returns the key. */
async function setPin(client: SupabaseClient, companyId: string, staffId: string, pin: string) {
  const secret = await makePinSecret(pin, salt());
  const result = await client.rpc('set_staff_pin', {
    p_company_id: companyId,
    p_staff_id: staffId,
    p_salt: secret.salt,
    p_kdf: secret.kdf,
    p_key: secret.key,
    p_verifier: secret.verifier,
    p_digits: secret.digits,
  });
  return { ...result, key: secret.key, secret };
}

async function saveStaff(client: SupabaseClient, companyId: string, staff: Record<string, unknown>) {
  return client.rpc('save_staff', { p_company_id: companyId, p_staff: staff });
}

const proof = (key: string, purpose: ProofPurpose, opName: PersonOp, subject: string, action: string) =>
  signProof(key, purpose, shop.companyId, opName, subject, action);

/** A row as the service role sees it (verification columns are not for tills to read back). */
async function row(table: string, id: string): Promise<Record<string, unknown>> {
  return must<Record<string, unknown>>(
    await serviceClient().from(table).select('*').eq('id', id).single(),
    `read ${table}`,
  );
}

async function flags(opId: string): Promise<Record<string, unknown>[]> {
  return must<Record<string, unknown>[]>(
    await serviceClient().from('activity_events').select('*').eq('op_id', opId).order('kind'),
    'read activity_events',
  );
}

function sale(): Op & { args: ReturnType<typeof saleArgs> } {
  return saleOp({ terminal: till, lines: [{ product: nth(shop.products, 0), quantity: 1 }] }) as Op & {
    args: ReturnType<typeof saleArgs>;
  };
}

beforeAll(async () => {
  [shop, stranger] = await Promise.all([createShop({ products: 2 }), createShop({ products: 1 })]);
  till = await registerTerminal(shop.manager, shop.storeId);
  const added = must<StaffRow>(
    await saveStaff(shop.manager.client, shop.companyId, { name: 'Pat', role: 'cashier' }),
    'save_staff',
  );
  const pat = await setPin(shop.manager.client, shop.companyId, added.id, '4321');
  expect(pat.error).toBeNull();
  pinOnly = { id: added.id, key: pat.key };
  const manager = await setPin(shop.manager.client, shop.companyId, shop.manager.id, '2468');
  expect(manager.error).toBeNull();
  managerKey = manager.key;
  const received = await applyOps(shop.manager.client, [
    op('stock.move', {
      id: crypto.randomUUID(),
      store_id: shop.storeId,
      product_id: nth(shop.products, 0).id,
      reason: 'receive',
      quantity: 100,
      occurred_at: new Date().toISOString(),
    }),
  ]);
  expect(received).toMatchObject([{ status: 'applied' }]);
});

describe('staff rows', () => {
  test('[STAFF-1] [STAFF-2] members are staff with id = user id; a PIN-only cashier has no account', async () => {
    const rows = must<StaffRow[]>(
      await shop.cashier.client.from('staff').select(STAFF_COLUMNS).eq('company_id', shop.companyId),
      'read staff',
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(shop.owner.id)).toMatchObject({ user_id: shop.owner.id, role: 'owner', active: true });
    expect(byId.get(shop.cashier.id)).toMatchObject({ user_id: shop.cashier.id, role: 'cashier' });
    expect(byId.get(pinOnly.id)).toMatchObject({
      user_id: null,
      name: 'Pat',
      role: 'cashier',
      active: true,
      pin_set: true,
    });
    expect(rows.every((r) => !('pin_key' in r))).toBe(true);
  });

  test('[STAFF-2] a role change in Members changes the staff row; leaving deactivates it', async () => {
    const other = await createShop({ products: 1 });
    const member = must<{ id: string }>(
      await other.owner.client
        .from('company_members')
        .select('id')
        .eq('company_id', other.companyId)
        .eq('user_id', other.cashier.id)
        .single(),
      'member',
    );
    must(
      await other.owner.client.from('company_members').update({ role: 'manager' }).eq('id', member.id),
      'promote',
    );
    const staffOf = async () =>
      must<StaffRow>(
        await other.owner.client.from('staff').select(STAFF_COLUMNS).eq('id', other.cashier.id).single(),
        'staff',
      );
    expect(await staffOf()).toMatchObject({ role: 'manager', active: true });
    must(
      await other.owner.client
        .from('company_members')
        .update({ deleted_at: new Date().toISOString() })
        .eq('id', member.id),
      'remove',
    );
    expect(await staffOf()).toMatchObject({ role: 'manager', active: false });
  });

  test('[STAFF-10] [STAFF-14] a manager’s till pulls staff with what checks a PIN, never the key', async () => {
    const { rows } = await pullAll(shop.manager.client, 'staff', null);
    const pat = rows.find((r) => r.id === pinOnly.id);
    expect(pat).toMatchObject({ pin_kdf: PIN_KDF, pin_iterations: null, pin_set: true, active: true });
    expect(pat?.pin_verifier).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.some((r) => 'pin_key' in r)).toBe(false);
    expect(rows.every((r) => r.company_id === shop.companyId)).toBe(true);
  });

  test('[STAFF-9] set_staff_pin refuses bad shapes and a verifier that is not SHA-256(key ‖ tag)', async () => {
    const secret = await makePinSecret('1357', salt());
    const call = (changes: Record<string, unknown>) =>
      shop.cashier.client.rpc('set_staff_pin', {
        p_company_id: shop.companyId,
        p_staff_id: shop.cashier.id,
        p_salt: secret.salt,
        p_kdf: secret.kdf,
        p_key: secret.key,
        p_verifier: secret.verifier,
        p_digits: secret.digits,
        ...changes,
      });
    expect((await call({ p_salt: 'XYZ' })).error).toMatchObject({ hint: 'invalid_args' });
    // [STAFF-15] The derivation is bounded: no cheap Argon2id, no PBKDF2 under 100,000 iterations.
    for (const kdf of [
      { name: 'pbkdf2-sha256', iterations: 1000 },
      { name: 'argon2id', m: 1024, t: 1, p: 1 },
      { ...PIN_KDF, extra: 1 },
      { name: 'md5' },
    ]) {
      expect((await call({ p_kdf: kdf })).error).toMatchObject({ hint: 'invalid_args' });
    }
    expect((await call({ p_digits: 3 })).error).toMatchObject({ hint: 'invalid_args' });
    expect((await call({ p_key: secret.key.toUpperCase() })).error).toMatchObject({ hint: 'invalid_args' });
    expect((await call({ p_verifier: secret.key })).error).toMatchObject({ hint: 'verifier_mismatch' });
    // Any member sets their own PIN.
    expect((await call({})).error).toBeNull();
  });
});

describe('shop settings', () => {
  test('[STAFF-7] owners save the shared-till settings as the other shop settings; a manager changes nothing', async () => {
    const settings = {
      lock_after_sale: true,
      lock_idle_minutes: 2,
      shift_mode: 'cashier',
      approve_refund: false,
      approve_discount_over_bp: 1000,
      approve_price_override: false,
      approve_line_removal: true,
      approve_no_sale: false,
      approve_shift_difference_over: 500,
    };
    const other = await createShop({ products: 1 });
    const byManager = await other.manager.client
      .from('companies')
      .update({ lock_idle_minutes: 9 })
      .eq('id', other.companyId)
      .select('id');
    expect(byManager.data ?? []).toEqual([]);
    must(
      await other.owner.client.from('companies').update(settings).eq('id', other.companyId),
      'save settings',
    );
    const saved = must<Record<string, unknown>>(
      await other.cashier.client.from('companies').select('*').eq('id', other.companyId).single(),
      'read settings',
    );
    expect(saved).toMatchObject(settings);
    const bad = await other.owner.client
      .from('companies')
      .update({ shift_mode: 'person' })
      .eq('id', other.companyId);
    expect(bad.error).toMatchObject({ code: '23514' });
  });
});

describe('who may manage whom', () => {
  test('[STAFF-8] a cashier can neither save staff nor set another person’s PIN', async () => {
    const saved = await saveStaff(shop.cashier.client, shop.companyId, { name: 'Sneaky', role: 'cashier' });
    expect(saved.error).toMatchObject({ code: '42501', hint: 'insufficient_role' });
    const pin = await setPin(shop.cashier.client, shop.companyId, pinOnly.id, '0000');
    expect(pin.error).toMatchObject({ code: '42501', hint: 'insufficient_role' });
  });

  test('[STAFF-8] a manager manages cashiers, not owners or managers; nobody deactivates themself', async () => {
    const ownerPin = await setPin(shop.manager.client, shop.companyId, shop.owner.id, '0000');
    expect(ownerPin.error).toMatchObject({ code: '42501', hint: 'insufficient_role' });
    const off = await saveStaff(shop.manager.client, shop.companyId, { id: shop.owner.id, active: false });
    expect(off.error).toMatchObject({ code: '42501', hint: 'insufficient_role' });
    const boss = await saveStaff(shop.manager.client, shop.companyId, { name: 'Boss', role: 'manager' });
    expect(boss.error).toMatchObject({ code: '42501', hint: 'insufficient_role' });
    const self = await saveStaff(shop.owner.client, shop.companyId, { id: shop.owner.id, active: false });
    expect(self.error).toMatchObject({ hint: 'self_deactivate' });
    const rename = await saveStaff(shop.owner.client, shop.companyId, {
      id: shop.cashier.id,
      name: 'Renamed',
    });
    expect(rename.error).toMatchObject({ hint: 'member_staff' });
    // A new PIN-only row never takes the id of an account (that id is the person's staff id if they join).
    const taken = await saveStaff(shop.owner.client, shop.companyId, {
      id: stranger.cashier.id,
      name: 'Squatter',
      role: 'cashier',
    });
    expect(taken.error).toMatchObject({ hint: 'invalid_args' });
    // An owner manages managers.
    const deputy = await saveStaff(shop.owner.client, shop.companyId, { name: 'Deputy', role: 'manager' });
    expect(deputy.error).toBeNull();
  });

  test('[STAFF-8] a member of another shop cannot read, save or set a PIN of this shop’s staff', async () => {
    const read = await stranger.owner.client.from('staff').select('id').eq('company_id', shop.companyId);
    expect(read.data).toEqual([]);
    const saved = await saveStaff(stranger.owner.client, shop.companyId, {
      name: 'Intruder',
      role: 'cashier',
    });
    expect(saved.error).toMatchObject({ code: '42501', hint: 'not_member' });
    const edited = await saveStaff(stranger.owner.client, shop.companyId, { id: pinOnly.id, active: false });
    expect(edited.error).toMatchObject({ code: '42501', hint: 'not_member' });
    const pin = await setPin(stranger.owner.client, shop.companyId, pinOnly.id, '0000');
    expect(pin.error).toMatchObject({ code: '42501', hint: 'not_member' });
    const keys = await stranger.owner.client.schema('private').from('staff_pin_keys').select('*');
    expect(keys.data ?? []).toEqual([]);
  });
});

describe('who sold', () => {
  test('[STAFF-4] a PIN-only cashier’s sale with their proof is verified; with a made-up one it is flagged', async () => {
    const good = sale();
    good.args.cashier_id = pinOnly.id;
    good.args.cashier_proof = await proof(pinOnly.key, 'cashier', 'sale.record', good.args.id, 'sell');
    const forged = sale();
    forged.args.cashier_id = pinOnly.id;
    forged.args.cashier_proof = 'ab'.repeat(32);
    expect(await applyOps(shop.manager.client, [good, forged])).toMatchObject([
      { status: 'applied' },
      { status: 'applied' },
    ]);
    expect(await row('sales', good.args.id)).toMatchObject({
      cashier_id: pinOnly.id,
      cashier_verified: true,
      recorded_by: shop.manager.id,
    });
    expect(await flags(good.op_id)).toEqual([]);
    expect(await row('sales', forged.args.id)).toMatchObject({
      cashier_id: pinOnly.id,
      cashier_verified: false,
    });
    expect(await flags(forged.op_id)).toMatchObject([
      { kind: 'switch', staff_id: pinOnly.id, verified: false, recorded_by: shop.manager.id },
    ]);
  });

  test('[STAFF-4] a proof made for one sale does not verify another', async () => {
    const first = sale();
    const second = sale();
    second.args.cashier_id = pinOnly.id;
    second.args.cashier_proof = await proof(pinOnly.key, 'cashier', 'sale.record', first.args.id, 'sell');
    expect(await applyOps(shop.manager.client, [second])).toMatchObject([{ status: 'applied' }]);
    expect(await row('sales', second.args.id)).toMatchObject({ cashier_verified: false });
  });

  test('[STAFF-4] the sender is verified as their own cashier without a proof', async () => {
    const own = sale();
    expect(await applyOps(shop.cashier.client, [own])).toMatchObject([{ status: 'applied' }]);
    expect(await row('sales', own.args.id)).toMatchObject({
      cashier_id: shop.cashier.id,
      cashier_verified: true,
    });
  });

  test('[STAFF-5] another shop’s staff id is refused as cashier_id, as an unknown one is', async () => {
    const theirs = must<StaffRow>(
      await saveStaff(stranger.owner.client, stranger.companyId, { name: 'Theirs', role: 'cashier' }),
      'save_staff',
    );
    for (const cashierId of [theirs.id, stranger.cashier.id, crypto.randomUUID()]) {
      const foreign = sale();
      foreign.args.cashier_id = cashierId;
      const [answer] = await applyOps(shop.manager.client, [foreign]);
      expect(answer).toMatchObject({ status: 'rejected', error: { code: 'unknown_cashier' } });
    }
  });

  test('[STAFF-5] a cash movement records its cashier beside its sender', async () => {
    const shiftId = crypto.randomUUID();
    const opened = op('shift.open', {
      id: shiftId,
      terminal_id: till.id,
      cashier_id: pinOnly.id,
      cashier_proof: await proof(pinOnly.key, 'cashier', 'shift.open', shiftId, 'sell'),
      opened_at: new Date().toISOString(),
      opening_float: 1000,
    });
    const moveId = crypto.randomUUID();
    const moved = op('cash.move', {
      id: moveId,
      terminal_id: till.id,
      shift_id: shiftId,
      kind: 'pay_out',
      amount: 200,
      cashier_id: pinOnly.id,
      cashier_proof: 'cd'.repeat(32),
      occurred_at: new Date().toISOString(),
    });
    const closed = op('shift.close', {
      id: shiftId,
      terminal_id: till.id,
      counted_cash: 800,
      cashier_id: pinOnly.id,
      closed_at: new Date().toISOString(),
    });
    expect(await applyOps(shop.manager.client, [opened, moved, closed])).toMatchObject([
      { status: 'applied' },
      { status: 'applied' },
      { status: 'applied' },
    ]);
    expect(await row('shifts', shiftId)).toMatchObject({
      cashier_id: pinOnly.id,
      cashier_verified: true,
      recorded_by: shop.manager.id,
    });
    expect(await row('cash_movements', moveId)).toMatchObject({
      cashier_id: pinOnly.id,
      user_id: shop.manager.id,
      cashier_verified: false,
    });
    expect(await flags(moved.op_id)).toMatchObject([{ kind: 'switch', verified: false }]);
    // Closing without a proof: the close is kept, the unverified cashier flagged.
    expect(await flags(closed.op_id)).toMatchObject([{ kind: 'switch', verified: false }]);
  });
});

describe('manager approval', () => {
  async function soldByCashier() {
    const original = sale();
    expect(await applyOps(shop.cashier.client, [original])).toMatchObject([{ status: 'applied' }]);
    return original.args;
  }

  test('[STAFF-11] a verified manager approval lets a cashier’s refund through', async () => {
    const refund = refundOp(till, await soldByCashier(), [{ line: 0 }]);
    const id = refund.args.id as string;
    refund.args.approval = {
      by: shop.manager.id,
      action: 'refund',
      proof: await proof(managerKey, 'approval', 'sale.refund', id, 'refund'),
    };
    expect(await applyOps(shop.cashier.client, [refund])).toMatchObject([{ status: 'applied' }]);
    expect(await row('sales', id)).toMatchObject({
      kind: 'refund',
      cashier_id: shop.cashier.id,
      approved_by: shop.manager.id,
      approval_action: 'refund',
      approval_verified: true,
    });
    expect(await flags(refund.op_id)).toEqual([]);
  });

  test('[STAFF-11] a cashier cannot forge an approval: a made-up proof, or one for another refund, is not lifted', async () => {
    const original = await soldByCashier();
    const made = refundOp(till, original, [{ line: 0 }]);
    made.args.approval = { by: shop.manager.id, action: 'refund', proof: 'ef'.repeat(32) };
    const reused = refundOp(till, original, [{ line: 0 }]);
    reused.args.approval = {
      by: shop.manager.id,
      action: 'refund',
      proof: await proof(managerKey, 'approval', 'sale.refund', made.args.id as string, 'refund'),
    };
    const wrongAction = refundOp(till, original, [{ line: 0 }]);
    wrongAction.args.approval = {
      by: shop.manager.id,
      action: 'discount',
      proof: await proof(managerKey, 'approval', 'sale.refund', wrongAction.args.id as string, 'discount'),
    };
    const answers = await applyOps(shop.cashier.client, [made, reused, wrongAction]);
    expect(answers).toMatchObject([
      { status: 'rejected', error: { code: 'insufficient_role' } },
      { status: 'rejected', error: { code: 'insufficient_role' } },
      { status: 'rejected', error: { code: 'insufficient_role' } },
    ]);
  });

  test('[STAFF-11] [STAFF-6] a manager’s refund with a forged approval is recorded unverified and flagged', async () => {
    const refund = refundOp(till, await soldByCashier(), [{ line: 0 }]);
    refund.args.approval = { by: shop.owner.id, action: 'refund', proof: '01'.repeat(32) };
    expect(await applyOps(shop.manager.client, [refund])).toMatchObject([{ status: 'applied' }]);
    expect(await row('sales', refund.args.id as string)).toMatchObject({
      approved_by: shop.owner.id,
      approval_verified: false,
    });
    expect(await flags(refund.op_id)).toMatchObject([
      { kind: 'approval', staff_id: shop.owner.id, verified: false, detail: { action: 'refund' } },
    ]);
  });

  test('[STAFF-11] a cashier’s approval of a discount in a sale is verified only with a manager’s key', async () => {
    const byManager = sale();
    byManager.args.approval = {
      by: shop.manager.id,
      action: 'discount',
      proof: await proof(managerKey, 'approval', 'sale.record', byManager.args.id, 'discount'),
    };
    const byCashier = sale();
    byCashier.args.approval = {
      by: pinOnly.id,
      action: 'discount',
      proof: await proof(pinOnly.key, 'approval', 'sale.record', byCashier.args.id, 'discount'),
    };
    expect(await applyOps(shop.cashier.client, [byManager, byCashier])).toMatchObject([
      { status: 'applied' },
      { status: 'applied' },
    ]);
    expect(await row('sales', byManager.args.id)).toMatchObject({ approval_verified: true });
    expect(await row('sales', byCashier.args.id)).toMatchObject({ approval_verified: false });
    expect(await flags(byCashier.op_id)).toMatchObject([{ kind: 'approval', verified: false }]);
  });
});

describe('a shared till', () => {
  test('[STAFF-11] the signed-in manager’s account approves nothing the person at the counter does', async () => {
    // The device syncs as the manager while PIN-only Pat sells: an approval "by the manager" without the
    // manager's PIN proves nothing, on the batch path (a sale) and the one-op path (a refund) alike.
    const atCounter = async <T extends Op>(made: T, subject: string): Promise<T> => {
      made.args.cashier_id = pinOnly.id;
      made.args.cashier_proof = await proof(pinOnly.key, 'cashier', made.name as PersonOp, subject, 'sell');
      return made;
    };
    const discounted = sale();
    await atCounter(discounted, discounted.args.id);
    discounted.args.approval = { by: shop.manager.id, action: 'discount' };
    const original = sale();
    expect(await applyOps(shop.manager.client, [original])).toMatchObject([{ status: 'applied' }]);
    const refund = refundOp(till, original.args, [{ line: 0 }]);
    await atCounter(refund, refund.args.id as string);
    refund.args.approval = { by: shop.manager.id, action: 'refund' };
    const own = sale();
    own.args.approval = { by: shop.manager.id, action: 'discount' };
    expect(await applyOps(shop.manager.client, [discounted, refund, own])).toMatchObject([
      { status: 'applied' },
      { status: 'applied' },
      { status: 'applied' },
    ]);
    expect(await row('sales', discounted.args.id)).toMatchObject({
      cashier_id: pinOnly.id,
      cashier_verified: true,
      approval_verified: false,
    });
    expect(await row('sales', refund.args.id as string)).toMatchObject({
      cashier_verified: true,
      approval_verified: false,
    });
    expect(await flags(refund.op_id)).toMatchObject([{ kind: 'approval', verified: false }]);
    // The manager selling themself approves their own discount without a PIN.
    expect(await row('sales', own.args.id)).toMatchObject({ approval_verified: true });
  });
});

describe('a price override', () => {
  /** A sale by PIN-only Pat of the first product at a price the cashier changed (below the catalogue's). */
  async function repriced(): Promise<Op & { args: ReturnType<typeof saleArgs> }> {
    const product = nth(shop.products, 0);
    const made = saleOp({
      terminal: till,
      lines: [{ product: { ...product, price: product.price - 10 }, quantity: 1 }],
    }) as Op & { args: ReturnType<typeof saleArgs> };
    made.args.cashier_id = pinOnly.id;
    made.args.cashier_proof = await proof(pinOnly.key, 'cashier', 'sale.record', made.args.id, 'sell');
    return made;
  }

  test('[STAFF-11] [STAFF-6] a cashier’s changed price is approved only with the manager’s PIN proof; forged, it is recorded unverified and flagged', async () => {
    const approved = await repriced();
    approved.args.approval = {
      by: shop.manager.id,
      action: 'price_override',
      proof: await proof(managerKey, 'approval', 'sale.record', approved.args.id, 'price_override'),
    };
    // Made up, signed with the cashier's own key, and on the shared till claimed by the synced manager's
    // account with no proof at all: none of them has the manager's PIN behind it.
    const madeUp = await repriced();
    madeUp.args.approval = { by: shop.manager.id, action: 'price_override', proof: 'ab'.repeat(32) };
    const ownKey = await repriced();
    ownKey.args.approval = {
      by: shop.manager.id,
      action: 'price_override',
      proof: await proof(pinOnly.key, 'approval', 'sale.record', ownKey.args.id, 'price_override'),
    };
    const claimed = await repriced();
    claimed.args.approval = { by: shop.manager.id, action: 'price_override' };
    expect(await applyOps(shop.cashier.client, [approved, madeUp, ownKey])).toMatchObject([
      { status: 'applied' },
      { status: 'applied' },
      { status: 'applied' },
    ]);
    expect(await applyOps(shop.manager.client, [claimed])).toMatchObject([{ status: 'applied' }]);

    expect(await row('sales', approved.args.id)).toMatchObject({
      cashier_id: pinOnly.id,
      approved_by: shop.manager.id,
      approval_action: 'price_override',
      approval_verified: true,
    });
    expect(await flags(approved.op_id)).toEqual([]);
    for (const forged of [madeUp, ownKey, claimed]) {
      expect(await row('sales', forged.args.id)).toMatchObject({
        cashier_verified: true,
        approved_by: shop.manager.id,
        approval_action: 'price_override',
        approval_verified: false,
      });
      expect(await flags(forged.op_id)).toMatchObject([
        {
          kind: 'approval',
          staff_id: shop.manager.id,
          verified: false,
          detail: { action: 'price_override', reason: 'unverified_approval', subject_id: forged.args.id },
        },
      ]);
    }
  });

  test('[STAFF-12] the till’s approval event carries an approval signed for the event, which verifies', async () => {
    // A sale with a discount over the limit carries the discount's approval; the price change's approval
    // is checked on the 'approval' event the till logged when the manager gave it (docs/shared-till.md).
    const event = async (approvalProof: (id: string) => Promise<string>) => {
      const id = crypto.randomUUID();
      return op('activity.record', {
        id,
        terminal_id: till.id,
        cashier_id: pinOnly.id,
        cashier_proof: await proof(pinOnly.key, 'cashier', 'activity.record', id, 'sell'),
        approval: { by: shop.manager.id, action: 'price_override', proof: await approvalProof(id) },
        kind: 'approval',
        detail: { action: 'price_override', subject_id: crypto.randomUUID(), by: shop.manager.id },
        occurred_at: new Date().toISOString(),
      });
    };
    const signed = await event((id) =>
      proof(managerKey, 'approval', 'activity.record', id, 'price_override'),
    );
    const forged = await event(() => Promise.resolve('cd'.repeat(32)));
    expect(await applyOps(shop.cashier.client, [signed, forged])).toMatchObject([
      { status: 'applied' },
      { status: 'applied' },
    ]);
    expect(await row('activity_events', signed.args.id as string)).toMatchObject({
      kind: 'approval',
      verified: true,
      detail: { approval: { by: shop.manager.id, action: 'price_override', verified: true } },
    });
    expect(await row('activity_events', forged.args.id as string)).toMatchObject({
      kind: 'approval',
      verified: false,
      detail: { approval: { by: shop.manager.id, action: 'price_override', verified: false } },
    });
  });
});

describe('deactivated staff', () => {
  test('[STAFF-10] [STAFF-4] an inactive person pulls with active=false and their proofs stop verifying', async () => {
    const temp = must<StaffRow>(
      await saveStaff(shop.manager.client, shop.companyId, { name: 'Temp', role: 'cashier' }),
      'save_staff',
    );
    const { key } = await setPin(shop.manager.client, shop.companyId, temp.id, '9876');
    const { next } = await pullAll(shop.cashier.client, 'staff', null);
    must(await saveStaff(shop.manager.client, shop.companyId, { id: temp.id, active: false }), 'deactivate');
    const { rows } = await pullAll(shop.cashier.client, 'staff', next);
    expect(rows.find((r) => r.id === temp.id)).toMatchObject({ active: false });
    const late = sale();
    late.args.cashier_id = temp.id;
    late.args.cashier_proof = await proof(key, 'cashier', 'sale.record', late.args.id, 'sell');
    expect(await applyOps(shop.manager.client, [late])).toMatchObject([{ status: 'applied' }]);
    expect(await row('sales', late.args.id)).toMatchObject({ cashier_id: temp.id, cashier_verified: false });
  });
});

describe('no account behind a PIN', () => {
  test('[STAFF-3] a PIN-only person cannot sign in: no name and PIN opens a session, and their id is nobody', async () => {
    for (const email of ['Cara', 'cara', 'cara@demo.test']) {
      const { data, error } = await anonClient().auth.signInWithPassword({ email, password: DEMO.cara.pin });
      expect(error).not.toBeNull();
      expect(data.session).toBeNull();
    }
    // Even a token made out for Cara's staff id is nobody's membership: no staff, no ops.
    const { client } = await userClient(await mintUser({ id: DEMO.cara.staffId }));
    expect((await client.from('staff').select('id')).data).toEqual([]);
    const [answer] = await applyOps(client, [
      op('activity.record', {
        id: crypto.randomUUID(),
        terminal_id: DEMO.terminalId,
        kind: 'lock',
        occurred_at: new Date().toISOString(),
      }),
    ]);
    expect(answer).toMatchObject({ status: 'rejected', error: { code: 'not_member' } });
  });
});

describe('activity.record', () => {
  test('[STAFF-12] the event is written with recorded_by from the server; managers read it, another shop does not', async () => {
    const id = crypto.randomUUID();
    const event = op('activity.record', {
      id,
      terminal_id: till.id,
      cashier_id: pinOnly.id,
      cashier_proof: await proof(pinOnly.key, 'cashier', 'activity.record', id, 'sell'),
      kind: 'switch',
      detail: { from: shop.cashier.id },
      recorded_by: shop.owner.id,
      occurred_at: new Date().toISOString(),
    });
    const failed = op('activity.record', {
      id: crypto.randomUUID(),
      terminal_id: till.id,
      kind: 'pin_lockout',
      detail: { staff_id: pinOnly.id, tries: 5 },
      occurred_at: new Date().toISOString(),
    });
    expect(await applyOps(shop.cashier.client, [event, failed])).toMatchObject([
      { status: 'applied' },
      { status: 'applied' },
    ]);
    const read = must<Record<string, unknown>[]>(
      await shop.manager.client
        .from('activity_events')
        .select('*')
        .in('id', [id, failed.args.id as string])
        .order('kind'),
      'read activity',
    );
    expect(read).toMatchObject([
      // [STAFF-21] Naming nobody, nobody's proof was checked: unverified.
      { kind: 'pin_lockout', staff_id: null, verified: false, recorded_by: shop.cashier.id },
      {
        kind: 'switch',
        staff_id: pinOnly.id,
        verified: true,
        recorded_by: shop.cashier.id,
        terminal_id: till.id,
      },
    ]);
    expect((await shop.cashier.client.from('activity_events').select('id').eq('id', id)).data).toEqual([]);
    expect((await stranger.owner.client.from('activity_events').select('id').eq('id', id)).data).toEqual([]);
    const tooBig = op('activity.record', {
      id: crypto.randomUUID(),
      terminal_id: till.id,
      kind: 'lock',
      detail: { note: 'x'.repeat(3000) },
      occurred_at: new Date().toISOString(),
    });
    const strangerEvent = op('activity.record', {
      id: crypto.randomUUID(),
      terminal_id: till.id,
      kind: 'lock',
      occurred_at: new Date().toISOString(),
    });
    expect(await applyOps(shop.cashier.client, [tooBig])).toMatchObject([
      { status: 'rejected', error: { code: 'invalid_args' } },
    ]);
    expect(await applyOps(stranger.owner.client, [strangerEvent])).toMatchObject([
      { status: 'rejected', error: { code: 'not_member' } },
    ]);
  });
});

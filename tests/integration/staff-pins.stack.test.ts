// Approvals cannot be forged (issue 33; supabase/SPEC.md §22 [STAFF-14]…[STAFF-21], docs/shared-till.md).
// Reproduced before: a cashier read every PIN verifier (REST and pull_changes), guessed a manager's PIN
// offline, and sent a refund whose proof the server accepted; apply_ops re-checked guesses without counting
// them; a proof made for one op verified on another op with the same row id; an event naming nobody was
// "verified". Each test here failed before the change.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  derivePinKey,
  makePinSecret,
  signProof,
  toHex,
  type PersonOp,
  type PinKdf,
  type ProofPurpose,
} from '../../src/domain/staff-pin';
import { pullAll } from '../support/pull';
import type { saleArgs } from '../support/ops';
import { applyOps, op, refundOp, saleOp, type Op } from '../support/ops';
import { createShop, must, nth, registerTerminal, type Shop, type Terminal } from '../support/shop';
import { serviceClient } from '../support/supabase';

const salt = () => toHex(crypto.getRandomValues(new Uint8Array(16)));

async function setPin(client: SupabaseClient, shop: Shop, staffId: string, pin: string) {
  const secret = await makePinSecret(pin, salt());
  const result = await client.rpc('set_staff_pin', {
    p_company_id: shop.companyId,
    p_staff_id: staffId,
    p_salt: secret.salt,
    p_kdf: secret.kdf,
    p_key: secret.key,
    p_verifier: secret.verifier,
    p_digits: secret.digits,
  });
  expect(result.error).toBeNull();
  return secret.key;
}

/** The message of the proofs tills signed before v2: no op name. */
async function v1Proof(key: string, purpose: ProofPurpose, company: string, subject: string, action: string) {
  const hmac = await crypto.subtle.importKey(
    'raw',
    Uint8Array.from(key.match(/../g) ?? [], (h) => parseInt(h, 16)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const message = `tillpoint:${purpose}:v1:${company}:${subject}:${action}`;
  return toHex(new Uint8Array(await crypto.subtle.sign('HMAC', hmac, new TextEncoder().encode(message))));
}

async function row(table: string, id: string): Promise<Record<string, unknown>> {
  return must<Record<string, unknown>>(
    await serviceClient().from(table).select('*').eq('id', id).single(),
    `read ${table}`,
  );
}

async function flagsOf(opId: string): Promise<Record<string, unknown>[]> {
  return must<Record<string, unknown>[]>(
    await serviceClient().from('flags').select('*').eq('op_id', opId).order('kind'),
    'read flags',
  );
}

interface World {
  shop: Shop;
  till: Terminal;
  managerKey: string;
}

async function world(): Promise<World> {
  const shop = await createShop({ products: 1 });
  const till = await registerTerminal(shop.manager, shop.storeId);
  const managerKey = await setPin(shop.manager.client, shop, shop.manager.id, '2468');
  return { shop, till, managerKey };
}

function sale(w: World) {
  return saleOp({ terminal: w.till, lines: [{ product: nth(w.shop.products, 0), quantity: 1 }] }) as Op & {
    args: ReturnType<typeof saleArgs>;
  };
}

/** A refund by the shop's cashier of a sale they just made, carrying `approval`. */
async function refundWith(w: World, approval: (id: string) => Promise<Record<string, unknown>>) {
  const original = sale(w);
  expect(await applyOps(w.shop.cashier.client, [original])).toMatchObject([{ status: 'applied' }]);
  const refund = refundOp(w.till, original.args, [{ line: 0 }]);
  refund.args.approval = await approval(refund.args.id as string);
  return refund;
}

const approvalProof = (w: World, key: string, name: PersonOp, subject: string, action: string) =>
  signProof(key, 'approval', w.shop.companyId, name, subject, action);

describe('PIN material', () => {
  let w: World;
  let patId: string;

  beforeAll(async () => {
    w = await world();
    patId = must<{ id: string }>(
      await w.shop.manager.client.rpc('save_staff', {
        p_company_id: w.shop.companyId,
        p_staff: { name: 'Pat', role: 'cashier' },
      }),
      'save_staff',
    ).id;
    await setPin(w.shop.manager.client, w.shop, patId, '4321');
    await setPin(w.shop.cashier.client, w.shop, w.shop.cashier.id, '3579');
  });

  test('[STAFF-14] nobody reads PIN material through REST: not a cashier, not a manager, not another shop', async () => {
    for (const client of [w.shop.cashier.client, w.shop.manager.client]) {
      for (const column of ['pin_verifier', 'pin_salt', 'pin_kdf', 'pin_iterations', '*']) {
        const read = await client.from('staff').select(column).eq('company_id', w.shop.companyId);
        expect(read.error, column).toMatchObject({ code: '42501' });
        expect(read.data).toBeNull();
      }
    }
    const stranger = await createShop({ products: 1 });
    const theirs = await stranger.owner.client
      .from('staff')
      .select('pin_verifier')
      .eq('company_id', w.shop.companyId);
    expect(theirs.data ?? []).toEqual([]);
    const names = await stranger.owner.client.from('staff').select('id').eq('company_id', w.shop.companyId);
    expect(names.data).toEqual([]);
  });

  test('[STAFF-14] a cashier pulls others’ rows without PIN material and their own with it', async () => {
    const { rows } = await pullAll(w.shop.cashier.client, 'staff', null);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const other of [patId, w.shop.manager.id]) {
      expect(byId.get(other)).toMatchObject({
        pin_set: true,
        pin_salt: null,
        pin_kdf: null,
        pin_verifier: null,
        pin_iterations: null,
      });
    }
    expect(byId.get(w.shop.cashier.id)?.pin_verifier).toMatch(/^[0-9a-f]{64}$/);
    const managers = new Map(
      (await pullAll(w.shop.manager.client, 'staff', null)).rows.map((r) => [r.id, r]),
    );
    expect(managers.get(patId)?.pin_verifier).toMatch(/^[0-9a-f]{64}$/);
    expect(managers.get(patId)?.pin_salt).toMatch(/^[0-9a-f]{32}$/);
  });

  test('[STAFF-14] a cashier promoted to manager pulls the material their mirror lacks', async () => {
    const { next } = await pullAll(w.shop.cashier.client, 'staff', null);
    must(
      await w.shop.owner.client
        .from('company_members')
        .update({ role: 'manager' })
        .eq('company_id', w.shop.companyId)
        .eq('user_id', w.shop.cashier.id),
      'promote',
    );
    const { rows } = await pullAll(w.shop.cashier.client, 'staff', next);
    expect(rows.find((r) => r.id === patId)?.pin_verifier).toMatch(/^[0-9a-f]{64}$/);
  });

  test('[STAFF-19] a till without material derives the key from staff_pin_params, which holds no verifier', async () => {
    const params = must<{ salt: string; kdf: PinKdf } & Record<string, unknown>>(
      await w.shop.cashier.client.rpc('staff_pin_params', {
        p_company_id: w.shop.companyId,
        p_staff_id: patId,
      }),
      'staff_pin_params',
    );
    expect(Object.keys(params).sort()).toEqual(['kdf', 'salt']);
    const key = await derivePinKey('4321', params.salt, params.kdf);
    const checked = await w.shop.cashier.client.rpc('check_staff_pin', {
      p_company_id: w.shop.companyId,
      p_staff_id: patId,
      p_key: key,
    });
    expect(checked.data).toEqual({ ok: true });
  });
});

describe('check_staff_pin', () => {
  test('[STAFF-18] [STAFF-19] five wrong PINs in a row lock the person on the server; the right one is then refused', async () => {
    const w = await world();
    const wrong = await derivePinKey('0000', salt(), { name: 'argon2id', m: 19456, t: 1, p: 1 });
    const check = (key: string) =>
      w.shop.cashier.client.rpc('check_staff_pin', {
        p_company_id: w.shop.companyId,
        p_staff_id: w.shop.manager.id,
        p_key: key,
      });
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await check(wrong)).data);
    expect(answers.slice(0, 4)).toEqual(
      [4, 3, 2, 1].map((left) => ({ ok: false, code: 'wrong_pin', tries_left: left })),
    );
    expect(answers[4]).toMatchObject({ ok: false, code: 'pin_locked' });
    const until = Date.parse((answers[4] as { until: string }).until);
    expect(until - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(until - Date.now()).toBeLessThan(6 * 60_000);
    expect((await check(w.managerKey)).data).toMatchObject({ ok: false, code: 'pin_locked' });
    // Another person's PIN is not locked by it.
    const ownerKey = await setPin(w.shop.owner.client, w.shop, w.shop.owner.id, '1357');
    const owner = await w.shop.cashier.client.rpc('check_staff_pin', {
      p_company_id: w.shop.companyId,
      p_staff_id: w.shop.owner.id,
      p_key: ownerKey,
    });
    expect(owner.data).toEqual({ ok: true });
  });

  test('[STAFF-19] one caller checks at most 10 PINs a minute; strangers and bad keys are refused', async () => {
    const w = await world();
    const ownerKey = await setPin(w.shop.owner.client, w.shop, w.shop.owner.id, '1357');
    const answers = [];
    for (let i = 0; i < 11; i += 1) {
      const who = i % 2 === 0 ? w.shop.owner.id : w.shop.manager.id;
      const key = who === w.shop.owner.id ? ownerKey : w.managerKey;
      const answer = await w.shop.cashier.client.rpc('check_staff_pin', {
        p_company_id: w.shop.companyId,
        p_staff_id: who,
        p_key: key,
      });
      answers.push(answer.data);
    }
    expect(answers.slice(0, 10).every((a) => (a as { ok: boolean }).ok)).toBe(true);
    expect(answers[10]).toMatchObject({ ok: false, code: 'rate_limited' });
    const stranger = await createShop({ products: 1 });
    const foreign = await stranger.owner.client.rpc('check_staff_pin', {
      p_company_id: w.shop.companyId,
      p_staff_id: w.shop.manager.id,
      p_key: w.managerKey,
    });
    expect(foreign.error).toMatchObject({ code: '42501', hint: 'not_member' });
    const bad = await w.shop.manager.client.rpc('check_staff_pin', {
      p_company_id: w.shop.companyId,
      p_staff_id: w.shop.manager.id,
      p_key: 'XYZ',
    });
    expect(bad.error).toMatchObject({ hint: 'invalid_args' });
  });
});

describe('proofs in apply_ops', () => {
  test('[STAFF-18] a flood of guessed approval proofs locks the approver out: then even the right proof does not verify', async () => {
    const w = await world();
    const guesses: Op[] = [];
    for (let i = 0; i < 5; i += 1) {
      guesses.push(
        await refundWith(w, () =>
          Promise.resolve({
            by: w.shop.manager.id,
            action: 'refund',
            proof: toHex(crypto.getRandomValues(new Uint8Array(32))),
          }),
        ),
      );
    }
    const answers = await applyOps(w.shop.cashier.client, guesses);
    expect(answers.every((a) => a.status === 'rejected')).toBe(true);
    // The right PIN's proof, after the flood: not lifted (a refused refund says nothing about a guess).
    const right = await refundWith(w, async (id) => ({
      by: w.shop.manager.id,
      action: 'refund',
      proof: await approvalProof(w, w.managerKey, 'sale.refund', id, 'refund'),
    }));
    expect(await applyOps(w.shop.cashier.client, [right])).toMatchObject([
      { status: 'rejected', error: { code: 'insufficient_role' } },
    ]);
    // On the batch path too: a sale with the right approval is kept, unverified, and flagged 'locked'.
    const discounted = sale(w);
    discounted.args.approval = {
      by: w.shop.manager.id,
      action: 'discount',
      proof: await approvalProof(w, w.managerKey, 'sale.record', discounted.args.id, 'discount'),
    };
    expect(await applyOps(w.shop.cashier.client, [discounted])).toMatchObject([{ status: 'applied' }]);
    expect(await row('sales', discounted.args.id)).toMatchObject({ approval_verified: false });
    expect(await flagsOf(discounted.op_id)).toMatchObject([
      { kind: 'unverified_approval', detail: { proof: 'locked', staff_id: w.shop.manager.id } },
    ]);
    const checked = await w.shop.manager.client.rpc('check_staff_pin', {
      p_company_id: w.shop.companyId,
      p_staff_id: w.shop.manager.id,
      p_key: w.managerKey,
    });
    expect(checked.data).toMatchObject({ ok: false, code: 'pin_locked' });
  });

  test('[STAFF-17] a proof made for one op’s name does not verify on another op with the same row id', async () => {
    const w = await world();
    const ownerKey = await setPin(w.shop.owner.client, w.shop, w.shop.owner.id, '1357');
    // The till logs every approval as an activity.record event signed for the event's id; under v1 that
    // proof also approved a refund given the same id.
    const replayed = (key: string, by: string) =>
      refundWith(w, async (id) => ({
        by,
        action: 'refund',
        proof: await approvalProof(w, key, 'activity.record', id, 'refund'),
      }));
    expect(
      await applyOps(w.shop.cashier.client, [await replayed(w.managerKey, w.shop.manager.id)]),
    ).toMatchObject([{ status: 'rejected', error: { code: 'insufficient_role' } }]);
    // Sent by a manager (whose refunds need no approval), it is kept, with the owner's approval unverified.
    const refund = await replayed(ownerKey, w.shop.owner.id);
    expect(await applyOps(w.shop.manager.client, [refund])).toMatchObject([{ status: 'applied' }]);
    expect(await row('sales', refund.args.id as string)).toMatchObject({ approval_verified: false });
    expect(await flagsOf(refund.op_id)).toMatchObject([
      { kind: 'unverified_approval', sale_id: refund.args.id, detail: { proof: 'wrong', op: 'sale.refund' } },
    ]);
  });

  test('[STAFF-17] [STAFF-20] a v1 proof is recorded unverified and flagged, never rejected, and is no guess', async () => {
    const w = await world();
    const v1 = sale(w);
    v1.args.approval = {
      by: w.shop.manager.id,
      action: 'discount',
      proof: await v1Proof(w.managerKey, 'approval', w.shop.companyId, v1.args.id, 'discount'),
    };
    const sixMore = [];
    for (let i = 0; i < 6; i += 1) {
      const again = sale(w);
      again.args.approval = {
        by: w.shop.manager.id,
        action: 'discount',
        proof: await v1Proof(w.managerKey, 'approval', w.shop.companyId, again.args.id, 'discount'),
      };
      sixMore.push(again);
    }
    const answers = await applyOps(w.shop.cashier.client, [v1, ...sixMore]);
    expect(answers.every((a) => a.status === 'applied')).toBe(true);
    expect(await row('sales', v1.args.id)).toMatchObject({ approval_verified: false });
    expect(await flagsOf(v1.op_id)).toMatchObject([
      { kind: 'unverified_approval', sale_id: v1.args.id, detail: { proof: 'v1', action: 'discount' } },
    ]);
    // Seven v1 proofs are no guesses: the manager is not locked out.
    const checked = await w.shop.manager.client.rpc('check_staff_pin', {
      p_company_id: w.shop.companyId,
      p_staff_id: w.shop.manager.id,
      p_key: w.managerKey,
    });
    expect(checked.data).toEqual({ ok: true });
  });

  test('[STAFF-20] an unverified cashier on the batch path is a flag too; a verified v2 proof flags nothing', async () => {
    const w = await world();
    const claimed = sale(w);
    claimed.args.cashier_id = w.shop.owner.id;
    const signed = sale(w);
    signed.args.approval = {
      by: w.shop.manager.id,
      action: 'discount',
      proof: await approvalProof(w, w.managerKey, 'sale.record', signed.args.id, 'discount'),
    };
    expect(await applyOps(w.shop.cashier.client, [claimed, signed])).toMatchObject([
      { status: 'applied' },
      { status: 'applied' },
    ]);
    expect(await flagsOf(claimed.op_id)).toMatchObject([
      { kind: 'unverified_cashier', sale_id: claimed.args.id, detail: { staff_id: w.shop.owner.id } },
    ]);
    expect(await row('sales', signed.args.id)).toMatchObject({ approval_verified: true });
    expect(await flagsOf(signed.op_id)).toEqual([]);
  });

  test('[STAFF-21] an event naming nobody is unverified, and one carrying an unverified approval is too', async () => {
    const w = await world();
    const nobody = op('activity.record', {
      id: crypto.randomUUID(),
      terminal_id: w.till.id,
      kind: 'no_sale',
      detail: { drawer_opened: true },
      occurred_at: new Date().toISOString(),
    });
    const eventId = crypto.randomUUID();
    const claimed = op('activity.record', {
      id: eventId,
      terminal_id: w.till.id,
      cashier_id: w.shop.cashier.id,
      approval: { by: w.shop.manager.id, action: 'no_sale', proof: 'ab'.repeat(32) },
      kind: 'no_sale',
      occurred_at: new Date().toISOString(),
    });
    expect(await applyOps(w.shop.cashier.client, [nobody, claimed])).toMatchObject([
      { status: 'applied' },
      { status: 'applied' },
    ]);
    expect(await row('activity_events', nobody.args.id as string)).toMatchObject({ verified: false });
    expect(await row('activity_events', eventId)).toMatchObject({ verified: false });
    // The shop asks for an approval to open the drawer, and none verified: missing as well ([DERIVE-7]).
    expect(await flagsOf(claimed.op_id)).toMatchObject([
      { kind: 'missing_approval', detail: { action: 'no_sale' } },
      { kind: 'unverified_approval', detail: { proof: 'wrong', op: 'activity.record' } },
    ]);
  });
});

describe('six-digit approval PINs', () => {
  test('[STAFF-16] a shop that asks for 6 digits refuses a 4-digit manager’s PIN, not a cashier’s', async () => {
    const shop = await createShop({ products: 1 });
    must(
      await shop.owner.client.from('companies').update({ approval_pin_digits: 6 }).eq('id', shop.companyId),
      'settings',
    );
    const byManager = await shop.manager.client
      .from('companies')
      .update({ approval_pin_digits: 4 })
      .eq('id', shop.companyId)
      .select('id');
    expect(byManager.data ?? []).toEqual([]);
    const secret = async (pin: string) => makePinSecret(pin, salt());
    const set = async (client: SupabaseClient, staffId: string, pin: string) => {
      const s = await secret(pin);
      return client.rpc('set_staff_pin', {
        p_company_id: shop.companyId,
        p_staff_id: staffId,
        p_salt: s.salt,
        p_kdf: s.kdf,
        p_key: s.key,
        p_verifier: s.verifier,
        p_digits: s.digits,
      });
    };
    expect((await set(shop.manager.client, shop.manager.id, '2468')).error).toMatchObject({
      hint: 'pin_too_short',
    });
    expect((await set(shop.manager.client, shop.manager.id, '246802')).error).toBeNull();
    expect((await set(shop.cashier.client, shop.cashier.id, '1357')).error).toBeNull();
    const bad = await shop.owner.client
      .from('companies')
      .update({ approval_pin_digits: 5 })
      .eq('id', shop.companyId);
    expect(bad.error).toMatchObject({ code: '23514' });
  });
});

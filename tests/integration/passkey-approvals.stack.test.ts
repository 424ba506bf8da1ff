// Passkey approvals (issue 33; supabase/SPEC.md "Passkey approvals" [PASSKEY-1]…[PASSKEY-12]): a manager's
// security key registered on the server, an approval signed with it carried by an op, checked in SQL at once
// and by the Edge Function verify-approvals for its signature, with a software authenticator made of WebCrypto
// (tests/support/passkeys.ts) answering as a browser's would.
import { beforeAll, describe, expect, test } from 'vitest';
import { fetchFlags } from '../../src/data/remote/flags';
import { makePinSecret, toHex } from '../../src/domain/staff-pin';
import { pairDevice } from '../support/devices';
import {
  newAuthenticator,
  passkeyApproval,
  registration,
  verifyApprovals,
  type Authenticator,
} from '../support/passkeys';
import { approvalMessage, b64url } from '../support/software-key';
import { pullAll } from '../support/pull';
import { applyOps, op, refundOp, saleOp, type Op } from '../support/ops';
import {
  createShop,
  must,
  nth,
  registerTerminal,
  type Person,
  type Shop,
  type Terminal,
} from '../support/shop';
import { appClientAs, serviceClient } from '../support/supabase';

interface World {
  shop: Shop;
  till: Terminal;
  key: Authenticator;
  passkeyId: string;
}

async function register(person: Person, args: Record<string, unknown>) {
  const result = await person.client.rpc('register_staff_passkey', args);
  const error = result.error;
  return {
    data: result.data as Record<string, unknown> | null,
    code: error?.hint ?? error?.code ?? null,
    error,
  };
}

async function world(): Promise<World> {
  const shop = await createShop({ products: 1 });
  const till = await registerTerminal(shop.manager, shop.storeId);
  const key = await newAuthenticator();
  const made = await register(shop.manager, await registration(key, shop.companyId, shop.manager.id));
  expect(made.error).toBeNull();
  return { shop, till, key, passkeyId: String(made.data?.id) };
}

async function row(table: string, id: string): Promise<Record<string, unknown>> {
  return must<Record<string, unknown>>(
    await serviceClient().from(table).select('*').eq('id', id).single(),
    `read ${table}`,
  );
}

async function flagsOf(opId: string): Promise<{ kind: string; detail: Record<string, unknown> }[]> {
  return must(
    await serviceClient().from('flags').select('kind, detail').eq('op_id', opId).order('kind'),
    'flags',
  );
}

async function due(w: World): Promise<number> {
  return must<number>(
    await w.shop.manager.client.rpc('passkey_checks_due', { p_company_id: w.shop.companyId }),
    'due',
  );
}

/** A sale by the cashier, and a refund of it carrying the approval `approve` makes for the refund's row. */
async function refundWith(w: World, approve: (refundId: string) => Promise<Record<string, unknown>>) {
  const sale = saleOp({ terminal: w.till, lines: [{ product: nth(w.shop.products, 0), quantity: 1 }] });
  expect(await applyOps(w.shop.cashier.client, [sale])).toMatchObject([{ status: 'applied' }]);
  const refund = refundOp(w.till, sale.args as Parameters<typeof refundOp>[1], [{ line: 0 }]);
  refund.args.approval = await approve(String(refund.args.id));
  return refund;
}

const refundApproval =
  (w: World, key = w.key, message?: (id: string) => string) =>
  (id: string) =>
    passkeyApproval(
      key,
      w.shop.manager.id,
      'refund',
      message?.(id) ?? approvalMessage(w.shop.companyId, 'sale.refund', id, 'refund'),
    );

/** The approval with its signature's last bit flipped: still DER, no longer the key's. */
function tampered<T extends { passkey: { signature: string } }>(approval: T): T {
  const signature = Buffer.from(approval.passkey.signature, 'base64url');
  signature[signature.length - 1] = (signature[signature.length - 1] ?? 0) ^ 1;
  return { ...approval, passkey: { ...approval.passkey, signature: b64url(signature) } };
}

describe('registering a passkey', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  test('[PASSKEY-1] the live keys are on staff.passkeys, which every member reads and pull_changes carries', async () => {
    const staff = must<{ passkeys: Record<string, unknown>[] }>(
      await w.shop.cashier.client.from('staff').select('passkeys').eq('id', w.shop.manager.id).single(),
      'read staff',
    );
    expect(staff.passkeys).toEqual([
      {
        id: w.passkeyId,
        credential_id: w.key.credentialId,
        public_key: w.key.publicKey,
        rp_id: 'localhost',
        name: 'Blue key',
        created_at: expect.any(String) as string,
      },
    ]);
    const first = await pullAll(w.shop.cashier.client, 'staff', null);
    const pulled = first.rows.find((r) => r.id === w.shop.manager.id);
    expect(pulled?.passkeys).toEqual(staff.passkeys);
    // A second key moves the row's cursor: tills pull it again.
    const second = await newAuthenticator();
    const made = await register(
      w.shop.manager,
      await registration(second, w.shop.companyId, w.shop.manager.id),
    );
    expect(made.code).toBeNull();
    const again = await pullAll(w.shop.cashier.client, 'staff', first.next);
    expect(again.rows.map((r) => [r.id, (r.passkeys as unknown[]).length])).toEqual([[w.shop.manager.id, 2]]);
    must(
      await w.shop.manager.client.rpc('remove_staff_passkey', {
        p_company_id: w.shop.companyId,
        p_passkey_id: made.data?.id,
      }),
      'remove',
    );
    const removed = await pullAll(w.shop.cashier.client, 'staff', again.next);
    expect(removed.rows.map((r) => [r.id, (r.passkeys as unknown[]).length])).toEqual([
      [w.shop.manager.id, 1],
    ]);
  });

  test('[PASSKEY-2] a manager or owner registers for themself only, in their own shop', async () => {
    const key = await newAuthenticator();
    const { shop } = w;
    expect((await register(shop.manager, await registration(key, shop.companyId, shop.owner.id))).code).toBe(
      'not_your_staff',
    );
    expect(
      (await register(shop.cashier, await registration(key, shop.companyId, shop.cashier.id))).code,
    ).toBe('insufficient_role');
    const other = await createShop({ products: 1 });
    expect(
      (await register(other.manager, await registration(key, shop.companyId, other.manager.id))).code,
    ).toBe('not_member');
    const owner = await register(shop.owner, await registration(key, shop.companyId, shop.owner.id));
    expect(owner.code).toBeNull();
    expect(owner.data).toMatchObject({
      credential_id: key.credentialId,
      rp_id: 'localhost',
      name: 'Blue key',
    });
  });

  test('[PASSKEY-2] the client data, authenticator data and key are checked; a key is registered once', async () => {
    const { shop } = w;
    const key = await newAuthenticator();
    const as = (change: Parameters<typeof registration>[3]) =>
      registration(key, shop.companyId, shop.manager.id, change);
    const spoiled = [
      await as({ challenge: `tillpoint:passkey:v1:${shop.companyId}:${shop.owner.id}` }),
      await as({ type: 'webauthn.get' }),
      await as({ rpId: 'example.com' }),
      await as({ flags: 0x44 }),
      await as({ publicKey: b64url(crypto.getRandomValues(new Uint8Array(91))) }),
    ];
    for (const args of spoiled) {
      const made = await register(shop.manager, args);
      expect(made.code).toBe('passkey_invalid');
      expect(made.error?.message).toMatch(/^The security key could not be added: /);
    }
    expect((await register(shop.manager, { ...(await as({})), p_name: '   ' })).code).toBe('invalid_args');
    expect((await register(shop.manager, { ...(await as({})), p_credential_id: 'AAAA' })).code).toBe(
      'passkey_invalid',
    );
    expect((await register(shop.manager, await as({}))).code).toBeNull();
    expect((await register(shop.manager, await as({}))).code).toBe('passkey_exists');
  });

  test('[PASSKEY-3] a key is removed by its person or an owner, by nobody else', async () => {
    const { shop } = w;
    const key = await newAuthenticator();
    const made = await register(shop.owner, await registration(key, shop.companyId, shop.owner.id));
    const remove = (person: Person, id: unknown) =>
      person.client.rpc('remove_staff_passkey', { p_company_id: shop.companyId, p_passkey_id: id });
    expect((await remove(shop.manager, made.data?.id)).error?.hint).toBe('unknown_passkey');
    expect((await remove(shop.cashier, w.passkeyId)).error?.hint).toBe('unknown_passkey');
    expect((await remove(shop.owner, made.data?.id)).error).toBeNull();
    expect((await remove(shop.owner, made.data?.id)).error?.hint).toBe('unknown_passkey');
  });
});

describe('approving with a passkey', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  test('[PASSKEY-7] [PASSKEY-9] a refund approved by passkey waits unverified and unflagged, then verifies', async () => {
    const refund = await refundWith(w, refundApproval(w));
    expect(await applyOps(w.shop.cashier.client, [refund])).toMatchObject([{ status: 'applied' }]);
    expect(await row('sales', String(refund.args.id))).toMatchObject({
      approved_by: w.shop.manager.id,
      approval_action: 'refund',
      approval_verified: false,
    });
    expect(await flagsOf(refund.op_id)).toEqual([]);
    expect(await due(w)).toBe(1);
    // [PASSKEY-6] A replay adds no second check.
    expect(await applyOps(w.shop.cashier.client, [refund])).toMatchObject([{ status: 'duplicate' }]);
    expect(await due(w)).toBe(1);
    // Only the settlement may change the recorded sale, not even the service role by hand ([SCHEMA-5]).
    const byHand = await serviceClient()
      .from('sales')
      .update({ approval_verified: true })
      .eq('id', String(refund.args.id));
    expect(byHand.error?.message).toMatch(/never changed/);
    expect(await verifyApprovals(w.shop.cashier, w.shop.companyId)).toEqual({
      status: 200,
      body: { checked: 1, verified: 1, failed: 0 },
    });
    expect(await row('sales', String(refund.args.id))).toMatchObject({ approval_verified: true });
    expect(await flagsOf(refund.op_id)).toEqual([]);
    expect(await verifyApprovals(w.shop.cashier, w.shop.companyId)).toMatchObject({ body: { checked: 0 } });
  });

  test('[PASSKEY-9] a cash movement and a shift’s difference approved by passkey verify once settled', async () => {
    const { shop } = w;
    must(
      await shop.owner.client
        .from('companies')
        .update({ approve_shift_difference_over: 100 })
        .eq('id', shop.companyId),
      'settings',
    );
    const till = await registerTerminal(shop.manager, shop.storeId, 'Shift till');
    const shiftId = crypto.randomUUID();
    const at = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
    const approve = (action: string, opName: string, id: string) =>
      passkeyApproval(w.key, shop.manager.id, action, approvalMessage(shop.companyId, opName, id, action));
    const open = op('shift.open', {
      id: shiftId,
      terminal_id: till.id,
      opened_at: at(0),
      opening_float: 10_000,
    });
    const moveId = crypto.randomUUID();
    const move = op('cash.move', {
      id: moveId,
      terminal_id: till.id,
      shift_id: shiftId,
      kind: 'pay_out',
      amount: 500,
      occurred_at: at(1),
      approval: await approve('no_sale', 'cash.move', moveId),
    });
    const close = op('shift.close', {
      id: shiftId,
      terminal_id: till.id,
      closed_at: at(2),
      counted_cash: 5_000,
      approval: await approve('shift_difference', 'shift.close', shiftId),
    });
    expect((await applyOps(shop.cashier.client, [open, move, close])).map((a) => a.status)).toEqual([
      'applied',
      'applied',
      'applied',
    ]);
    expect([...(await flagsOf(move.op_id)), ...(await flagsOf(close.op_id))]).toEqual([]);
    expect(await row('shifts', shiftId)).toMatchObject({ approval_verified: false, approved_by: null });
    expect(await verifyApprovals(shop.cashier, shop.companyId)).toMatchObject({
      body: { checked: 2, verified: 2 },
    });
    expect(await row('cash_movements', moveId)).toMatchObject({ approval_verified: true });
    expect(await row('shifts', shiftId)).toMatchObject({
      needs_approval: true,
      approval_verified: true,
      approved_by: shop.manager.id,
    });
  });

  test('[PASSKEY-10] a tampered signature settles bad and is flagged', async () => {
    const refund = await refundWith(w, async (id) => tampered(await refundApproval(w)(id)));
    expect(await applyOps(w.shop.cashier.client, [refund])).toMatchObject([{ status: 'applied' }]);
    expect(await flagsOf(refund.op_id)).toEqual([]);
    expect(await verifyApprovals(w.shop.cashier, w.shop.companyId)).toMatchObject({
      body: { checked: 1, verified: 0, failed: 1 },
    });
    expect(await row('sales', String(refund.args.id))).toMatchObject({ approval_verified: false });
    // The refund the shop asks approval for now has none ([PASSKEY-10], as a wrong PIN proof would).
    expect(await flagsOf(refund.op_id)).toEqual([
      {
        kind: 'missing_approval',
        detail: expect.objectContaining({ action: 'refund', approval_verified: false }) as object,
      },
      {
        kind: 'unverified_approval',
        detail: expect.objectContaining({
          proof: 'passkey_signature',
          action: 'refund',
          op: 'sale.refund',
        }) as object,
      },
    ]);
  });

  test('[PASSKEY-T10] a manager reading the flags has the shop’s waiting checks settled first, so a forged signature is on the list', async () => {
    // A till that sends a forged approval and never asks for the check: the manager's read asks for it.
    const refund = await refundWith(w, async (id) => tampered(await refundApproval(w)(id)));
    expect(await applyOps(w.shop.cashier.client, [refund])).toMatchObject([{ status: 'applied' }]);
    expect(await due(w)).toBe(1);
    const flags = await fetchFlags(await appClientAs(w.shop.manager.client), w.shop.companyId, null);
    expect(flags.filter((flag) => flag.saleId === refund.args.id).map((flag) => flag.kind)).toEqual(
      expect.arrayContaining(['missing_approval', 'unverified_approval']) as string[],
    );
    expect(await due(w)).toBe(0);
  });

  test('[PASSKEY-8] an approval signed for another op, row or action is flagged passkey_wrong at once', async () => {
    const sale = saleOp({ terminal: w.till, lines: [{ product: nth(w.shop.products, 0), quantity: 1 }] });
    const { companyId } = w.shop;
    const messages = [
      (id: string) => approvalMessage(companyId, 'sale.record', id, 'refund'),
      () => approvalMessage(companyId, 'sale.refund', sale.args.id as string, 'refund'),
      (id: string) => approvalMessage(companyId, 'sale.refund', id, 'discount'),
    ];
    for (const message of messages) {
      const refund = await refundWith(w, refundApproval(w, w.key, message));
      // The manager's own till sends it: applied (their role), the approval flagged.
      expect(await applyOps(w.shop.manager.client, [refund])).toMatchObject([{ status: 'applied' }]);
      expect(await flagsOf(refund.op_id)).toEqual([
        {
          kind: 'unverified_approval',
          detail: expect.objectContaining({
            proof: 'passkey_wrong',
            passkey_reason: 'wrong_challenge',
          }) as object,
        },
      ]);
    }
    // A cashier's refund with a wrong approval is refused, as with a wrong PIN proof.
    const refund = await refundWith(w, refundApproval(w, w.key, messages[0]));
    expect(await applyOps(w.shop.cashier.client, [refund])).toMatchObject([
      { status: 'rejected', error: { code: 'insufficient_role' } },
    ]);
    expect(await due(w)).toBe(0);
  });

  test('[PASSKEY-5] the passkey form is strict: no proof beside it, no other keys, texts of at most 2048', async () => {
    const good = await refundApproval(w)(crypto.randomUUID());
    const spoiled = [
      { ...good, proof: 'ab'.repeat(32) },
      { ...good, op: 'sale.refund', subject_id: crypto.randomUUID() },
      { ...good, passkey: { ...good.passkey, extra: 'x' } },
      { ...good, passkey: { ...good.passkey, signature: 'A'.repeat(2049) } },
      { ...good, passkey: { ...good.passkey, signature: 1 } },
    ];
    for (const approval of spoiled) {
      const refund = await refundWith(w, () => Promise.resolve(approval));
      expect(await applyOps(w.shop.manager.client, [refund])).toMatchObject([
        { status: 'rejected', error: { code: 'invalid_args' } },
      ]);
    }
    expect(await due(w)).toBe(0);
  });

  test('[PASSKEY-8] passkey approvals never count as wrong PIN tries', async () => {
    const secret = await makePinSecret('2468', toHex(crypto.getRandomValues(new Uint8Array(16))));
    must(
      await w.shop.manager.client.rpc('set_staff_pin', {
        p_company_id: w.shop.companyId,
        p_staff_id: w.shop.manager.id,
        p_salt: secret.salt,
        p_kdf: secret.kdf,
        p_key: secret.key,
        p_verifier: secret.verifier,
        p_digits: secret.digits,
      }),
      'set_staff_pin',
    );
    const wrong = () => approvalMessage(w.shop.companyId, 'sale.record', crypto.randomUUID(), 'refund');
    const refunds: Op[] = [];
    for (let i = 0; i < 6; i++) refunds.push(await refundWith(w, refundApproval(w, w.key, wrong)));
    await applyOps(w.shop.cashier.client, refunds);
    const check = await w.shop.cashier.client.rpc('check_staff_pin', {
      p_company_id: w.shop.companyId,
      p_staff_id: w.shop.manager.id,
      p_key: secret.key,
    });
    expect(check.data).toEqual({ ok: true });
  });

  test('[PASSKEY-7] a sale with a passkey approval in a batch of plain sales goes one by one', async () => {
    const plain = () =>
      saleOp({ terminal: w.till, lines: [{ product: nth(w.shop.products, 0), quantity: 1 }] });
    const approved = plain();
    approved.args.approval = await passkeyApproval(
      w.key,
      w.shop.manager.id,
      'discount',
      approvalMessage(w.shop.companyId, 'sale.record', approved.args.id as string, 'discount'),
    );
    const batch = [plain(), approved, plain()];
    expect(await applyOps(w.shop.cashier.client, batch)).toMatchObject([
      { status: 'applied' },
      { status: 'applied' },
      { status: 'applied' },
    ]);
    expect(await flagsOf(approved.op_id)).toEqual([]);
    expect(await due(w)).toBe(1);
    expect(await verifyApprovals(w.shop.manager, w.shop.companyId)).toMatchObject({ body: { verified: 1 } });
    expect(await row('sales', approved.args.id as string)).toMatchObject({ approval_verified: true });
  });

  test('[PASSKEY-10] a key removed before its check: the approval is flagged passkey_removed', async () => {
    const key = await newAuthenticator();
    const made = await register(w.shop.manager, await registration(key, w.shop.companyId, w.shop.manager.id));
    const refund = await refundWith(w, refundApproval(w, key));
    expect(await applyOps(w.shop.cashier.client, [refund])).toMatchObject([{ status: 'applied' }]);
    expect(await flagsOf(refund.op_id)).toEqual([]);
    must(
      await w.shop.manager.client.rpc('remove_staff_passkey', {
        p_company_id: w.shop.companyId,
        p_passkey_id: made.data?.id,
      }),
      'remove',
    );
    expect(await verifyApprovals(w.shop.cashier, w.shop.companyId)).toMatchObject({ body: { checked: 0 } });
    expect(await row('sales', String(refund.args.id))).toMatchObject({ approval_verified: false });
    expect(await flagsOf(refund.op_id)).toEqual([
      { kind: 'missing_approval', detail: expect.objectContaining({ action: 'refund' }) as object },
      {
        kind: 'unverified_approval',
        detail: expect.objectContaining({ proof: 'passkey_removed' }) as object,
      },
    ]);
  });

  test('[PASSKEY-11] only a member or paired till of the shop may have its checks run', async () => {
    const other = await createShop({ products: 1 });
    expect(await verifyApprovals(other.manager, w.shop.companyId)).toMatchObject({
      status: 403,
      body: { error: { code: 'not_member' } },
    });
    const device = await pairDevice(w.shop.manager, w.shop.companyId, w.shop.storeId);
    expect(await verifyApprovals(device, w.shop.companyId)).toEqual({
      status: 200,
      body: { checked: 0, verified: 0, failed: 0 },
    });
  });

  test('[PASSKEY-12] an approval event signed for a sale counts in approvals_given once settled', async () => {
    must(
      await w.shop.owner.client
        .from('companies')
        .update({ approve_price_override: true })
        .eq('id', w.shop.companyId),
      'settings',
    );
    const product = nth(w.shop.products, 0);
    const sellCheap = () => {
      const sale = saleOp({ terminal: w.till, lines: [{ product: { ...product, price: 50 }, quantity: 1 }] });
      return sale;
    };
    const event = (saleId: string, approval: Record<string, unknown>) =>
      op('activity.record', {
        id: crypto.randomUUID(),
        terminal_id: w.till.id,
        cashier_id: w.shop.cashier.id,
        kind: 'approval',
        detail: { action: 'price_override', subject_id: saleId, by: w.shop.manager.id },
        approval,
        occurred_at: new Date().toISOString(),
      });
    const signedFor = async (saleId: string) => ({
      ...(await passkeyApproval(
        w.key,
        w.shop.manager.id,
        'price_override',
        approvalMessage(w.shop.companyId, 'sale.record', saleId, 'price_override'),
      )),
      op: 'sale.record',
      subject_id: saleId,
    });
    const sale = sellCheap();
    const logged = event(sale.args.id as string, await signedFor(sale.args.id as string));
    expect(await applyOps(w.shop.cashier.client, [logged])).toMatchObject([{ status: 'applied' }]);
    expect(await flagsOf(logged.op_id)).toEqual([]);
    expect(await row('activity_events', logged.args.id as string)).toMatchObject({
      verified: false,
      detail: { approval: { by: w.shop.manager.id, action: 'price_override', verified: false } },
    });
    expect(await verifyApprovals(w.shop.cashier, w.shop.companyId)).toMatchObject({ body: { verified: 1 } });
    expect(await row('activity_events', logged.args.id as string)).toMatchObject({
      verified: true,
      detail: { approval: { verified: true } },
    });
    // Settled, nothing waits: the sale sent now is approved by approvals_given alone.
    expect(await applyOps(w.shop.cashier.client, [sale])).toMatchObject([{ status: 'applied' }]);
    expect((await flagsOf(sale.op_id)).map((f) => f.kind)).toEqual(['price']);
    // Sent together, a sale waits for its approval's check; settled bad, the sale lacks its approval.
    const later = sellCheap();
    const forgedEvent = event(later.args.id as string, tampered(await signedFor(later.args.id as string)));
    await applyOps(w.shop.cashier.client, [forgedEvent, later]);
    expect((await flagsOf(later.op_id)).map((f) => f.kind)).toEqual(['price']);
    expect(await verifyApprovals(w.shop.cashier, w.shop.companyId)).toMatchObject({ body: { failed: 1 } });
    expect((await flagsOf(later.op_id)).map((f) => f.kind)).toEqual(['missing_approval', 'price']);
    // An event whose words name another row than the one signed approves nothing.
    const other = sellCheap();
    const mismatched = event(other.args.id as string, await signedFor(sale.args.id as string));
    await applyOps(w.shop.cashier.client, [mismatched, other]);
    expect(await flagsOf(mismatched.op_id)).toEqual([
      {
        kind: 'unverified_approval',
        detail: expect.objectContaining({
          proof: 'passkey_wrong',
          passkey_reason: 'event_mismatch',
        }) as object,
      },
    ]);
    expect((await flagsOf(other.op_id)).map((f) => f.kind)).toEqual(['missing_approval', 'price']);
  });
});

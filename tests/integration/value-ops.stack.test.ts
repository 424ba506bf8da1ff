// The two ops of customer value (issue 37; supabase/SPEC.md [VAL-18], [VAL-19], [VAL-34]): a customer paying
// what they owe at the register, whose cash the shift expects; a manager's adjustment, void, block and
// unblock of any account with a reason — a cashier only with a manager's approval the server verified itself.
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, test } from 'vitest';
import { makePinSecret, signProof, toHex } from '../../src/domain/staff-pin';
import { pairDevice } from '../support/devices';
import { applyOps, op, saleOp, type Op } from '../support/ops';
import { createShop, must, nth, registerTerminal, type Shop, type Terminal } from '../support/shop';
import { serviceClient } from '../support/supabase';
import { addCustomer, balanceOf, customerAccount, entriesOf, giftCard } from '../support/value';

let shop: Shop;
let stranger: Shop;
let till: Terminal;
let managerKey: string;

beforeAll(async () => {
  [shop, stranger] = await Promise.all([createShop({ products: 1 }), createShop({ products: 1 })]);
  till = await registerTerminal(shop.manager, shop.storeId);
  const secret = await makePinSecret('2468', toHex(crypto.getRandomValues(new Uint8Array(16))));
  must(
    await shop.manager.client.rpc('set_staff_pin', {
      p_company_id: shop.companyId,
      p_staff_id: shop.manager.id,
      p_salt: secret.salt,
      p_kdf: secret.kdf,
      p_key: secret.key,
      p_verifier: secret.verifier,
      p_digits: secret.digits,
    }),
    'set_staff_pin',
  );
  managerKey = secret.key;
});

function payment(customerId: string, amount: number, extra: Record<string, unknown> = {}): Op {
  return op('account.payment', {
    id: uuidv7(),
    terminal_id: till.id,
    customer_id: customerId,
    amount,
    method: 'cash',
    tendered: amount,
    change: 0,
    receipt_no: till.nextReceipt(),
    occurred_at: new Date().toISOString(),
    ...extra,
  });
}

function adjust(accountId: string, args: Record<string, unknown>): Op {
  return op('value.adjust', {
    id: uuidv7(),
    account_id: accountId,
    company_id: shop.companyId,
    action: 'adjust',
    reason: 'Counted the cards',
    occurred_at: new Date().toISOString(),
    ...args,
  });
}

describe('account.payment', () => {
  test('[VAL-18] a cashier takes a payment: one payment entry, replayed as a duplicate', async () => {
    const customer = await addCustomer(shop);
    const account = await customerAccount(shop, customer, 'on_account', {
      creditLimit: 20000,
      balance: -4500,
    });
    const paid = payment(customer, 4000, { tendered: 5000, change: 1000 });
    expect(await applyOps(shop.cashier.client, [paid])).toMatchObject([
      { status: 'applied', result: { account_id: account, balance_after: -500 } },
    ]);
    expect(await applyOps(shop.cashier.client, [paid])).toMatchObject([{ status: 'duplicate' }]);
    const entries = await entriesOf(account);
    expect(entries.filter((e) => e.kind === 'payment')).toEqual([
      expect.objectContaining({
        id: paid.args.id,
        delta: 4000,
        balance_after: -500,
        tender_method: 'cash',
        tendered: 5000,
        change: 1000,
        receipt_no: paid.args.receipt_no,
        terminal_id: till.id,
        staff_id: shop.cashier.id,
        recorded_by: shop.cashier.id,
      }),
    ]);
    expect(await balanceOf(account)).toBe(-500);
  });

  test('[VAL-34] the shift expects the cash of its account payments, and not their card', async () => {
    const customer = await addCustomer(shop, 'Cash Payer');
    await customerAccount(shop, customer, 'on_account', { creditLimit: 10000, balance: -3000 });
    const shiftId = uuidv7();
    const now = () => new Date().toISOString();
    const open = op('shift.open', {
      id: shiftId,
      terminal_id: till.id,
      opened_at: now(),
      opening_float: 10000,
    });
    const cash = payment(customer, 2000, { shift_id: shiftId });
    const card = payment(customer, 700, { shift_id: shiftId, method: 'card', tendered: null, change: null });
    const close = op('shift.close', {
      id: shiftId,
      terminal_id: till.id,
      closed_at: now(),
      counted_cash: 12000,
    });
    const answers = await applyOps(shop.cashier.client, [open, cash, card, close]);
    expect(answers.map((a) => a.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(nth(answers, 3).result).toMatchObject({ expected_cash: 12000, difference: 0 });
  });

  test('[VAL-18] what it refuses: unknown customer, no account, a used receipt number, a wrong method', async () => {
    const customer = await addCustomer(shop, 'No Account');
    const other = await addCustomer(stranger, 'Elsewhere');
    const sale = saleOp({ terminal: till, lines: [{ product: nth(shop.products, 0), quantity: 1 }] });
    expect(await applyOps(shop.cashier.client, [sale])).toMatchObject([{ status: 'applied' }]);
    const withAccount = await addCustomer(shop, 'Has Account');
    await customerAccount(shop, withAccount, 'on_account', { creditLimit: 1000 });
    const answers = await applyOps(shop.cashier.client, [
      payment(other, 100),
      payment(customer, 100),
      payment(withAccount, 100, { receipt_no: sale.args.receipt_no }),
      payment(withAccount, 100, { method: 'gift_card', tendered: null }),
      payment(withAccount, 0),
      payment(withAccount, 100, { tendered: 50 }),
    ]);
    expect(answers.map((a) => a.error?.code)).toEqual([
      'unknown_customer',
      'no_account',
      'duplicate_receipt_no',
      'invalid_args',
      'invalid_args',
      'change_mismatch',
    ]);
  });

  test('[VAL-18] another shop’s member cannot take a payment on this shop’s till', async () => {
    const customer = await addCustomer(shop, 'Stranger Target');
    await customerAccount(shop, customer, 'on_account', { creditLimit: 1000 });
    expect(await applyOps(stranger.owner.client, [payment(customer, 100)])).toMatchObject([
      { status: 'rejected', error: { code: 'not_member' } },
    ]);
  });
});

describe('a paired till', () => {
  test('[VAL-18] [VAL-19] takes a payment naming its cashier, and adjusts nothing without an approval', async () => {
    const device = await pairDevice(shop.manager, shop.companyId, shop.storeId, 'Value counter');
    const customer = await addCustomer(shop, 'Device Payer');
    const account = await customerAccount(shop, customer, 'on_account', {
      creditLimit: 5000,
      balance: -2000,
    });
    const card = await giftCard(shop, 'DEVICE-CARD-0001', 1000);
    const answers = await applyOps(device.client, [
      payment(customer, 2000, { cashier_id: shop.cashier.id }),
      adjust(card, { delta: 100, terminal_id: till.id, cashier_id: shop.cashier.id }),
    ]);
    expect(answers).toMatchObject([
      { status: 'applied', result: { account_id: account, balance_after: 0 } },
      { status: 'rejected', error: { code: 'insufficient_role' } },
    ]);
    expect(await balanceOf(card)).toBe(1000);
  });
});

describe('value.adjust', () => {
  test('[VAL-19] a manager adjusts a balance either way, with a reason', async () => {
    const card = await giftCard(shop, 'ADJUST-CARD-0001', 2500);
    const up = adjust(card, { delta: 500 });
    const down = adjust(card, { delta: -1000, terminal_id: till.id, company_id: undefined });
    expect(await applyOps(shop.manager.client, [up, down])).toMatchObject([
      { status: 'applied', result: { account_id: card, balance_after: 3000, status: 'active' } },
      { status: 'applied', result: { balance_after: 2000 } },
    ]);
    expect((await entriesOf(card)).slice(1)).toEqual([
      expect.objectContaining({ id: up.args.id, kind: 'adjust', delta: 500, reason: 'Counted the cards' }),
      expect.objectContaining({ id: down.args.id, kind: 'adjust', delta: -1000, terminal_id: till.id }),
    ]);
  });

  test('[VAL-19] [VAL-22] an adjustment below zero is kept and flagged overdraw', async () => {
    const card = await giftCard(shop, 'ADJUST-CARD-0007', 1000);
    const down = adjust(card, { delta: -1500 });
    expect(await applyOps(shop.manager.client, [down])).toMatchObject([
      { status: 'applied', result: { balance_after: -500 } },
    ]);
    const flags = must<Record<string, unknown>[]>(
      await serviceClient()
        .from('flags')
        .select('*')
        .eq('dedupe_key', `overdraw:${String(down.args.id)}`),
      'read flags',
    );
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      kind: 'overdraw',
      op_id: down.op_id,
      detail: { account_id: card, balance_before: 1000, delta: -1500, balance_after: -500 },
    });
  });

  test('[VAL-19] a reason is required, a delta is not zero', async () => {
    const card = await giftCard(shop, 'ADJUST-CARD-0002', 1000);
    const answers = await applyOps(shop.manager.client, [
      adjust(card, { delta: 100, reason: '' }),
      adjust(card, { delta: 100, reason: '   ' }),
      adjust(card, { delta: 100, reason: undefined }),
      adjust(card, { delta: 0 }),
      adjust(card, { action: 'void', delta: 100 }),
      adjust(card, { action: 'spend', delta: 100 }),
      adjust(uuidv7(), { delta: 100 }),
    ]);
    expect(answers.map((a) => a.error?.code)).toEqual([
      'invalid_args',
      'invalid_args',
      'invalid_args',
      'invalid_args',
      'invalid_args',
      'invalid_args',
      'unknown_account',
    ]);
    expect(await balanceOf(card)).toBe(1000);
  });

  test('[VAL-19] a cashier is refused without a verified approval: a till’s word is not one', async () => {
    const card = await giftCard(shop, 'ADJUST-CARD-0003', 1000);
    const bare = adjust(card, { delta: 100 });
    const claimed = adjust(card, { delta: 100, approval: { by: shop.manager.id, action: 'value_adjust' } });
    const wrongProof = adjust(card, {
      delta: 100,
      approval: { by: shop.manager.id, action: 'value_adjust', proof: '0'.repeat(64) },
    });
    const answers = await applyOps(shop.cashier.client, [bare, claimed, wrongProof]);
    expect(answers.map((a) => a.error?.code)).toEqual([
      'insufficient_role',
      'insufficient_role',
      'insufficient_role',
    ]);
    expect(await balanceOf(card)).toBe(1000);
  });

  test('[VAL-19] [STAFF-17] a cashier adjusts with a manager’s PIN proof made for this very op', async () => {
    const card = await giftCard(shop, 'ADJUST-CARD-0004', 1000);
    const approved = adjust(card, { delta: -250, terminal_id: till.id });
    const id = String(approved.args.id);
    approved.args.approval = {
      by: shop.manager.id,
      action: 'value_adjust',
      proof: await signProof(managerKey, 'approval', shop.companyId, 'value.adjust', id, 'value_adjust'),
    };
    // The same proof made for another op's name does not verify.
    const elsewhere = adjust(card, { delta: -250, terminal_id: till.id });
    elsewhere.args.approval = {
      by: shop.manager.id,
      action: 'value_adjust',
      proof: await signProof(
        managerKey,
        'approval',
        shop.companyId,
        'sale.refund',
        String(elsewhere.args.id),
        'value_adjust',
      ),
    };
    expect(await applyOps(shop.cashier.client, [approved, elsewhere])).toMatchObject([
      { status: 'applied', result: { balance_after: 750 } },
      { status: 'rejected', error: { code: 'insufficient_role' } },
    ]);
    expect((await entriesOf(card)).at(-1)).toMatchObject({ id, staff_id: shop.cashier.id, kind: 'adjust' });
  });

  test('[VAL-19] another shop’s member is refused', async () => {
    const card = await giftCard(shop, 'ADJUST-CARD-0005', 1000);
    expect(await applyOps(stranger.owner.client, [adjust(card, { delta: 100 })])).toMatchObject([
      { status: 'rejected', error: { code: 'not_member' } },
    ]);
    // Naming their own shop does not reach this shop's card either.
    expect(
      await applyOps(stranger.owner.client, [adjust(card, { delta: 100, company_id: stranger.companyId })]),
    ).toMatchObject([{ status: 'rejected', error: { code: 'unknown_account' } }]);
    expect(await balanceOf(card)).toBe(1000);
  });

  test('[VAL-19] void writes −balance as a void entry and is final; block and unblock write no entry', async () => {
    const card = await giftCard(shop, 'ADJUST-CARD-0006', 1800);
    const block = adjust(card, { action: 'block', delta: undefined });
    const unblock = adjust(card, { action: 'unblock', delta: undefined });
    const voided = adjust(card, { action: 'void', delta: undefined, reason: 'Card reported stolen' });
    expect(await applyOps(shop.manager.client, [block])).toMatchObject([
      { status: 'applied', result: { status: 'blocked', balance_after: 1800 } },
    ]);
    const status = async () =>
      must<{ status: string }>(
        await serviceClient().from('value_accounts').select('status').eq('id', card).single(),
        'read account',
      ).status;
    expect(await status()).toBe('blocked');
    const event = must<Record<string, unknown>>(
      await serviceClient().from('activity_events').select('*').eq('id', block.args.id).single(),
      'read event',
    );
    expect(event).toMatchObject({
      kind: 'value_status',
      staff_id: shop.manager.id,
      detail: { account_id: card, from: 'active', to: 'blocked', reason: 'Counted the cards' },
    });
    expect(await applyOps(shop.manager.client, [unblock, voided])).toMatchObject([
      { status: 'applied', result: { status: 'active' } },
      { status: 'applied', result: { status: 'void', balance_after: 0 } },
    ]);
    expect(await status()).toBe('void');
    expect((await entriesOf(card)).map((e) => [e.kind, e.delta, e.balance_after])).toEqual([
      ['issue', 1800, 1800],
      ['void', -1800, 0],
    ]);
    expect(
      await applyOps(shop.manager.client, [
        adjust(card, { delta: 100 }),
        adjust(card, { action: 'unblock' }),
      ]),
    ).toMatchObject([
      { status: 'rejected', error: { code: 'account_void' } },
      { status: 'rejected', error: { code: 'account_void' } },
    ]);
  });

  test('[VAL-19] voiding an account on credit writes off what is owed', async () => {
    const customer = await addCustomer(shop, 'Written Off');
    const account = await customerAccount(shop, customer, 'on_account', {
      creditLimit: 5000,
      balance: -1200,
    });
    expect(
      await applyOps(shop.manager.client, [adjust(account, { action: 'void', reason: 'Moved away' })]),
    ).toMatchObject([{ status: 'applied', result: { status: 'void', balance_after: 0 } }]);
    expect((await entriesOf(account)).at(-1)).toMatchObject({ kind: 'void', delta: 1200 });
  });
});

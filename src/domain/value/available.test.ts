// [VAL-T4]…[VAL-T6] What a till may spend on one account ([VAL-20], [VAL-21]), worked as in
// docs/customer-value.md "The offline spending rule, worked".
import { describe, expect, test } from 'vitest';
import { availableOf, checkSpend, floorOf, type BalanceSource, type SpendAccount } from './available';

const card: SpendAccount = { kind: 'gift_card', status: 'active', creditLimit: null };
const alice: SpendAccount = { kind: 'on_account', status: 'active', creditLimit: 20_000 };

function offline(pulled: number | null, unreflected: number[] = [], allowance = 0): BalanceSource {
  return { mode: 'offline', pulled, unreflected, issuedHere: false, allowance };
}

function refusedWith(amount: number, account: SpendAccount, source: BalanceSource) {
  const answer = checkSpend(amount, account, availableOf(account, source), 'EUR');
  return answer.ok ? null : answer.error;
}

describe('what a till may spend', () => {
  test('[VAL-T4] offline: the balance last pulled plus its own unreflected entries, plus the floor', () => {
    // Two tills pulled GIFT-DEMO-0001 at €25.00; T1 sold €18.00 on it.
    expect(availableOf(card, offline(2500))).toMatchObject({
      balance: 2500,
      available: 2500,
      spendable: 2500,
    });
    const t1 = availableOf(card, offline(2500, [-1800]));
    expect(t1).toMatchObject({ balance: 700, available: 700, spendable: 700, offline: true, refusal: null });
    expect(refusedWith(1000, card, offline(2500, [-1800]))).toEqual({
      code: 'short',
      message: 'Only €7.00 left on this gift card',
    });
    expect(checkSpend(700, card, t1, 'EUR')).toEqual({ ok: true, value: 700 });
    // Alice owes €45.00 on €200.00: 15500 available.
    expect(availableOf(alice, offline(-4500))).toMatchObject({ available: 15_500, spendable: 15_500 });
    expect(floorOf(alice)).toBe(20_000);
    expect(floorOf({ ...alice, creditLimit: null })).toBe(0);
    expect(floorOf({ kind: 'store_credit', status: 'active', creditLimit: 500 })).toBe(0);
  });

  test("[VAL-T4] offline the shop's allowance goes further, per till; an overdrawn balance shows below zero", () => {
    expect(availableOf(card, offline(2500, [-1800], 500))).toMatchObject({ available: 700, spendable: 1200 });
    expect(refusedWith(1000, card, offline(2500, [-1800], 500))).toBeNull();
    const overdrawn = availableOf(card, offline(-1300, [], 500));
    expect(overdrawn).toMatchObject({ available: -1300, spendable: 0 });
    expect(refusedWith(1, card, offline(-1300))?.message).toBe('Only €0.00 left on this gift card');
  });

  test('[VAL-T4] a card this till sold is spendable from its own entries before any pull', () => {
    const issued: BalanceSource = {
      mode: 'offline',
      pulled: null,
      unreflected: [2500],
      issuedHere: true,
      allowance: 0,
    };
    expect(availableOf(card, issued)).toMatchObject({
      balance: 2500,
      available: 2500,
      spendable: 2500,
      refusal: null,
    });
  });

  test('[VAL-T5] online: what the server answered less this till’s entries it did not hold, never the allowance', () => {
    const source: BalanceSource = { mode: 'online', answered: 2500, unheld: [-1800] };
    expect(availableOf(card, source)).toMatchObject({ available: 700, spendable: 700, offline: false });
    expect(availableOf(alice, { mode: 'online', answered: -4500, unheld: [] })).toMatchObject({
      available: 15_500,
    });
    expect(refusedWith(15_501, alice, { mode: 'online', answered: -4500, unheld: [] })?.message).toBe(
      'Only €155.00 left on this account',
    );
  });

  test('[VAL-T6] blocked, void and never-pulled accounts spend nothing, in words', () => {
    expect(availableOf({ ...card, status: 'blocked' }, offline(2500, [], 500))).toMatchObject({
      available: 2500,
      spendable: 0,
      refusal: 'blocked',
    });
    expect(
      refusedWith(100, { ...card, status: 'void' }, { mode: 'online', answered: 0, unheld: [] }),
    ).toEqual({
      code: 'void',
      message: 'This gift card has been cancelled.',
    });
    // Never pulled: no known balance offline, whatever the allowance, even with a refund of its own on it.
    const unknown = availableOf(
      { kind: 'store_credit', status: 'active', creditLimit: null },
      offline(null, [1000], 5000),
    );
    expect(unknown).toMatchObject({ spendable: 0, refusal: 'unknown' });
    expect(refusedWith(100, card, offline(null, [], 5000))?.code).toBe('unknown');
    expect(refusedWith(100, { ...alice, status: 'blocked' }, offline(0))?.message).toBe(
      'This account is blocked. A manager can unblock it.',
    );
  });

  test('[VAL-T6] points are counted and worded as points', () => {
    const points: SpendAccount = { kind: 'loyalty', status: 'active', creditLimit: null };
    expect(refusedWith(400, points, offline(350))?.message).toBe('Only 350 points left');
    expect(refusedWith(2, points, offline(351, [-350]))?.message).toBe('Only 1 point left');
    expect(
      refusedWith(100, { kind: 'store_credit', status: 'active', creditLimit: null }, offline(0))?.message,
    ).toBe('Only €0.00 of store credit left');
  });
});

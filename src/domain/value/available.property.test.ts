// [VAL-T4] [VAL-T5] Properties of the spending rule ([VAL-20]): whatever the balance, the till's own entries,
// the allowance and the account, a till never offers more than the rule allows, and a run of spends it accepts
// one after another never takes an account further than the rule's bound.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { availableOf, checkSpend, floorOf, type BalanceSource, type SpendAccount } from './available';
import { VALUE_KINDS } from './kinds';

const amountArb = fc.integer({ min: -1_000_000, max: 1_000_000 });
const accountArb: fc.Arbitrary<SpendAccount> = fc.record({
  kind: fc.constantFrom(...VALUE_KINDS),
  status: fc.constantFrom('active' as const, 'blocked' as const, 'void' as const),
  creditLimit: fc.option(fc.integer({ min: 0, max: 1_000_000 })),
});
const sourceArb: fc.Arbitrary<BalanceSource> = fc.oneof(
  fc.record({
    mode: fc.constant('online' as const),
    answered: amountArb,
    unheld: fc.array(amountArb, { maxLength: 5 }),
  }),
  fc.record({
    mode: fc.constant('offline' as const),
    pulled: fc.option(amountArb),
    unreflected: fc.array(amountArb, { maxLength: 5 }),
    issuedHere: fc.boolean(),
    allowance: fc.integer({ min: -100, max: 100_000 }),
  }),
);

function bound(account: SpendAccount, source: BalanceSource): number {
  if (account.status !== 'active') return 0;
  const own = (source.mode === 'online' ? source.unheld : source.unreflected).reduce((a, b) => a + b, 0);
  if (source.mode === 'online') return Math.max(0, source.answered + own + floorOf(account));
  if (source.pulled === null && !source.issuedHere) return 0;
  return Math.max(0, (source.pulled ?? 0) + own + floorOf(account) + Math.max(0, source.allowance));
}

describe('the spending rule, for any account', () => {
  test('[VAL-T4] [VAL-T5] what a till may spend is never above what the rule allows, nor below zero', () => {
    fc.assert(
      fc.property(accountArb, sourceArb, (account, source) => {
        const { spendable } = availableOf(account, source);
        expect(spendable).toBeGreaterThanOrEqual(0);
        expect(spendable).toBeLessThanOrEqual(bound(account, source));
        // The rule is also met exactly: everything it allows may be spent.
        expect(spendable).toBe(bound(account, source));
      }),
      { numRuns: 1000 },
    );
  });

  test('[VAL-T4] spends accepted one after another on one till stay within pulled + floor + allowance', () => {
    fc.assert(
      fc.property(
        accountArb,
        amountArb,
        fc.integer({ min: 0, max: 50_000 }),
        fc.array(fc.integer({ min: 1, max: 200_000 }), { maxLength: 20 }),
        (account, pulled, allowance, attempts) => {
          const unreflected: number[] = [];
          for (const amount of attempts) {
            const source: BalanceSource = {
              mode: 'offline',
              pulled,
              unreflected,
              issuedHere: false,
              allowance,
            };
            const answer = checkSpend(amount, account, availableOf(account, source), 'EUR');
            if (answer.ok) unreflected.push(-answer.value);
          }
          const spent = -unreflected.reduce((a, b) => a + b, 0);
          const limit = account.status === 'active' ? Math.max(0, pulled + floorOf(account) + allowance) : 0;
          expect(spent).toBeLessThanOrEqual(limit);
        },
      ),
      { numRuns: 500 },
    );
  });
});

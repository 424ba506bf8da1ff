// [VAL-T70] At 'Complete sale' the till reads again what is left on each gift card and the customer's accounts
// the tenders spend: online that is the server's answer right now, and a tender over it is refused in words the
// cashier reads, with the cart and its tenders kept to change; offline the till's own view decides ([VAL-20]),
// as it did when the tender was taken. The balances read are what the receipt prints as left ([VAL-35]).
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { sum } from '../../../domain/money';
import { err, ok, type Result } from '../../../domain/result';
import type { Tender } from '../../../domain/tender';
import { checkSpend } from '../../../domain/value/available';
import { CUSTOMER_KINDS } from '../../../data/local/value-reads';
import type { RegisterValue, ValueBalance } from '../value/register-value';

/** What the recheck reads: the register's own look-ups. */
export type ValueReads = Pick<RegisterValue, 'findCard' | 'customer'>;

export interface ValueNow {
  /** Each account's balance now (money; points for loyalty; negative = owed on account), by account id. */
  balances: Record<string, number>;
}

/** What this sale's tenders take from `accountId` (points for loyalty). */
function takenFrom(tenders: readonly Tender[], accountId: string, points: boolean): number {
  const on = tenders.filter((tender) => tender.value?.accountId === accountId);
  return sum(on.map((tender) => (points ? (tender.value?.points ?? 0) : tender.amount)));
}

/** Refuses a tender over what the server says is left now; an offline view is the till's own and stands. */
function short(balance: ValueBalance, tenders: readonly Tender[], currency: string): string | null {
  const { account, available } = balance;
  const taken = takenFrom(tenders, account.id, account.kind === 'loyalty');
  if (available.offline || taken === 0) return null;
  const checked = checkSpend(taken, account, available, currency);
  if (checked.ok) return null;
  const reason = checked.error.message.replace(/\.$/, '');
  return i18n._(msg`${reason}. Take that payment off and pay the rest another way; the sale is still here.`);
}

/**
 * Reads the cards the tenders name and, with a customer, their accounts; answers the balances, or why a tender
 * is more than what is left now. A card or customer that cannot be read keeps what the tender was taken with.
 */
export async function recheckValue(
  value: ValueReads,
  customerId: string | undefined,
  tenders: readonly Tender[],
  currency: string,
): Promise<Result<ValueNow>> {
  const cards = new Map<string, string>();
  for (const tender of tenders) {
    if (tender.method === 'gift_card' && tender.value?.code)
      cards.set(tender.value.accountId, tender.value.code);
  }
  const [found, customer] = await Promise.all([
    Promise.all([...cards.values()].map((code) => value.findCard(code))),
    customerId === undefined ? Promise.resolve(null) : value.customer(customerId),
  ]);
  const read: ValueBalance[] = [
    ...found.flatMap((card) => (card.ok ? [card.balance] : [])),
    ...(customer === null ? [] : CUSTOMER_KINDS.map((kind) => customer[kind])),
  ];
  const balances: Record<string, number> = {};
  for (const balance of read) {
    const problem = short(balance, tenders, currency);
    if (problem !== null) return err('value_short', problem);
    // A balance this till does not know is not printed as if it were 0.
    if (balance.available.refusal !== 'unknown') balances[balance.account.id] = balance.available.balance;
  }
  return ok({ balances });
}

// [VAL-20], [VAL-21] What a till may spend on one account. A balance is what the shop owes the holder, so every
// spend is a negative entry and one rule covers the four kinds: available = balance + floor, the floor being an
// account on credit's limit and 0 for the rest. Offline, the balance is the one last pulled plus this device's
// own entries no pull has reflected yet, and the till may go the shop's allowance for that kind further;
// online, it is what the server answered plus this device's entries the answer did not hold, and no further.
// The till records what it showed (`balance_seen`) and whether it was offline, so the server's flag says
// whether the till kept to this rule ([VAL-22]). Pure: the caller reads the mirror, ledger and answer.
import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { assertMinor, sum } from '../money';
import { formatMoney } from '../money-text';
import { err, ok, type Result } from '../result';
import type { AccountStatus, ValueKind } from './kinds';

/** An account as far as spending goes. */
export interface SpendAccount {
  kind: ValueKind;
  status: AccountStatus;
  /** [VAL-1] An account on credit's limit (minor units); null for the other kinds. */
  creditLimit: number | null;
}

/** Where the balance comes from. */
export type BalanceSource =
  | {
      /** The till reached the server for this account in this sale (`value_lookup`, `customer_value`). */
      mode: 'online';
      /** The server's balance in its answer. */
      answered: number;
      /** Deltas of this device's entries the answer does not hold yet. */
      unheld: readonly number[];
    }
  | {
      mode: 'offline';
      /** The `value_balances` mirror's balance; null when this till never pulled the account. */
      pulled: number | null;
      /** Deltas of this device's entries no pull has reflected yet ([ONHAND-2]'s rule, per account). */
      unreflected: readonly number[];
      /** A gift card this till sold itself: its balance is known from its own entries alone. */
      issuedHere: boolean;
      /** [VAL-3] The shop's offline allowance for the account's kind (minor units, or points). */
      allowance: number;
    };

export type SpendRefusal = 'blocked' | 'void' | 'unknown' | 'short';

export interface Available {
  /** The balance as the till knows it: pulled or answered, plus its own entries. */
  balance: number;
  /** balance + floor: what the till shows, and sends as `balance_seen`. Below 0 when overdrawn. */
  available: number;
  /** The most a tender may take now (with the allowance offline), never below 0; 0 when not spendable. */
  spendable: number;
  offline: boolean;
  /** Why nothing may be spent, or null. */
  refusal: Exclude<SpendRefusal, 'short'> | null;
}

/** [VAL-1] How far below zero an account may go: an account on credit's limit, 0 for the others. */
export function floorOf(account: SpendAccount): number {
  return account.kind === 'on_account' ? assertMinor(account.creditLimit ?? 0, 'credit limit') : 0;
}

/** [VAL-20] What a till may spend on `account` from `source`. */
export function availableOf(account: SpendAccount, source: BalanceSource): Available {
  const floor = floorOf(account);
  const offline = source.mode === 'offline';
  const base = source.mode === 'online' ? source.answered : (source.pulled ?? 0);
  const own = sum(source.mode === 'online' ? source.unheld : source.unreflected);
  const balance = assertMinor(base + own, 'balance');
  const available = assertMinor(balance + floor, 'available');
  const refusal = refusalOf(account.status, source);
  const allowance = offline ? assertMinor(Math.max(0, source.allowance), 'allowance') : 0;
  const spendable = refusal === null ? Math.max(0, available + allowance) : 0;
  return { balance, available, spendable, offline, refusal };
}

function refusalOf(status: AccountStatus, source: BalanceSource): Available['refusal'] {
  if (status !== 'active') return status;
  // A card or account never pulled has no known balance offline, whatever the allowance ([VAL-20]).
  if (source.mode === 'offline' && source.pulled === null && !source.issuedHere) return 'unknown';
  return null;
}

/**
 * [VAL-20] A tender of `amount` (minor units; points for loyalty) against what is available: refused in words
 * the cashier reads ('Only €4.20 left on this gift card'), the cart untouched.
 */
export function checkSpend(
  amount: number,
  account: SpendAccount,
  available: Available,
  currency: string,
): Result<number, SpendRefusal> {
  assertMinor(amount, 'amount');
  if (available.refusal !== null) {
    return err(available.refusal, refusalWords(available.refusal, account.kind));
  }
  if (amount > available.spendable) {
    return err('short', shortWords(account.kind, available.spendable, currency));
  }
  return ok(amount);
}

function shortWords(kind: ValueKind, left: number, currency: string): string {
  if (kind === 'loyalty') {
    return i18n._(msg`Only ${plural(left, { one: '# point', other: '# points' })} left`);
  }
  const amount = formatMoney(left, currency);
  if (kind === 'gift_card') return i18n._(msg`Only ${amount} left on this gift card`);
  if (kind === 'store_credit') return i18n._(msg`Only ${amount} of store credit left`);
  return i18n._(msg`Only ${amount} left on this account`);
}

function refusalWords(refusal: Exclude<SpendRefusal, 'short'>, kind: ValueKind): string {
  if (refusal === 'unknown') {
    return kind === 'gift_card'
      ? i18n._(msg`This till does not know this gift card's balance yet. Connect to the internet to use it.`)
      : i18n._(msg`This till does not know this customer's balance yet. Connect to the internet to use it.`);
  }
  if (refusal === 'void') {
    return kind === 'gift_card'
      ? i18n._(msg`This gift card has been cancelled.`)
      : i18n._(msg`This account has been closed.`);
  }
  return kind === 'gift_card'
    ? i18n._(msg`This gift card is blocked. A manager can unblock it.`)
    : i18n._(msg`This account is blocked. A manager can unblock it.`);
}

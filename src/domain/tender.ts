// Paying for a sale: split tenders (cash, card from an external terminal with its reference, other), the
// cash rounding a company may use, the change due, and quick-tender suggestions for cash. The amounts
// settled here become the sale's payments: cash is recorded as tendered, kept and change given.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { minorPerMajor } from './currency';
import { denominationsOf } from './denominations';
import { assertMinor, roundToIncrement, sum, type Minor } from './money';
import { err, ok, type Result } from './result';

/**
 * [VAL-T10] The seven ways a sale is paid ([SALE-7], [VAL-12]): the drawer's three, then the four that spend
 * customer value (`value/tenders.ts`). None of the four is cash: they settle as card does, exactly, no change.
 */
export const TENDER_METHODS = [
  'cash',
  'card',
  'other',
  'gift_card',
  'store_credit',
  'on_account',
  'loyalty',
] as const;

export type TenderMethod = (typeof TENDER_METHODS)[number];

export interface Tender {
  method: TenderMethod;
  /** Cash: what the customer handed over. Card and other: what was charged. */
  amount: Minor;
  /** A card terminal's approval or slip number; a voucher number for "other". */
  reference?: string;
  /** [WORDS-2] The card as the shop's reader read it, for the receipt; never sent in the sale's op. */
  card?: TenderCard;
  /** [VAL-12] A tender that spends customer value: which account, and what the till knew of it. */
  value?: TenderValue;
}

/** [VAL-12], [VAL-20] What a value tender carries besides its amount. */
export interface TenderValue {
  /** The card's or the customer's account (the latter derived, [VAL-1]; sent only for a gift card). */
  accountId: string;
  /** A gift card's code as typed or scanned: the server checks possession with it ([VAL-24]). */
  code?: string;
  /** A card's last four, for the screen and the receipt. */
  last4?: string | null;
  /** A points tender's points (its `amount` is their money, [VAL-4]). */
  points?: number;
  /** [VAL-20] What the till showed as available before this tender (`balance_seen`). */
  balanceSeen: number;
  /** [VAL-21] Spent without the server's answer. */
  offline: boolean;
}

/** The card's brand (Stripe's word, "visa") and last four digits, when the reader said them. */
export interface TenderCard {
  brand: string | null;
  last4: string | null;
}

export interface Payment {
  method: TenderMethod;
  /** What the shop keeps from this tender. */
  amount: Minor;
  /** Cash only: what was handed over, and what went back. */
  tendered?: Minor;
  change: Minor;
  reference?: string;
  card?: TenderCard;
  value?: TenderValue;
}

export interface Settlement {
  /** The total plus cash rounding: what the customer pays in all. */
  due: Minor;
  /** Cash rounding applied to the part paid in cash (positive or negative); 0 without cash. */
  rounding: Minor;
  nonCash: Minor;
  cashDue: Minor;
  cashTendered: Minor;
  change: Minor;
  /** Still owed; 0 once the tenders cover the sale. */
  remaining: Minor;
  covered: boolean;
  payments: Payment[];
}

export type TenderErrorCode =
  'invalid_amount' | 'non_cash_exceeds_due' | 'cash_not_needed' | 'reference_too_long';

/**
 * [TENDER-2] What is paid in cash for `amount`: rounded to the cash step, unless that would round it to
 * nothing (0.02 with step 5) — rounding needs a cash payment to sit on, so that is paid exactly. The
 * register shows it as "cash due" before any cash is handed over.
 */
export function cashToPay(amount: Minor, cashRounding: Minor): Minor {
  const rounded = roundToIncrement(amount, cashRounding);
  return rounded === 0 ? amount : rounded;
}

/**
 * [TENDER-1] Settles a total with tenders. Card and other tenders are charged exactly and never give change,
 * so together they may not exceed the total. Cash pays the rest, and cash handed over beyond it is change;
 * the payments then add up to what is due. [TENDER-2] With cash present, the part paid in cash is rounded
 * to the company's cash step ([MONEY-4]), unless it would round to nothing; without cash there is no
 * rounding: a card pays the exact total.
 * [TENDER-4] Zero or fractional amounts, card over-payment, cash when nothing is left for cash, and
 * references over 200 characters are refused with a readable error.
 */
export function settle(
  total: Minor,
  tenders: readonly Tender[],
  cashRounding: Minor,
): Result<Settlement, TenderErrorCode> {
  assertMinor(total, 'total');
  for (const tender of tenders) {
    if (!Number.isSafeInteger(tender.amount) || tender.amount <= 0) {
      return err('invalid_amount', i18n._(msg`Each payment must be more than zero.`));
    }
    if ((tender.reference?.length ?? 0) > 200)
      return err('reference_too_long', i18n._(msg`A payment reference is at most 200 characters.`));
  }
  const cash = tenders.filter((tender) => tender.method === 'cash');
  const nonCashTenders = tenders.filter((tender) => tender.method !== 'cash');
  const nonCash = sum(nonCashTenders.map((tender) => tender.amount));
  if (nonCash > total) {
    return err(
      'non_cash_exceeds_due',
      i18n._(msg`Card and other payments cannot be more than what is due; only cash gives change.`),
    );
  }
  const exactCashPart = total - nonCash;
  const cashDue = cash.length > 0 ? cashToPay(exactCashPart, cashRounding) : exactCashPart;
  const rounding = cashDue - exactCashPart;
  const cashTendered = sum(cash.map((tender) => tender.amount));
  if (cash.length > 0 && cashDue === 0) {
    return err('cash_not_needed', i18n._(msg`Nothing is left to pay in cash.`));
  }
  const change = Math.max(0, cashTendered - cashDue);
  const remaining = Math.max(0, cashDue - cashTendered);
  const payments: Payment[] = nonCashTenders.map((tender) => ({ ...tender, change: 0 }));
  if (cash.length > 0) {
    payments.push({ method: 'cash', amount: cashTendered - change, tendered: cashTendered, change });
  }
  return ok({
    due: total + rounding,
    rounding,
    nonCash,
    cashDue,
    cashTendered,
    change,
    remaining,
    covered: remaining === 0,
    payments,
  });
}

/** The smallest multiple of `step` that is at least `amount`, in integers. */
function roundUpTo(amount: Minor, step: Minor): Minor {
  const over = amount % step;
  return over === 0 ? amount : amount - over + step;
}

/**
 * [TENDER-3] Quick cash buttons: the exact amount, then the next multiple of a whole major unit, of the
 * largest coin and of each note (7.30 € → 7.30, 8, 10, 20, 50), at most `count` in all, ascending.
 */
export function quickTenders(cashDue: Minor, currency: string, count = 5): Minor[] {
  assertMinor(cashDue, 'cash due');
  if (cashDue <= 0) return [];
  const denominations = denominationsOf(currency);
  // A coin worth less than a whole unit (the US half-dollar) makes an odd button: only larger coins count.
  const largestCoin = denominations.find((denomination) => denomination.kind === 'coin')?.value ?? 1;
  const coinStep = largestCoin >= minorPerMajor(currency) ? [largestCoin] : [];
  const notes = denominations
    .filter((denomination) => denomination.kind === 'note')
    .map(({ value }) => value);
  const suggestions = new Set([cashDue]);
  for (const step of [minorPerMajor(currency), ...coinStep, ...notes]) {
    suggestions.add(roundUpTo(cashDue, step));
  }
  return [...suggestions].sort((a, b) => a - b).slice(0, count);
}

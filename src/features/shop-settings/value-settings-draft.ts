// Settings → Shop → Gift cards and loyalty as typed ([VAL-3], [VAL-4], [VAL-T40]): the fixed gift-card
// amounts, the least and most amount, the offline allowances and the loyalty scheme. Each field is checked
// here, with its own sentence beside it, before anything is sent; the server's checks stand behind them.
import { t } from '@lingui/core/macro';
import { currencyExponent } from '../../domain/currency';
import { parseAmount, toDecimalString } from '../../domain/money-text';
import type { ValueKind } from '../../domain/value/kinds';
import type { ValueSettings } from '../../domain/value/settings';

export interface ValueSettingsDraft {
  /** The fixed amounts, "10, 25, 50". */
  amounts: string;
  anyAmount: boolean;
  min: string;
  max: string;
  /** Money for gift cards, store credit and accounts; whole points for loyalty. */
  allowances: Record<ValueKind, string>;
  loyaltyEnabled: boolean;
  pointsPerMajor: string;
  redeemPoints: string;
  redeemValue: string;
  redeemAs: 'tender' | 'discount';
}

export type ValueSettingsField =
  | 'amounts'
  | 'min'
  | 'max'
  | 'allowance_gift_card'
  | 'allowance_store_credit'
  | 'allowance_on_account'
  | 'allowance_loyalty'
  | 'pointsPerMajor'
  | 'redeemPoints'
  | 'redeemValue';

export type ValueSettingsProblems = Partial<Record<ValueSettingsField, string>>;

/** The register offers at most this many fixed amounts (the column's check). */
export const MAX_GIFT_CARD_AMOUNTS = 12;
/** The columns' bound on any amount or allowance (10^12 minor units, [VAL-2]). */
const MAX_MINOR = 1_000_000_000_000;
const MAX_POINTS_PER_MAJOR = 1000;
const MAX_REDEEM_POINTS = 1_000_000;

const MONEY_KINDS = ['gift_card', 'store_credit', 'on_account'] as const;

export function valueSettingsDraft(settings: ValueSettings, currency: string): ValueSettingsDraft {
  const exponent = currencyExponent(currency);
  const money = (amount: number) => toDecimalString(amount, exponent);
  return {
    amounts: settings.giftCardAmounts.map(money).join(', '),
    anyAmount: settings.giftCardAnyAmount,
    min: money(settings.giftCardMin),
    max: money(settings.giftCardMax),
    allowances: {
      gift_card: money(settings.allowances.gift_card),
      store_credit: money(settings.allowances.store_credit),
      on_account: money(settings.allowances.on_account),
      loyalty: String(settings.allowances.loyalty),
    },
    loyaltyEnabled: settings.loyalty.enabled,
    pointsPerMajor: String(settings.loyalty.pointsPerMajor),
    redeemPoints: String(settings.loyalty.redeemPoints),
    redeemValue: money(settings.loyalty.redeemValue),
    redeemAs: settings.loyalty.redeemAs,
  };
}

type Checked = { value: number } | { problem: string };

/** An amount of money typed in the shop's currency: 0 only where `zeroOk` (an allowance). */
function moneyOf(text: string, currency: string, zeroOk: boolean): Checked {
  const parsed = parseAmount(text, currency);
  if (!parsed.ok) return { problem: parsed.error.message };
  if (parsed.value > MAX_MINOR) return { problem: t`That amount is too large.` };
  if (parsed.value === 0 && !zeroOk) return { problem: t`Enter an amount above 0.` };
  return { value: parsed.value };
}

/** A whole number from `min` to `max`, as typed. */
function wholeOf(text: string, min: number, max: number): Checked {
  const typed = text.trim();
  if (!/^\d{1,13}$/.test(typed) || Number(typed) < min || Number(typed) > max) {
    return { problem: t`Enter a whole number from ${min} to ${max}.` };
  }
  return { value: Number(typed) };
}

/**
 * The fixed amounts: separated by a semicolon, a new line, or a comma and a space ("10, 25, 50"), so a
 * decimal comma ("12,50") stays part of its amount. Repeats are kept once.
 */
function amountsOf(text: string, currency: string): { value: number[] } | { problem: string } {
  const pieces = text
    .split(/;|\n|,\s+/)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
  const amounts: number[] = [];
  for (const piece of pieces) {
    const amount = moneyOf(piece, currency, false);
    if ('problem' in amount) {
      const problem = amount.problem;
      return { problem: t`${problem} Separate the amounts with a comma and a space, like 10, 25, 50.` };
    }
    if (!amounts.includes(amount.value)) amounts.push(amount.value);
  }
  if (amounts.length > MAX_GIFT_CARD_AMOUNTS) {
    const most = MAX_GIFT_CARD_AMOUNTS;
    return { problem: t`The till offers at most ${most} fixed amounts.` };
  }
  return { value: amounts };
}

/** The redemption rate as typed, when both its numbers read: for the sentence beside them. */
export function redeemRate(
  draft: ValueSettingsDraft,
  currency: string,
): { points: number; value: number } | null {
  const points = wholeOf(draft.redeemPoints, 1, MAX_REDEEM_POINTS);
  const value = moneyOf(draft.redeemValue, currency, false);
  return 'value' in points && 'value' in value ? { points: points.value, value: value.value } : null;
}

/** [VAL-T40] The draft as the row's settings, or every field's problem in words (nothing is sent then). */
export function checkValueSettings(
  draft: ValueSettingsDraft,
  currency: string,
): { settings: ValueSettings } | { problems: ValueSettingsProblems } {
  const problems: ValueSettingsProblems = {};
  const take = (field: ValueSettingsField, checked: Checked): number => {
    if ('problem' in checked) {
      problems[field] = checked.problem;
      return 0;
    }
    return checked.value;
  };
  const listed = amountsOf(draft.amounts, currency);
  const amounts = 'value' in listed ? listed.value : [];
  if ('problem' in listed) problems.amounts = listed.problem;
  const min = take('min', moneyOf(draft.min, currency, false));
  const max = take('max', moneyOf(draft.max, currency, false));
  if (problems.min === undefined && problems.max === undefined && min > max) {
    problems.max = t`The most amount cannot be less than the least amount.`;
  }
  if (problems.amounts === undefined && problems.max === undefined && problems.min === undefined) {
    if (amounts.some((amount) => amount < min || amount > max)) {
      problems.amounts = t`Each fixed amount must be from the least to the most amount.`;
    } else if (amounts.length === 0 && !draft.anyAmount) {
      problems.amounts = t`Enter the amounts the till offers, or allow any amount: otherwise no gift card can be sold.`;
    }
  }
  const allowances: Record<ValueKind, number> = { gift_card: 0, store_credit: 0, on_account: 0, loyalty: 0 };
  for (const kind of MONEY_KINDS) {
    allowances[kind] = take(`allowance_${kind}`, moneyOf(draft.allowances[kind], currency, true));
  }
  allowances.loyalty = take('allowance_loyalty', wholeOf(draft.allowances.loyalty, 0, MAX_MINOR));
  const pointsPerMajor = take('pointsPerMajor', wholeOf(draft.pointsPerMajor, 0, MAX_POINTS_PER_MAJOR));
  const redeemPoints = take('redeemPoints', wholeOf(draft.redeemPoints, 1, MAX_REDEEM_POINTS));
  const redeemValue = take('redeemValue', moneyOf(draft.redeemValue, currency, false));
  if (Object.keys(problems).length > 0) return { problems };
  return {
    settings: {
      giftCardAmounts: amounts,
      giftCardAnyAmount: draft.anyAmount,
      giftCardMin: min,
      giftCardMax: max,
      allowances,
      loyalty: {
        enabled: draft.loyaltyEnabled,
        pointsPerMajor,
        redeemPoints,
        redeemValue,
        redeemAs: draft.redeemAs,
      },
    },
  };
}

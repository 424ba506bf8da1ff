// [VAL-3], [VAL-4] The shop's customer-value settings as the till reads its pulled `value_settings` row: the
// gift-card amounts the register offers, the offline allowance per kind and the loyalty scheme. A shop whose
// row has not been pulled yet reads the server's defaults (`private.value_settings_of`): allowances 0, so a
// till spends no further than what it knows, and loyalty off.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assertMinor, type Minor } from '../money';
import { formatMoney } from '../money-text';
import { err, ok, type Result } from '../result';
import type { ValueKind } from './kinds';
import { DEFAULT_LOYALTY, type LoyaltyScheme } from './loyalty';

/** The pulled row's columns the till reads (`value_settings`, every column as pulled). */
export interface ValueSettingsRow {
  gift_card_amounts?: unknown;
  gift_card_any_amount?: unknown;
  gift_card_min?: unknown;
  gift_card_max?: unknown;
  gift_card_offline_allowance?: unknown;
  store_credit_offline_allowance?: unknown;
  on_account_offline_allowance?: unknown;
  loyalty_offline_allowance?: unknown;
  loyalty_enabled?: unknown;
  loyalty_points_per_major?: unknown;
  loyalty_redeem_points?: unknown;
  loyalty_redeem_value?: unknown;
  loyalty_redeem_as?: unknown;
}

export interface ValueSettings {
  /** The fixed amounts 'Sell gift card' offers (minor units), at most 12; empty: none. */
  giftCardAmounts: Minor[];
  giftCardAnyAmount: boolean;
  giftCardMin: Minor;
  giftCardMax: Minor;
  /** [VAL-20] How far past what it knows a till may spend offline, per kind (minor units; points for loyalty). */
  allowances: Record<ValueKind, number>;
  loyalty: LoyaltyScheme;
}

export const DEFAULT_VALUE_SETTINGS: ValueSettings = {
  giftCardAmounts: [],
  giftCardAnyAmount: true,
  giftCardMin: 100,
  giftCardMax: 50_000,
  allowances: { gift_card: 0, store_credit: 0, loyalty: 0, on_account: 0 },
  loyalty: DEFAULT_LOYALTY,
};

function whole(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : fallback;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** [VAL-3] The settings of a pulled row, each column the server's default when absent or unreadable. */
export function valueSettingsOf(row: ValueSettingsRow | undefined): ValueSettings {
  if (row === undefined) return DEFAULT_VALUE_SETTINGS;
  const base = DEFAULT_VALUE_SETTINGS;
  const amounts = Array.isArray(row.gift_card_amounts)
    ? row.gift_card_amounts.filter((amount): amount is number => Number.isSafeInteger(amount) && amount > 0)
    : base.giftCardAmounts;
  return {
    giftCardAmounts: amounts,
    giftCardAnyAmount: flag(row.gift_card_any_amount, base.giftCardAnyAmount),
    giftCardMin: whole(row.gift_card_min, base.giftCardMin),
    giftCardMax: whole(row.gift_card_max, base.giftCardMax),
    allowances: {
      gift_card: whole(row.gift_card_offline_allowance, 0),
      store_credit: whole(row.store_credit_offline_allowance, 0),
      loyalty: whole(row.loyalty_offline_allowance, 0),
      on_account: whole(row.on_account_offline_allowance, 0),
    },
    loyalty: {
      enabled: flag(row.loyalty_enabled, base.loyalty.enabled),
      pointsPerMajor: whole(row.loyalty_points_per_major, base.loyalty.pointsPerMajor),
      redeemPoints: whole(row.loyalty_redeem_points, base.loyalty.redeemPoints),
      redeemValue: whole(row.loyalty_redeem_value, base.loyalty.redeemValue),
      redeemAs: row.loyalty_redeem_as === 'discount' ? 'discount' : 'tender',
    },
  };
}

export type GiftCardAmountProblem = 'out_of_range' | 'not_offered';

/**
 * [VAL-11] A gift card's amount as the register takes it: within the shop's minimum and maximum, and one of
 * its fixed amounts unless any amount is allowed. The server accepts any amount; refusing is the till's.
 */
export function checkGiftCardAmount(
  amount: Minor,
  settings: ValueSettings,
  currency: string,
): Result<Minor, GiftCardAmountProblem> {
  assertMinor(amount, 'amount');
  if (!settings.giftCardAnyAmount && !settings.giftCardAmounts.includes(amount)) {
    return err('not_offered', i18n._(msg`Choose one of the shop's gift card amounts.`));
  }
  if (amount < settings.giftCardMin || amount > settings.giftCardMax) {
    const min = formatMoney(settings.giftCardMin, currency);
    const max = formatMoney(settings.giftCardMax, currency);
    return err('out_of_range', i18n._(msg`A gift card is worth from ${min} to ${max}.`));
  }
  return ok(amount);
}

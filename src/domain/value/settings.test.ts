// [VAL-T12] The shop's customer-value settings as the till reads them ([VAL-3], [VAL-4], [VAL-11]).
import { describe, expect, test } from 'vitest';
import { checkGiftCardAmount, DEFAULT_VALUE_SETTINGS, valueSettingsOf } from './settings';

/** The demo shop's row (VAL-36): loyalty on, €10, €25 and €50 cards. */
const demoRow = {
  id: 'c-1',
  company_id: 'c-1',
  gift_card_amounts: [1000, 2500, 5000],
  gift_card_any_amount: true,
  gift_card_min: 100,
  gift_card_max: 50_000,
  gift_card_offline_allowance: 500,
  store_credit_offline_allowance: 0,
  on_account_offline_allowance: 2000,
  loyalty_offline_allowance: 100,
  loyalty_enabled: true,
  loyalty_points_per_major: 1,
  loyalty_redeem_points: 100,
  loyalty_redeem_value: 100,
  loyalty_redeem_as: 'tender',
};

describe("the shop's value settings", () => {
  test('[VAL-T12] a pulled row is read column by column; no row, or an unreadable column, reads the server defaults', () => {
    const settings = valueSettingsOf(demoRow);
    expect(settings.giftCardAmounts).toEqual([1000, 2500, 5000]);
    expect(settings.allowances).toEqual({ gift_card: 500, store_credit: 0, loyalty: 100, on_account: 2000 });
    expect(settings.loyalty).toEqual({
      enabled: true,
      pointsPerMajor: 1,
      redeemPoints: 100,
      redeemValue: 100,
      redeemAs: 'tender',
    });
    expect(valueSettingsOf(undefined)).toEqual(DEFAULT_VALUE_SETTINGS);
    expect(DEFAULT_VALUE_SETTINGS.allowances).toEqual({
      gift_card: 0,
      store_credit: 0,
      loyalty: 0,
      on_account: 0,
    });
    expect(DEFAULT_VALUE_SETTINGS.loyalty.enabled).toBe(false);
    const odd = valueSettingsOf({
      gift_card_min: '100',
      loyalty_redeem_as: 'cash',
      gift_card_amounts: [1000, -5, 2.5],
    });
    expect(odd.giftCardMin).toBe(100);
    expect(odd.loyalty.redeemAs).toBe('tender');
    expect(odd.giftCardAmounts).toEqual([1000]);
    expect(valueSettingsOf({ ...demoRow, loyalty_redeem_as: 'discount' }).loyalty.redeemAs).toBe('discount');
  });

  test('[VAL-T12] a gift card is sold between the minimum and the maximum, of the fixed amounts unless any is allowed', () => {
    const settings = valueSettingsOf(demoRow);
    expect(checkGiftCardAmount(2500, settings, 'EUR')).toEqual({ ok: true, value: 2500 });
    expect(checkGiftCardAmount(1234, settings, 'EUR')).toEqual({ ok: true, value: 1234 });
    expect(checkGiftCardAmount(50, settings, 'EUR')).toEqual({
      ok: false,
      error: { code: 'out_of_range', message: 'A gift card is worth from €1.00 to €500.00.' },
    });
    expect(checkGiftCardAmount(50_001, settings, 'EUR')).toMatchObject({ ok: false });
    const fixed = { ...settings, giftCardAnyAmount: false };
    expect(checkGiftCardAmount(5000, fixed, 'EUR')).toMatchObject({ ok: true });
    expect(checkGiftCardAmount(1234, fixed, 'EUR')).toMatchObject({
      ok: false,
      error: { code: 'not_offered' },
    });
  });
});

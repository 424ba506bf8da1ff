// Settings → Shop → Gift cards and loyalty on the server ([VAL-3], [VAL-4], [VAL-30]): the shop's one
// `value_settings` row, read by any member and updated by owners only (RLS, the settings columns only).
// Tills follow by their next pull (`value_settings` is mirrored). A write RLS filters out answers no row
// and no error, so the update asks for the row back and says "owner only" when none came.
import { queryOptions } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { valueSettingsOf, type ValueSettings } from '../../domain/value/settings';
import { plainSettingsError, SettingsError } from './shop-settings';
import type { Supabase } from './supabase-client';

const COLUMNS =
  'gift_card_amounts, gift_card_any_amount, gift_card_min, gift_card_max, gift_card_offline_allowance, store_credit_offline_allowance, on_account_offline_allowance, loyalty_offline_allowance, loyalty_enabled, loyalty_points_per_major, loyalty_redeem_points, loyalty_redeem_value, loyalty_redeem_as';

interface ServerError {
  message: string;
  code?: string;
  hint?: string | null;
}

/**
 * [VAL-T41] A refusal in words. The server names no field of a failed check (`invalid_value`, [INPUT-4]), so
 * the sentence says what the row's checks ask; anything else as the other settings say it.
 */
export function valueSettingsError(error: ServerError): string {
  if (error.code === '23514' || error.hint === 'invalid_value') {
    return t`The server refused these values: the least gift card amount must not be above the most, the till offers at most 12 fixed amounts, every amount is above 0 and no allowance is below 0.`;
  }
  return plainSettingsError(error);
}

export function valueSettingsQuery(supabase: Supabase, companyId: string) {
  return queryOptions({
    // Under the page's key: a save's refresh of ['shop-settings', company] reads this again too.
    queryKey: ['shop-settings', companyId, 'value'],
    queryFn: async (): Promise<ValueSettings> => {
      const { data, error } = await supabase
        .from('value_settings')
        .select(COLUMNS)
        .eq('company_id', companyId)
        .maybeSingle();
      if (error) throw new SettingsError(valueSettingsError(error));
      // Every company has its row; without one the server reads the defaults ([VAL-3]), and so does this.
      return valueSettingsOf(data ?? undefined);
    },
  });
}

export function valueSettingsWrites(supabase: Supabase, companyId: string) {
  return {
    /** Owners only ([VAL-30]): anyone else's update changes no row and throws the owner-only sentence. */
    async updateValueSettings(settings: ValueSettings): Promise<void> {
      const { data, error } = await supabase
        .from('value_settings')
        .update({
          gift_card_amounts: settings.giftCardAmounts,
          gift_card_any_amount: settings.giftCardAnyAmount,
          gift_card_min: settings.giftCardMin,
          gift_card_max: settings.giftCardMax,
          gift_card_offline_allowance: settings.allowances.gift_card,
          store_credit_offline_allowance: settings.allowances.store_credit,
          on_account_offline_allowance: settings.allowances.on_account,
          loyalty_offline_allowance: settings.allowances.loyalty,
          loyalty_enabled: settings.loyalty.enabled,
          loyalty_points_per_major: settings.loyalty.pointsPerMajor,
          loyalty_redeem_points: settings.loyalty.redeemPoints,
          loyalty_redeem_value: settings.loyalty.redeemValue,
          loyalty_redeem_as: settings.loyalty.redeemAs,
        })
        .eq('company_id', companyId)
        .select('company_id');
      if (error) throw new SettingsError(valueSettingsError(error));
      if (data.length === 0) throw new SettingsError(t`Only the shop’s owner can change this.`);
    },
  };
}

export type ValueSettingsWrites = ReturnType<typeof valueSettingsWrites>;

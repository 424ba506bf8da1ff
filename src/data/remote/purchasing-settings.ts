// Settings → Shop → Purchasing and stock on the server ([PUR-8]): the shop's one `purchasing_settings` row
// (made with the shop), read by any member and updated by owners only (RLS, the settings columns). Tills
// follow by their next pull. An update RLS filters out answers no row and no error, so it asks for the row
// back and says "owner only" when none came.
import { t } from '@lingui/core/macro';
import { purchasingSettingsOf, type PurchasingSettings } from '../../domain/purchasing-settings';
import { plainSettingsError, SettingsError } from './shop-settings';
import type { Supabase } from './supabase-client';

const COLUMNS =
  'cashiers_receive, cashiers_count, blind_counts, over_receipt_flag_pct, receipt_cost_flag_pct';

export function purchasingSettingsRemote(supabase: Supabase, companyId: string) {
  return {
    // Under the page's key: a save's refresh of ['shop-settings', company] reads this again too.
    queryKey: ['shop-settings', companyId, 'purchasing'] as const,
    async read(): Promise<PurchasingSettings> {
      const { data, error } = await supabase
        .from('purchasing_settings')
        .select(COLUMNS)
        .eq('company_id', companyId)
        .maybeSingle();
      if (error) throw new SettingsError(plainSettingsError(error));
      return purchasingSettingsOf(data);
    },
    async update(settings: PurchasingSettings): Promise<void> {
      const { data, error } = await supabase
        .from('purchasing_settings')
        .update({
          cashiers_receive: settings.cashiersReceive,
          cashiers_count: settings.cashiersCount,
          blind_counts: settings.blindCounts,
          over_receipt_flag_pct: settings.overReceiptFlagPct,
          receipt_cost_flag_pct: settings.receiptCostFlagPct,
        })
        .eq('company_id', companyId)
        .select('company_id');
      if (error) throw new SettingsError(plainSettingsError(error));
      if (data.length === 0) throw new SettingsError(t`Only the shop’s owner can change this.`);
    },
  };
}

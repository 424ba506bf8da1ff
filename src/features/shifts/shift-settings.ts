// The company's shift settings as this device last pulled them (supabase/SPEC.md [SHIFT-6]): whether the
// register needs an open shift, and the cash difference a manager must approve. A mirror pulled before
// the settings existed answers the server's defaults.
import type { MirrorDb } from '../../data/local/mirror-db';
import { companySettings } from '../../data/local/mirror-reads';

export interface ShiftSettings {
  requireOpenShift: boolean;
  /** Minor units. */
  cashDifferenceLimit: number;
  currency: string;
}

export function shiftSettingsOf(row: Record<string, unknown> | undefined, fallbackCurrency: string) {
  return {
    requireOpenShift: typeof row?.require_open_shift === 'boolean' ? row.require_open_shift : true,
    cashDifferenceLimit: typeof row?.cash_difference_limit === 'number' ? row.cash_difference_limit : 0,
    currency: typeof row?.currency === 'string' ? row.currency : fallbackCurrency,
  } satisfies ShiftSettings;
}

export async function loadShiftSettings(
  mirror: MirrorDb,
  companyId: string,
  fallbackCurrency: string,
): Promise<ShiftSettings> {
  return shiftSettingsOf(await companySettings(mirror, companyId), fallbackCurrency);
}

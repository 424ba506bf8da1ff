// A shop's purchasing settings (supabase/SPEC.md [PUR-8]): what cashiers may do with deliveries, transfers
// and counts, whether counts are blind, and the two thresholds above which the server flags a receipt. A
// shop without a row reads the defaults, as the server does (`private.purchasing_settings_of`).
export interface PurchasingSettings {
  cashiersReceive: boolean;
  cashiersCount: boolean;
  blindCounts: boolean;
  /** Flag a delivery above the order by more than this many per cent (0–1000). */
  overReceiptFlagPct: number;
  /** Flag a unit cost differing from the order's by more than this many per cent (0–1000). */
  receiptCostFlagPct: number;
}

export const PURCHASING_DEFAULTS: PurchasingSettings = {
  cashiersReceive: false,
  cashiersCount: false,
  blindCounts: true,
  overReceiptFlagPct: 10,
  receiptCostFlagPct: 20,
};

export const MAX_FLAG_PCT = 1000;

/** A threshold as typed: a whole number from 0 to 1000, else null. */
export function readFlagPct(text: string): number | null {
  const body = text.trim();
  if (!/^\d{1,4}$/.test(body)) return null;
  const value = Number(body);
  return value <= MAX_FLAG_PCT ? value : null;
}

/** The server's row (or none) as settings: absent columns read as their defaults. */
export function purchasingSettingsOf(
  row:
    | {
        cashiers_receive?: boolean | null;
        cashiers_count?: boolean | null;
        blind_counts?: boolean | null;
        over_receipt_flag_pct?: number | null;
        receipt_cost_flag_pct?: number | null;
      }
    | null
    | undefined,
): PurchasingSettings {
  return {
    cashiersReceive: row?.cashiers_receive ?? PURCHASING_DEFAULTS.cashiersReceive,
    cashiersCount: row?.cashiers_count ?? PURCHASING_DEFAULTS.cashiersCount,
    blindCounts: row?.blind_counts ?? PURCHASING_DEFAULTS.blindCounts,
    overReceiptFlagPct: row?.over_receipt_flag_pct ?? PURCHASING_DEFAULTS.overReceiptFlagPct,
    receiptCostFlagPct: row?.receipt_cost_flag_pct ?? PURCHASING_DEFAULTS.receiptCostFlagPct,
  };
}

// [PUR-8] The shop's purchasing settings as the till reads its pulled `purchasing_settings` row, and who may
// open the register's stock screens ([PUR-T1]). A shop without a row reads the server's defaults: cashiers
// neither receive nor count, counts are blind, flags at 10 % over and 20 % off the order's cost.

export interface PurchasingSettings {
  cashiersReceive: boolean;
  cashiersCount: boolean;
  blindCounts: boolean;
  overReceiptFlagPct: number;
  receiptCostFlagPct: number;
}

export const DEFAULT_PURCHASING_SETTINGS: PurchasingSettings = {
  cashiersReceive: false,
  cashiersCount: false,
  blindCounts: true,
  overReceiptFlagPct: 10,
  receiptCostFlagPct: 20,
};

const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const pct = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1000 ? value : fallback;

/** [PUR-8] The pulled row's columns (every column as pulled), or the defaults for what is missing. */
export function purchasingSettingsOf(row: Record<string, unknown> | undefined): PurchasingSettings {
  const d = DEFAULT_PURCHASING_SETTINGS;
  if (row === undefined) return d;
  return {
    cashiersReceive: flag(row.cashiers_receive, d.cashiersReceive),
    cashiersCount: flag(row.cashiers_count, d.cashiersCount),
    blindCounts: flag(row.blind_counts, d.blindCounts),
    overReceiptFlagPct: pct(row.over_receipt_flag_pct, d.overReceiptFlagPct),
    receiptCostFlagPct: pct(row.receipt_cost_flag_pct, d.receiptCostFlagPct),
  };
}

export type CounterRole = 'owner' | 'manager' | 'cashier';

/** [PUR-T1] 'Receive stock' and 'Send transfer': managers and owners, cashiers when the shop lets them. */
export function mayReceive(role: CounterRole | null, settings: PurchasingSettings): boolean {
  return role === 'owner' || role === 'manager' || (role === 'cashier' && settings.cashiersReceive);
}

/** [PUR-T1] 'Count stock': managers and owners, cashiers when the shop lets them. */
export function mayCount(role: CounterRole | null, settings: PurchasingSettings): boolean {
  return role === 'owner' || role === 'manager' || (role === 'cashier' && settings.cashiersCount);
}

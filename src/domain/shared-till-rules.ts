// The shop's shared-till settings and approval rules, read from the mirrored company row (docs/shared-till.md
// "Shop settings on companies"). A mirror pulled before the server had them reads the contract's defaults.

export interface SharedTillRules {
  lockAfterSale: boolean;
  /** 0 = never. */
  lockIdleMinutes: number;
  shiftMode: 'drawer' | 'cashier';
  approveRefund: boolean;
  /** A discount over this many basis points of the line's or cart's price needs a manager; null = never. */
  approveDiscountOverBp: number | null;
  approvePriceOverride: boolean;
  approveLineRemoval: boolean;
  approveNoSale: boolean;
  /** A shift closed with a cash difference over this (minor units) needs a manager; null = never. */
  approveShiftDifferenceOver: number | null;
}

export const DEFAULT_SHARED_TILL_RULES: SharedTillRules = {
  lockAfterSale: false,
  lockIdleMinutes: 5,
  shiftMode: 'drawer',
  approveRefund: true,
  approveDiscountOverBp: null,
  approvePriceOverride: true,
  approveLineRemoval: false,
  approveNoSale: true,
  approveShiftDifferenceOver: null,
};

/**
 * A discount needs a manager when it is over the shop's share of the sale before discounts
 * (`approve_discount_over_bp`, basis points); never when the shop sets no limit.
 */
export function discountNeedsApproval(rules: SharedTillRules, discounts: number, subtotal: number): boolean {
  if (rules.approveDiscountOverBp === null || discounts <= 0) return false;
  if (subtotal <= 0) return true;
  return discounts * 10_000 > rules.approveDiscountOverBp * subtotal;
}

/** A shift closed with a cash difference over the shop's limit (either way) needs a manager. */
export function differenceNeedsApproval(rules: SharedTillRules, difference: number): boolean {
  return rules.approveShiftDifferenceOver !== null && Math.abs(difference) > rules.approveShiftDifferenceOver;
}

/**
 * [HANDOVER-1] With shifts by cashier, a person at a shared till sells only on their own shift: another
 * cashier's open shift is handed over first (counted and closed, then theirs opened). A shift that names no
 * cashier (opened before staff existed) and a till with no open shift need nothing; shifts by drawer never do.
 */
export function needsHandOver(
  shiftMode: SharedTillRules['shiftMode'],
  shiftCashierId: string | null,
  atCounterId: string,
): boolean {
  return shiftMode === 'cashier' && shiftCashierId !== null && shiftCashierId !== atCounterId;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

function limit(value: unknown, fallback: number | null): number | null {
  if (value === null) return null;
  // bigint columns may arrive as strings from PostgREST.
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : fallback;
}

export function sharedTillRulesOf(company: Readonly<Record<string, unknown>> | undefined): SharedTillRules {
  const row = company ?? {};
  const d = DEFAULT_SHARED_TILL_RULES;
  return {
    lockAfterSale: flag(row.lock_after_sale, d.lockAfterSale),
    lockIdleMinutes: limit(row.lock_idle_minutes, d.lockIdleMinutes) ?? 0,
    shiftMode: row.shift_mode === 'cashier' ? 'cashier' : 'drawer',
    approveRefund: flag(row.approve_refund, d.approveRefund),
    approveDiscountOverBp: limit(row.approve_discount_over_bp, d.approveDiscountOverBp),
    approvePriceOverride: flag(row.approve_price_override, d.approvePriceOverride),
    approveLineRemoval: flag(row.approve_line_removal, d.approveLineRemoval),
    approveNoSale: flag(row.approve_no_sale, d.approveNoSale),
    approveShiftDifferenceOver: limit(row.approve_shift_difference_over, d.approveShiftDifferenceOver),
  };
}

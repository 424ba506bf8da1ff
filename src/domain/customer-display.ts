// What the screen facing the customer shows, as the register sends it over a BroadcastChannel (issue 19). The
// register works the figures out (the display does no arithmetic); the display checks every message it gets
// (customer-display-parse.ts), kept apart so the register's chunk carries no schema library.
import type { PricedCart } from './cart';
import { formatQuantity } from './quantity';
import type { Settlement } from './tender';
import { WEIGHT_UNIT } from './weighed-line';

/** The channel both sides open; one per origin and browser profile, so per device. */
export const CUSTOMER_DISPLAY_CHANNEL = 'tillpoint-customer-display';

interface DisplayLine {
  id: string;
  name: string;
  /** "2", "0.35 kg": as the cashier typed it, a weight with its unit. */
  quantity: string;
  /** What the line costs after its discounts, in minor units. */
  amount: number;
}

interface Basket {
  shop: string | null;
  currency: string;
  lines: DisplayLine[];
  /** Every discount, the promotions' included. */
  discounts: number;
  total: number;
  /** [PROMO-13] Each promotion the cart gets, by the shop's name for it; absent from older registers. */
  deals?: { name: string; amount: number }[] | undefined;
  /** What the promotions save, together ('You saved'); absent from older registers. */
  saved?: number | undefined;
}

export type DisplayState =
  | { kind: 'idle'; shop: string | null }
  | ({ kind: 'cart' } & Basket)
  | ({ kind: 'paying' } & Basket)
  | {
      kind: 'done';
      shop: string | null;
      currency: string;
      receiptNo: string;
      total: number;
      paid: number;
      change: number;
    };

/** A display that opens asks the register for what it shows now. */
export const HELLO = { kind: 'hello' } as const;

export function isHello(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === 'hello';
}

/**
 * The cart as the customer sees it: each line at what it costs after its discounts, its quantity written the
 * way `locale` writes numbers — the shop's language, as the rest of the display (issue 35).
 */
export function basketOf(
  kind: 'cart' | 'paying',
  priced: PricedCart,
  currency: string,
  locale?: string,
): DisplayState {
  // The feed adds the shop's name (data/devices/customer-display-feed.ts).
  const shop = null;
  if (priced.lines.length === 0) return { kind: 'idle', shop };
  return {
    kind,
    shop,
    currency,
    lines: priced.lines.map(({ line, gross }) => ({
      id: line.lineId,
      name: line.name,
      // [COUNTER-12] A weight says its unit, so the customer never reads 1.181 as pieces.
      quantity: `${formatQuantity(line.quantity, locale)}${line.weighed ? ` ${WEIGHT_UNIT}` : ''}`,
      amount: gross,
    })),
    discounts: priced.totals.discounts,
    total: priced.totals.total,
    deals: priced.deals.applied.map((deal) => ({ name: deal.name, amount: deal.amount })),
    saved: priced.deals.saved,
  };
}

/** The thank-you after a sale: what was paid in all and the change to hand back. */
export function doneOf(sale: { receiptNo: string; settlement: Settlement }, currency: string): DisplayState {
  const { settlement } = sale;
  return {
    kind: 'done',
    shop: null,
    currency,
    receiptNo: sale.receiptNo,
    total: settlement.due,
    paid: settlement.nonCash + settlement.cashTendered,
    change: settlement.change,
  };
}

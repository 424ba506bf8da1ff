// What a receipt says, as the screen shows it and a printer prints it (issue 7, issue 19): one document, so
// the slip on screen, the roll from window.print() and the bytes sent to a receipt printer never disagree.
// The register works it out from the ledger's rows (features/register/receipt/receipt-doc.ts); this module
// only names its parts, so the printing feature can read it without reaching into the register.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { Minor } from './money';
import type { Milli } from './quantity';
import type { TaxSummaryRow } from './tax';

export interface ReceiptLine {
  id: string;
  name: string;
  quantity: Milli;
  unitPrice: Minor | null;
  /** The price the line was rung up at when the cashier changed it; known only for a sale just made here. */
  listPrice: Minor | null;
  /** The line's own discount (with the cart's share when the split is not known, see `cartDiscount`). */
  discount: Minor;
  total: Minor;
  /** [WORDS-6] The product's unit when it is sold by measure ('kg', 'g', 'l', 'm'); null or absent: pieces. */
  unit?: string | null;
  /** [MOD-4] The options the line was sold with and what each added per unit ("Oat", +50); none: []. */
  modifiers?: readonly { name: string; priceDelta: Minor }[];
  /**
   * [PROMO-13] The part of `discount` that promotions gave, when known (a sale just made here): the line then
   * shows only the rest as its own discount, since the promotions are listed with the totals.
   */
  promotionDiscount?: Minor;
  /**
   * [VAL-35] A gift card sold on this line: its full code on the receipt of the sale that issued it (printed
   * once, while the till still holds it), else its last four ('••••0001'); absent on other lines.
   */
  giftCard?: { code: string | null; last4: string | null } | null;
}

/** [PROMO-13] One promotion a sale got, by the name the shop gave it, and what it took off the sale. */
export interface ReceiptPromotion {
  name: string;
  amount: Minor;
}

export interface ReceiptPayment {
  /** "Cash", "Card (A1)": in the shop's language, as the receipt is ([WORDS-2], issue 35). */
  label: string;
  /** What was handed over (cash) or charged. */
  amount: Minor;
  /**
   * [VAL-35] A value tender's balance left after it as the till knew it: money, points for 'Points', or an
   * account's balance ('account': below zero is what the customer owes) — 'Gift card ••••0001: €20.00 left'.
   * Absent on cash, card and other, and when the till did not know it.
   */
  left?: { amount: number; unit: 'money' | 'points' | 'account' } | null;
}

/** [VAL-35] The points a sale earned the customer, and their points after it as the till knew them. */
export interface ReceiptLoyalty {
  earned: number;
  balanceAfter: number | null;
}

/** The shop's own texts: header, address and tax number under its name, the footer at the end. */
export interface ReceiptShopTexts {
  header: string | null;
  address: string | null;
  taxNumber: string | null;
  footer: string | null;
}

/**
 * Where the sale is on its way to the server. [WORDS-1] That is the till's business: the cashier sees it
 * beside the receipt, never on it (paper, slip, mail or public page).
 */
export type ReceiptSync = 'pending' | 'synced' | 'attention';

export interface ReceiptDoc {
  kind: 'sale' | 'refund';
  receiptNo: string;
  refundOfReceiptNo: string | null;
  shopName: string | null;
  shopTexts: ReceiptShopTexts;
  storeName: string | null;
  /** "Counter 1 (T1)"; null on the public receipt page, which names no till ([RCPT-12]). */
  terminal: string | null;
  occurredAt: string;
  cashierName: string | null;
  customerName: string | null;
  lines: ReceiptLine[];
  subtotal: Minor;
  /** Known only for a sale just made here (the ledger keeps each line's whole discount). */
  cartDiscount: Minor | null;
  discounts: Minor;
  taxRows: TaxSummaryRow[];
  rounding: Minor;
  total: Minor;
  payments: ReceiptPayment[];
  change: Minor;
  note: string | null;
  sync: ReceiptSync;
  /** The server's reason when the sale needs attention. */
  problem: string | null;
  /** [RCPT-17] The receipt's public page (`<origin>/r/<token>`), shown and printed as a QR code. */
  link?: string | null;
  /** [PROMO-13] Each promotion the sale got; absent or [] when none. */
  promotions?: readonly ReceiptPromotion[];
  /** [VAL-35] Points earned on a sale with a customer; absent or null when none were earned or known. */
  loyalty?: ReceiptLoyalty | null;
  /** [VAL-14] Points the customer spent as a discount and what they took off; absent or null without. */
  pointsDiscount?: { points: number; amount: Minor } | null;
}

/** 'You saved': what the sale's promotions took off, together. */
export function promotionSavings(doc: Pick<ReceiptDoc, 'promotions'>): Minor {
  return (doc.promotions ?? []).reduce((total, promotion) => total + promotion.amount, 0);
}

/** A line's own discount as the receipt shows it: without what promotions gave, listed with the totals. */
export function ownLineDiscount(line: Pick<ReceiptLine, 'discount' | 'promotionDiscount'>): Minor {
  return Math.max(0, line.discount - (line.promotionDiscount ?? 0));
}

/**
 * The discounts the totals show as one 'Discounts' row when the split between lines and cart is not known
 * (a receipt read back from the ledger or the server): all of them but the promotions, which have rows of their own.
 */
export function otherDiscounts(doc: Pick<ReceiptDoc, 'discounts' | 'promotions' | 'pointsDiscount'>): Minor {
  return Math.max(0, doc.discounts - promotionSavings(doc) - (doc.pointsDiscount?.amount ?? 0));
}

/** [VAL-14] [VAL-T73] The points discount's row: 'Points used (150)' and what they took off. */
export function pointsDiscountRow(
  doc: Pick<ReceiptDoc, 'kind' | 'pointsDiscount'>,
  i18n: I18n,
): { label: string; amount: Minor } | null {
  const used = doc.pointsDiscount;
  if (doc.kind !== 'sale' || !used || used.amount <= 0) return null;
  const points = used.points;
  return { label: i18n._(msg`Points used (${points})`), amount: used.amount };
}

/** [WORDS-1] What the till's screen says beside a receipt until the sale is on the server (translated there). */
export const RECEIPT_SYNC_MARKS: Readonly<Record<ReceiptSync, MessageDescriptor | null>> = {
  pending: msg`Unsynced`,
  attention: msg`Needs attention`,
  synced: null,
};

/**
 * [VAL-35] What a value tender left, in the receipt's language: 'Gift card ••••0001: €20.00 left',
 * 'Points: 120 points left', 'On account: €45.00 owed'. Null when the till did not know the balance.
 */
export function valueLeftText(
  payment: Pick<ReceiptPayment, 'label' | 'left'>,
  money: (amount: Minor) => string,
  i18n: I18n,
): string | null {
  const left = payment.left;
  if (!left) return null;
  const label = payment.label;
  if (left.unit === 'points') {
    const points = left.amount;
    return i18n._(msg`${label}: ${plural(points, { one: '# point left', other: '# points left' })}`);
  }
  if (left.unit === 'account' && left.amount < 0) {
    const owed = money(-left.amount);
    return i18n._(msg`${label}: ${owed} owed`);
  }
  const amount = money(left.amount);
  return i18n._(msg`${label}: ${amount} left`);
}

/** [VAL-35] The receipt's loyalty rows: points earned, and the customer's points after the sale when known. */
export function loyaltyRows(doc: Pick<ReceiptDoc, 'kind' | 'loyalty'>, i18n: I18n): [string, string][] {
  const loyalty = doc.loyalty;
  if (doc.kind !== 'sale' || !loyalty || loyalty.earned <= 0) return [];
  const rows: [string, string][] = [[i18n._(msg`Points earned`), String(loyalty.earned)]];
  if (loyalty.balanceAfter !== null) rows.push([i18n._(msg`Your points`), String(loyalty.balanceAfter)]);
  return rows;
}

/** [VAL-35] 'Gift card code', for paper that prints the code beside it. */
export function giftCardCodeLabel(i18n: I18n): string {
  return i18n._(msg`Gift card code`);
}

/** [VAL-35] A gift-card line's card: 'Gift card code: ABCD-…' the once it is known in full, else its last four. */
export function giftCardLineText(line: Pick<ReceiptLine, 'giftCard'>, i18n: I18n): string | null {
  const card = line.giftCard;
  if (!card) return null;
  if (card.code) {
    const code = card.code;
    return i18n._(msg`Gift card code: ${code}`);
  }
  if (!card.last4) return null;
  const last4 = card.last4;
  return i18n._(msg`Gift card ••••${last4}`);
}

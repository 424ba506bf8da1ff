// A cart and its prices. Lines carry a snapshot of the product as it was when rung up (name, SKU, price,
// tax rate), because a sale records what the customer was charged, not what the catalogue says later.
// `priceCart` is the only way totals are computed: the register, the receipt and the sale command all use
// it, so the screen and the recorded sale can never disagree. Promotions are part of it ([PROMO-T2]).
import { dealsOf, type CartDeals, type LinePromotion, type PromotionSetting } from './cart-promotions';
import { type Discount, discountOn } from './discount';
import { allocate, sum, type Minor } from './money';
import { extendPrice, type Milli } from './quantity';
import { summarizeTax, taxLine, type BasisPoints, type TaxMode, type TaxSummaryRow } from './tax';
import type { Approval } from './cashier-stamp';
import type { ChosenModifier } from './modifier-pricing';
import type { EnteredCoupon } from './promotions/promotion-types';
import type { Tender } from './tender';

export interface ProductSnapshot {
  productId: string;
  name: string;
  /** Products need not have a SKU (the server allows null). */
  sku: string | null;
  unitPrice: Minor;
  taxRate: BasisPoints;
  /** Sold by weight: decimal quantities allowed, and each weighing is its own line. */
  weighed: boolean;
  /**
   * [SCALE-7] The scale label this line was rung up from: its own line, sent with the sale so the server reads
   * the label again.
   */
  scaleLabel?: string;
  /**
   * [MOD-3] The options chosen for this line, with the product's own price they were added to (`basePrice`):
   * `unitPrice` is then `modifiedUnitPrice(basePrice, modifiers)`. Absent on a product without modifiers.
   */
  modifiers?: readonly ChosenModifier[];
  basePrice?: Minor;
  /**
   * [PROMO-T1] What promotions match a line on, as it was rung up: the product's category and, for a variant,
   * its parent product. Absent on lines rung up before promotions (they match by product only).
   */
  categoryId?: string | null;
  parentId?: string | null;
}

export interface CartLine extends ProductSnapshot {
  lineId: string;
  quantity: Milli;
  discount?: Discount;
  /** [CART-5] The price the line was rung up at, kept while a cashier's price (`unitPrice`) replaces it. */
  listPrice?: Minor;
  /** [VAL-11] A gift card sold or topped up: quantity 1, untaxed, and no discount or promotion reaches it. */
  giftCard?: CartGiftCard;
}

/** [VAL-11] The card a gift-card line sells (`code`: a new card) or tops up (no code). */
export interface CartGiftCard {
  accountId: string;
  code?: string;
  last4: string;
  physical?: boolean;
}

export interface Cart {
  lines: CartLine[];
  discount?: Discount;
  note?: string;
  customerId?: string;
  /**
   * [CART-5] The sale's id, drawn early when a price change needs a manager's approval: the approval is
   * signed for the sale it rides on, before that sale exists. Absent, 'Complete sale' draws one.
   */
  saleId?: string;
  /** [CART-5] A manager's `price_override` approval signed for `saleId` (shared till). */
  priceApproval?: Approval;
  /**
   * [CART-7] Card payments the till's reader approved for `saleId`: the card is charged, so they are kept with
   * the cart (a reload, a power cut or parking keeps them) until the sale is recorded with them.
   */
  takenTenders?: readonly Tender[];
  /** [PROMO-T3] Coupons the till accepted for this sale, each with the promotion it unlocks. */
  coupons?: readonly EnteredCoupon[];
  /** [PROMO-3] Promotions the cashier took off this sale, by id. */
  removedPromotions?: readonly string[];
  /** [VAL-14] [VAL-T73] Points the customer spends as a discount, where the shop redeems points that way. */
  pointsDiscount?: PointsDiscount;
}

/**
 * [VAL-14] Whole points taken off as a discount at the shop's rate: `amount` is at most what they are worth,
 * and what the cart has left after its other discounts caps it when priced. `balanceSeen` and `offline` are
 * what the till showed ([VAL-20]), sent with the sale.
 */
export interface PointsDiscount {
  points: number;
  amount: Minor;
  balanceSeen: number;
  offline: boolean;
}

/** What the company decides about prices; the same for every till of the company. */
export interface PricingRules {
  currency: string;
  taxMode: TaxMode;
  /** Cash payments are rounded to this many minor units (5 → 0.05); 1 means no cash rounding. */
  cashRounding: Minor;
}

export interface PricedLine {
  line: CartLine;
  /** unit price × quantity, in price terms (gross when prices include tax, net when they exclude it). */
  extended: Minor;
  /** All the line's own discount: a manual one, or what its promotions gave ([PROMO-4]). */
  lineDiscount: Minor;
  /** [PROMO-T2] The part of `lineDiscount` promotions gave, and each promotion's part, named. */
  promotionDiscount: Minor;
  promotions: readonly LinePromotion[];
  /** This line's share of the cart discount (largest remainder). */
  cartDiscount: Minor;
  /** [VAL-14] This line's share of the points discount, after the cart discount (largest remainder). */
  pointsDiscount?: Minor;
  /** What is left after every discount, in price terms. */
  amount: Minor;
  net: Minor;
  tax: Minor;
  gross: Minor;
}

export interface CartTotals {
  /** Σ extended: before any discount, in price terms. */
  subtotal: Minor;
  lineDiscounts: Minor;
  cartDiscount: Minor;
  /** [VAL-14] What the points discount took off (part of `discounts`); absent or 0 without one. */
  pointsDiscount?: Minor;
  discounts: Minor;
  net: Minor;
  tax: Minor;
  /** What the customer owes before any cash rounding: Σ line gross. */
  total: Minor;
}

export interface PricedCart {
  lines: PricedLine[];
  totals: CartTotals;
  taxSummary: TaxSummaryRow[];
  /** [PROMO-T2] The promotions the sale got (named), the coupons' answers, and what they saved. */
  deals: CartDeals;
}

/**
 * [CART-1] Prices a cart: each line is extended and rounded once ([QTY-3]), its own discount comes off
 * ([DISC-1]) — a manual one, or what the promotions of `promotions` gave it ([PROMO-T2]) —, the cart discount
 * is taken from what is left and spread over lines by largest remainder ([DISC-2]), then tax is worked out per
 * line ([TAX-1]) and summed per rate ([TAX-2]).
 */
export function priceCart(cart: Cart, rules: PricingRules, promotions?: PromotionSetting): PricedCart {
  // [VAL-11] A gift card is money, not goods: no promotion, no discount of its own nor share of the cart's.
  const goods = cart.lines.some((line) => line.giftCard)
    ? { ...cart, lines: cart.lines.filter((line) => !line.giftCard) }
    : cart;
  const deals = dealsOf(goods, promotions);
  const lineDeals = cart.lines.map((line) => deals.byLine.get(line.lineId) ?? []);
  const promotionDiscounts = lineDeals.map((list) => sum(list.map((deal) => deal.amount)));
  const extended = cart.lines.map((line) => extendPrice(line.unitPrice, line.quantity));
  const lineDiscounts = cart.lines.map((line, index) =>
    line.giftCard ? 0 : discountOn(extended[index] ?? 0, line.discount) + (promotionDiscounts[index] ?? 0),
  );
  const afterLine = extended.map((amount, index) => amount - (lineDiscounts[index] ?? 0));
  const discountable = afterLine.map((amount, index) => (cart.lines[index]?.giftCard ? 0 : amount));
  const cartDiscount = discountOn(sum(discountable), cart.discount);
  const shares = allocate(cartDiscount, discountable);
  // [VAL-14] Points come off last, from what the other discounts left, never more than that.
  const afterCart = discountable.map((amount, index) => amount - (shares[index] ?? 0));
  const pointsDiscount = Math.min(cart.pointsDiscount?.amount ?? 0, sum(afterCart));
  const pointShares = allocate(pointsDiscount, afterCart);

  const lines = cart.lines.map((line, index): PricedLine => {
    const amount = (afterLine[index] ?? 0) - (shares[index] ?? 0) - (pointShares[index] ?? 0);
    return {
      line,
      extended: extended[index] ?? 0,
      lineDiscount: lineDiscounts[index] ?? 0,
      promotionDiscount: promotionDiscounts[index] ?? 0,
      promotions: lineDeals[index] ?? [],
      cartDiscount: shares[index] ?? 0,
      ...(pointsDiscount > 0 ? { pointsDiscount: pointShares[index] ?? 0 } : {}),
      amount,
      ...taxLine(amount, line.taxRate, rules.taxMode),
    };
  });

  const taxSummary = summarizeTax(lines.map((priced) => ({ ...priced, rate: priced.line.taxRate })));
  const totalLineDiscounts = sum(lineDiscounts);
  return {
    lines,
    taxSummary,
    deals,
    totals: {
      subtotal: sum(extended),
      lineDiscounts: totalLineDiscounts,
      cartDiscount,
      ...(pointsDiscount > 0 ? { pointsDiscount } : {}),
      discounts: totalLineDiscounts + cartDiscount + pointsDiscount,
      net: sum(lines.map((priced) => priced.net)),
      tax: sum(lines.map((priced) => priced.tax)),
      total: sum(lines.map((priced) => priced.gross)),
    },
  };
}

/**
 * [VAL-T73] What points may take off: the goods (not gift cards) after every other discount, in price terms —
 * what the points discount is spread over.
 */
export function pointsDue(priced: PricedCart): Minor {
  return sum(
    priced.lines.filter(({ line }) => !line.giftCard).map((line) => line.amount + (line.pointsDiscount ?? 0)),
  );
}

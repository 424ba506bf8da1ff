// The `sale.record` command, written once (STYLE: "a business command is written once"): the till builds
// it from a cart and its tenders, checks it, records it in the ledger and queues it; the server re-checks
// the same arithmetic in SQL (supabase/SPEC.md SALE-1, SALE-5…7) and accepts the sale as recorded.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { priceCart, type Cart, type CartGiftCard, type PricedCart, type PricingRules } from './cart';
import { pointsEarned, pointsFor, type LoyaltyScheme } from './value/loyalty';
import { hasManualCartDiscount, hasManualDiscount } from './cart-promotions';
import type { IdGenerator } from './ids';
import { modifiedUnitPrice } from './modifier-pricing';
import { sum } from './money';
import { parseArgs } from './op-args';
import { extendPrice, fromNumeric } from './quantity';
import { err, ok, type Result } from './result';
import {
  saleRecordSchema,
  type SaleLineArgs,
  type SalePaymentArgs,
  type SaleRecordArgs,
} from './sale-record-schema';
import type { CartLine } from './cart';
import { taxLine } from './tax';
import { settle, type Payment, type Tender, type TenderErrorCode } from './tender';

export interface SaleContext {
  saleId: string;
  terminalId: string;
  shiftId: string | null;
  /** The signed-in cashier; the server defaults to the caller when null. */
  cashierId: string | null;
  receiptNo: string;
  occurredAt: Date;
  rules: PricingRules;
  /** [VAL-13] The shop's loyalty scheme: the points the sale earns are sent as the till showed them. */
  loyalty?: LoyaltyScheme;
}

/** A payment as the server's argument takes it: tendered/change only on cash, reference only when given. */
export function paymentArgs(payment: Payment, id: string): SalePaymentArgs {
  const args: SalePaymentArgs = { id, method: payment.method, amount: payment.amount };
  if (payment.method === 'cash' && payment.tendered !== undefined) {
    args.tendered = payment.tendered;
    args.change = payment.change;
  }
  if (payment.reference !== undefined) args.reference = payment.reference;
  const value = payment.value;
  if (value !== undefined) {
    // [VAL-12] Only a gift card names its account; the customer's kinds are the server's to derive.
    if (payment.method === 'gift_card') args.account_id = value.accountId;
    if (payment.method === 'gift_card' && value.code !== undefined) args.code = value.code;
    if (payment.method === 'loyalty' && value.points !== undefined) args.points = value.points;
    args.balance_seen = value.balanceSeen;
    args.offline = value.offline;
  }
  return args;
}

/**
 * [MOD-4] A line's modifiers as the server takes them: each option's delta and name, and the base price they
 * were added to — after a cashier's price, the part of it that is not the modifiers'. Nothing for a plain line.
 */
export function lineModifierArgs(line: CartLine): Pick<SaleLineArgs, 'base_price' | 'modifiers'> {
  if (line.modifiers === undefined) return {};
  const added = sum(line.modifiers.map((modifier) => modifier.priceDelta));
  return {
    base_price: line.listPrice === undefined ? (line.basePrice ?? line.unitPrice) : line.unitPrice - added,
    modifiers: line.modifiers.map((modifier) => ({
      option_id: modifier.optionId,
      price_delta: modifier.priceDelta,
      name: modifier.optionName,
    })),
  };
}

/**
 * [CMD-1] Builds the sale as the till records it: every line with its product snapshot, its whole discount
 * and its tax ([CART-1]); the total the customer paid (Σ lines + cash rounding) and the payments of
 * [TENDER-1]. A sale whose tenders do not cover it is not a sale yet.
 */
export function buildSaleRecord(
  cart: Cart,
  tenders: readonly Tender[],
  context: SaleContext,
  ids: IdGenerator,
  /** The cart as the screen priced it with `context.rules`: a checkout prices its cart once. */
  priced: PricedCart = priceCart(cart, context.rules),
): Result<SaleRecordArgs, TenderErrorCode | 'empty_cart' | 'not_covered'> {
  if (cart.lines.length === 0) return err('empty_cart', i18n._(msg`Add something to the cart first.`));
  const settled = settle(priced.totals.total, tenders, context.rules.cashRounding);
  if (!settled.ok) return settled;
  if (!settled.value.covered)
    return err('not_covered', i18n._(msg`The payments do not cover the total yet.`));
  return ok({
    id: context.saleId,
    terminal_id: context.terminalId,
    shift_id: context.shiftId,
    cashier_id: context.cashierId,
    customer_id: cart.customerId ?? null,
    receipt_no: context.receiptNo,
    occurred_at: context.occurredAt.toISOString(),
    note: cart.note ?? null,
    subtotal: priced.totals.subtotal,
    discount_total: priced.totals.discounts,
    tax_total: priced.totals.tax,
    rounding: settled.value.rounding,
    total: settled.value.due,
    lines: priced.lines.map(
      ({ line, lineDiscount, cartDiscount, pointsDiscount, tax, gross, promotions }) => ({
        id: ids(),
        product_id: line.giftCard ? null : line.productId,
        sku: line.sku,
        name: line.name,
        quantity: line.quantity / 1000,
        unit_price: line.unitPrice,
        discount: lineDiscount + cartDiscount + (pointsDiscount ?? 0),
        tax_rate_bp: line.taxRate,
        tax,
        total: gross,
        ...(line.scaleLabel === undefined ? {} : { scale_label: line.scaleLabel }),
        ...lineModifierArgs(line),
        ...(promotions.length === 0
          ? {}
          : { promotions: promotions.map((p) => ({ promotion_id: p.promotionId, amount: p.amount })) }),
        // [PROMO-4] The server's re-check reads it to leave the line out, as the till's engine did.
        ...(hasManualDiscount(line) ? { manual_discount: true } : {}),
        ...(line.giftCard ? { gift_card: giftCardArgs(line.giftCard) } : {}),
      }),
    ),
    payments: settled.value.payments.map((payment) => paymentArgs(payment, ids())),
    ...salePromotionArgs(cart, priced),
    ...loyaltyArgs(cart, priced, settled.value.payments, context),
    ...pointsDiscountArgs(cart, priced, context),
  });
}

/**
 * [VAL-14] The points discount as the server takes it: what the priced cart took off, for the points chosen, or
 * the fewest points worth it when the cart has shrunk below what they were chosen for. Nothing without a
 * customer or when nothing came off.
 */
function pointsDiscountArgs(
  cart: Cart,
  priced: PricedCart,
  context: SaleContext,
): Pick<SaleRecordArgs, 'loyalty_discount'> {
  const chosen = cart.pointsDiscount;
  const amount = priced.totals.pointsDiscount ?? 0;
  if (chosen === undefined || cart.customerId === undefined || amount <= 0) return {};
  const fewer = amount < chosen.amount && context.loyalty ? pointsFor(amount, context.loyalty) : null;
  return {
    loyalty_discount: {
      points: Math.max(1, Math.min(chosen.points, fewer ?? chosen.points)),
      amount,
      balance_seen: chosen.balanceSeen,
      offline: chosen.offline,
    },
  };
}

/** [VAL-11] A gift-card line's card as the server takes it. */
function giftCardArgs(card: CartGiftCard): NonNullable<SaleLineArgs['gift_card']> {
  return {
    account_id: card.accountId,
    ...(card.code === undefined ? {} : { code: card.code }),
    ...(card.physical ? { physical: true } : {}),
  };
}

/** [VAL-13] The points this sale earns as the till shows them before 'Pay' ([VAL-T7]). */
export function saleEarnings(
  cart: Cart,
  priced: PricedCart,
  payments: readonly Pick<Payment, 'method' | 'amount'>[],
  scheme: LoyaltyScheme | undefined,
  currency: string,
): number {
  if (scheme === undefined) return 0;
  return pointsEarned(
    {
      customerId: cart.customerId ?? null,
      lines: priced.lines.map(({ line, gross }) => ({ total: gross, giftCard: line.giftCard !== undefined })),
      loyaltyTendered: sum(payments.filter((p) => p.method === 'loyalty').map((p) => p.amount)),
    },
    scheme,
    currency,
  );
}

function loyaltyArgs(
  cart: Cart,
  priced: PricedCart,
  payments: readonly Payment[],
  context: SaleContext,
): Pick<SaleRecordArgs, 'loyalty'> {
  if (!context.loyalty?.enabled || cart.customerId === undefined) return {};
  return {
    loyalty: { earned: saleEarnings(cart, priced, payments, context.loyalty, context.rules.currency) },
  };
}

/**
 * [PROMO-T4] The sale's promotions as the server takes them: what the engine applied, the coupons accepted,
 * the promotions the cashier took off and whether a manual cart discount replaced the basket deals. Each only
 * when there is something to say, so a sale without promotions or discounts is the argument it always was.
 */
export function salePromotionArgs(
  cart: Cart,
  priced: PricedCart,
): Pick<SaleRecordArgs, 'promotions' | 'coupons' | 'removed_promotions' | 'manual_cart_discount'> {
  const applied = priced.deals.applied;
  const accepted = priced.deals.coupons.filter((c) => c.status === 'applied').map((c) => c.code);
  const removed = cart.removedPromotions ?? [];
  return {
    ...(applied.length === 0
      ? {}
      : {
          promotions: applied.map((deal) => ({
            promotion_id: deal.promotionId,
            amount: deal.amount,
            coupon_code: deal.couponCode,
          })),
        }),
    ...(accepted.length === 0 ? {} : { coupons: accepted }),
    ...(removed.length === 0 ? {} : { removed_promotions: [...removed] }),
    // [PROMO-8] The basket stage the engine skipped: the server's re-check skips it too.
    ...(hasManualCartDiscount(cart) ? { manual_cart_discount: true } : {}),
  };
}

export interface SaleProblem {
  code: string;
  message: string;
}

/**
 * The arithmetic the server re-checks, with its rejection codes: [SALE-5] each line's tax and total follow
 * from price, quantity, discount and rate; [SALE-1] the header is the sum of the lines (+ rounding);
 * [SALE-6] rounding only with cash, at most half the company's step; [SALE-7] only cash gives change and
 * the payments add up to the total. Answers every problem found; none means the sale adds up.
 */
export function checkSaleArithmetic(
  sale: SaleRecordArgs,
  prices: 'inclusive' | 'exclusive',
  cashRounding: number,
): SaleProblem[] {
  const problems: SaleProblem[] = [];
  const problem = (code: string, message: string) => problems.push({ code, message });
  const extended = sale.lines.map((line) => extendPrice(line.unit_price, fromNumeric(line.quantity)));
  sale.lines.forEach((line, index) => {
    const where = `lines[${index + 1}]`;
    const discount = line.discount ?? 0;
    const lineExtended = extended[index] ?? 0;
    if (discount > lineExtended)
      problem('discount_too_large', `${where}: discount ${discount} is more than ${lineExtended}`);
    const expected = taxLine(Math.max(0, lineExtended - discount), line.tax_rate_bp, prices);
    if (line.tax !== expected.tax)
      problem('tax_mismatch', `${where}: tax is ${line.tax} but should be ${expected.tax}`);
    if (line.total !== expected.gross) {
      problem('line_total_mismatch', `${where}: total is ${line.total} but should be ${expected.gross}`);
    }
    if (line.modifiers !== undefined || line.base_price !== undefined) {
      const deltas = (line.modifiers ?? []).map((modifier) => ({ priceDelta: modifier.price_delta }));
      const priced = modifiedUnitPrice(line.base_price ?? Number.NaN, deltas);
      if (line.base_price === undefined || priced !== line.unit_price) {
        problem(
          'modifier_price_mismatch',
          `${where}: unit_price is ${line.unit_price} but base_price ${line.base_price} with its modifiers is ${priced}`,
        );
      }
    }
  });
  const rounding = sale.rounding ?? 0;
  const lineTotals = sum(sale.lines.map((line) => line.total));
  const taxes = sum(sale.lines.map((line) => line.tax));
  if (taxes !== sale.tax_total)
    problem('tax_mismatch', `tax_total is ${sale.tax_total} but the lines add up to ${taxes}`);
  if (lineTotals + rounding !== sale.total) {
    problem('total_mismatch', `total is ${sale.total} but the lines add up to ${lineTotals + rounding}`);
  }
  if (sale.subtotal !== undefined && sale.subtotal !== sum(extended)) {
    problem('total_mismatch', `subtotal is ${sale.subtotal} but should be ${sum(extended)}`);
  }
  const discounts = sum(sale.lines.map((line) => line.discount ?? 0));
  if (sale.discount_total !== undefined && sale.discount_total !== discounts) {
    problem('total_mismatch', `discount_total is ${sale.discount_total} but should be ${discounts}`);
  }
  const payments = sale.payments ?? [];
  const paidCash = payments.some((payment) => payment.method === 'cash');
  if (rounding !== 0 && (!paidCash || Math.abs(rounding) * 2 > cashRounding)) {
    problem(
      'rounding_mismatch',
      `Rounding of ${rounding} is not allowed (cash rounding step ${cashRounding})`,
    );
  }
  payments.forEach((payment, index) => {
    const tendered = payment.tendered ?? payment.amount;
    const change = payment.change ?? 0;
    const wrong =
      payment.method === 'cash'
        ? tendered - payment.amount !== change
        : tendered !== payment.amount || change !== 0;
    if (wrong)
      problem(
        'change_mismatch',
        `payments[${index + 1}]: change must be tendered − amount, and only cash gives change`,
      );
  });
  const paid = sum(payments.map((payment) => payment.amount));
  if (paid !== sale.total)
    problem('payments_mismatch', `Tenders add up to ${paid} but the total is ${sale.total}`);
  return problems;
}

/** [CMD-2] Validates a `sale.record` argument from anywhere (an outbox row, a test): shape, then arithmetic. */
export function parseSaleRecord(
  input: unknown,
  rules: Pick<PricingRules, 'taxMode' | 'cashRounding'>,
): Result<SaleRecordArgs> {
  const parsed = parseArgs(saleRecordSchema, input, 'sale');
  if (!parsed.ok) return parsed;
  const [problem] = checkSaleArithmetic(parsed.value, rules.taxMode, rules.cashRounding);
  if (problem !== undefined) return err(problem.code, problem.message);
  return parsed;
}

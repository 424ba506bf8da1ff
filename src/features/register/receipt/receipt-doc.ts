// What a receipt prints, worked out from the sale as the ledger keeps it — so the receipt shown after a
// sale, a reprint hours later and a refund's receipt all read the same rows. Tax per rate comes from the
// lines with src/domain's summary ([TAX-2], [CASHUP-5]); nothing here does arithmetic of its own beyond sums.
// The document's shape is src/domain/receipt-doc.ts, which the printers read too (issue 19).
import { msg } from '@lingui/core/macro';
import { shopI18n } from '../../../lib/i18n/shop-i18n';
import { sum, type Minor } from '../../../domain/money';
import { extendPrice } from '../../../domain/quantity';
import { receiptLinkUrl } from '../../../domain/receipt-link';
import { summarizeTax } from '../../../domain/tax';
import type { ReceiptDoc, ReceiptLine, ReceiptPayment, ReceiptPromotion } from '../../../domain/receipt-doc';
import { paymentLabel } from '../../../domain/payment-words';
import type { SaleForReceipt } from '../../../data/local/sale-history';

/**
 * What a sale just made knows that the ledger does not keep: how its discounts were split between its lines
 * and the cart, and the prices its changed lines were rung up at (in line order).
 */
export interface DiscountSplit {
  lineDiscounts: readonly Minor[];
  cartDiscount: Minor;
  listPrices?: readonly (Minor | null)[];
}

/** [RCPT-17] The page of a sale's receipt on this app's own origin: the till knows no other. */
function receiptLink(token: string | undefined): string | null {
  return token === undefined || typeof location === 'undefined'
    ? null
    : receiptLinkUrl(location.origin, token);
}

/** [WORDS-6] A line's unit when its product is sold by measure; nothing for pieces. */
function unitOf(record: SaleForReceipt, productId: string | null): Pick<ReceiptLine, 'unit'> {
  const unit = productId === null ? undefined : record.units?.[productId];
  return unit === undefined ? {} : { unit };
}

/**
 * [PROMO-13] The promotions a sale got, from its lines' parts (a basket deal is spread over every line), by the
 * names this device knows, biggest first; and each line's part. One without a name stays among the discounts.
 */
function promotionsOf(record: SaleForReceipt): ReceiptPromotion[] {
  const names = record.promotionNames ?? {};
  const totals = new Map<string, Minor>();
  for (const line of record.lines) {
    for (const part of line.promotions ?? []) {
      if (names[part.promotion_id] === undefined) continue;
      totals.set(part.promotion_id, (totals.get(part.promotion_id) ?? 0) + part.amount);
    }
  }
  return [...totals]
    .map(([id, amount]) => ({ name: names[id] ?? '', amount }))
    .sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name));
}

function linePromotionDiscount(record: SaleForReceipt, line: SaleForReceipt['lines'][number]): Minor {
  const names = record.promotionNames ?? {};
  return sum((line.promotions ?? []).filter((p) => names[p.promotion_id] !== undefined).map((p) => p.amount));
}

export function receiptDocOf(
  record: SaleForReceipt,
  terminal: { name: string; code: string },
  split?: DiscountSplit,
): ReceiptDoc {
  const { sale, lines, payments } = record;
  const useSplit = split?.lineDiscounts.length === lines.length;
  const receiptLines = lines.map((line, index): ReceiptLine => ({
    id: line.id,
    name: line.name ?? shopI18n._(msg`Item`),
    quantity: line.quantity,
    unitPrice: line.unit_price,
    listPrice: split?.listPrices?.length === lines.length ? (split.listPrices[index] ?? null) : null,
    discount: useSplit ? (split.lineDiscounts[index] ?? 0) : line.discount,
    promotionDiscount: linePromotionDiscount(record, line),
    total: line.total,
    ...unitOf(record, line.product_id),
    ...(line.gift_card
      ? { giftCard: { code: line.gift_card.code ?? null, last4: line.gift_card.code_last4 ?? null } }
      : {}),
    ...(line.modifiers && line.modifiers.length > 0
      ? {
          modifiers: line.modifiers.map((modifier) => ({
            name: modifier.name ?? shopI18n._(msg`Option`),
            priceDelta: modifier.price_delta,
          })),
        }
      : {}),
  }));
  const extended = lines.map((line) =>
    line.unit_price === null ? line.total : extendPrice(line.unit_price, line.quantity),
  );
  return {
    kind: sale.kind,
    receiptNo: sale.receipt_no,
    refundOfReceiptNo: record.refundOfReceiptNo,
    shopName: record.shopName,
    shopTexts: record.shopTexts,
    storeName: record.storeName,
    terminal: `${terminal.name} (${terminal.code})`,
    occurredAt: sale.occurred_at,
    cashierName: record.cashierName,
    customerName: record.customerName,
    lines: receiptLines,
    subtotal: sale.subtotal ?? sum(extended),
    cartDiscount: useSplit ? split.cartDiscount : null,
    discounts: sale.discount_total ?? sum(lines.map((line) => line.discount)),
    taxRows: summarizeTax(
      lines.map((line) => ({
        rate: line.tax_rate_bp ?? 0,
        net: line.total - line.tax,
        tax: line.tax,
        gross: line.total,
      })),
    ),
    rounding: sale.rounding,
    total: sale.total,
    payments: payments.map((payment) => ({
      label: paymentLabel(payment, shopI18n),
      amount: payment.tendered ?? payment.amount,
      ...leftOf(payment),
    })),
    change: sum(payments.map((payment) => payment.change ?? 0)),
    note: sale.note,
    sync: sale.sync,
    problem: sale.error?.message ?? null,
    link: receiptLink(sale.receipt_token),
    promotions: promotionsOf(record),
    pointsDiscount: sale.loyalty_discount ?? null,
    loyalty: sale.loyalty?.earned
      ? { earned: sale.loyalty.earned, balanceAfter: sale.loyalty.balance_after ?? null }
      : null,
  };
}

const VALUE_METHODS = new Set(['gift_card', 'store_credit', 'on_account', 'loyalty']);

/** [VAL-35] A value tender's balance after it, as the till knew it when it took the tender. */
function leftOf(payment: SaleForReceipt['payments'][number]): Pick<ReceiptPayment, 'left'> {
  if (!VALUE_METHODS.has(payment.method) || payment.balance_after == null) return {};
  return {
    left: {
      amount: payment.balance_after,
      unit: payment.method === 'loyalty' ? 'points' : payment.method === 'on_account' ? 'account' : 'money',
    },
  };
}

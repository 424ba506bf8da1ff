// What a receipt prints, worked out from the sale as the ledger keeps it — so the receipt shown after a
// sale, a reprint hours later and a refund's receipt all read the same rows. Tax per rate comes from the
// lines with src/domain's summary ([TAX-2], [CASHUP-5]); nothing here does arithmetic of its own beyond sums.
import { sum, type Minor } from '../../../domain/money';
import { extendPrice, type Milli } from '../../../domain/quantity';
import { summarizeTax, type TaxSummaryRow } from '../../../domain/tax';
import type { TenderMethod } from '../../../domain/tender';
import type { SyncState } from '../../../data/local/ledger-types';
import type { SaleForReceipt, ShopReceiptTexts } from '../../../data/local/sale-history';

export const METHOD_NAMES: Readonly<Record<TenderMethod, string>> = {
  cash: 'Cash',
  card: 'Card',
  other: 'Other',
};

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
}

export interface ReceiptPayment {
  /** "Cash", "Card (A1)". */
  label: string;
  /** What was handed over (cash) or charged. */
  amount: Minor;
}

export interface ReceiptDoc {
  kind: 'sale' | 'refund';
  receiptNo: string;
  refundOfReceiptNo: string | null;
  shopName: string | null;
  /** Header, address and tax number print under the shop's name; the footer at the end. */
  shopTexts: ShopReceiptTexts;
  storeName: string | null;
  terminal: string;
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
  sync: SyncState;
  /** The server's reason when the sale needs attention. */
  problem: string | null;
}

/**
 * What a sale just made knows that the ledger does not keep: how its discounts were split between its lines
 * and the cart, and the prices its changed lines were rung up at (in line order).
 */
export interface DiscountSplit {
  lineDiscounts: readonly Minor[];
  cartDiscount: Minor;
  listPrices?: readonly (Minor | null)[];
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
    name: line.name ?? 'Item',
    quantity: line.quantity,
    unitPrice: line.unit_price,
    listPrice: split?.listPrices?.length === lines.length ? (split.listPrices[index] ?? null) : null,
    discount: useSplit ? (split.lineDiscounts[index] ?? 0) : line.discount,
    total: line.total,
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
      label: `${METHOD_NAMES[payment.method]}${payment.reference ? ` (${payment.reference})` : ''}`,
      amount: payment.tendered ?? payment.amount,
    })),
    change: sum(payments.map((payment) => payment.change ?? 0)),
    note: sale.note,
    sync: sale.sync,
    problem: sale.error?.message ?? null,
  };
}

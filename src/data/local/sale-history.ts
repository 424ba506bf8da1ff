// Reads of this till's past sales for the register's "Recent sales", reprints and refunds (issue 7). Each is
// usable inside Dexie's liveQuery — a receipt's "Unsynced" mark flips when the sync engine marks the sale —
// and reads only this device's databases, so all of it works offline.
import type { LedgerDb } from './ledger-db';
import type { LedgerPayment, LedgerSale, LedgerSaleLine } from './ledger-types';
import type { MirrorDb } from './mirror-db';
import { withOneSaleSync, withSaleSync } from './sale-sync';
import { productMeasure } from '../../domain/receipt-line-words';

/** What the shop's settings add to every receipt (companies.receipt_header …, [SCHEMA-12]); null when unset. */
export interface ShopReceiptTexts {
  header: string | null;
  address: string | null;
  taxNumber: string | null;
  footer: string | null;
}

/** A sale or refund with its lines and payments, and the names a receipt prints. */
export interface SaleForReceipt {
  sale: LedgerSale;
  lines: LedgerSaleLine[];
  payments: LedgerPayment[];
  shopName: string | null;
  shopTexts: ShopReceiptTexts;
  storeName: string | null;
  cashierName: string | null;
  customerName: string | null;
  /** For a refund: the receipt number of the sale it refunds (when this device knows it). */
  refundOfReceiptNo: string | null;
  /** [WORDS-6] The unit of each of its products sold by measure, by product id ('kg'); pieces are not listed. */
  units?: Readonly<Record<string, string>>;
  /** [PROMO-13] The names of the promotions its lines got, by id, as this device's copy has them. */
  promotionNames?: Readonly<Record<string, string>>;
}

/** What earlier refunds of one sale took back, per original line ([REFUND-2]). */
export interface RefundedQuantity {
  originalLineId: string;
  quantity: number;
}

/** This terminal's sales and refunds, newest first. */
export async function terminalSales(ledger: LedgerDb, terminalId: string, limit = 50): Promise<LedgerSale[]> {
  const sales = await ledger.sales
    .orderBy('occurred_at')
    .reverse()
    .filter((sale) => sale.terminal_id === terminalId)
    .limit(limit)
    .toArray();
  return withSaleSync(ledger, sales);
}

/** Receipt numbers are typed by people: `t1-42`, ` T1-000042 ` and `T1-000042` all mean the same one. */
export function normalizeReceiptNo(text: string): string {
  const match = /^\s*([A-Za-z0-9]+)\s*-\s*(\d{1,9})\s*$/.exec(text);
  if (!match) return text.trim().toUpperCase();
  const [, code = '', number = ''] = match;
  return `${code.toUpperCase()}-${number.padStart(6, '0')}`;
}

export async function saleByReceiptNo(
  ledger: LedgerDb,
  companyId: string,
  receiptNo: string,
): Promise<LedgerSale | null> {
  const found = await ledger.sales
    .where('receipt_no')
    .equals(normalizeReceiptNo(receiptNo))
    .filter((sale) => sale.company_id === companyId)
    .first();
  return (await withOneSaleSync(ledger, found)) ?? null;
}

/** The refunds this device recorded of one sale (refund_of is not indexed: refunds are few). */
export async function refundsOf(ledger: LedgerDb, saleId: string): Promise<LedgerSale[]> {
  const refunds = await ledger.sales
    .filter((sale) => sale.kind === 'refund' && sale.refund_of === saleId)
    .toArray();
  return withSaleSync(ledger, refunds);
}

/**
 * [REFUND-2] What earlier refunds of a sale on this device took back, line by line. A refund the server
 * refused ("needs attention") still counts: it may be retried, and over-refunding is the worse mistake.
 */
export async function refundedQuantities(ledger: LedgerDb, saleId: string): Promise<RefundedQuantity[]> {
  const refunds = await refundsOf(ledger, saleId);
  if (refunds.length === 0) return [];
  const lines = await ledger.saleLines
    .where('sale_id')
    .anyOf(refunds.map((refund) => refund.id))
    .toArray();
  return lines.flatMap((line) =>
    line.refund_of_line_id === null
      ? []
      : [{ originalLineId: line.refund_of_line_id, quantity: line.quantity }],
  );
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

async function customerName(ledger: LedgerDb, mirror: MirrorDb, id: string | null): Promise<string | null> {
  if (id === null) return null;
  const local = await ledger.customers.get(id);
  if (local) return local.name;
  return text((await mirror.customers.get(id))?.name);
}

/**
 * [WORDS-3] Who served, by the name the shop gave them: `sales.cashier_id` is a staff id (docs/shared-till.md),
 * so PIN-only staff are named too; a member's staff row shares their user id, and a device that has not
 * pulled staff yet still finds a member by it.
 */
async function cashierName(mirror: MirrorDb, companyId: string, id: string | null): Promise<string | null> {
  if (id === null) return null;
  const staff = await mirror.staff.get(id);
  if (staff?.company_id === companyId && text(staff.name) !== null) return staff.name;
  const member = await mirror.companyMembers
    .where('user_id')
    .equals(id)
    .filter((row) => row.company_id === companyId)
    .first();
  return text(member?.display_name);
}

/**
 * [WORDS-6] The units of the lines' products that are sold by measure, as this device's catalogue has them; a
 * weighed product with no measure of its own is sold by the kg ([COUNTER-12]), as the cart shows it.
 */
export async function lineUnits(
  mirror: MirrorDb,
  lines: readonly LedgerSaleLine[],
): Promise<Record<string, string>> {
  const ids = [...new Set(lines.flatMap((line) => (line.product_id === null ? [] : [line.product_id])))];
  const products = await mirror.products.bulkGet(ids);
  return Object.fromEntries(
    products.flatMap((product) => {
      const measure = product ? productMeasure(product) : null;
      return product && measure ? [[product.id, measure]] : [];
    }),
  );
}

/**
 * [PROMO-13] The names of the promotions the lines got, as the mirror has them. A promotion deleted since (or
 * never pulled here) has no name: the receipt then counts its amount among the other discounts.
 */
export async function promotionNames(
  mirror: MirrorDb,
  lines: readonly LedgerSaleLine[],
): Promise<Record<string, string>> {
  const ids = [...new Set(lines.flatMap((line) => (line.promotions ?? []).map((p) => p.promotion_id)))];
  if (ids.length === 0) return {};
  const rows = await mirror.promotions.bulkGet(ids);
  return Object.fromEntries(rows.flatMap((row) => (row ? [[row.id, row.name]] : [])));
}

/**
 * [VAL-35] A gift-card tender whose row does not say its card's last four reads them from its own entry (the
 * payment's id, [VAL-8]): the pulled card's, or the `issue` entry of a card this till sold. Only rows written
 * before the sale command filled `code_last4` ([VAL-T71]) need it; a newer row is returned as it is.
 */
async function withGiftCardLast4(
  ledger: LedgerDb,
  mirror: MirrorDb,
  payments: LedgerPayment[],
): Promise<LedgerPayment[]> {
  return Promise.all(
    payments.map(async (payment) => {
      if (payment.method !== 'gift_card' || payment.code_last4) return payment;
      const accountId = payment.account_id ?? (await ledger.valueEntries.get(payment.id))?.account_id;
      if (!accountId) return payment;
      const pulled = await mirror.valueAccounts.get(accountId);
      const issued = pulled?.code_last4
        ? null
        : await ledger.valueEntries
            .where('account_id')
            .equals(accountId)
            .filter((entry) => Boolean(entry.code_last4))
            .first();
      const last4 = pulled?.code_last4 ?? issued?.code_last4 ?? null;
      return last4 === null ? payment : { ...payment, account_id: accountId, code_last4: last4 };
    }),
  );
}

/** One sale whole, with the names its receipt prints; null when this device does not have it. */
export async function saleForReceipt(
  ledger: LedgerDb,
  mirror: MirrorDb,
  saleId: string,
): Promise<SaleForReceipt | null> {
  const sale = await withOneSaleSync(ledger, await ledger.sales.get(saleId));
  if (!sale) return null;
  const [lines, payments, company, store, cashier, customer, original] = await Promise.all([
    ledger.saleLines.where('sale_id').equals(saleId).sortBy('line_no'),
    ledger.payments.where('sale_id').equals(saleId).toArray(),
    mirror.companies.get(sale.company_id),
    mirror.stores.get(sale.store_id),
    cashierName(mirror, sale.company_id, sale.cashier_id),
    customerName(ledger, mirror, sale.customer_id),
    sale.refund_of === null ? undefined : ledger.sales.get(sale.refund_of),
  ]);
  return {
    sale,
    lines,
    payments: await withGiftCardLast4(ledger, mirror, payments),
    units: await lineUnits(mirror, lines),
    promotionNames: await promotionNames(mirror, lines),
    shopName: text(company?.name),
    shopTexts: {
      header: text(company?.receipt_header),
      address: text(company?.address),
      taxNumber: text(company?.tax_number),
      footer: text(company?.receipt_footer),
    },
    storeName: text(store?.name),
    cashierName: cashier,
    customerName: customer,
    refundOfReceiptNo: original?.receipt_no ?? null,
  };
}

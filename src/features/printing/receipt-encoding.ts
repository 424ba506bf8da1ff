// The printer's bytes for what the till prints (issue 19): a sale's or a refund's receipt from the very
// ReceiptDoc the screen shows, an X or Z report from the same sections as the shifts screen, a test page, and
// the drawer kick alone ('No sale'). Loaded only when something prints: the encoder weighs about 100 KB.
// Paper is for the customer and the books, so it speaks the SHOP's language (`shopI18n`, issue 35) and
// formats its numbers that way, whatever language the cashier's screens are in.
import { msg } from '@lingui/core/macro';
import { numberFormat } from '../../lib/i18n/intl';
import { shopI18n, shopIntlLocale } from '../../lib/i18n/shop-i18n';
import { formatMoney } from '../../domain/money-text';
import { quantityText, unitPriceText } from '../../domain/receipt-line-words';
import {
  giftCardCodeLabel,
  giftCardLineText,
  loyaltyRows,
  pointsDiscountRow,
  otherDiscounts,
  ownLineDiscount,
  promotionSavings,
  valueLeftText,
  type ReceiptDoc,
} from '../../domain/receipt-doc';
import type { LedgerShiftReport } from '../../domain/shift-ledger-report';
import { pendingText, shiftReportSections } from '../../domain/shift-report-sections';
import { taxLabel, type TaxMode } from '../../domain/tax';
import type { LogoBitmap } from './logo-image';
import { printerModel } from './printer-models';
import { PrintWriter, type PrinterProfile } from './print-writer';

/** How amounts and times read on paper: the shop's currency and tax mode, and its clock. */
export interface PrintLook {
  currency: string;
  taxMode: TaxMode;
  /** Formats an ISO time in the shop's zone (the screen's formatWhen). */
  when: (iso: string) => string;
  /** Tests pin it; the app uses the shop's language's (shopIntlLocale). */
  locale?: string;
  /** The receipt number as a barcode or a QR code. */
  code?: 'barcode' | 'qr';
  /** The shop's logo, printed at the top (logo-image.ts). */
  logo?: LogoBitmap | null;
}

export interface ReceiptPrintOptions {
  /** A cash sale with 'Open drawer on cash': the kick goes before the paper, so the drawer opens at once. */
  openDrawer: boolean;
  /** A reprint from the sales screen: the paper says plainly that it is a copy. */
  copy?: boolean;
}

function moneyIn(look: Pick<PrintLook, 'currency' | 'locale'>) {
  const locale = look.locale ?? shopIntlLocale();
  return (amount: number) => formatMoney(amount, look.currency, locale);
}

/** The shop's name and texts, its logo, the store and till: the top of every slip. */
function shopHead(
  writer: PrintWriter,
  look: Pick<PrintLook, 'logo'>,
  doc: Pick<ReceiptDoc, 'shopName' | 'shopTexts'>,
) {
  if (look.logo) writer.logo(look.logo);
  if (doc.shopName !== null) writer.center(doc.shopName, { bold: true, big: true });
  for (const text of [doc.shopTexts.header, doc.shopTexts.address]) if (text !== null) writer.center(text);
  const taxNumber = doc.shopTexts.taxNumber;
  if (taxNumber !== null) writer.center(shopI18n._(msg`Tax number: ${taxNumber}`));
}

export function encodeReceipt(
  doc: ReceiptDoc,
  look: PrintLook,
  profile: PrinterProfile,
  options: ReceiptPrintOptions,
): Uint8Array {
  const money = moneyIn(look);
  const refund = doc.kind === 'refund';
  const writer = new PrintWriter(profile);
  if (options.openDrawer) writer.kick();
  shopHead(writer, look, doc);
  writer.center([doc.storeName, doc.terminal].filter((part) => part !== null).join(' · '));
  const { receiptNo, refundOfReceiptNo, cashierName, customerName } = doc;
  writer
    .blank()
    .center(refund ? shopI18n._(msg`Refund ${receiptNo}`) : shopI18n._(msg`Receipt ${receiptNo}`), {
      bold: true,
    });
  if (options.copy) writer.center(shopI18n._(msg`COPY`), { bold: true, big: true });
  if (refundOfReceiptNo !== null) writer.center(shopI18n._(msg`Refund of ${refundOfReceiptNo}`));
  writer.center(look.when(doc.occurredAt));
  if (cashierName !== null) writer.line(shopI18n._(msg`Cashier: ${cashierName}`));
  if (customerName !== null) writer.line(shopI18n._(msg`Customer: ${customerName}`));
  writer.rule();
  for (const line of doc.lines) {
    writer.line(line.name);
    // [MOD-4] Each option under its line, with what it added per unit.
    for (const modifier of line.modifiers ?? []) {
      const delta = modifier.priceDelta;
      writer.pair(`  ${modifier.name}`, delta === 0 ? '' : `${delta > 0 ? '+' : ''}${money(delta)}`);
    }
    // [WORDS-6] A weighed line says its unit on both sides: "1.181 kg x €1.99/kg".
    const price = line.unitPrice !== null ? ` x ${unitPriceText(money(line.unitPrice), line.unit)}` : '';
    const quantity = `  ${quantityText(line.quantity, line.unit, look.locale ?? shopIntlLocale())}${price}`;
    writer.pair(quantity, money(refund ? -line.total : line.total));
    // Paper cannot strike the old price through: it says what the price was changed from.
    if (line.listPrice !== null) {
      const was = unitPriceText(money(line.listPrice), line.unit);
      writer.line(`  ${shopI18n._(msg`Price changed from ${was}`)}`);
    }
    const own = ownLineDiscount(line);
    if (own > 0) writer.pair(`  ${shopI18n._(msg`Discount`)}`, `-${money(own)}`);
    // [VAL-35] A gift card sold: its code in full on the receipt of the sale that issued it.
    const code = line.giftCard?.code ?? null;
    const card = giftCardLineText(line, shopI18n);
    if (code !== null) writer.pair(`  ${giftCardCodeLabel(shopI18n)}`, code);
    else if (card !== null) writer.line(`  ${card}`);
  }
  writer.rule();
  if (!refund) writer.pair(shopI18n._(msg`Subtotal`), money(doc.subtotal));
  if (!refund)
    for (const promotion of doc.promotions ?? []) writer.pair(promotion.name, `-${money(promotion.amount)}`);
  if (doc.cartDiscount !== null && doc.cartDiscount > 0) {
    writer.pair(shopI18n._(msg`Cart discount`), `-${money(doc.cartDiscount)}`);
  }
  const points = pointsDiscountRow(doc, shopI18n);
  if (points) writer.pair(points.label, `-${money(points.amount)}`);
  if (!refund && doc.cartDiscount === null && otherDiscounts(doc) > 0) {
    writer.pair(shopI18n._(msg`Discounts`), `-${money(otherDiscounts(doc))}`);
  }
  if (doc.rounding !== 0) writer.pair(shopI18n._(msg`Cash rounding`), money(doc.rounding));
  writer.pair(refund ? shopI18n._(msg`REFUNDED`) : shopI18n._(msg`TOTAL`), money(doc.total), { bold: true });
  for (const payment of doc.payments) writer.pair(payment.label, money(payment.amount));
  if (!refund) writer.pair(shopI18n._(msg`Change`), money(doc.change));
  const saved = promotionSavings(doc);
  if (!refund && saved > 0) writer.pair(shopI18n._(msg`You saved`), money(saved), { bold: true });
  // [VAL-35] What each value tender left, and the points earned and held after the sale.
  for (const payment of doc.payments) {
    const left = valueLeftText(payment, money, shopI18n);
    if (left !== null) writer.line(left);
  }
  for (const [label, value] of loyaltyRows(doc, shopI18n)) writer.pair(label, value);
  writer.rule();
  const tax = taxLabel(look.taxMode, shopI18n);
  writer.pair(shopI18n._(msg`Rate`), shopI18n._(msg`Net / ${tax} / Gross`));
  for (const row of doc.taxRows) {
    const rate = numberFormat(look.locale ?? shopIntlLocale(), { maximumFractionDigits: 2 }).format(
      row.rate / 100,
    );
    writer.pair(`${rate}%`, `${money(row.net)} / ${money(row.tax)} / ${money(row.gross)}`);
  }
  writer.rule();
  if (doc.note !== null) writer.line(doc.note);
  // [RCPT-17] The receipt's public page, for the customer's phone, above the shop's footer.
  if (doc.link) writer.center(shopI18n._(msg`Your receipt online:`)).code(doc.link, 'qr');
  if (doc.shopTexts.footer !== null) writer.center(doc.shopTexts.footer);
  writer.blank().code(doc.receiptNo, look.code ?? 'barcode');
  return writer.bytes(true);
}

export interface ShiftReportPrint {
  /** "X report", "Z report". */
  heading: string;
  details: readonly { label: string; value: string }[];
  /** null for a past shift of another till: the server keeps only its cash, so only `details` print. */
  report: LedgerShiftReport | null;
  /** A line under the figures: where the rest of a past shift's report is. */
  note?: string | null;
  shopName: string | null;
}

/** A report's figures are amounts only: no tax mode, no times beyond its already written details. */
export type ReportLook = Pick<PrintLook, 'currency' | 'locale' | 'logo'>;

export function encodeShiftReport(
  print: ShiftReportPrint,
  look: ReportLook,
  profile: PrinterProfile,
): Uint8Array {
  const writer = new PrintWriter(profile);
  shopHead(writer, look, { shopName: print.shopName, shopTexts: NO_TEXTS });
  writer.blank().center(print.heading, { bold: true, big: true });
  for (const detail of print.details) writer.pair(detail.label, detail.value);
  if (print.report !== null) {
    const pending = pendingText(print.report.pending, shopI18n);
    if (pending !== null) writer.rule().line(pending);
    for (const section of shiftReportSections(print.report, moneyIn(look), shopI18n)) {
      writer.rule().line(section.title.toUpperCase());
      for (const [label, value] of section.rows) writer.pair(label, value);
    }
  }
  writer.rule();
  if (print.note) writer.line(print.note);
  return writer.bytes(true);
}

const NO_TEXTS = { header: null, address: null, taxNumber: null, footer: null };

/** What 'Print test page' prints: the model and paper, a ruler of the columns, the euro sign, a code. */
export function encodeTestPage(profile: PrinterProfile, look: Pick<PrintLook, 'code'>): Uint8Array {
  const writer = new PrintWriter(profile);
  writer.center(shopI18n._(msg`Tillpoint test page`), { bold: true, big: true });
  writer.center(`${printerModel(profile.model).name}, ${profile.width} mm`);
  writer.rule();
  writer.line('1234567890'.repeat(Math.ceil(writer.columns / 10)).slice(0, writer.columns));
  writer.pair(shopI18n._(msg`Euro sign`), '€ 1.00');
  writer.pair(shopI18n._(msg`Accents`), 'àéîõü ß');
  writer.rule();
  writer.code('TEST-000001', look.code ?? 'barcode');
  return writer.bytes(true);
}

/** 'No sale': the drawer opens, nothing prints. */
export function encodeDrawerKick(profile: PrinterProfile): Uint8Array {
  return new PrintWriter(profile).kick().bytes(false);
}

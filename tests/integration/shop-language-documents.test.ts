// Documents for the shop speak the SHOP's language (issue 35): a receipt built and printed for a shop in
// German and an X report printed for a shop in Spanish carry their words, while the person at the till — and
// the screen's view of the same report — stay in English.
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { paymentLabel } from '../../src/domain/payment-words';
import { reportHeading } from '../../src/domain/shift-report-sections';
import { decodePrint } from '../../src/features/printing/printer-decoder';
import { Z_REPORT } from '../../src/features/printing/print-fixtures';
import {
  encodeReceipt,
  encodeShiftReport,
  type ReportLook,
  type ShiftReportPrint,
} from '../../src/features/printing/receipt-encoding';
import type { TillPrinter } from '../../src/features/printing/till-printer';
import type { SaleForReceipt } from '../../src/data/local/sale-history';
import { receiptDocOf } from '../../src/features/register/receipt/receipt-doc';
import type { PrintableShiftReport } from '../../src/features/shifts/shifts-deps';
import { wantCatalogue } from '../../src/lib/i18n/catalog-bundles';
import { activateShopLocale, shopI18n } from '../../src/lib/i18n/shop-i18n';
import { shiftPrinterOf } from '../../src/routes/dashboard/-printer-ports';

const EPSON_80 = { model: 'epson-tm-t88vi', width: 80 } as const;

/** A sale of 6.75 paid 3.00 on an external terminal's card (slip A1) and the rest in cash. */
const RECORD: SaleForReceipt = {
  sale: {
    id: 's1',
    company_id: 'c1',
    terminal_id: 't1',
    store_id: 'st1',
    kind: 'sale',
    refund_of: null,
    receipt_no: 'T1-000042',
    shift_id: null,
    cashier_id: 'u1',
    customer_id: null,
    occurred_at: '2026-11-21T09:15:00.000Z',
    subtotal: 675,
    discount_total: 0,
    tax_total: 113,
    rounding: 0,
    total: 675,
    note: null,
    op_id: 'op1',
    sync: 'pending',
    error: null,
  },
  lines: [
    {
      id: 'l1',
      sale_id: 's1',
      line_no: 1,
      product_id: null,
      refund_of_line_id: null,
      sku: null,
      name: 'Croissant',
      quantity: 3000,
      unit_price: 225,
      discount: 0,
      tax_rate_bp: 2000,
      tax: 113,
      total: 675,
    },
  ],
  payments: [
    { id: 'p1', sale_id: 's1', method: 'card', amount: 300, tendered: null, change: null, reference: 'A1' },
    { id: 'p2', sale_id: 's1', method: 'cash', amount: 375, tendered: 500, change: 125, reference: null },
  ],
  shopName: 'Corner Bakery',
  shopTexts: { header: null, address: null, taxNumber: null, footer: null },
  storeName: 'High Street',
  cashierName: 'Casey',
  customerName: null,
  refundOfReceiptNo: null,
};

describe('receipt document in the shop’s language (issue 35)', () => {
  // The counter's words (the paper's) are in the app's catalogue bundle, which the router loads before any
  // counter screen renders.
  beforeAll(() => wantCatalogue('app'));

  afterEach(() => {
    // Back to English, as tests/setup/i18n.ts left it.
    shopI18n.loadAndActivate({ locale: 'en', locales: ['en-GB'], messages: {} });
  });

  test('a shop in German: the doc’s tenders and the printed paper say "Bar", "Karte", "SUMME"; the screen stays English', async () => {
    await activateShopLocale('de');
    const doc = receiptDocOf(RECORD, { name: 'Front counter', code: 'T1' });
    expect(doc.payments.map((payment) => payment.label)).toEqual(['Karte (A1)', 'Bar']);
    const look = { currency: 'EUR', taxMode: 'inclusive' as const, when: (iso: string) => iso };
    const paper = decodePrint(
      encodeReceipt(doc, look, { model: 'epson-tm-t88vi', width: 80 }, { openDrawer: false }),
      'esc-pos',
    );
    const starts = (label: string) => paper.some((row) => row.trim().startsWith(label));
    expect(starts('Zwischensumme')).toBe(true);
    expect(starts('SUMME')).toBe(true);
    expect(starts('Bar')).toBe(true);
    expect(starts('Rückgeld')).toBe(true);
    expect(paper.some((row) => row.includes('6,75 €'))).toBe(true);
    // The person at the till reads English: their screens' words for the same tender.
    expect(i18n.locale).toBe('en');
    expect(paymentLabel({ method: 'cash' })).toBe('Cash');
  });

  test('an X report printed for a shop in Spanish: heading, details and sections in Spanish, the screen in English', async () => {
    await activateShopLocale('es');
    // What the shifts screen hands the printer: its details as words to be written in a language.
    const print: PrintableShiftReport = {
      kind: 'X',
      words: (speak) => ({ details: [{ label: speak._(msg`Till`), value: 'Front till (T1)' }], note: null }),
      report: { ...Z_REPORT, kind: 'X' },
    };
    const sent: { print: ShiftReportPrint; look: ReportLook }[] = [];
    const printer = {
      isSet: () => true,
      printShiftReport: (given: ShiftReportPrint, look: ReportLook) => {
        sent.push({ print: given, look });
        return Promise.resolve({ ok: true } as const);
      },
    } as unknown as TillPrinter;
    await shiftPrinterOf(printer, { companyName: 'Demo Shop', currency: 'EUR' }).printReport(print);
    const [first] = sent;
    if (first === undefined) throw new Error('nothing was printed');
    const { print: paperPrint, look } = first;
    const paper = decodePrint(encodeShiftReport(paperPrint, look, EPSON_80), 'esc-pos').map((line) =>
      line.trim(),
    );
    expect(paper).toContain('Informe X');
    expect(paper.some((line) => line.startsWith('Caja') && line.endsWith('Front till (T1)'))).toBe(true);
    expect(paper).toContain('EFECTIVO');
    expect(paper.some((line) => line.startsWith('Esperado en el cajón'))).toBe(true);
    // Rates and amounts as Spanish writes numbers.
    expect(paper.some((line) => /^\d+,\d\d %.*\d,\d\d €$/.test(line))).toBe(true);
    // The screen's report of the same shift: the person's language.
    expect(i18n.locale).toBe('en');
    expect(reportHeading('X')).toBe('X report');
  });
});

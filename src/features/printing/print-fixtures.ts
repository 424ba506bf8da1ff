// Receipts and a Z report to print in tests (golden bytes, transports, the virtual printer): a cash sale
// with a line discount, a cart discount, two tax rates and change, not yet synced; its refund; a shift's Z.
import type { ReceiptDoc } from '../../domain/receipt-doc';
import type { LedgerShiftReport } from '../../domain/shift-ledger-report';
import { shiftReport } from '../../domain/shift-report';
import type { LogoBitmap } from './logo-image';
import type { PrintLook } from './receipt-encoding';

export const LOOK: PrintLook = {
  currency: 'EUR',
  taxMode: 'inclusive',
  locale: 'en-IE',
  when: (iso) => iso.replace('T', ' ').slice(0, 16),
};

export const SALE_DOC: ReceiptDoc = {
  kind: 'sale',
  receiptNo: 'T1-000042',
  refundOfReceiptNo: null,
  shopName: 'Demo Shop',
  shopTexts: {
    header: 'Fresh every morning',
    address: '1 Market Street',
    taxNumber: 'IE1234567X',
    footer: 'Thank you!',
  },
  storeName: 'Main street',
  terminal: 'Front till (T1)',
  occurredAt: '2026-11-21T09:15:00.000Z',
  cashierName: 'Cara',
  customerName: null,
  lines: [
    {
      id: 'l1',
      name: 'Croissant',
      quantity: 2000,
      unitPrice: 180,
      listPrice: null,
      discount: 36,
      total: 324,
    },
    {
      id: 'l2',
      name: 'Notebook A5',
      quantity: 1000,
      unitPrice: 490,
      listPrice: null,
      discount: 0,
      total: 441,
    },
  ],
  subtotal: 850,
  cartDiscount: 49,
  discounts: 85,
  taxRows: [
    { rate: 1000, net: 295, tax: 29, gross: 324 },
    { rate: 2000, net: 368, tax: 73, gross: 441 },
  ],
  rounding: 0,
  total: 765,
  payments: [{ label: 'Cash', amount: 1000 }],
  change: 235,
  note: null,
  sync: 'pending',
  problem: null,
};

export const REFUND_DOC: ReceiptDoc = {
  ...SALE_DOC,
  kind: 'refund',
  receiptNo: 'T1-000043',
  refundOfReceiptNo: 'T1-000042',
  occurredAt: '2026-11-21T10:02:00.000Z',
  lines: [
    {
      id: 'l3',
      name: 'Croissant',
      quantity: 1000,
      unitPrice: 180,
      listPrice: null,
      discount: 18,
      total: 162,
    },
  ],
  subtotal: 180,
  cartDiscount: null,
  discounts: 18,
  taxRows: [{ rate: 1000, net: 147, tax: 15, gross: 162 }],
  total: 162,
  payments: [{ label: 'Cash', amount: 162 }],
  change: 0,
  sync: 'synced',
};

export const Z_REPORT: LedgerShiftReport = {
  ...shiftReport({
    kind: 'Z',
    openingFloat: 10000,
    sales: [
      {
        kind: 'sale',
        total: 765,
        rounding: 0,
        discounts: 85,
        taxSummary: SALE_DOC.taxRows,
        payments: [{ method: 'cash', amount: 765, tendered: 1000, change: 235 }],
        synced: false,
      },
      {
        kind: 'refund',
        total: 162,
        rounding: 0,
        discounts: 18,
        taxSummary: REFUND_DOC.taxRows,
        payments: [{ method: 'cash', amount: 162, change: 0 }],
        synced: true,
      },
    ],
    movements: [{ kind: 'pay_out', amount: 500 }],
    counted: 10100,
    allowedDifference: 0,
  }),
  pending: { total: 1, sales: 1, refunds: 0, cashMoves: 0, accountPayments: 0, shift: 0 },
};

/** A logo to print in tests: white, with a black square in its middle half. */
export function testLogo(width: number, height: number): LogoBitmap {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = height / 4; y < (height * 3) / 4; y += 1) {
    for (let x = width / 4; x < (width * 3) / 4; x += 1)
      data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  }
  return { width, height, data };
}

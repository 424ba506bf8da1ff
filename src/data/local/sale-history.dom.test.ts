import { describe, expect, test } from 'vitest';
import { pinnedIds } from '../../domain/ids';
import { ok } from '../../domain/result';
import {
  addTerminal,
  COMPANY_A,
  COMPANY_B,
  freshLedger,
  freshMirror,
  oneLineSale,
  PRODUCT,
  STORE,
  testDeps,
} from '../../../tests/support/ledger-fixtures';
import { recordRefund } from '../ops/sale-refund';
import { recordSale } from '../ops/sale-record';
import {
  normalizeReceiptNo,
  refundedQuantities,
  saleByReceiptNo,
  saleForReceipt,
  terminalSales,
} from './sale-history';

const CASHIER = 'd5000000-0000-4000-8000-000000000001';

async function soldAndRefunded() {
  const ledger = freshLedger();
  const terminal = await addTerminal(ledger);
  const ids = pinnedIds();
  const deps = testDeps(ledger, ids);
  const sold = await recordSale(deps, {
    companyId: COMPANY_A,
    build: oneLineSale(ids, 3),
    tracksStock: () => true,
  });
  if (!sold.ok) throw new Error(sold.error.message);
  const saleId = sold.value.sale.id;
  const [line] = await ledger.saleLines.where('sale_id').equals(saleId).toArray();
  if (!line) throw new Error('the sale has no line');
  const refunded = await recordRefund(deps, {
    companyId: COMPANY_A,
    originalLines: new Map([[line.id, { ...line, name: 'Croissant', unit_price: 250, tax_rate_bp: 2000 }]]),
    tracksStock: () => true,
    build: (receiptNo) =>
      ok({
        id: ids(),
        terminal_id: terminal.id,
        refund_of: saleId,
        cashier_id: CASHIER,
        receipt_no: receiptNo,
        occurred_at: '2026-11-21T09:20:00.000Z',
        tax_total: 42,
        total: 250,
        lines: [{ id: ids(), refund_of_line_id: line.id, quantity: 1, tax: 42, total: 250 }],
        payments: [{ id: ids(), method: 'card', amount: 250 }],
      }),
  });
  if (!refunded.ok) throw new Error(refunded.error.message);
  return { ledger, terminal, saleId, lineId: line.id, refundId: refunded.value.sale.id };
}

describe('sale history', () => {
  test('a receipt number is found however it is typed', () => {
    expect(normalizeReceiptNo(' t1-42 ')).toBe('T1-000042');
    expect(normalizeReceiptNo('T12 - 000042')).toBe('T12-000042');
    expect(normalizeReceiptNo('T1-1234567')).toBe('T1-1234567');
    expect(normalizeReceiptNo('nonsense')).toBe('NONSENSE');
  });

  test("this terminal's sales newest first, found by receipt number within the company", async () => {
    const { ledger, terminal, saleId, refundId } = await soldAndRefunded();
    const other = await addTerminal(ledger, COMPANY_B, 'T9');
    const ids = pinnedIds(Date.UTC(2026, 1, 1));
    await recordSale(testDeps(ledger, ids), {
      companyId: COMPANY_B,
      build: oneLineSale(ids),
      tracksStock: () => false,
    });

    const mine = await terminalSales(ledger, terminal.id);
    expect(mine.map((sale) => [sale.receipt_no, sale.kind])).toEqual([
      ['T7-000002', 'refund'],
      ['T7-000001', 'sale'],
    ]);
    expect(await terminalSales(ledger, other.id)).toHaveLength(1);
    expect((await saleByReceiptNo(ledger, COMPANY_A, 't7-1'))?.id).toBe(saleId);
    expect((await saleByReceiptNo(ledger, COMPANY_A, 'T7-000002'))?.id).toBe(refundId);
    expect(await saleByReceiptNo(ledger, COMPANY_B, 'T7-000001')).toBeNull();
    expect(await saleByReceiptNo(ledger, COMPANY_A, 'T7-000099')).toBeNull();
  });

  test('[REFUND-2] earlier refunds of a sale on this device are counted per original line', async () => {
    const { ledger, saleId, lineId } = await soldAndRefunded();
    expect(await refundedQuantities(ledger, saleId)).toEqual([{ originalLineId: lineId, quantity: 1000 }]);
    const fresh = freshLedger();
    expect(await refundedQuantities(fresh, saleId)).toEqual([]);
  });

  test('a sale for its receipt: lines, payments, shop, store, cashier and the refunded receipt', async () => {
    const { ledger, saleId, refundId } = await soldAndRefunded();
    const mirror = freshMirror();
    await mirror.companies.put({
      id: COMPANY_A,
      name: 'Corner Bakery',
      receipt_header: 'Fresh every morning',
      receipt_footer: 'Thank you!',
      address: '1 High Street',
      tax_number: null,
    });
    await mirror.stores.put({ id: STORE, company_id: COMPANY_A, name: 'High Street' });
    await mirror.companyMembers.put({
      id: 'm1',
      company_id: COMPANY_A,
      user_id: CASHIER,
      role: 'cashier',
      display_name: 'Casey',
    });
    const sale = await saleForReceipt(ledger, mirror, saleId);
    expect(sale).toMatchObject({
      sale: { receipt_no: 'T7-000001', total: 750 },
      lines: [{ name: 'Croissant', quantity: 3000 }],
      payments: [{ method: 'card', amount: 750 }],
      shopName: 'Corner Bakery',
      shopTexts: {
        header: 'Fresh every morning',
        address: '1 High Street',
        taxNumber: null,
        footer: 'Thank you!',
      },
      storeName: 'High Street',
      cashierName: null,
      customerName: null,
      refundOfReceiptNo: null,
    });
    expect(await saleForReceipt(ledger, mirror, refundId)).toMatchObject({
      sale: { kind: 'refund', total: 250 },
      cashierName: 'Casey',
      refundOfReceiptNo: 'T7-000001',
    });
    expect(await saleForReceipt(ledger, mirror, 'missing')).toBeNull();
  });

  test('[WORDS-3] a receipt names PIN-only staff who served, by the name the shop gave them', async () => {
    const { ledger, refundId } = await soldAndRefunded();
    const mirror = freshMirror();
    // The refund's cashier is a person with a PIN and no account: a staff row, and no member row.
    const pat = {
      id: CASHIER,
      company_id: COMPANY_A,
      user_id: null,
      name: 'Pat',
      role: 'cashier',
      active: true,
      pin_salt: null,
      pin_iterations: null,
      pin_verifier: null,
    };
    await mirror.staff.put(pat);
    expect(await saleForReceipt(ledger, mirror, refundId)).toMatchObject({ cashierName: 'Pat' });
    // Another shop's row of the same id names nobody here.
    await mirror.staff.put({ ...pat, company_id: COMPANY_B });
    expect(await saleForReceipt(ledger, mirror, refundId)).toMatchObject({ cashierName: null });
  });

  test('[WORDS-6] a sale for its receipt knows which of its products are sold by measure', async () => {
    const { ledger, saleId } = await soldAndRefunded();
    const mirror = freshMirror();
    expect((await saleForReceipt(ledger, mirror, saleId))?.units).toEqual({});
    await mirror.products.put({
      id: PRODUCT,
      company_id: COMPANY_A,
      category_id: null,
      sku: null,
      barcode: null,
      name: 'Bananas',
      price: 199,
      tax_rate_bp: 0,
      track_stock: true,
      active: true,
      weighed: true,
      unit: 'kg',
    });
    expect((await saleForReceipt(ledger, mirror, saleId))?.units).toEqual({ [PRODUCT]: 'kg' });
  });
});

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { cashDifference } from './shift';
import { parseShiftClose } from './shift-ops';
import {
  approvalAtClose,
  pendingShiftOps,
  shiftReportOfRows,
  type ShiftRows,
  type ShiftSaleRow,
} from './shift-ledger-report';

const SHIFT = '0193a0f4-0000-7000-8000-000000000001';
const OTHER = '0193a0f4-0000-7000-8000-000000000002';

function sale(id: string, fields: Partial<ShiftSaleRow> = {}): ShiftSaleRow {
  return {
    id,
    kind: 'sale',
    total: 0,
    rounding: 0,
    discount_total: 0,
    shift_id: SHIFT,
    synced: true,
    ...fields,
  };
}

const rows: ShiftRows = {
  shift: { id: SHIFT, opening_float: 10_000 },
  sales: [
    sale('s1', { total: 730, discount_total: 50 }),
    sale('s2', { total: 1200, synced: false }),
    sale('r1', { kind: 'refund', total: 250 }),
    sale('x1', { total: 99_999, shift_id: OTHER }),
  ],
  lines: [
    { sale_id: 's1', tax_rate_bp: 2000, tax: 122, total: 730, discount: 50 },
    { sale_id: 's2', tax_rate_bp: 2000, tax: 100, total: 600 },
    { sale_id: 's2', tax_rate_bp: 550, tax: 31, total: 600 },
    { sale_id: 'r1', tax_rate_bp: null, tax: 42, total: 250 },
    { sale_id: 'x1', tax_rate_bp: 2000, tax: 16_667, total: 99_999 },
  ],
  payments: [
    { sale_id: 's1', method: 'cash', amount: 730, tendered: 1000, change: 270 },
    { sale_id: 's2', method: 'card', amount: 1200, reference: 'A7' },
    { sale_id: 'r1', method: 'cash', amount: 250 },
    { sale_id: 'x1', method: 'cash', amount: 99_999, tendered: 99_999, change: 0 },
  ],
  movements: [
    { shift_id: SHIFT, kind: 'pay_out', amount: 1500 },
    { shift_id: SHIFT, kind: 'pay_in', amount: 2000 },
    { shift_id: OTHER, kind: 'pay_out', amount: 7 },
  ],
  outbox: [
    { name: 'shift.open', args: { id: SHIFT } },
    { name: 'sale.record', args: { id: 's2', shift_id: SHIFT } },
    { name: 'sale.record', args: { id: 'x1', shift_id: OTHER } },
    { name: 'cash.move', args: { id: 'm1', shift_id: SHIFT } },
    { name: 'customer.upsert', args: { id: 'c1' } },
  ],
};

describe('a shift report from the ledger rows', () => {
  test('[CASHUP-6] only the shift’s own sales, lines, payments and movements count', () => {
    const report = shiftReportOfRows(rows, { kind: 'Z', counted: 10_900, allowedDifference: 100 });
    expect(report).toMatchObject({
      salesCount: 2,
      refundsCount: 1,
      sales: 1930,
      refunds: 250,
      net: 1680,
      discounts: 50,
      tenders: [
        { method: 'cash', sales: 730, refunds: 250, net: 480 },
        { method: 'card', sales: 1200, refunds: 0, net: 1200 },
      ],
      unsynced: { sales: 1, refunds: 0 },
    });
    expect(report.taxByRate).toEqual([
      { rate: 0, net: -208, tax: -42, gross: -250 },
      { rate: 550, net: 569, tax: 31, gross: 600 },
      { rate: 2000, net: 1108, tax: 222, gross: 1330 },
    ]);
    expect(report.cash).toMatchObject({ expected: 10_980, counted: 10_900 });
    expect(report.cash.difference).toEqual({ difference: -80, status: 'short', needsApproval: false });
  });

  test('[CASHUP-6] an X report needs no count', () => {
    const report = shiftReportOfRows(rows, { kind: 'X', allowedDifference: 0 });
    expect(report.kind).toBe('X');
    expect(report.cash.counted).toBeUndefined();
    expect(report.cash.expected).toBe(10_980);
  });

  test('[CASHUP-6] [SHIFT-4] expected cash is the server’s sum: float + cash sales − cash refunds + pay-ins − pay-outs', () => {
    const cashPayment = fc.record({
      kind: fc.constantFrom<'sale' | 'refund'>('sale', 'refund'),
      amount: fc.integer({ min: 1, max: 100_000 }),
      change: fc.integer({ min: 0, max: 10_000 }),
      method: fc.constantFrom<'cash' | 'card'>('cash', 'card'),
      shift: fc.constantFrom(SHIFT, OTHER),
    });
    const movement = fc.record({
      kind: fc.constantFrom<'pay_in' | 'pay_out'>('pay_in', 'pay_out'),
      amount: fc.integer({ min: 1, max: 50_000 }),
      shift_id: fc.constantFrom(SHIFT, OTHER),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(cashPayment, { maxLength: 20 }),
        fc.array(movement, { maxLength: 10 }),
        (float, payments, movements) => {
          const input: ShiftRows = {
            shift: { id: SHIFT, opening_float: float },
            sales: payments.map((p, i) =>
              sale(`s${i}`, { kind: p.kind, total: p.amount, shift_id: p.shift }),
            ),
            lines: payments.map((p, i) => ({ sale_id: `s${i}`, tax_rate_bp: 0, tax: 0, total: p.amount })),
            payments: payments.map((p, i) => {
              const cashSale = p.method === 'cash' && p.kind === 'sale';
              return {
                sale_id: `s${i}`,
                method: p.method,
                amount: p.amount,
                ...(cashSale ? { tendered: p.amount + p.change, change: p.change } : {}),
              };
            }),
            movements,
            outbox: [],
          };
          const own = payments.filter((p) => p.shift === SHIFT && p.method === 'cash');
          const server =
            float +
            own.reduce((total, p) => total + (p.kind === 'sale' ? p.amount : -p.amount), 0) +
            movements
              .filter((m) => m.shift_id === SHIFT)
              .reduce((total, m) => total + (m.kind === 'pay_in' ? m.amount : -m.amount), 0);
          const report = shiftReportOfRows(input, { kind: 'X', allowedDifference: 0 });
          expect(report.cash.expected).toBe(server);
        },
      ),
    );
  });

  test('[CASHUP-7] the shift’s ops still in the outbox, by kind', () => {
    expect(pendingShiftOps(rows.outbox, SHIFT)).toEqual({
      total: 3,
      sales: 1,
      refunds: 0,
      cashMoves: 1,
      accountPayments: 0,
      shift: 1,
    });
    expect(pendingShiftOps(rows.outbox, OTHER).total).toBe(1);
    expect(pendingShiftOps([], SHIFT).total).toBe(0);
  });

  test('[VAL-34] [VAL-T33] the shift’s account payments are their own section, their cash expected in the drawer as the server sums it', () => {
    const withPayments: ShiftRows = {
      ...rows,
      valueEntries: [
        { shift_id: SHIFT, kind: 'payment', delta: 4500, tender_method: 'cash' },
        { shift_id: SHIFT, kind: 'payment', delta: 2000, tender_method: 'card' },
        { shift_id: SHIFT, kind: 'payment', delta: 500, tender_method: 'cash' },
        // Another shift's payment, and a sale's own entries, are not the shift's account payments.
        { shift_id: OTHER, kind: 'payment', delta: 9999, tender_method: 'cash' },
        { shift_id: SHIFT, kind: 'redeem', delta: -700, tender_method: null },
      ],
      outbox: [...rows.outbox, { name: 'account.payment', args: { id: 'p1', shift_id: SHIFT } }],
    };
    const report = shiftReportOfRows(withPayments, { kind: 'X', allowedDifference: 0 });
    expect(report.accountPayments).toEqual({
      count: 3,
      total: 7000,
      byMethod: [
        { method: 'cash', amount: 5000 },
        { method: 'card', amount: 2000 },
      ],
    });
    // 10 980 without them (above) + the 50.00 paid in cash; takings and tenders are unchanged.
    expect(report.cash.expected).toBe(15_980);
    expect(report.cash.accountPayments).toBe(5000);
    expect(report.net).toBe(1680);
    expect(report.pending).toMatchObject({ total: 4, accountPayments: 1 });
  });

  test('[VAL-34] [VAL-T33] [SHIFT-4] with account payments, expected cash is still the server’s private.expected_cash', () => {
    const entry = fc.record({
      shift_id: fc.constantFrom(SHIFT, OTHER),
      kind: fc.constantFrom('payment', 'charge', 'refund'),
      delta: fc.integer({ min: 1, max: 100_000 }),
      tender_method: fc.constantFrom('cash', 'card', 'other', null),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (entries) => {
        const report = shiftReportOfRows(
          { ...rows, valueEntries: entries },
          { kind: 'X', allowedDifference: 0 },
        );
        const server = entries
          .filter((e) => e.shift_id === SHIFT && e.kind === 'payment' && e.tender_method === 'cash')
          .reduce((total, e) => total + e.delta, 0);
        expect(report.cash.expected).toBe(10_980 + server);
      }),
    );
  });

  test('[CASHUP-8] over the limit a manager closing approves; a cashier’s close waits for a manager', () => {
    const over = cashDifference(9_000, 10_000, 500);
    const within = cashDifference(9_800, 10_000, 500);
    expect(approvalAtClose(within, { userId: 'u', role: 'cashier' })).toEqual({ status: 'not_needed' });
    expect(approvalAtClose(over, { userId: 'm', role: 'manager' })).toEqual({ status: 'approved', by: 'm' });
    expect(approvalAtClose(over, { userId: 'o', role: 'owner' })).toEqual({ status: 'approved', by: 'o' });
    expect(approvalAtClose(over, { userId: 'c', role: 'cashier' })).toEqual({ status: 'pending' });
    expect(approvalAtClose(over, { userId: null, role: 'manager' })).toEqual({ status: 'pending' });
  });

  test('[SHIFT-7] shift.close may name the approving manager', () => {
    const args = {
      id: SHIFT,
      terminal_id: OTHER,
      closed_at: '2026-11-21T18:05:00Z',
      counted_cash: 48210,
      approved_by: 'd0000000-0000-4000-8000-000000000002',
    };
    expect(parseShiftClose(args, null).ok).toBe(true);
    expect(parseShiftClose({ ...args, approved_by: 'someone' }, null).ok).toBe(false);
  });
});

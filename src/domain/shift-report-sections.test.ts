// [VAL-34] The X/Z report as read and printed: the value tenders by their own names, account payments as a
// section of their own, their cash a row of the drawer's.
import { expect, test } from 'vitest';
import { formatMoney } from './money-text';
import { pendingText, shiftReportSections } from './shift-report-sections';
import { shiftReportOfRows, type ShiftRows } from './shift-ledger-report';

const SHIFT = '0193a0f4-0000-7000-8000-000000000001';

const rows: ShiftRows = {
  shift: { id: SHIFT, opening_float: 10_000 },
  sales: [{ id: 's1', kind: 'sale', total: 5000, shift_id: SHIFT, synced: true }],
  lines: [{ sale_id: 's1', tax_rate_bp: 2000, tax: 833, total: 5000 }],
  payments: [
    { sale_id: 's1', method: 'gift_card', amount: 2000 },
    { sale_id: 's1', method: 'store_credit', amount: 1000 },
    { sale_id: 's1', method: 'loyalty', amount: 500 },
    { sale_id: 's1', method: 'on_account', amount: 1000 },
    { sale_id: 's1', method: 'cash', amount: 500, tendered: 500, change: 0 },
  ],
  movements: [],
  valueEntries: [
    { shift_id: SHIFT, kind: 'payment', delta: 4500, tender_method: 'cash' },
    { shift_id: SHIFT, kind: 'payment', delta: 1000, tender_method: 'card' },
  ],
  outbox: [{ name: 'account.payment', args: { id: 'p1', shift_id: SHIFT } }],
};

const money = (amount: number) => formatMoney(amount, 'EUR');

test('[VAL-34] [VAL-T33] the report names Gift card, Store credit, Points and On account apart, and account payments by method', () => {
  const report = shiftReportOfRows(rows, { kind: 'X', allowedDifference: 0 });
  const sections = shiftReportSections(report, money);
  const titles = sections.map((section) => section.title);
  expect(titles).toEqual(['Takings', 'Tenders', 'Account payments', 'Tax', 'Cash']);
  const section = (title: string) => sections.find((s) => s.title === title)?.rows ?? [];
  expect(section('Tenders')).toEqual([
    ['Cash', '€5.00'],
    ['Gift card', '€20.00'],
    ['Store credit', '€10.00'],
    ['On account', '€10.00'],
    ['Points', '€5.00'],
  ]);
  expect(section('Account payments')).toEqual([
    ['Account payments (2)', '€55.00'],
    ['Cash', '€45.00'],
    ['Card', '€10.00'],
  ]);
  expect(section('Cash')).toContainEqual(['Cash account payments', '€45.00']);
  expect(section('Cash')).toContainEqual(['Expected in drawer', '€150.00']);
  expect(pendingText(report.pending)).toContain('1 account payment');
});

test('[VAL-34] [VAL-T33] a shift without account payments reads as before: no section, no cash row', () => {
  const report = shiftReportOfRows({ ...rows, valueEntries: [] }, { kind: 'X', allowedDifference: 0 });
  const sections = shiftReportSections(report, money);
  expect(sections.map((section) => section.title)).not.toContain('Account payments');
  expect(sections.flatMap((section) => section.rows.map(([label]) => label))).not.toContain(
    'Cash account payments',
  );
});

// The slip a customer reads on the public page and on the till's screen (issue 34, src/domain/SPEC.md
// [WORDS-1], [WORDS-6]): the public page's answer drawn with the till's own slip reads like the paper.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { shopI18n } from '../../../lib/i18n/shop-i18n';
import { publicReceiptDoc, type PublicReceipt } from './public-receipt';
import { ReceiptSlip } from './receipt-slip';

afterEach(cleanup);

const RECEIPT: PublicReceipt = {
  shop_name: 'Corner Bakery',
  header: null,
  address: null,
  tax_number: null,
  footer: null,
  store_name: 'High Street',
  time_zone: 'Europe/Vienna',
  kind: 'sale',
  receipt_no: 'T1-000042',
  occurred_at: '2026-11-21T08:14:00.000Z',
  currency: 'EUR',
  prices_include_tax: true,
  subtotal: 915,
  discount_total: 0,
  tax_total: 152,
  rounding: 0,
  total: 915,
  lines: [
    {
      name: 'Latte',
      quantity: 2,
      unit_price: 340,
      discount: 0,
      total: 680,
      unit: null,
      modifiers: [{ name: 'Oat milk', price_delta: 50 }],
    },
    { name: 'Bananas', quantity: 1.181, unit_price: 199, discount: 0, total: 235, unit: 'kg', modifiers: [] },
  ],
  taxes: [{ rate_bp: 2000, net: 763, tax: 152, gross: 915 }],
  payments: [{ method: 'card', amount: 915 }],
};

describe('the public receipt page', () => {
  test('[WORDS-6] lists the options under their line and a weighed line with its unit, as the paper does', () => {
    render(
      <ReceiptSlip doc={publicReceiptDoc(RECEIPT, shopI18n)} currency="EUR" taxMode="inclusive" width={80} />,
    );
    const slip = screen.getByRole('article', { name: 'Receipt T1-000042' });
    expect(within(slip).getByText('Oat milk +€0.50')).toBeInTheDocument();
    expect(within(slip).getByText('1.181 kg × €1.99/kg')).toBeInTheDocument();
    expect(within(slip).getByText('2 × €3.40')).toBeInTheDocument();
    expect(within(slip).getByText('Card')).toBeInTheDocument();
  });
});

describe('promotions on the receipt', () => {
  test('[RPROMO-1] the public page lists each promotion under the subtotal and what they saved under the total', () => {
    const withDeals: PublicReceipt = {
      ...RECEIPT,
      subtotal: 1015,
      discount_total: 150,
      total: 865,
      promotions: [
        { name: 'Coffee & croissant', amount: 100 },
        { name: 'WELCOME10', amount: 50 },
      ],
    };
    render(
      <ReceiptSlip
        doc={publicReceiptDoc(withDeals, shopI18n)}
        currency="EUR"
        taxMode="inclusive"
        width={80}
      />,
    );
    const slip = screen.getByRole('article', { name: 'Receipt T1-000042' });
    const row = (label: string) => within(slip).getByText(label).closest('div');
    expect(row('Coffee & croissant')).toHaveTextContent('−€1.00');
    expect(row('WELCOME10')).toHaveTextContent('−€0.50');
    expect(screen.getByTestId('receipt-saved')).toHaveTextContent('€1.50');
    // The promotions are the whole discount: no 'Discounts' row counts them a second time.
    expect(within(slip).queryByText('Discounts')).not.toBeInTheDocument();
  });

  test('[RPROMO-1] a receipt without promotions says nothing of savings', () => {
    render(
      <ReceiptSlip doc={publicReceiptDoc(RECEIPT, shopI18n)} currency="EUR" taxMode="inclusive" width={80} />,
    );
    expect(screen.queryByTestId('receipt-saved')).not.toBeInTheDocument();
  });
});

describe('customer value on the receipt', () => {
  test('[VAL-35] [VAL-T32] each value tender with its card’s last four and what it left, the points earned and held, a sold card’s code once', () => {
    render(
      <ReceiptSlip
        doc={{
          ...publicReceiptDoc(RECEIPT, shopI18n),
          terminal: 'Counter (T1)',
          lines: [
            {
              id: 'l1',
              name: 'Gift card',
              quantity: 1000,
              unitPrice: 2500,
              listPrice: null,
              discount: 0,
              total: 2500,
              giftCard: { code: 'ABCD-EFGH-JKLM-NPQ2', last4: 'NPQ2' },
            },
          ],
          payments: [
            { label: 'Gift card ••••0001', amount: 500, left: { amount: 2000, unit: 'money' } },
            { label: 'Points', amount: 100, left: { amount: 250, unit: 'points' } },
            { label: 'On account', amount: 1000, left: { amount: -4500, unit: 'account' } },
            { label: 'Cash', amount: 900 },
          ],
          loyalty: { earned: 9, balanceAfter: 259 },
        }}
        currency="EUR"
        taxMode="inclusive"
        width={80}
      />,
    );
    const slip = screen.getByRole('article', { name: 'Receipt T1-000042' });
    expect(within(slip).getByText('Gift card code: ABCD-EFGH-JKLM-NPQ2')).toBeInTheDocument();
    expect(within(slip).getByText('Gift card ••••0001: €20.00 left')).toBeInTheDocument();
    expect(within(slip).getByText('Points: 250 points left')).toBeInTheDocument();
    expect(within(slip).getByText('On account: €45.00 owed')).toBeInTheDocument();
    expect(within(slip).getAllByTestId('receipt-value-left')).toHaveLength(3);
    expect(within(slip).getByText('Points earned').nextSibling).toHaveTextContent('9');
    expect(within(slip).getByText('Your points').nextSibling).toHaveTextContent('259');
  });

  test('[VAL-35] [VAL-T32] the public page names a gift card by its last four only: no balance, no code', () => {
    const doc = publicReceiptDoc(
      { ...RECEIPT, payments: [{ method: 'gift_card', amount: 915, code_last4: '0001' }] },
      shopI18n,
    );
    render(<ReceiptSlip doc={doc} currency="EUR" taxMode="inclusive" width={80} />);
    const slip = screen.getByRole('article', { name: 'Receipt T1-000042' });
    expect(within(slip).getByText('Gift card ••••0001')).toBeInTheDocument();
    expect(within(slip).queryByTestId('receipt-value-left')).toBeNull();
    expect(within(slip).queryByTestId('receipt-points')).toBeNull();
  });
});

describe('customer value on the public page', () => {
  test('[VAL-R1] [VAL-R2] a gift card by its last four on its line and its tender, the points earned, no points held', () => {
    const withValue: PublicReceipt = {
      ...RECEIPT,
      lines: [
        ...RECEIPT.lines,
        {
          name: 'Gift card',
          quantity: 1,
          unit_price: 2500,
          discount: 0,
          total: 2500,
          gift_card_last4: 'WXYZ',
        },
      ],
      payments: [{ method: 'gift_card', amount: 915, code_last4: '0001' }],
      loyalty: { earned: 9 },
    };
    render(
      <ReceiptSlip
        doc={publicReceiptDoc(withValue, shopI18n)}
        currency="EUR"
        taxMode="inclusive"
        width={80}
      />,
    );
    const slip = screen.getByRole('article', { name: 'Receipt T1-000042' });
    expect(within(slip).getByText('Gift card ••••WXYZ')).toBeInTheDocument();
    expect(within(slip).getByText('Gift card ••••0001')).toBeInTheDocument();
    expect(within(slip).getByText('Points earned')).toBeInTheDocument();
    expect(within(slip).queryByText('Your points')).not.toBeInTheDocument();
    expect(within(slip).queryByTestId('receipt-value-left')).not.toBeInTheDocument();
  });
});

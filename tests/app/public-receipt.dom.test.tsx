// The public receipt page /r/<token> through the real routes, with no session ([RCPT-12], [RCPT-13]): the
// receipt as the server's `public_receipt` answers it, the same sentence for an unknown or revoked token, and
// nothing of the customer, the cashier or the till even when an answer carries them.
import { screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { describe, expect, test } from 'vitest';
import type { PublicReceipt } from '../../src/features/register/receipt/public-receipt';
import { renderApp } from '../support/render-app';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';

const RECEIPT: PublicReceipt = {
  shop_name: 'Corner Bakery',
  header: 'Fresh every morning',
  address: '1 Mill Lane, Leeds',
  tax_number: 'GB123456789',
  footer: 'Thank you, come again',
  store_name: 'High Street',
  time_zone: 'Europe/London',
  kind: 'sale',
  receipt_no: 'T1-000042',
  occurred_at: '2026-11-20T10:15:00Z',
  currency: 'EUR',
  prices_include_tax: true,
  subtotal: 740,
  discount_total: 20,
  tax_total: 120,
  rounding: 0,
  total: 720,
  lines: [
    { name: 'Baguette', quantity: 2, unit_price: 120, discount: 20, total: 220 },
    { name: 'Apple tart', quantity: 1, unit_price: 500, discount: 0, total: 500 },
  ],
  taxes: [{ rate_bp: 2000, net: 600, tax: 120, gross: 720 }],
  payments: [
    { method: 'card', amount: 500 },
    { method: 'cash', amount: 220 },
  ],
};

/** What a careless server might add: none of it may reach the page. */
const LEAKED = {
  customer_name: 'Ann Customer',
  cashier_name: 'Sam Cashier',
  terminal: 'Front till (T1)',
  customer_id: 'c0000000-0000-4000-8000-000000000001',
};

async function openReceipt(answer: unknown) {
  const app = renderApp(`/r/${TOKEN}`, { rpc: { public_receipt: answer } });
  await screen.findByRole('main');
  return app;
}

describe('the public receipt page', () => {
  test('[RCPT-12] without a session it shows the shop, lines, totals and tenders of the token asked for', async () => {
    const app = await openReceipt(RECEIPT);
    const slip = await screen.findByRole('article', { name: 'Receipt T1-000042' });
    for (const text of [
      'Corner Bakery',
      'Fresh every morning',
      '1 Mill Lane, Leeds',
      'Tax number: GB123456789',
      'High Street',
      'Thank you, come again',
    ]) {
      expect(within(slip).getByText(text)).toBeInTheDocument();
    }
    expect(within(slip).getByText('Baguette')).toBeInTheDocument();
    expect(within(slip).getByText('2 × €1.20')).toBeInTheDocument();
    expect(within(slip).getByText('Discount −€0.20')).toBeInTheDocument();
    expect(within(slip).getByText('Apple tart')).toBeInTheDocument();
    expect(within(slip).getByText('Subtotal').nextElementSibling).toHaveTextContent('€7.40');
    expect(within(slip).getByText('Discounts').nextElementSibling).toHaveTextContent('−€0.20');
    expect(within(slip).getByTestId('receipt-total')).toHaveTextContent('€7.20');
    expect(within(slip).getByText('Card').nextElementSibling).toHaveTextContent('€5.00');
    expect(within(slip).getByText('Cash').nextElementSibling).toHaveTextContent('€2.20');
    const tax = within(within(slip).getByRole('table', { name: 'Tax summary' })).getAllByRole('row');
    expect(tax.at(-1)).toHaveTextContent('20%€6.00€1.20€7.20');
    // The shop's time zone: 10:15 UTC is 10:15 in London in November.
    expect(within(slip).getByText(/20 Nov 2026, 10:15/)).toBeInTheDocument();
    // Its one read (StrictMode may repeat it): the token of the address, nothing else.
    expect(new Set(app.rpcCalls.map((call) => JSON.stringify(call)))).toEqual(
      new Set([JSON.stringify({ name: 'public_receipt', args: { p_token: TOKEN } })]),
    );
    // No guard sent the guest to sign in.
    expect(app.location()).toBe(`/r/${TOKEN}`);
    expect(screen.queryByRole('heading', { name: 'Sign in to Tillpoint' })).not.toBeInTheDocument();
  });

  test('[RCPT-13] an unknown or revoked token (null) says the receipt is not available, and shows no slip', async () => {
    await openReceipt(null);
    expect(await screen.findByText('This receipt is not available')).toBeInTheDocument();
    expect(screen.getByText(/the shop has withdrawn it/)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  test('[RCPT-12] nothing of the customer, the cashier or the till, even if the answer carried them', async () => {
    await openReceipt({ ...RECEIPT, ...LEAKED });
    const slip = await screen.findByRole('article', { name: 'Receipt T1-000042' });
    const text = slip.textContent;
    for (const leaked of Object.values(LEAKED)) expect(text).not.toContain(leaked);
    expect(text).not.toMatch(/Cashier|Customer/);
    // The store's name stands alone: no till beside it.
    expect(within(slip).getByText('High Street').textContent).toBe('High Street');
  });

  test("[RLANG-3] a German shop's receipt reads in German on a browser that speaks English", async () => {
    await openReceipt({ ...RECEIPT, language: 'de' });
    const slip = await screen.findByRole('article', { name: 'Beleg T1-000042' });
    expect(within(slip).getByText('Steuernummer: GB123456789')).toBeInTheDocument();
    expect(within(slip).getByText('2 × 1,20 €')).toBeInTheDocument();
    expect(within(slip).getByText('Zwischensumme').nextElementSibling).toHaveTextContent('7,40 €');
    expect(within(slip).getByTestId('receipt-total')).toHaveTextContent('7,20 €');
    expect(within(slip).getByText('Summe')).toBeInTheDocument();
    expect(within(slip).getByText('Karte').nextElementSibling).toHaveTextContent('5,00 €');
    expect(within(slip).getByText('Bar')).toBeInTheDocument();
    expect(within(slip).getByText(/20\. Nov\. 2026, 10:15/)).toBeInTheDocument();
    // The document says so (screen readers, hyphenation); the visitor's own screens stay English.
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.locale).toBe('en');
  });
});

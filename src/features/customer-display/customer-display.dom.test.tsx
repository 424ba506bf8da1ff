// The customer display page (issue 19) shows what a feed sends over the BroadcastChannel: a display opened
// mid-sale asks and gets the cart at once, remembers the shop's name, and ignores a message of any other shape.
// The register's side is in src/features/register/register-display.dom.test.tsx.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, within } from '@testing-library/react';
import { createDisplayFeed } from '../../data/devices/customer-display-feed';
import { CUSTOMER_DISPLAY_CHANNEL } from '../../domain/customer-display';
import { CustomerDisplayPage } from './display-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderDisplay(logo: string | null = null) {
  const host = document.createElement('div');
  document.body.append(host);
  return within(render(<CustomerDisplayPage logo={logo} />, { container: host }).container);
}

describe('the customer display', () => {
  test('a display opened mid-sale gets the cart at once, and remembers the shop for next time', async () => {
    const feed = createDisplayFeed();
    feed.setShop('Corner Bakery');
    feed.show({
      kind: 'cart',
      shop: null,
      currency: 'EUR',
      lines: [{ id: 'l1', name: 'Baguette', quantity: '3', amount: 390 }],
      discounts: 0,
      total: 390,
    });
    const display = renderDisplay();
    expect(await display.findByRole('row', { name: /Baguette/ })).toHaveTextContent('Baguette3€3.90');
    expect(localStorage.getItem('tillpoint:display-shop')).toBe('Corner Bakery');
    feed.close();
    cleanup();

    // Opened again with no register speaking: the shop's name from last time.
    expect(await renderDisplay().findByRole('heading', { name: 'Corner Bakery' })).toBeInTheDocument();
  });

  test('[PROMO-13] lists each deal, the other discounts apart, and what the customer saved', async () => {
    const feed = createDisplayFeed();
    feed.show({
      kind: 'cart',
      shop: null,
      currency: 'EUR',
      lines: [{ id: 'l1', name: 'Croissant', quantity: '2', amount: 300 }],
      discounts: 90,
      total: 300,
      deals: [{ name: 'Buy one, get one half price', amount: 60 }],
      saved: 60,
    });
    const display = renderDisplay();
    expect(await display.findByText('Buy one, get one half price')).toBeInTheDocument();
    expect(display.getByText('Discounts').nextElementSibling).toHaveTextContent('−€0.30');
    expect(display.getByTestId('display-saved')).toHaveTextContent('€0.60');
    feed.close();
  });

  test('ignores a message of another shape', async () => {
    const display = renderDisplay();
    const stranger = new BroadcastChannel(CUSTOMER_DISPLAY_CHANNEL);
    stranger.postMessage({ kind: 'cart', lines: 'everything free', total: -1 });
    stranger.postMessage({
      kind: 'done',
      shop: null,
      currency: 'EUR',
      receiptNo: 'X',
      total: 1.5,
      paid: 2,
      change: 0,
    });
    const feed = createDisplayFeed();
    feed.setShop('After');
    expect(await display.findByRole('heading', { name: 'After' })).toBeInTheDocument();
    expect(display.queryByText('Thank you')).not.toBeInTheDocument();
    stranger.close();
    feed.close();
  });

  test("idle, it shows this device's receipt logo above the shop's name; the cart takes its place", async () => {
    const logo = 'data:image/png;base64,AAAA';
    const feed = createDisplayFeed();
    feed.setShop('Corner Bakery');
    const display = renderDisplay(logo);
    await display.findByRole('heading', { name: 'Corner Bakery' });
    expect(display.getByRole('img', { name: 'Corner Bakery logo' })).toHaveAttribute('src', logo);
    feed.show({
      kind: 'cart',
      shop: null,
      currency: 'EUR',
      lines: [{ id: 'l1', name: 'Baguette', quantity: '1', amount: 130 }],
      discounts: 0,
      total: 130,
    });
    await display.findByRole('row', { name: /Baguette/ });
    expect(display.queryByRole('img')).not.toBeInTheDocument();
    feed.close();
  });
});

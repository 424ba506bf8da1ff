// The register tells the customer display what it shows (issue 19), over the device's BroadcastChannel: the
// cart and its total as it is built, the amount to pay, the thank-you with what was paid and the change, and
// the idle screen with the shop's name once the cashier starts a new sale. Read here as a display reads it.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { displayFeed } from '../../data/devices/customer-display-feed';
import { CUSTOMER_DISPLAY_CHANNEL, HELLO, type DisplayState } from '../../domain/customer-display';
import { parseDisplayState } from '../../domain/customer-display-parse';
import { RegisterScreen } from './register-screen';
import { registerWorld, withFakeLayout } from './register-test-deps';

let display: BroadcastChannel | null = null;

afterEach(() => {
  cleanup();
  display?.close();
  // The feed is the page's and outlives a test: closed, it cannot answer the next test's display.
  displayFeed.close();
});
withFakeLayout();

/** A display on the channel: every state it was sent, last one last. */
function listen(): DisplayState[] {
  const seen: DisplayState[] = [];
  display = new BroadcastChannel(CUSTOMER_DISPLAY_CHANNEL);
  display.onmessage = (event: MessageEvent) => {
    const state = parseDisplayState(event.data);
    if (state) seen.push(state);
  };
  return seen;
}

async function shows(seen: DisplayState[], expected: Record<string, unknown>) {
  await waitFor(() => {
    expect(seen.at(-1)).toMatchObject(expected);
  });
}

describe('the register and the customer display', () => {
  test('the cart, the amount to pay, the change, then idle with the shop’s name', async () => {
    const seen = listen();
    const world = await registerWorld({ scanner: { minLength: 6, maxGapMs: 250 } });
    displayFeed.setShop('Demo Shop');
    render(<RegisterScreen deps={world.deps} />);
    await screen.findByText(/The cart is empty/);
    await shows(seen, { kind: 'idle', shop: 'Demo Shop' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await shows(seen, {
      kind: 'cart',
      shop: 'Demo Shop',
      currency: 'EUR',
      total: 500,
    });
    expect(seen.at(-1)).toMatchObject({ lines: [{ name: 'Croissant', quantity: '2', amount: 500 }] });

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await shows(seen, { kind: 'paying', total: 500 });
    const quick = screen.getByRole('group', { name: 'Quick cash' });
    await user.click(within(quick).getByRole('button', { name: '€10.00' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await shows(seen, { kind: 'done', receiptNo: 'T1-000001', total: 500, paid: 1000, change: 500 });

    await user.click(screen.getByRole('button', { name: 'New sale' }));
    await shows(seen, { kind: 'idle', shop: 'Demo Shop' });
  });

  test('a display that opens mid-sale is sent the cart at once', async () => {
    const world = await registerWorld({ scanner: { minLength: 6, maxGapMs: 250 } });
    render(<RegisterScreen deps={world.deps} />);
    await screen.findByText(/The cart is empty/);
    await userEvent.setup().click(screen.getByRole('button', { name: /^Croissant/ }));
    await screen.findByLabelText('Quantity of Croissant');

    const seen = listen();
    display?.postMessage(HELLO);
    await shows(seen, { kind: 'cart', total: 250 });
  });
});

// The counter on a narrow screen (portrait tablet, phone): the products over a cart bar whose count and total
// follow every add; the cart, the payment and the receipt open as a sheet over the products.
import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { RegisterScreen } from '../register-screen';
import { fakeLayout, registerWorld, person } from '../register-test-deps';

afterEach(cleanup);
vi.setConfig({ testTimeout: 20_000 });
let restoreLayout: () => void;
// jsdom has no matchMedia; the counter then counts as wide, so these tests lend it a narrow one.
const jsdomMatchMedia = Object.getOwnPropertyDescriptor(window, 'matchMedia');
beforeAll(() => {
  restoreLayout = fakeLayout();
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (media: string) => ({
      matches: false,
      media,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
});
afterAll(() => {
  restoreLayout();
  if (jsdomMatchMedia) Object.defineProperty(window, 'matchMedia', jsdomMatchMedia);
  else Reflect.deleteProperty(window, 'matchMedia');
});

async function openNarrowRegister() {
  const world = await registerWorld();
  render(<RegisterScreen deps={world.deps} />);
  await screen.findByRole('button', { name: 'Open the cart: 0 items' });
  return world;
}

describe('narrow counter', () => {
  test('the cart bar counts what is rung up, tells screen readers, and opens the cart', async () => {
    await openNarrowRegister();
    const user = person();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: /^Baguette/ }));
    expect(screen.getByText('3 items in the cart')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByTestId('cart-bar-total')).toHaveTextContent('€6.20');
    // The cart itself is not on the page until it is opened.
    expect(screen.queryByLabelText('Quantity of Croissant')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open the cart: 3 items' }));
    const sheet = await screen.findByRole('dialog', { name: 'Sale' });
    expect(within(sheet).getByLabelText('Quantity of Croissant')).toHaveValue('2');
    expect(within(sheet).getByTestId('cart-total')).toHaveTextContent('€6.20');
    await user.click(within(sheet).getByRole('button', { name: 'Back to products' }));
    expect(screen.queryByRole('dialog', { name: 'Sale' })).not.toBeInTheDocument();
  });

  test('Pay on the bar opens the payment; the sale ends on the receipt and New sale goes back', async () => {
    await openNarrowRegister();
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const sheet = await screen.findByRole('dialog', { name: 'Sale' });
    await user.click(within(sheet).getByRole('button', { name: 'Cash' }));
    await user.click(within(sheet).getByRole('button', { name: 'Complete sale' }));
    await within(sheet).findByRole('heading', { name: 'Receipt T1-000001' });
    await user.click(within(sheet).getByRole('button', { name: 'New sale' }));
    expect(screen.queryByRole('dialog', { name: 'Sale' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the cart: 0 items' })).toBeInTheDocument();
  });
});

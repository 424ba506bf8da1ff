// The register's cart at the counter: search, add, quantity, discounts and totals; the open cart surviving
// a remount; park and resume.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { Cart } from '../../../domain/cart';
import { CartStore } from '../../../data/local/cart-store';
import { RegisterScreen } from '../register-screen';
import { BAGUETTE, registerWorld, withFakeLayout, person } from '../register-test-deps';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);
withFakeLayout();

/** A cart store whose read-back of the open cart waits until the test lets it answer. */
class SlowCartStore extends CartStore {
  #letAnswer: () => void = () => undefined;
  readonly #answered = new Promise<void>((resolve) => {
    this.#letAnswer = resolve;
  });

  answer(): void {
    this.#letAnswer();
  }

  override async openCart(): Promise<Cart | undefined> {
    await this.#answered;
    return super.openCart();
  }
}

// Slower than the scanner's burst gap, so every key is a person's.

async function openRegister(world?: Awaited<ReturnType<typeof registerWorld>>) {
  const ready = world ?? (await registerWorld());
  const view = render(<RegisterScreen deps={ready.deps} />);
  await screen.findByText(/The cart is empty/);
  return { ...ready, view };
}

describe('register cart', () => {
  test('search → add → quantity → line and cart discount → totals from the domain', async () => {
    await openRegister();
    const user = person();
    await user.type(screen.getByLabelText('Search products'), 'croi');
    const results = screen.getByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('button')).toHaveLength(1);
    await user.click(within(results).getByRole('button', { name: /^Croissant/ }));

    await user.clear(screen.getByLabelText('Quantity of Croissant'));
    await user.type(screen.getByLabelText('Quantity of Croissant'), '3{Enter}');
    expect(screen.getByLabelText('Line total for Croissant')).toHaveTextContent('€7.50');

    // The line discount is in the line's editor, opened by a tap on the line.
    await user.click(screen.getByRole('button', { name: 'Edit Croissant' }));
    await user.type(screen.getByLabelText('Discount on Croissant'), '10%{Enter}');
    expect(screen.getByLabelText('Line total for Croissant')).toHaveTextContent('€6.75');

    await user.type(screen.getByLabelText('Cart discount'), '1.00{Enter}');
    // 7.50 − 0.75 − 1.00 = 5.75 incl. 20 % tax → 0.96 tax.
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€5.75');
    expect(screen.getByText('Subtotal').nextElementSibling).toHaveTextContent('€7.50');
    expect(screen.getByText('Discounts').nextElementSibling).toHaveTextContent('€1.75');
    // Prices include tax: the total holds it, and the label says so (not a term of the sum).
    expect(screen.getByText('Tax (incl.)').nextElementSibling).toHaveTextContent('€0.96');
  });

  test('a piece-goods quantity must be whole; a weighed product takes decimals', async () => {
    await openRegister();
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.clear(screen.getByLabelText('Quantity of Croissant'));
    await user.type(screen.getByLabelText('Quantity of Croissant'), '1.5{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('sold by the piece');

    await user.click(screen.getByRole('button', { name: 'Fruit' }));
    await user.click(screen.getByRole('button', { name: /^Bananas/ }));
    // [COUNTER-12] The weight is asked first; the line's field then changes it.
    await user.type(await screen.findByLabelText('Weight (kg)'), '1{Enter}');
    await user.clear(await screen.findByLabelText('Weight (kg) of Bananas'));
    await user.type(screen.getByLabelText('Weight (kg) of Bananas'), '1.255{Enter}');
    // 1.99 × 1.255 = 2.49745 → 2.50
    expect(screen.getByLabelText('Line total for Bananas')).toHaveTextContent('€2.50');
  });

  test('tiles show stock, and warn below zero without blocking the sale', async () => {
    await openRegister();
    const tart = await screen.findByRole('button', { name: /^Apple tart/ });
    expect(tart).toHaveTextContent('Below zero: -2 in stock');
    expect(screen.getByRole('button', { name: /^Croissant/ })).toHaveTextContent('10 in stock');
    await person().click(tart);
    expect(screen.getByLabelText('Line total for Apple tart')).toHaveTextContent('€3.90');
  });

  test('removing a line', async () => {
    await openRegister();
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: 'Edit Croissant' }));
    await user.click(screen.getByRole('button', { name: 'Remove Croissant' }));
    expect(screen.getByText(/The cart is empty/)).toBeInTheDocument();
  });

  test('the stepper adds and takes away one piece; one piece cannot go lower', async () => {
    await openRegister();
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    expect(screen.getByRole('button', { name: 'One less Croissant' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'One more Croissant' }));
    await user.click(screen.getByRole('button', { name: 'One more Croissant' }));
    expect(screen.getByLabelText('Quantity of Croissant')).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'One less Croissant' }));
    expect(screen.getByLabelText('Quantity of Croissant')).toHaveValue('2');
    expect(screen.getByLabelText('Line total for Croissant')).toHaveTextContent('€5.00');
  });

  test('the open cart is restored after the screen is remounted (a reload)', async () => {
    const { view, cartStore, deps } = await openRegister();
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Baguette/ }));
    await user.click(screen.getByRole('button', { name: /^Baguette/ }));
    await waitFor(async () => {
      expect((await cartStore.openCart())?.lines[0]?.quantity).toBe(2000);
    });
    view.unmount();
    render(<RegisterScreen deps={deps} />);
    expect(await screen.findByLabelText('Quantity of Baguette')).toHaveValue('2');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€2.40');
  });

  test('park a cart under a name, serve someone else, then resume it', async () => {
    await openRegister();
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.type(screen.getByLabelText('Name for the parked cart'), 'Table 4');
    await user.click(screen.getByRole('button', { name: 'Park cart' }));
    expect(await screen.findByText(/The cart is empty/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Baguette/ }));
    const resume = await screen.findByRole('button', { name: /Resume Table 4/ });
    await user.click(resume);
    expect(await screen.findByRole('alert')).toHaveTextContent('Park or finish the cart at the counter');

    await user.click(screen.getByRole('button', { name: 'Edit Baguette' }));
    await user.click(screen.getByRole('button', { name: 'Remove Baguette' }));
    await user.click(screen.getByRole('button', { name: /Resume Table 4/ }));
    expect(await screen.findByLabelText('Quantity of Croissant')).toHaveValue('1');
  });

  test('an item tapped before the open cart is read back joins the stored cart; neither is lost', async () => {
    const cartStore = new SlowCartStore(`carts-${crypto.randomUUID()}`);
    await cartStore.saveOpenCart({
      lines: [
        {
          lineId: 'line-stored',
          productId: BAGUETTE.id,
          name: BAGUETTE.name,
          sku: null,
          unitPrice: BAGUETTE.price,
          taxRate: BAGUETTE.tax_rate_bp,
          weighed: false,
          quantity: 1000,
        },
      ],
    });
    const { deps } = await registerWorld({ cartStore });
    render(<RegisterScreen deps={deps} />);
    expect(screen.getByText('Loading the cart…')).toBeInTheDocument();
    await person().click(screen.getByRole('button', { name: /^Croissant/ }));

    cartStore.answer();
    expect(await screen.findByLabelText('Quantity of Croissant')).toHaveValue('1');
    expect(screen.getByLabelText('Quantity of Baguette')).toHaveValue('1');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€3.70');
    await waitFor(async () => {
      expect((await cartStore.openCart())?.lines.map((line) => line.name)).toEqual(['Baguette', 'Croissant']);
    });
  });
});

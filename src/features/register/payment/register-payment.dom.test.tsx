// Scanning and paying at the register: a scanner burst adds the product wherever the focus is without
// typing into the field, an unknown barcode says so, cash with change and split tender complete the sale
// through recordSale (one ledger transaction) and show the receipt number.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegisterScreen } from '../register-screen';
import { registerWorld, withFakeLayout } from '../register-test-deps';

afterEach(cleanup);
withFakeLayout();

// A generous burst gap: on a busy test machine user-event's "instant" keys can be some ms apart.
const SCANNER = { minLength: 6, maxGapMs: 250 };

async function openRegister() {
  const world = await registerWorld({ scanner: SCANNER });
  render(<RegisterScreen deps={world.deps} />);
  await screen.findByText(/The cart is empty/);
  return world;
}

/** A croissant paid with a €5 note: the first sale of the till, up to its receipt. */
async function sellCroissantForFive(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Croissant/ }));
  await user.click(screen.getByRole('button', { name: 'Pay' }));
  await user.click(
    within(screen.getByRole('group', { name: 'Quick cash' })).getByRole('button', { name: '€5.00' }),
  );
  await user.click(screen.getByRole('button', { name: 'Complete sale' }));
  await screen.findByRole('heading', { name: 'Receipt T1-000001' });
}

describe('register scanning', () => {
  test('a scanner burst adds the product and does not type into the focused field', async () => {
    await openRegister();
    const user = userEvent.setup();
    const search = screen.getByLabelText('Search products');
    await user.click(search);
    await user.keyboard('4006381333931{Enter}');
    expect(await screen.findByLabelText('Quantity of Croissant')).toHaveValue('1');
    expect(search).toHaveValue('');

    // Focus in another field (the cart discount): the scan still lands in the cart, not in the field.
    const discount = screen.getByLabelText('Cart discount');
    await user.click(discount);
    await user.keyboard('4006381333931{Enter}');
    expect(await screen.findByDisplayValue('2')).toBe(screen.getByLabelText('Quantity of Croissant'));
    expect(discount).toHaveValue('');
  });

  test('an unknown barcode says so plainly and adds nothing', async () => {
    await openRegister();
    const user = userEvent.setup();
    await user.keyboard('9999999999999{Enter}');
    expect(await screen.findByText('No product has the barcode 9999999999999.')).toBeInTheDocument();
    expect(screen.getByText(/The cart is empty/)).toBeInTheDocument();
  });
});

describe('register payment', () => {
  test('cash with quick tender and change → Complete sale → receipt number; New sale clears', async () => {
    const { ledger } = await openRegister();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const quick = screen.getByRole('group', { name: 'Quick cash' });
    // [FIT-4] The quick amounts pay cash at once, and say so.
    expect(within(quick).getByText('Cash received:')).toBeVisible();
    await user.click(within(quick).getByRole('button', { name: '€5.00' }));
    expect(screen.getByTestId('change-due')).toHaveTextContent('€2.50');
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));

    expect(await screen.findByRole('heading', { name: 'Receipt T1-000001' })).toBeInTheDocument();
    expect(screen.getByTestId('receipt-change')).toHaveTextContent('€2.50');
    expect(screen.getByText('Unsynced')).toBeInTheDocument();
    const [sale] = await ledger.sales.toArray();
    expect(sale).toMatchObject({ receipt_no: 'T1-000001', total: 250, sync: 'pending' });
    expect(await ledger.outbox.count()).toBe(1);
    expect(await ledger.payments.toArray()).toEqual([
      expect.objectContaining({ method: 'cash', amount: 250, tendered: 500, change: 250 }),
    ]);
    // Stock follows the sale: 10 − 1.
    expect(await screen.findByText('9 in stock')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New sale' }));
    expect(screen.getByText(/The cart is empty/)).toBeInTheDocument();
  });

  test('[CART-6] the stored cart carries the sale’s id before the sale is recorded', async () => {
    const world = await openRegister();
    const user = userEvent.setup();
    const record = world.deps.completeSale;
    let stored: string | undefined = 'not asked';
    world.deps.completeSale = async (cart, priced, tenders) => {
      // What a power cut at this moment would leave: the cart as the device stored it.
      stored = (await world.cartStore.openCart())?.saleId;
      expect(cart.saleId).toBe(stored);
      return record(cart, priced, tenders);
    };
    await sellCroissantForFive(user);
    const [sold] = await world.ledger.sales.toArray();
    expect(stored).toBe(sold?.id);
  });

  test('a cart whose sale is already in the ledger shows that receipt and records nothing again', async () => {
    const world = await openRegister();
    const user = userEvent.setup();
    await sellCroissantForFive(user);
    const [sold] = await world.ledger.sales.toArray();
    const [line] = await world.ledger.saleLines.toArray();
    if (!sold || !line) throw new Error('the sale was recorded');
    cleanup();

    // The power went after the sale was recorded and before the cart was cleared: the cart is back.
    await world.cartStore.saveOpenCart({
      saleId: sold.id,
      lines: [
        {
          lineId: 'line-again',
          productId: line.product_id ?? '',
          name: 'Croissant',
          sku: null,
          unitPrice: 250,
          taxRate: line.tax_rate_bp ?? 0,
          weighed: false,
          quantity: 1000,
        },
      ],
    });
    render(<RegisterScreen deps={world.deps} />);
    expect(await screen.findByLabelText('Quantity of Croissant')).toHaveValue('1');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Quick cash' })).getByRole('button', { name: '€5.00' }),
    );
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    expect(await screen.findByText('This sale was already recorded')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Receipt T1-000001' })).toBeInTheDocument();
    expect(await world.ledger.sales.count()).toBe(1);
    expect(await world.ledger.outbox.count()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'New sale' }));
    expect(screen.getByText(/The cart is empty/)).toBeInTheDocument();
  });

  test('split tender: part by card with its reference, the rest in cash', async () => {
    const { ledger } = await openRegister();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.type(screen.getByLabelText('Amount'), '2');
    // Typed fast, 'A1' starts like a scan: the held '1' reaches the field once the burst gap has passed.
    await user.type(screen.getByLabelText('Card reference'), 'A1');
    await waitFor(() => {
      expect(screen.getByLabelText('Card reference')).toHaveValue('A1');
    });
    await user.click(screen.getByRole('button', { name: 'Card' }));
    expect(screen.getByTestId('remaining')).toHaveTextContent('€3.00');
    expect(screen.getByRole('button', { name: 'Complete sale' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Cash' }));
    expect(screen.getByTestId('remaining')).toHaveTextContent('€0.00');
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    expect(await screen.findByRole('heading', { name: 'Receipt T1-000001' })).toBeInTheDocument();
    expect(screen.getByText('Card (A1)')).toBeInTheDocument();
    const payments = await ledger.payments.toArray();
    expect(payments).toHaveLength(2);
    expect(payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'card', amount: 200, reference: 'A1' }),
        expect.objectContaining({ method: 'cash', amount: 300, tendered: 300, change: 0 }),
      ]),
    );
  });

  test('a card payment larger than the total is refused in plain words', async () => {
    await openRegister();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Baguette/ }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.type(screen.getByLabelText('Amount'), '5');
    await user.click(screen.getByRole('button', { name: 'Card' }));
    expect(screen.getByRole('alert')).toHaveTextContent('only cash gives change');
  });
});

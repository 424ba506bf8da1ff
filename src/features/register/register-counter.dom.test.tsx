// The cart's touch and customer tools: a quantity keypad (whole pieces, decimals for weighed goods), a
// customer found in the mirror or made offline (a customer.upsert op) riding on the sale as customer_id, and
// an "Other" tender (a voucher) beside cash in a split payment.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { RegisterScreen } from './register-screen';
import { COMPANY, registerWorld, withFakeLayout, person } from './register-test-deps';

afterEach(cleanup);
// Person-paced typing and clicking on a shared, busy machine takes longer than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });
withFakeLayout();

const ANN = 'e6000000-0000-4000-8000-000000000001';

async function openRegister() {
  const world = await registerWorld({ scanner: { minLength: 6, maxGapMs: 20 } });
  await world.mirror.customers.bulkPut([
    { id: ANN, company_id: COMPANY, name: 'Ann Lee', phone: '+33 6 12 34 56 78', email: 'ann@example.test' },
    { id: 'e6000000-0000-4000-8000-000000000002', company_id: COMPANY, name: 'Bob Stone', phone: null },
  ]);
  render(<RegisterScreen deps={world.deps} />);
  await screen.findByText(/The cart is empty/);
  return world;
}

/** Types like a person and waits until the scanner hook has let every key through to the field. */
async function typeInto(field: HTMLElement, text: string) {
  await person().type(field, text);
  await vi.waitFor(() => {
    expect(field).toHaveValue(text);
  });
}

describe('quantity keypad', () => {
  test('piece goods take whole numbers; the decimal point is off', async () => {
    await openRegister();
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    // The keypad is in the line's editor, opened by a tap on the line.
    await user.click(screen.getByRole('button', { name: 'Edit Croissant' }));
    const keypad = screen.getByRole('group', { name: 'Keypad for Croissant' });
    expect(within(keypad).getByRole('button', { name: 'Decimal point' })).toBeDisabled();
    for (const key of ['1', '2', 'Delete last digit', '4']) {
      await user.click(within(keypad).getByRole('button', { name: key }));
    }
    expect(within(keypad).getByLabelText('Quantity typed')).toHaveTextContent('14');
    await user.click(within(keypad).getByRole('button', { name: 'Set quantity' }));
    expect(screen.getByLabelText('Quantity of Croissant')).toHaveValue('14');
    expect(screen.getByLabelText('Line total for Croissant')).toHaveTextContent('€35.00');
    expect(screen.queryByRole('group', { name: 'Keypad for Croissant' })).not.toBeInTheDocument();
  });

  test('a weighed product takes a decimal weight', async () => {
    await openRegister();
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Bananas/ }));
    // [COUNTER-12] The weight is asked first; the keypad then changes it.
    await user.type(await screen.findByLabelText('Weight (kg)'), '1{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Edit Bananas' }));
    const keypad = screen.getByRole('group', { name: 'Keypad for Bananas' });
    for (const key of ['Decimal point', '7', '5']) {
      await user.click(within(keypad).getByRole('button', { name: key }));
    }
    await user.click(within(keypad).getByRole('button', { name: 'Set weight (kg)' }));
    expect(screen.getByLabelText('Weight (kg) of Bananas')).toHaveValue('0.75');
    // 1.99 × 0.75 = 1.4925 → 1.49
    expect(screen.getByLabelText('Line total for Bananas')).toHaveTextContent('€1.49');
  });
});

describe('customer on the cart', () => {
  test('found by phone in the mirror, attached, and carried by the sale', async () => {
    const { ledger } = await openRegister();
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Baguette/ }));
    await user.click(screen.getByRole('button', { name: 'Add customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Customer' });
    await typeInto(within(dialog).getByLabelText('Find a customer'), '1234');
    const found = within(dialog).getByRole('list', { name: 'Customers found' });
    await user.click(await within(found).findByRole('button', { name: /^Ann Lee/ }));
    expect(screen.getByLabelText('Customer')).toHaveTextContent('Ann Lee');

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.click(screen.getByRole('button', { name: 'Cash' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    const [sale] = await ledger.sales.toArray();
    expect(sale?.customer_id).toBe(ANN);
  });

  test('made offline: a customer.upsert op waits in the outbox and the new customer is found next time', async () => {
    const { ledger } = await openRegister();
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Baguette/ }));
    await user.click(screen.getByRole('button', { name: 'Add customer' }));
    let dialog = await screen.findByRole('dialog', { name: 'Customer' });
    await user.click(within(dialog).getByRole('button', { name: 'Create customer' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('needs a name');
    await typeInto(within(dialog).getByLabelText('Name'), 'Cleo Park');
    await typeInto(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Create customer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('name@example.com');
    const email = within(dialog).getByLabelText('Email');
    await user.clear(email);
    await user.click(within(dialog).getByRole('button', { name: 'Create customer' }));
    // The dialog is labelled "Customer" too (and may linger while it closes): read the cart's own label.
    const attached = await screen.findByLabelText('Customer', { selector: 'span' }, { timeout: 5_000 });
    expect(attached).toHaveTextContent('Cleo Park');

    const [op] = await ledger.outbox.toArray();
    expect(op).toMatchObject({ name: 'customer.upsert', args: { name: 'Cleo Park', company_id: COMPANY } });
    expect(await ledger.customers.count()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Remove customer' }));
    await user.click(screen.getByRole('button', { name: 'Add customer' }));
    dialog = await screen.findByRole('dialog', { name: 'Customer' });
    await typeInto(within(dialog).getByLabelText('Find a customer'), 'cleo');
    expect(await within(dialog).findByRole('button', { name: /^Cleo Park/ })).toBeInTheDocument();
  });
});

describe('other tender', () => {
  test('a voucher with its label pays part, cash the rest', async () => {
    const { ledger } = await openRegister();
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await typeInto(screen.getByLabelText('Amount'), '1');
    await typeInto(screen.getByLabelText('Other tender (voucher, gift card…)'), 'Voucher 77');
    await user.click(screen.getByRole('button', { name: 'Other' }));
    expect(screen.getByText('Other (Voucher 77)')).toBeInTheDocument();
    expect(screen.getByTestId('remaining')).toHaveTextContent('€1.50');
    await user.click(screen.getByRole('button', { name: 'Cash' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    expect(await ledger.payments.toArray()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'other', amount: 100, reference: 'Voucher 77' }),
        expect.objectContaining({ method: 'cash', amount: 150 }),
      ]),
    );
  });
});

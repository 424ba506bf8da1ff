// [VAL-18] 'Take a payment' at the register: an attached customer with an account on credit pays what they owe in
// cash (change worked out), card or other; the till records `account.payment` and its `payment` entry, offline
// too. A customer without such an account is not offered it.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { RegisterScreen } from '../register-screen';
import { COMPANY, person, registerWorld, withFakeLayout } from '../register-test-deps';
import { customerAccountId } from '../../../domain/value/account-id';

afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });
withFakeLayout();

const ALICE = 'd4700000-0000-4000-8000-000000000001';

async function openWith(limit: number | null, balance: number) {
  const world = await registerWorld();
  const account = await customerAccountId(ALICE, 'on_account');
  await world.mirror.customers.put({ id: ALICE, company_id: COMPANY, name: 'Alice Martin', phone: null });
  if (limit !== null) {
    await world.mirror.valueAccounts.put({
      id: account,
      company_id: COMPANY,
      kind: 'on_account',
      customer_id: ALICE,
      code_hash: null,
      code_last4: null,
      status: 'active',
      credit_limit: limit,
    });
    await world.mirror.valueBalances.put({ id: account, company_id: COMPANY, account_id: account, balance });
  }
  await world.cartStore.saveOpenCart({ lines: [], customerId: ALICE });
  render(<RegisterScreen deps={world.deps} />);
  await screen.findByText(/The cart is empty/);
  return { ...world, account };
}

describe('account payments at the register', () => {
  test('[VAL-18] [VAL-T34] Alice owes €45.00: she pays in cash, the change is given, the payment is recorded with its entry', async () => {
    const { ledger, account } = await openWith(20_000, -4_500);
    const user = person();
    await user.click(await screen.findByRole('button', { name: 'Take a payment' }));
    const form = await screen.findByRole('form', { name: 'Take a payment' });
    expect(within(form).getByTestId('account-owed')).toHaveTextContent('Owes €45.00 on account.');
    expect(within(form).getByLabelText('Amount paid')).toHaveValue('45.00');
    expect(within(form).getByRole('radio', { name: 'Cash' })).toBeChecked();
    await user.type(within(form).getByLabelText('Cash handed over'), '50');
    await user.click(within(form).getByRole('button', { name: 'Take payment' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Payment of €45.00 taken. Change: €5.00.');
    const [op] = (await ledger.outbox.toArray()).filter((row) => row.name === 'account.payment');
    expect(op?.args).toMatchObject({
      customer_id: ALICE,
      amount: 4500,
      method: 'cash',
      tendered: 5000,
      change: 500,
    });
    expect(await ledger.valueEntries.toArray()).toEqual([
      expect.objectContaining({ account_id: account, kind: 'payment', delta: 4500, tender_method: 'cash' }),
    ]);
  });

  test('[VAL-18] [VAL-T34] cash short of the amount is refused in words and nothing is recorded; by card, with its slip number', async () => {
    const { ledger } = await openWith(20_000, -4_500);
    const user = person();
    await user.click(await screen.findByRole('button', { name: 'Take a payment' }));
    const form = await screen.findByRole('form', { name: 'Take a payment' });
    await user.type(within(form).getByLabelText('Cash handed over'), '10');
    await user.click(within(form).getByRole('button', { name: 'Take payment' }));
    expect(
      await within(form).findByText('Not enough cash was handed over for this payment.'),
    ).toBeInTheDocument();
    expect(await ledger.outbox.count()).toBe(0);

    await user.click(within(form).getByRole('radio', { name: 'Card' }));
    await user.clear(within(form).getByLabelText('Amount paid'));
    await user.type(within(form).getByLabelText('Amount paid'), '20');
    await user.type(within(form).getByLabelText('Reference'), 'A17');
    await user.click(within(form).getByRole('button', { name: 'Take payment' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Payment of €20.00 taken.');
    const [op] = await ledger.outbox.toArray();
    expect(op?.args).toMatchObject({ amount: 2000, method: 'card', reference: 'A17' });
  });

  test('[VAL-18] [VAL-T34] a customer without an account on credit is not offered a payment', async () => {
    await openWith(null, 0);
    // Give the register time to read her accounts: nothing to offer.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('button', { name: 'Take a payment' })).not.toBeInTheDocument();
  });
});

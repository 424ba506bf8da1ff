// Customer value at the register, offline (no server in these tests: every look-up falls back to what the till
// pulled and its own entries, [VAL-20]): selling a gift card, paying with one (partly, and refused in words
// beyond what is left), checking a balance, and the attached customer's store credit and points.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { RegisterScreen } from '../register-screen';
import { COMPANY, registerWorld, withFakeLayout, person, type RegisterWorld } from '../register-test-deps';
import { customerAccountId } from '../../../domain/value/account-id';
import { valueCodeHash } from '../../../domain/value/code';
import type { SaleRecordArgs } from '../../../domain/sale-record-schema';
import { registerValueFor } from './register-value';
import { makeCompleteSale } from '../payment/complete-sale';

afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });
withFakeLayout();

const ANN = 'e6000000-0000-4000-8000-000000000001';
const CARD = 'e9000000-0000-4000-8000-000000000001';
const CODE = 'GIFT-DEMO-0001';

async function withValue(world: RegisterWorld, cardBalance: number, redeemAs = 'tender') {
  const { mirror } = world;
  await mirror.valueSettings.put({
    id: COMPANY,
    company_id: COMPANY,
    gift_card_amounts: [1000, 2500, 5000],
    gift_card_any_amount: true,
    gift_card_min: 500,
    gift_card_max: 20000,
    loyalty_enabled: true,
    loyalty_points_per_major: 1,
    loyalty_redeem_points: 100,
    loyalty_redeem_value: 100,
    loyalty_redeem_as: redeemAs,
  });
  await mirror.valueAccounts.put({
    id: CARD,
    company_id: COMPANY,
    kind: 'gift_card',
    customer_id: null,
    code_hash: await valueCodeHash(COMPANY, 'GIFTDEMO0001'),
    code_last4: '0001',
    status: 'active',
    credit_limit: null,
  });
  await mirror.valueBalances.put({ id: CARD, company_id: COMPANY, account_id: CARD, balance: cardBalance });
  const credit = await customerAccountId(ANN, 'store_credit');
  const points = await customerAccountId(ANN, 'loyalty');
  await mirror.valueAccounts.bulkPut([
    {
      id: credit,
      company_id: COMPANY,
      kind: 'store_credit',
      customer_id: ANN,
      code_hash: null,
      code_last4: null,
      status: 'active',
      credit_limit: null,
    },
    {
      id: points,
      company_id: COMPANY,
      kind: 'loyalty',
      customer_id: ANN,
      code_hash: null,
      code_last4: null,
      status: 'active',
      credit_limit: null,
    },
  ]);
  await mirror.valueBalances.bulkPut([
    { id: credit, company_id: COMPANY, account_id: credit, balance: 150 },
    { id: points, company_id: COMPANY, account_id: points, balance: 350 },
  ]);
  await mirror.customers.put({ id: ANN, company_id: COMPANY, name: 'Ann Lee', phone: null });
  return { credit, points };
}

async function openRegister(cardBalance = 2500, customer = false, redeemAs = 'tender') {
  const world = await registerWorld({ scanner: { minLength: 6, maxGapMs: 20 } });
  const accounts = await withValue(world, cardBalance, redeemAs);
  if (customer) await world.cartStore.saveOpenCart({ lines: [], customerId: ANN });
  render(<RegisterScreen deps={world.deps} />);
  await screen.findByText(/The cart is empty/);
  return { ...world, ...accounts };
}

async function typeInto(field: HTMLElement, text: string) {
  await person().type(field, text);
  await vi.waitFor(() => {
    expect(field).toHaveValue(text);
  });
}

async function lastSale(world: RegisterWorld): Promise<SaleRecordArgs> {
  const ops = await world.ledger.outbox.orderBy('seq').toArray();
  return ops.filter((op) => op.name === 'sale.record').at(-1)?.args as SaleRecordArgs;
}

describe('gift cards at the register', () => {
  test('[VAL-11] Sell gift card: a shop amount onto a new card whose code shows once; paid, it issues the card', async () => {
    const world = await openRegister();
    const user = person();
    await user.click(screen.getByRole('button', { name: 'Sell gift card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell gift card' });
    await user.click(await within(dialog).findByRole('button', { name: '€25.00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    const code = (await within(dialog).findByTestId('gift-card-code')).textContent;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.getByLabelText('Line total for Gift card')).toHaveTextContent('€25.00');
    // One card at its amount: no quantity to step.
    expect(screen.queryByLabelText('Quantity of Gift card')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.click(screen.getByRole('button', { name: 'Cash' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    const sale = await lastSale(world);
    expect(sale.lines[0]).toMatchObject({ product_id: null, tax: 0, total: 2500, gift_card: { code } });
    expect(await world.ledger.valueEntries.toArray()).toMatchObject([
      {
        kind: 'issue',
        delta: 2500,
        account_id: sale.lines[0]?.gift_card?.account_id,
        code_last4: code.slice(-4),
      },
    ]);
  });

  test('[VAL-11] Top up a card: found by its code, a line without a code that loads the card', async () => {
    const world = await openRegister(1000);
    const user = person();
    await user.click(screen.getByRole('button', { name: 'Sell gift card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell gift card' });
    await user.click(within(dialog).getByRole('button', { name: 'Top up a card instead' }));
    await typeInto(within(dialog).getByLabelText('Gift card code'), CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Find card' }));
    expect(await within(dialog).findByTestId('top-up-card')).toHaveTextContent('€10.00 available');
    await user.click(await within(dialog).findByRole('button', { name: '€10.00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    expect(await within(dialog).findByText(/A top-up of €10.00 for card ••••0001/)).toBeInTheDocument();
    expect(within(dialog).queryByTestId('gift-card-code')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.click(screen.getByRole('button', { name: 'Cash' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    expect((await lastSale(world)).lines[0]?.gift_card).toEqual({ account_id: CARD });
    expect(await world.ledger.valueEntries.toArray()).toMatchObject([
      { kind: 'load', delta: 1000, account_id: CARD },
    ]);
  });

  test('[VAL-11] an amount outside the shop’s minimum and maximum is refused', async () => {
    await openRegister();
    const user = person();
    await user.click(screen.getByRole('button', { name: 'Sell gift card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell gift card' });
    await typeInto(within(dialog).getByLabelText('Amount'), '1.00');
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByLabelText('Line total for Gift card')).not.toBeInTheDocument();
  });

  test('[VAL-20] paying by gift card offline: its balance shows, more than is left is refused in words, the rest is taken', async () => {
    const world = await openRegister(100);
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.click(screen.getByRole('button', { name: 'Pay by gift card…' }));
    await typeInto(screen.getByLabelText('Gift card code'), CODE);
    await user.click(screen.getByRole('button', { name: 'Find card' }));
    expect(await screen.findByTestId('gift-card-balance')).toHaveTextContent(
      'Gift card ••••0001: €1.00 available',
    );
    await typeInto(screen.getByLabelText('Amount'), '2.00');
    await user.click(screen.getByRole('button', { name: 'Gift card' }));
    expect(await screen.findByText('Only €1.00 left on this gift card')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Amount'));
    await user.click(screen.getByRole('button', { name: 'Gift card' }));
    expect(screen.getByTestId('remaining')).toHaveTextContent('€1.50');
    await user.click(screen.getByRole('button', { name: 'Cash' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    // [VAL-35] The receipt says what the card has left, as the till knew it.
    expect(screen.getByTestId('receipt-value-left')).toHaveTextContent('Gift card ••••0001: €0.00 left');
    const sale = await lastSale(world);
    expect(sale.payments?.find((p) => p.method === 'gift_card')).toMatchObject({
      account_id: CARD,
      code: CODE,
      amount: 100,
      balance_seen: 100,
      offline: true,
    });
    expect(await world.ledger.valueEntries.toArray()).toMatchObject([
      { kind: 'redeem', delta: -100, account_id: CARD },
    ]);
  });

  test('[VAL-T3] a code no card has says so, and nothing is paid', async () => {
    const world = await openRegister();
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.click(screen.getByRole('button', { name: 'Pay by gift card…' }));
    await typeInto(screen.getByLabelText('Gift card code'), 'NOPE-NOPE-0000');
    await user.click(screen.getByRole('button', { name: 'Find card' }));
    expect(await screen.findByText('No gift card has this code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gift card' })).not.toBeInTheDocument();
    // [VAL-28] Missed offline: an activity event the server counts, with the code's length, never the code.
    await vi.waitFor(async () => {
      expect(await world.ledger.activityEvents.toArray()).toMatchObject([
        { kind: 'value_code_failed', detail: { length: 12 } },
      ]);
    });
  });

  test('[VAL-T5] online, the server’s answer is what may be spent, and the tender says it was not offline', async () => {
    const world = await registerWorld({ scanner: { minLength: 6, maxGapMs: 20 } });
    await withValue(world, 2500);
    const value = registerValueFor({
      ledger: world.ledger,
      mirror: world.mirror,
      companyId: COMPANY,
      ids: world.commandDeps.ids,
      now: () => Date.now(),
      remote: {
        lookup: () =>
          Promise.resolve({
            ok: true as const,
            account: {
              id: CARD,
              kind: 'gift_card' as const,
              status: 'active' as const,
              balance: 400,
              available: 400,
              code_last4: '0001',
            },
          }),
        customer: () => Promise.resolve(null),
      },
    });
    render(<RegisterScreen deps={{ ...world.deps, value }} />);
    await screen.findByText(/The cart is empty/);
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.click(screen.getByRole('button', { name: 'Pay by gift card…' }));
    await typeInto(screen.getByLabelText('Gift card code'), CODE);
    await user.click(screen.getByRole('button', { name: 'Find card' }));
    expect(await screen.findByTestId('gift-card-balance')).toHaveTextContent('€4.00 available');
    await user.click(screen.getByRole('button', { name: 'Gift card' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    expect((await lastSale(world)).payments?.[0]).toMatchObject({
      method: 'gift_card',
      amount: 250,
      balance_seen: 400,
      offline: false,
    });
  });

  test('[VAL-27] Check balance shows a card’s balance, with no sale', async () => {
    const world = await openRegister(1250);
    const user = person();
    await user.click(screen.getByRole('button', { name: 'Check balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check balance' });
    await typeInto(within(dialog).getByLabelText('Gift card code'), CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(await within(dialog).findByTestId('checked-balance')).toHaveTextContent(
      'Gift card ••••0001: €12.50 available',
    );
    expect(await world.ledger.outbox.count()).toBe(0);
  });
});

describe("the attached customer's value", () => {
  test('[VAL-20] the customer panel shows store credit and points, and the points this sale earns', async () => {
    await openRegister(2500, true);
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    expect(await screen.findByTestId('customer-store-credit')).toHaveTextContent('€1.50');
    expect(screen.getByTestId('customer-points')).toHaveTextContent('350');
    expect(screen.getByTestId('cart-points-earned')).toHaveTextContent('2 points');
  });

  test('[VAL-13] the points earned and the gift-card amounts follow the settings the first pull brings after the register opened', async () => {
    const world = await registerWorld({ scanner: { minLength: 6, maxGapMs: 20 } });
    await withValue(world, 2500);
    const settings = await world.mirror.valueSettings.get(COMPANY);
    await world.mirror.valueSettings.delete(COMPANY);
    await world.cartStore.saveOpenCart({ lines: [], customerId: ANN });
    render(<RegisterScreen deps={world.deps} />);
    await screen.findByText(/The cart is empty/);
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: 'Sell gift card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell gift card' });
    expect(await within(dialog).findByRole('button', { name: 'Add to cart' })).toBeEnabled();
    expect(within(dialog).queryByRole('button', { name: '€25.00' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('cart-points-earned')).not.toBeInTheDocument();
    // The till's first pull reaches value_settings while the register is open.
    if (settings) await world.mirror.valueSettings.put(settings);
    expect(await within(dialog).findByRole('button', { name: '€25.00' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByTestId('cart-points-earned')).toHaveTextContent('2 points');
  });

  test('[VAL-12] Store credit and Points pay for the sale, each up to what the customer has', async () => {
    const world = await openRegister(2500, true);
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const group = await screen.findByRole('group', { name: "Customer's value" });
    await user.click(within(group).getByRole('button', { name: 'Store credit' }));
    expect(screen.getByTestId('remaining')).toHaveTextContent('€1.00');
    await user.click(within(group).getByRole('button', { name: 'Points' }));
    expect(screen.getByTestId('remaining')).toHaveTextContent('€0.00');
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    const sale = await lastSale(world);
    expect(sale.customer_id).toBe(ANN);
    expect(sale.payments).toMatchObject([
      { method: 'store_credit', amount: 150, balance_seen: 150, offline: true },
      { method: 'loyalty', amount: 100, points: 100, balance_seen: 350, offline: true },
    ]);
    // Earned on what was not paid with points: 2.50 − 1.00 → 1 point.
    expect(sale.loyalty).toEqual({ earned: 1 });
    // [VAL-35] The receipt: what each tender left, and the points earned.
    expect(screen.getAllByTestId('receipt-value-left').map((left) => left.textContent)).toEqual([
      'Store credit: €0.00 left',
      'Points: 250 points left',
    ]);
    expect(screen.getAllByTestId('receipt-points').map((row) => row.textContent)).toEqual(['1', '251']);
    const entries = await world.ledger.valueEntries.toArray();
    expect(entries.map((e) => [e.account_id, e.kind, e.delta])).toEqual(
      expect.arrayContaining([
        [world.credit, 'redeem', -150],
        [world.points, 'redeem', -100],
      ]),
    );
  });

  test('[VAL-20] On account: the customer owes €45.00 of €200.00, the till may charge €155.00 and writes a charge', async () => {
    const world = await openRegister(2500, true);
    const account = await customerAccountId(ANN, 'on_account');
    await world.mirror.valueAccounts.put({
      id: account,
      company_id: COMPANY,
      kind: 'on_account',
      customer_id: ANN,
      code_hash: null,
      code_last4: null,
      status: 'active',
      credit_limit: 20000,
    });
    await world.mirror.valueBalances.put({
      id: account,
      company_id: COMPANY,
      account_id: account,
      balance: -4500,
    });
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const group = await screen.findByRole('group', { name: "Customer's value" });
    const onAccount = await within(group).findByRole('button', { name: 'On account' });
    expect(onAccount).toHaveAccessibleDescription('€155.00');
    await user.click(onAccount);
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    expect((await lastSale(world)).payments).toMatchObject([
      { method: 'on_account', amount: 250, balance_seen: 15500, offline: true },
    ]);
    // [VAL-35] The receipt's 'owed': the account's balance after the charge, negative = owed.
    expect(await world.ledger.payments.toArray()).toMatchObject([
      { account_id: account, balance_after: -4750 },
    ]);
    expect(screen.getByTestId('receipt-value-left')).toHaveTextContent('On account: €47.50 owed');
    expect(await world.ledger.valueEntries.toArray()).toMatchObject([
      { account_id: account, kind: 'charge', delta: -250 },
    ]);
  });
});

describe('the receipt right after a value sale', () => {
  test('[VAL-35] paid by gift card with a customer attached: the card’s last four and what is left, and the points earned and after', async () => {
    const world = await openRegister(2250, true);
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.click(screen.getByRole('button', { name: 'Pay by gift card…' }));
    await typeInto(screen.getByLabelText('Gift card code'), CODE);
    await user.click(screen.getByRole('button', { name: 'Find card' }));
    await screen.findByTestId('gift-card-balance');
    await user.click(screen.getByRole('button', { name: 'Gift card' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    expect(screen.getByTestId('receipt-value-left')).toHaveTextContent('Gift card ••••0001: €20.00 left');
    expect(screen.getByText('Points earned')).toBeInTheDocument();
    expect(screen.getByText('Your points')).toBeInTheDocument();
    expect(screen.getAllByTestId('receipt-points').map((row) => row.textContent)).toEqual(['2', '352']);
    // The rows carry it themselves: a reprint reads the same without the entries.
    expect(await world.ledger.payments.toArray()).toMatchObject([
      { method: 'gift_card', account_id: CARD, code_last4: '0001', balance_after: 2000 },
    ]);
    expect((await world.ledger.sales.toArray())[0]?.loyalty).toEqual({ earned: 2, balance_after: 352 });
  });

  test('[VAL-35] points and store credit: each says what is left, in points and in money', async () => {
    const world = await openRegister(2500, true);
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const group = await screen.findByRole('group', { name: "Customer's value" });
    await user.click(within(group).getByRole('button', { name: 'Store credit' }));
    await user.click(within(group).getByRole('button', { name: 'Points' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    expect(screen.getAllByTestId('receipt-value-left').map((row) => row.textContent)).toEqual([
      'Store credit: €0.00 left',
      'Points: 250 points left',
    ]);
    expect(await world.ledger.payments.toArray()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          method: 'loyalty',
          account_id: world.points,
          points: 100,
          balance_after: 250,
        }),
        expect.objectContaining({ method: 'store_credit', account_id: world.credit, balance_after: 0 }),
      ]),
    );
    // 1 point earned on what points did not pay, after the 100 spent.
    expect((await world.ledger.sales.toArray())[0]?.loyalty).toEqual({ earned: 1, balance_after: 251 });
  });

  test('[VAL-35] a gift card sold: the receipt prints its code in full, the line keeps it and its last four', async () => {
    const world = await openRegister();
    const user = person();
    await user.click(screen.getByRole('button', { name: 'Sell gift card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell gift card' });
    await user.click(await within(dialog).findByRole('button', { name: '€25.00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    const code = (await within(dialog).findByTestId('gift-card-code')).textContent;
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.click(screen.getByRole('button', { name: 'Cash' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    expect(screen.getByText(`Gift card code: ${code}`)).toBeInTheDocument();
    const [line] = await world.ledger.saleLines.toArray();
    expect(line?.gift_card).toMatchObject({ code, code_last4: code.slice(-4) });
  });
});

describe('[VAL-T70] Complete sale reads the balances again', () => {
  function lookupAnswering(balances: number[]) {
    return vi.fn(() => {
      const balance = balances.length > 1 ? (balances.shift() ?? 0) : (balances[0] ?? 0);
      return Promise.resolve({
        ok: true as const,
        account: {
          id: CARD,
          kind: 'gift_card' as const,
          status: 'active' as const,
          balance,
          available: balance,
          code_last4: '0001',
        },
      });
    });
  }

  async function onlineRegister(balances: number[]) {
    const world = await registerWorld({ scanner: { minLength: 6, maxGapMs: 20 } });
    await withValue(world, 2500);
    const lookup = lookupAnswering(balances);
    const value = registerValueFor({
      ledger: world.ledger,
      mirror: world.mirror,
      companyId: COMPANY,
      ids: world.commandDeps.ids,
      now: () => Date.now(),
      remote: { lookup, customer: () => Promise.resolve(null) },
    });
    const completeSale = makeCompleteSale(world.commandDeps, {
      companyId: COMPANY,
      rules: world.deps.rules,
      cashierId: null,
      shiftId: null,
      tracksStock: () => false,
      valueSettings: value.settings,
      value,
    });
    render(<RegisterScreen deps={{ ...world.deps, value, completeSale }} />);
    await screen.findByText(/The cart is empty/);
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.click(screen.getByRole('button', { name: 'Pay by gift card…' }));
    await typeInto(screen.getByLabelText('Gift card code'), CODE);
    await user.click(screen.getByRole('button', { name: 'Find card' }));
    await screen.findByTestId('gift-card-balance');
    await user.click(screen.getByRole('button', { name: 'Gift card' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    return { world, lookup };
  }

  test('[VAL-T70] online, less left now than the tender: said in words, nothing recorded, the cart and tenders kept', async () => {
    const { world, lookup } = await onlineRegister([400, 100]);
    expect(
      await screen.findByText(
        'Only €1.00 left on this gift card. Take that payment off and pay the rest another way; the sale is still here.',
      ),
    ).toBeInTheDocument();
    expect(lookup).toHaveBeenCalledTimes(2);
    expect(await world.ledger.sales.count()).toBe(0);
    expect(await world.ledger.outbox.count()).toBe(0);
    expect(screen.getByRole('button', { name: 'Complete sale' })).toBeInTheDocument();
  });

  test('[VAL-T70] online and enough left: the sale is recorded, and the receipt prints what the server said is left', async () => {
    const { world } = await onlineRegister([400, 300]);
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    expect(screen.getByTestId('receipt-value-left')).toHaveTextContent('Gift card ••••0001: €0.50 left');
    expect(await world.ledger.sales.count()).toBe(1);
  });
});

describe('[VAL-T73] points as a discount', () => {
  test('[VAL-T73] Use points takes what the points are worth off the cart, not as a tender; the sale carries loyalty_discount', async () => {
    const world = await openRegister(2500, true, 'discount');
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    const use = await screen.findByRole('button', { name: 'Use points' });
    expect(use).toHaveAccessibleDescription('350 points: €3.50 off');
    await user.click(use);
    expect(await screen.findByTestId('cart-points-used')).toHaveTextContent('350 points used: −€3.50');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByTestId('remaining')).toHaveTextContent('€1.50');
    // Points are not also a tender where the shop takes them off as a discount.
    const group = screen.queryByRole('group', { name: "Customer's value" });
    if (group) expect(within(group).queryByRole('button', { name: 'Points' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cash' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    expect(screen.getByText('Points used (350)')).toBeInTheDocument();
    const sale = await lastSale(world);
    expect(sale.loyalty_discount).toEqual({ points: 350, amount: 350, balance_seen: 350, offline: true });
    expect(sale.lines.reduce((sum, line) => sum + (line.discount ?? 0), 0)).toBe(350);
    expect(sale.discount_total).toBe(350);
    expect(sale.loyalty).toEqual({ earned: 1 });
    const entries = await world.ledger.valueEntries.toArray();
    expect(entries.map((e) => [e.account_id, e.kind, e.delta])).toEqual([[world.points, 'redeem', -350]]);
    expect((await world.ledger.sales.toArray())[0]).toMatchObject({
      loyalty: { earned: 1, balance_after: 1 },
      loyalty_discount: { points: 350, amount: 350 },
    });
  });

  test("[VAL-T73] Don't use points takes the discount off again; a shop that redeems as a tender offers no 'Use points'", async () => {
    await openRegister(2500, true, 'discount');
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await user.click(await screen.findByRole('button', { name: 'Use points' }));
    await user.click(await screen.findByRole('button', { name: "Don't use points" }));
    expect(await screen.findByRole('button', { name: 'Use points' })).toHaveAccessibleDescription(
      '250 points: €2.50 off',
    );
    cleanup();
    await openRegister(2500, true, 'tender');
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    await screen.findByTestId('customer-points');
    expect(screen.queryByRole('button', { name: 'Use points' })).not.toBeInTheDocument();
  });
});

// The Customers page's 'Balances' panel ([VAL-T50]…[VAL-T54]) against a real mirror and ledger on
// fake-indexeddb and a fake server: the server's figures with the points' worth at the shop's rate; a cashier
// sees no manager action; a manager opens an account on credit and changes its limit, a bad amount and a
// refusal said in words; each opened account's statement opens in the panel the route gives (Reports → customer value's); offline, the device's last
// view, labelled, or a sentence — never a blank. In German too.
import '@testing-library/jest-dom/vitest';
import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { COMPANY_A, freshLedger, freshMirror, testDeps } from '../../../tests/support/ledger-fixtures';
import type { CustomerBalancesRemote, ServerCustomerAccount } from '../../data/remote/customer-balances';
import { customerAccountId } from '../../domain/value/account-id';
import { err, ok } from '../../domain/result';
import { loadMessages } from '../../lib/i18n/catalogs';
import { CustomerBalances } from './customer-balances';
import type { CustomerRow } from './customer-rows';
import type { CustomerBalancesDeps, CustomersDeps, StatementRequest } from './customers-deps';

const ALICE = 'd4700000-0000-4000-8000-000000000001';
const alice: CustomerRow = {
  id: ALICE,
  company_id: COMPANY_A,
  name: 'Alice Martin',
  email: null,
  phone: null,
  note: null,
  state: 'synced',
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  i18n.activate('en');
});
vi.setConfig({ testTimeout: 30_000 });

function account(kind: string, fields: Partial<ServerCustomerAccount> = {}): ServerCustomerAccount {
  return {
    id: `${kind}-id`,
    exists: true,
    status: 'active',
    balance: 0,
    creditLimit: null,
    available: 0,
    ...fields,
  };
}

/** Alice as the demo has her: €10 of store credit, 350 points, €45 owed of €200. */
const DEMO_ANSWER = {
  storeCredit: account('store_credit', { balance: 1000, available: 1000 }),
  loyalty: account('loyalty', { balance: 350, available: 350 }),
  onAccount: account('on_account', { balance: -4500, creditLimit: 20000, available: 15500 }),
};

/** The route passes Reports → customer value's panel; here a stand-in that says what it was asked for. */
function statementDeps() {
  return {
    statement: vi.fn(({ accountId, title, onClose }: StatementRequest) => (
      <section aria-label={title}>
        <p>Statement of {accountId}</p>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </section>
    )),
  };
}

async function world({
  read = () => Promise.resolve(ok(DEMO_ANSWER)),
  save = () => Promise.resolve(ok(undefined)),
  manager = true,
  loyalty = true,
}: {
  read?: CustomerBalancesRemote['read'];
  save?: CustomerBalancesRemote['saveCreditLimit'];
  manager?: boolean;
  loyalty?: boolean;
} = {}) {
  const ledger = freshLedger();
  const mirror = freshMirror();
  await mirror.valueSettings.put({
    id: COMPANY_A,
    company_id: COMPANY_A,
    loyalty_enabled: loyalty,
    loyalty_redeem_points: 100,
    loyalty_redeem_value: 100,
  });
  const remote = { read: vi.fn(read), saveCreditLimit: vi.fn(save) };
  const manage = manager ? statementDeps() : null;
  const balances: CustomerBalancesDeps = { remote, manage };
  const deps: CustomersDeps = {
    commandDeps: testDeps(ledger),
    mirror,
    companyId: COMPANY_A,
    currency: 'EUR',
    customerSales: null,
    customerTotals: null,
    balances,
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CustomerBalances deps={deps} customer={alice} />
    </QueryClientProvider>,
  );
  return { mirror, remote, manage };
}

const panel = () => screen.getByRole('region', { name: 'Balances' });

describe('customer balances', () => {
  test('[VAL-T50] the server’s store credit, points with their worth, and what is owed of the limit', async () => {
    const { remote } = await world();
    expect(await screen.findByTestId('balance-store-credit')).toHaveTextContent('€10.00');
    expect(screen.getByTestId('balance-points')).toHaveTextContent('350 pts');
    expect(screen.getByTestId('balance-points-worth')).toHaveTextContent('Worth €3.50');
    expect(screen.getByTestId('balance-owed')).toHaveTextContent('€45.00');
    expect(screen.getByTestId('balance-credit-limit')).toHaveTextContent('€200.00');
    expect(screen.getByTestId('balance-available')).toHaveTextContent('€155.00');
    expect(remote.read).toHaveBeenCalledWith(ALICE);
    expect(within(panel()).queryByText(/last saw/)).toBeNull();
  });

  test('[VAL-T53] a cashier sees the balances but no statement and no credit limit to change', async () => {
    await world({ manager: false });
    expect(await screen.findByTestId('balance-owed')).toHaveTextContent('€45.00');
    expect(within(panel()).queryByRole('button')).toBeNull();
  });

  test('[VAL-T52] a manager opens an account on credit with a limit; a bad amount is said, nothing sent', async () => {
    const closed = { ...DEMO_ANSWER, onAccount: account('on_account', { exists: false }) };
    const opened = {
      ...DEMO_ANSWER,
      onAccount: account('on_account', { creditLimit: 15000, available: 15000 }),
    };
    const answers = [closed, opened];
    const { remote } = await world({ read: () => Promise.resolve(ok(answers.shift() ?? opened)) });
    const user = userEvent.setup();
    expect(await screen.findByText('No account on credit.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open an account on credit' }));
    const field = screen.getByRole('textbox', { name: 'Credit limit' });
    await user.type(field, 'lots');
    await user.click(screen.getByRole('button', { name: 'Open the account' }));
    expect(await screen.findByText('"lots" is not an amount.')).toBeInTheDocument();
    expect(remote.saveCreditLimit).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '150');
    await user.click(screen.getByRole('button', { name: 'Open the account' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Account on credit opened with a limit of €150.00.',
    );
    expect(remote.saveCreditLimit).toHaveBeenCalledWith(ALICE, 15000);
    // The panel reads the server again: the new account with its limit.
    expect(await screen.findByTestId('balance-credit-limit')).toHaveTextContent('€150.00');
  });

  test('[VAL-T52] a manager changes the limit; the server’s refusal is said in words and the form stays', async () => {
    const refusal = 'Only managers and owners can open an account on credit or change its limit.';
    const save = vi
      .fn<CustomerBalancesRemote['saveCreditLimit']>()
      .mockResolvedValueOnce(err('insufficient_role', refusal))
      .mockResolvedValueOnce(ok(undefined));
    await world({ save });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change credit limit' }));
    const field = screen.getByRole('textbox', { name: 'Credit limit' });
    expect(field).toHaveValue('200.00');
    await user.clear(field);
    await user.type(field, '250');
    await user.click(screen.getByRole('button', { name: 'Save the limit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(field).toHaveValue('250');
    await user.click(screen.getByRole('button', { name: 'Save the limit' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Credit limit changed to €250.00.');
    expect(save).toHaveBeenLastCalledWith(ALICE, 25000);
  });

  test('[VAL-T54] each opened account’s statement opens in the panel the route gives, and closes', async () => {
    await world();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Statement of the store credit' }));
    expect(await screen.findByRole('region', { name: 'Alice Martin: store credit' })).toHaveTextContent(
      'Statement of store_credit-id',
    );
    await user.click(screen.getByRole('button', { name: 'Statement of the points' }));
    expect(screen.queryByRole('region', { name: 'Alice Martin: store credit' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Alice Martin: points' })).toHaveTextContent(
      'Statement of loyalty-id',
    );
    await user.click(screen.getByRole('button', { name: 'Statement of the account' }));
    const statement = await screen.findByRole('region', { name: 'Alice Martin: on account' });
    expect(statement).toHaveTextContent('Statement of on_account-id');
    await user.click(within(statement).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Alice Martin: on account' })).toBeNull();
  });

  test('[VAL-T51] unreachable: the device’s last view, labelled, with no manager action', async () => {
    const offline = () =>
      Promise.resolve(err('offline', 'Needs a connection: balances are kept on the server.'));
    const { mirror } = await world({ read: offline });
    expect(await screen.findByText('Balances need a connection', { exact: false })).toBeInTheDocument();
    const id = await customerAccountId(ALICE, 'on_account');
    await mirror.valueAccounts.put({
      id,
      company_id: COMPANY_A,
      kind: 'on_account',
      customer_id: ALICE,
      code_hash: null,
      code_last4: null,
      status: 'active',
      credit_limit: 20000,
    });
    await mirror.valueBalances.put({ id, company_id: COMPANY_A, account_id: id, balance: -4500 });
    expect(await screen.findByText(/as this device last saw them/)).toBeInTheDocument();
    expect(screen.getByTestId('balance-owed')).toHaveTextContent('€45.00');
    expect(screen.getByTestId('balance-available')).toHaveTextContent('€155.00');
    expect(within(panel()).queryByRole('button')).toBeNull();
  });

  test('[VAL-T52] a refusal to read is a sentence, not a blank', async () => {
    const words = 'You are not a member of this shop: sign in with an account of the shop.';
    await world({ read: () => Promise.resolve(err('not_member', words)) });
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
  });

  test('[VAL-T50] in German', async () => {
    i18n.loadAndActivate({ locale: 'de', messages: await loadMessages('de') });
    await world();
    expect(await screen.findByRole('region', { name: 'Salden' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Kreditlimit ändern' })).toBeInTheDocument();
  });
});

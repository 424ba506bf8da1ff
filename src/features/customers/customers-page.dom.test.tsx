// The customers screen against a real ledger and mirror on fake-indexeddb: the mirror's customers with
// this device's unsynced ones, searched by name, email and phone; a customer made offline queues exactly
// one customer.upsert op; an edit sends only what changed; purchases merge this device's sales with the
// server's, with totals.
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  addTerminal,
  COMPANY_A,
  freshLedger,
  freshMirror,
  oneLineSale,
  testDeps,
} from '../../../tests/support/ledger-fixtures';
import { recordSale } from '../../data/ops/sale-record';
import type { ServerSaleSummary } from '../../data/remote/sales';
import { ok } from '../../domain/result';
import type { CustomersDeps } from './customers-deps';
import { CustomersPage } from './customers-page';

const ANN = 'c0000000-0000-4000-8000-000000000001';
const BOB = 'c0000000-0000-4000-8000-000000000002';

async function world(
  customerSales: CustomersDeps['customerSales'] = null,
  customerTotals: CustomersDeps['customerTotals'] = null,
) {
  const ledger = freshLedger();
  const mirror = freshMirror();
  await mirror.customers.bulkPut([
    {
      id: ANN,
      company_id: COMPANY_A,
      name: 'Ann Lee',
      email: 'ann@example.test',
      phone: '+33 6 12 34 56 78',
    },
    { id: BOB, company_id: COMPANY_A, name: 'Bob Stone', email: null, phone: null, note: 'Trade account' },
  ]);
  const commandDeps = testDeps(ledger);
  const deps: CustomersDeps = {
    commandDeps,
    mirror,
    companyId: COMPANY_A,
    currency: 'EUR',
    customerSales,
    customerTotals,
    balances: null,
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CustomersPage deps={deps} />
    </QueryClientProvider>,
  );
  return { ledger, commandDeps };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const names = () =>
  within(screen.getByRole('table', { name: 'Customers' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.firstChild?.textContent);

describe('customers', { timeout: 20_000 }, () => {
  test('search by name, email and phone digits', async () => {
    await world();
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(names()).toEqual(['Ann Lee', 'Bob Stone']);
    // Everything is synced: no State column that would always be empty.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Contact']);
    const search = screen.getByLabelText('Search customers');
    await user.type(search, 'stone');
    await waitFor(() => {
      expect(names()).toEqual(['Bob Stone']);
    });
    await user.clear(search);
    await user.type(search, 'ann@example');
    await waitFor(() => {
      expect(names()).toEqual(['Ann Lee']);
    });
    await user.clear(search);
    await user.type(search, '6 12 34');
    await waitFor(() => {
      expect(names()).toEqual(['Ann Lee']);
    });
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await screen.findByText('0 customers')).toBeInTheDocument();
  });

  test('[REP-10] a manager sees visits, spend and last visit, and sorts by them', async () => {
    await world(null, () =>
      Promise.resolve([
        { customerId: BOB, visits: 7, netSpend: 12_345, lastVisit: '2026-11-20T09:00:00.000Z' },
        { customerId: ANN, visits: 9, netSpend: 2_000, lastVisit: '2026-11-21T09:00:00.000Z' },
      ]),
    );
    const table = await screen.findByRole('table', { name: 'Customers' });
    await within(table).findByRole('columnheader', { name: 'Visits' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Contact', 'Visits', 'Spent', 'Last visit']);
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent(/Bob Stone.*7€123\.4520 Nov 2026$/);
    const user = userEvent.setup();
    const sortBy = screen.getByLabelText('Sort by');
    await user.selectOptions(sortBy, 'Most spent');
    expect(names()).toEqual(['Bob Stone', 'Ann Lee']);
    await user.selectOptions(sortBy, 'Most visits');
    expect(names()).toEqual(['Ann Lee', 'Bob Stone']);
  });

  test('a manager whose device cannot reach the server is told where visits and spend went', async () => {
    await world(null, () => Promise.reject(new Error('Failed to fetch')));
    expect(
      await screen.findByText('Visits and spend show when this device can reach the server.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Sort by')).toBeNull();
    expect(names()).toEqual(['Ann Lee', 'Bob Stone']);
  });

  test('a customer created offline queues exactly one customer.upsert op and is listed as pending', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { ledger } = await world();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New customer' }));
    const form = screen.getByRole('form', { name: 'New customer' });
    await user.type(within(form).getByLabelText(/Name/), 'Cara Diaz');
    await user.type(within(form).getByLabelText('Email'), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Add customer' }));
    expect(await within(form).findByText(/looks like name@example.com/)).toBeInTheDocument();
    // The same rule as sign-up: an address without a dot in its domain is a typo.
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'zoe@nope');
    await user.click(within(form).getByRole('button', { name: 'Add customer' }));
    expect(await within(form).findByText(/looks like name@example.com/)).toBeInTheDocument();
    expect(await ledger.outbox.count()).toBe(0);
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'cara@example.test');
    await user.click(within(form).getByRole('button', { name: 'Add customer' }));

    expect(await screen.findByRole('heading', { name: 'Cara Diaz' })).toBeInTheDocument();
    expect(screen.getByText('cara@example.test')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    const ops = await ledger.outbox.toArray();
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({
      name: 'customer.upsert',
      args: { company_id: COMPANY_A, name: 'Cara Diaz', email: 'cara@example.test' },
    });
    expect(ops[0]?.args).not.toHaveProperty('phone');

    await user.click(screen.getByRole('button', { name: 'Back to customers' }));
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(names()).toEqual(['Ann Lee', 'Bob Stone', 'Cara Diaz']);
    // One row waits to sync: the State column shows, with the words the sync badge uses.
    expect(within(table).getByRole('columnheader', { name: 'State' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[3]).toHaveTextContent(/Cara Diaz.*Pending$/);
  });

  test('an edit of a mirrored customer sends only what changed; an emptied field is cleared', async () => {
    const { ledger } = await world();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ann Lee' }));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit Ann Lee' });
    await user.clear(within(form).getByLabelText('Phone'));
    await user.type(within(form).getByLabelText('Note'), 'Likes rye');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Likes rye')).toBeInTheDocument();
    const ops = await ledger.outbox.toArray();
    expect(ops.map((op) => op.args)).toEqual([
      { id: ANN, company_id: COMPANY_A, phone: null, note: 'Likes rye' },
    ]);
    expect(await ledger.customers.get(ANN)).toMatchObject({
      name: 'Ann Lee',
      email: 'ann@example.test',
      phone: null,
    });
  });

  test("purchases: this device's sales with the customer merged with the server's, and totals", async () => {
    const server: ServerSaleSummary = {
      id: 'a0000000-0000-4000-8000-000000000009',
      terminal_id: 'e5000000-0000-4000-8000-000000000002',
      cashier_id: 'u',
      customer_id: ANN,
      kind: 'sale',
      refund_of: null,
      receipt_no: 'T2-000010',
      subtotal: 1000,
      discount_total: 0,
      tax_total: 167,
      rounding: 0,
      total: 1000,
      occurred_at: '2026-11-20T12:00:00Z',
      note: null,
    };
    const customerSales = vi.fn(() => Promise.resolve([server]));
    const { ledger, commandDeps } = await world(customerSales);
    await addTerminal(ledger);
    const build = oneLineSale(commandDeps.ids, 2);
    await recordSale(commandDeps, {
      companyId: COMPANY_A,
      tracksStock: () => true,
      build: (receiptNo, terminal) => {
        const args = build(receiptNo, terminal);
        return args.ok ? ok({ ...args.value, customer_id: ANN }) : args;
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ann Lee' }));
    const history = await screen.findByRole('region', { name: 'Purchases of Ann Lee' });
    const table = await within(history).findByRole('table', { name: 'Purchases' });
    await waitFor(() => {
      expect(within(table).getAllByRole('row')).toHaveLength(3);
    });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(/^T7-000001.*Sale€5\.00Pending$/);
    expect(second).toHaveTextContent(/^T2-000010.*Sale€10\.00Synced$/);
    expect(within(history).getByTestId('customer-sales-count')).toHaveTextContent('2');
    expect(within(history).getByTestId('customer-spent')).toHaveTextContent('€15.00');
    expect(customerSales).toHaveBeenCalledWith(ANN);
  });
});

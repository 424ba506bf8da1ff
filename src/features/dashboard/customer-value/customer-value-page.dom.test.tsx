// Reports → customer value ([VAL-33]): the liability per kind (points in points, valued in money), the
// receivables with their ageing, the activity by day, each exported as CSV with the shop's figures; an
// account's statement opens from its customer's row with its opening and closing balance and prints; the
// server's refusal is shown in words. In German too.
import '@testing-library/jest-dom/vitest';
import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import type { ValueReports } from '../../../data/remote/value-reports';
import { err, ok } from '../../../domain/result';
import { loadMessages } from '../../../lib/i18n/catalogs';
import type { CustomerValueDeps } from './customer-value-deps';
import { CustomerValuePage } from './customer-value-page';

afterEach(() => {
  cleanup();
  i18n.activate('en');
});
vi.setConfig({ testTimeout: 30_000 });

const ALICE_ACCOUNT = 'a1000000-0000-4000-8000-000000000001';

function world(overrides: Partial<ValueReports> = {}) {
  const download = vi.fn<CustomerValueDeps['download']>();
  const print = vi.fn();
  const statement = vi.fn<ValueReports['statement']>(() =>
    Promise.resolve(
      ok({
        account: { id: ALICE_ACCOUNT, kind: 'on_account' as const, codeLast4: null, creditLimit: 20000 },
        opening: -3000,
        closing: -4500,
        entries: [
          {
            id: 'e1',
            occurredAt: '2026-11-24T10:00:00Z',
            kind: 'payment',
            delta: 1000,
            balanceAfter: -2000,
            receiptNo: 'T1-000900',
            reason: null,
          },
          {
            id: 'e2',
            occurredAt: '2026-11-26T10:00:00Z',
            kind: 'charge',
            delta: -2500,
            balanceAfter: -4500,
            receiptNo: null,
            reason: null,
          },
        ],
        ageing: { current: 2500, days31to60: 2000, days61to90: 0, over90: 0 },
      }),
    ),
  );
  const reports: ValueReports = {
    giftCards: () =>
      Promise.resolve(
        ok([
          {
            id: 'g1',
            codeLast4: '0001',
            status: 'active' as const,
            balance: 2500,
            createdAt: '2026-11-17T10:00:00Z',
          },
          {
            id: 'g3',
            codeLast4: '0003',
            status: 'void' as const,
            balance: 0,
            createdAt: '2026-11-21T10:00:00Z',
          },
        ]),
      ),
    liability: () =>
      Promise.resolve(
        ok([
          {
            kind: 'gift_card' as const,
            accounts: 2,
            positiveTotal: 6250,
            negativeTotal: 0,
            balanceTotal: 6250,
            moneyTotal: 6250,
          },
          {
            kind: 'store_credit' as const,
            accounts: 1,
            positiveTotal: 1000,
            negativeTotal: 0,
            balanceTotal: 1000,
            moneyTotal: 1000,
          },
          {
            kind: 'loyalty' as const,
            accounts: 1,
            positiveTotal: 350,
            negativeTotal: 0,
            balanceTotal: 350,
            moneyTotal: 350,
          },
        ]),
      ),
    receivables: () =>
      Promise.resolve(
        ok([
          {
            customerId: 'c1',
            accountId: ALICE_ACCOUNT,
            name: 'Alice Martin',
            owed: 4500,
            creditLimit: 20000,
            current: 2500,
            days31to60: 2000,
            days61to90: 0,
            over90: 0,
          },
        ]),
      ),
    activity: () =>
      Promise.resolve(
        ok([
          {
            day: '2026-11-20',
            accountKind: 'gift_card' as const,
            issued: 2500,
            loaded: 0,
            redeemed: 1250,
            charged: 0,
            refunded: 0,
            unissued: 0,
            earned: 0,
            unearned: 0,
            paid: 0,
            adjusted: 0,
          },
        ]),
      ),
    statement,
    ...overrides,
  };
  const deps: CustomerValueDeps = {
    reports,
    currency: 'EUR',
    timeZone: 'Europe/Paris',
    download,
    print,
  };
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <CustomerValuePage deps={deps} />
    </QueryClientProvider>,
  );
  return { download, print, statement };
}

test('[VAL-33] the liability per kind, points shown as points and valued in money, exported as CSV', async () => {
  const { download } = world();
  const table = await screen.findByRole('table', { name: 'What the shop owes' });
  const points = within(table).getByRole('rowheader', { name: 'Points' }).closest('tr');
  expect(points).toHaveTextContent('350 pts');
  expect(points).toHaveTextContent('€3.50');
  expect(within(table).getByRole('rowheader', { name: 'Gift cards' }).closest('tr')).toHaveTextContent(
    '€62.50',
  );
  const card = table.closest('section');
  if (!card) throw new Error('no card');
  await userEvent.setup().click(within(card).getByRole('button', { name: 'Export CSV' }));
  const [name, content] = download.mock.calls[0] ?? [];
  expect(name).toBe('tillpoint-customer-value-liability.csv');
  expect(content).toContain('Kind,Accounts,Balance,Value');
  expect(content).toContain('Points,1,350,3.50');
  expect(content).toContain('Gift cards,2,62.50,62.50');
});

test('[VAL-33] receivables with their ageing; a customer’s statement opens from the row, prints and exports', async () => {
  const { download, print, statement } = world();
  const table = await screen.findByRole('table', { name: 'What customers owe on account' });
  const row = within(table).getByRole('rowheader', { name: 'Alice Martin' }).closest('tr');
  expect(row).toHaveTextContent('€45.00');
  expect(row).toHaveTextContent('€20.00');
  const user = userEvent.setup();
  await user.click(within(table).getByRole('button', { name: 'Statement of Alice Martin' }));
  const panel = await screen.findByRole('region', { name: 'Alice Martin: on account' });
  expect(statement).toHaveBeenCalledWith(ALICE_ACCOUNT, expect.any(String), expect.any(String));
  expect(await within(panel).findByText(/Balance on .*: -€30.00/)).toBeInTheDocument();
  expect(within(panel).getByText(/Balance on .*: -€45.00/)).toBeInTheDocument();
  const entries = within(panel).getByRole('table', { name: 'Statement entries' });
  expect(within(entries).getByText('Payment')).toBeInTheDocument();
  expect(within(entries).getByText('Charged')).toBeInTheDocument();
  expect(within(panel).getByText(/31–60 days €20.00/)).toBeInTheDocument();
  await user.click(within(panel).getByRole('button', { name: 'Print' }));
  expect(print).toHaveBeenCalledOnce();
  await user.click(within(panel).getByRole('button', { name: 'Export CSV' }));
  const content = download.mock.calls.at(-1)?.[1] ?? '';
  expect(content.split('\n')[0]).toBe('When,What,Amount,Balance,Receipt,Reason,By');
  expect(content).toContain('Opening balance,,-30.00');
  expect(content).toContain('Payment,10.00,-20.00,T1-000900');
  expect(content).toContain('Closing balance,,-45.00');
});

test('[VAL-33] activity by day and kind, and the server’s refusal in words', async () => {
  world({
    receivables: () => Promise.resolve(err('forbidden', 'Only managers and owners can see these figures.')),
  });
  const table = await screen.findByRole('table', { name: 'Issued and spent by day' });
  const row = within(table).getByRole('rowheader', { name: '2026-11-20' }).closest('tr');
  expect(row).toHaveTextContent('€25.00');
  expect(row).toHaveTextContent('€12.50');
  expect(await screen.findByText('Only managers and owners can see these figures.')).toBeInTheDocument();
});

test('gift cards by the last four of their code, with status and balance, found by those four; a card’s statement opens', async () => {
  const { statement } = world();
  const table = await screen.findByRole('table', { name: 'Gift cards' });
  expect(within(table).getByRole('rowheader', { name: '••••0001' }).closest('tr')).toHaveTextContent(
    '€25.00',
  );
  expect(within(table).getByRole('rowheader', { name: '••••0003' }).closest('tr')).toHaveTextContent('Void');
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Last four of the code'), '0003');
  const found = screen.getByRole('table', { name: 'Gift cards' });
  expect(within(found).queryByRole('rowheader', { name: '••••0001' })).not.toBeInTheDocument();
  await user.click(within(found).getByRole('button', { name: 'Statement of gift card ••••0003' }));
  expect(await screen.findByRole('region', { name: 'Gift card ••••0003' })).toBeInTheDocument();
  expect(statement).toHaveBeenCalledWith('g3', expect.any(String), expect.any(String));
});

test('[VAL-33] in German', async () => {
  i18n.loadAndActivate({ locale: 'de', messages: await loadMessages('de') });
  world();
  expect(await screen.findByRole('table', { name: 'Was das Geschäft schuldet' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Was Kunden auf Rechnung schulden' })).toBeInTheDocument();
});

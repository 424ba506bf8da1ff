// [VAL-T60]…[VAL-T63] A manager corrects a gift card or an account from the customer-value screen: the actions
// only with the `adjust` port (never for a cashier), the balance after before saving, a reason required, a
// void confirmed as final, points in whole numbers; saved on the device, and once synced the figures are
// asked again. In German too.
import '@testing-library/jest-dom/vitest';
import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import type { GiftCardRow, Statement, ValueReports } from '../../../data/remote/value-reports';
import { err, ok } from '../../../domain/result';
import { loadMessages } from '../../../lib/i18n/catalogs';
import type { CustomerValueDeps, ValueAdjustPort } from './customer-value-deps';
import { GiftCardsCard } from './gift-cards-card';
import { StatementPanel } from './statement-panel';

afterEach(() => {
  cleanup();
  i18n.activate('en');
});
vi.setConfig({ testTimeout: 30_000 });

const CARDS: GiftCardRow[] = [
  { id: 'g1', codeLast4: '0001', status: 'active', balance: 2500, createdAt: '2026-11-17T10:00:00Z' },
  { id: 'g2', codeLast4: '0002', status: 'blocked', balance: 1000, createdAt: '2026-11-18T10:00:00Z' },
  { id: 'g3', codeLast4: '0003', status: 'void', balance: 0, createdAt: '2026-11-21T10:00:00Z' },
];

const POINTS: Statement = {
  account: { id: 'p1', kind: 'loyalty', codeLast4: null, creditLimit: null, status: 'active' },
  opening: 0,
  closing: 350,
  entries: [
    {
      id: 'e1',
      occurredAt: '2026-11-24T10:00:00Z',
      kind: 'adjust',
      delta: 350,
      balanceAfter: 350,
      receiptNo: null,
      reason: 'Welcome bonus',
      by: 'Maria Manager',
    },
  ],
  ageing: null,
  statusChanges: [
    {
      id: 's1',
      occurredAt: '2026-11-25T10:00:00Z',
      from: 'active',
      to: 'blocked',
      reason: 'Lost card',
      by: 'Maria Manager',
    },
  ],
};

function world(withAdjust = true) {
  let settle: (problem: string | null) => void = () => undefined;
  const adjust: ValueAdjustPort = {
    send: vi.fn<ValueAdjustPort['send']>(() => Promise.resolve(ok({ id: 'op-1' }))),
    settled: vi.fn<ValueAdjustPort['settled']>(
      () =>
        new Promise((resolve) => {
          settle = resolve;
        }),
    ),
  };
  const reports: ValueReports = {
    giftCards: vi.fn(() => Promise.resolve(ok(CARDS))),
    liability: () => Promise.resolve(ok([])),
    receivables: () => Promise.resolve(ok([])),
    activity: () => Promise.resolve(ok([])),
    statement: vi.fn(() => Promise.resolve(ok(POINTS))),
  };
  const deps: CustomerValueDeps = {
    reports,
    currency: 'EUR',
    timeZone: 'Europe/Paris',
    download: vi.fn(),
    print: vi.fn(),
    ...(withAdjust ? { adjust } : {}),
  };
  return {
    deps,
    adjust,
    reports,
    settle: (problem: string | null) => {
      settle(problem);
    },
  };
}

function renderCards(deps: CustomerValueDeps) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <GiftCardsCard deps={deps} onStatement={vi.fn()} />
    </QueryClientProvider>,
  );
}

test('[VAL-T60] without the adjust port (a cashier) no card offers Void, Adjust or Block', async () => {
  renderCards(world(false).deps);
  await screen.findByText('••••0001');
  expect(screen.queryByRole('button', { name: /Void gift card/ })).toBeNull();
  expect(screen.queryByRole('button', { name: /Adjust gift card/ })).toBeNull();
});

test('[VAL-T60] a live card offers Adjust, Block and Void; a blocked one Unblock; a void one nothing', async () => {
  renderCards(world().deps);
  await screen.findByRole('button', { name: 'Void gift card ••••0001' });
  expect(screen.getByRole('button', { name: 'Block gift card ••••0001' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Unblock gift card ••••0002' })).toBeInTheDocument();
  expect(
    screen.queryByRole('button', { name: /^(Void|Adjust|Block|Unblock) gift card ••••0003/ }),
  ).toBeNull();
});

test('[VAL-T62] [VAL-T63] an adjustment says the balance after, needs a reason, then syncs and re-reads', async () => {
  const user = userEvent.setup();
  const { deps, adjust, reports, settle } = world();
  renderCards(deps);
  await user.click(await screen.findByRole('button', { name: 'Adjust gift card ••••0001' }));
  const dialog = await screen.findByRole('dialog', { name: 'Correction: Gift card ••••0001' });
  expect(within(dialog).getByText('Balance now: €25.00')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText(/Amount \(EUR\)/), '5');
  expect(within(dialog).getByText('Balance after: €30.00')).toBeInTheDocument();
  await user.click(within(dialog).getByLabelText('Take off the balance'));
  expect(within(dialog).getByText('Balance after: €20.00')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(within(dialog).getByText('Say why: the reason is kept with the change.')).toBeInTheDocument();
  expect(adjust.send).not.toHaveBeenCalled();
  await user.type(within(dialog).getByLabelText(/Reason/), 'Miscounted at sale');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(adjust.send).toHaveBeenCalledWith({
    accountId: 'g1',
    action: 'adjust',
    delta: -500,
    reason: 'Miscounted at sale',
  });
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(
    await screen.findByText('Saved on this device: the figures update once it has synced.'),
  ).toBeInTheDocument();
  expect(adjust.settled).toHaveBeenCalledWith('op-1');
  const readsBefore = vi.mocked(reports.giftCards).mock.calls.length;
  settle(null);
  expect(await screen.findByText('Synced: the figures and statements show the change.')).toBeInTheDocument();
  await vi.waitFor(() => {
    expect(vi.mocked(reports.giftCards).mock.calls.length).toBeGreaterThan(readsBefore);
  });
});

test('[VAL-T62] an amount that is empty, zero or not money is refused in words beside the field', async () => {
  const user = userEvent.setup();
  const { deps, adjust } = world();
  renderCards(deps);
  await user.click(await screen.findByRole('button', { name: 'Adjust gift card ••••0001' }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText(/Reason/), 'Counted');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(within(dialog).getByText('Enter the amount to add or take off.')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText(/Amount/), '0');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(within(dialog).getByText('Enter an amount more than zero.')).toBeInTheDocument();
  await user.clear(within(dialog).getByLabelText(/Amount/));
  await user.type(within(dialog).getByLabelText(/Amount/), 'five');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(within(dialog).getByText('"five" is not an amount.')).toBeInTheDocument();
  expect(adjust.send).not.toHaveBeenCalled();
});

test('[VAL-T61] a void asks once more, says it is final, and sends no amount', async () => {
  const user = userEvent.setup();
  const { deps, adjust } = world();
  renderCards(deps);
  await user.click(await screen.findByRole('button', { name: 'Void gift card ••••0001' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Balance after: €0.00')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText(/Reason/), 'Reported stolen');
  await user.click(within(dialog).getByRole('button', { name: 'Void…' }));
  expect(adjust.send).not.toHaveBeenCalled();
  expect(
    within(dialog).getByText(
      'This is final: its balance of €25.00 goes to zero and it can never be used or changed again.',
    ),
  ).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Void it' }));
  expect(adjust.send).toHaveBeenCalledWith({ accountId: 'g1', action: 'void', reason: 'Reported stolen' });
});

test('[VAL-T61] a refusal on the device is shown in the dialog, which stays open', async () => {
  const user = userEvent.setup();
  const { deps, adjust } = world();
  vi.mocked(adjust.send).mockResolvedValueOnce(err('invalid_args', 'The balance adjustment is malformed.'));
  renderCards(deps);
  await user.click(await screen.findByRole('button', { name: 'Unblock gift card ••••0002' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByLabelText('Unblock: it can be spent again')).toBeChecked();
  await user.type(within(dialog).getByLabelText(/Reason/), 'Found again');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('The balance adjustment is malformed.')).toBeInTheDocument();
});

test('[VAL-T60] [VAL-A2] a points statement shows who, its blocks, and corrects in whole points', async () => {
  const user = userEvent.setup();
  const { deps, adjust } = world();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StatementPanel deps={deps} accountId="p1" title="Alice Martin: points" onClose={vi.fn()} />
    </QueryClientProvider>,
  );
  expect(await screen.findAllByText('Maria Manager')).not.toHaveLength(0);
  expect(screen.getByText(/blocked by Maria Manager\. Reason: Lost card/)).toBeInTheDocument();
  await user.click(await screen.findByRole('button', { name: 'Adjust' }));
  const dialog = await screen.findByRole('dialog', { name: 'Correction: Alice Martin: points' });
  await user.type(within(dialog).getByLabelText(/Points/), '2.5');
  await user.type(within(dialog).getByLabelText(/Reason/), 'Promo');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(within(dialog).getByText('Points are whole numbers, like 50.')).toBeInTheDocument();
  await user.clear(within(dialog).getByLabelText(/Points/));
  await user.type(within(dialog).getByLabelText(/Points/), '50');
  expect(within(dialog).getByText('Balance after: 400 pts')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(adjust.send).toHaveBeenCalledWith({ accountId: 'p1', action: 'adjust', delta: 50, reason: 'Promo' });
});

test('[VAL-T60] in German: the dialog and the card’s actions are translated', async () => {
  i18n.loadAndActivate({ locale: 'de', messages: await loadMessages('de') });
  const user = userEvent.setup();
  renderCards(world().deps);
  await user.click(await screen.findByRole('button', { name: 'Geschenkkarte ••••0001 stornieren' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Stornieren: endgültig, der Saldo wird null')).toBeInTheDocument();
  expect(within(dialog).getByLabelText(/Grund/)).toBeInTheDocument();
});

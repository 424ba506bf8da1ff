// Managers see what the server flagged (issue 33): a count on the overview linking to Activity, the Flags list
// in Activity (kind, the sale's receipt number linked to the sale, when, what differs; filtered by kind), and
// the card the overview's payment mix cannot verify — through the real routes, with a fake server.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { dayIn } from '../../src/lib/calendar';
import { makeSession } from '../support/fake-auth';
import { DEMO_MEMBERSHIP, renderApp } from '../support/render-app';

const SALE_1 = 'a0000000-0000-4000-8000-000000000001';
const SALE_2 = 'a0000000-0000-4000-8000-000000000002';

const flagRow = (id: string, kind: string, saleId: string | null, detail: Record<string, unknown>) => ({
  id,
  company_id: 'company-1',
  kind,
  sale_id: saleId,
  op_id: null,
  terminal_id: null,
  detail,
  dedupe_key: `test:${id}`,
  created_at: new Date().toISOString(),
});

const FLAGS = [
  flagRow('f1', 'price', SALE_1, { line_id: 'l1', name: 'Latte', claimed: 1, expected: 320 }),
  flagRow('f2', 'tax_rate', SALE_1, { name: 'Latte', claimed: 0, expected: 2000 }),
  flagRow('f3', 'card_reuse', SALE_2, { other_sale_id: SALE_1 }),
];

const SALES = [
  { id: SALE_1, receipt_no: 'T1-000042' },
  { id: SALE_2, receipt_no: 'T2-000007' },
];

const manager = [{ ...DEMO_MEMBERSHIP, role: 'manager' as const }];

describe('flags on the overview', { timeout: 30_000 }, () => {
  test('[FLAGUI-3] a manager sees how many flags today has, linking to the Flags list from today', async () => {
    const app = renderApp('/dashboard', {
      session: makeSession(),
      memberships: manager,
      rpc: { list_flags: FLAGS },
      tables: { sales: SALES },
    });
    const count = await screen.findByRole('region', { name: 'Flags' });
    expect(await within(count).findByText('3 flags to review')).toBeInTheDocument();
    const link = within(count).getByRole('link', { name: 'See them in Activity' });
    expect(link).toHaveAttribute('href', `/dashboard/activity?flagsSince=${dayIn('UTC')}`);
    const asked = app.rpcCalls.find((call) => call.name === 'list_flags');
    expect(asked?.args).toMatchObject({ p_company: 'company-1', p_since: expect.any(String) as unknown });
  });

  test('[FLAGUI-3] none is said calmly', async () => {
    renderApp('/dashboard', { session: makeSession(), memberships: manager });
    const count = await screen.findByRole('region', { name: 'Flags' });
    expect(
      await within(count).findByText(
        'No flags today: the server found nothing to review in the tills’ sales.',
      ),
    ).toBeInTheDocument();
  });

  test('[FLAGUI-3] when the server cannot be asked, the count says it needs a connection', async () => {
    renderApp('/dashboard', {
      session: makeSession(),
      memberships: manager,
      rpc: { list_flags: new Error('Failed to fetch') },
    });
    const count = await screen.findByRole('region', { name: 'Flags' });
    expect(await within(count).findByText('Flags need a connection to the server.')).toBeInTheDocument();
  });

  test('[FLAGUI-6] the payment mix shows the card no reader payment stands behind, under Card', async () => {
    renderApp('/dashboard', {
      session: makeSession(),
      memberships: manager,
      rpc: {
        report_payment_mix: [
          { method: 'cash', payments_count: 2, net_amount: 700 },
          { method: 'card', payments_count: 3, net_amount: 1500 },
        ],
        report_card_unverified: [{ payments_count: 1, amount: 400 }],
      },
    });
    const mix = await screen.findByRole('region', { name: 'Payment mix' });
    const rows = within(mix)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(rows).toEqual(['Cash€7.00 · 2', 'Card€15.00 · 3', 'Unverified card: external terminal€4.00 · 1']);
  });
});

describe('flags in Activity', { timeout: 30_000 }, () => {
  test('[FLAGUI-2] a manager reads each flag: kind, the sale’s receipt linked to it, when and what differs; filters by kind', async () => {
    renderApp('/dashboard/activity', {
      session: makeSession(),
      memberships: manager,
      rpc: { list_flags: FLAGS },
      tables: { sales: SALES },
    });
    const table = await screen.findByRole('table', { name: 'Flags' });
    const rows = () =>
      within(screen.getByRole('table', { name: 'Flags' }))
        .getAllByRole('row')
        .slice(1);
    const row = (index: number) => {
      const found = rows()[index];
      if (!found) throw new Error(`No flag row ${String(index)}`);
      return within(found);
    };
    await waitFor(() => {
      expect(rows()).toHaveLength(3);
    });
    const first = row(0);
    expect(first.getByText('Price differs')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'T1-000042' })).toHaveAttribute(
      'href',
      `/dashboard/sales/${SALE_1}`,
    );
    expect(first.getByText('‘Latte’ was sold at €0.01; the catalogue says €3.20.')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'T2-000007' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Flag kind'), 'Card payment used twice');
    await waitFor(() => {
      expect(rows()).toHaveLength(1);
    });
    expect(row(0).getByText('Card payment used twice')).toBeInTheDocument();
  });

  test('[FLAGUI-2] without the server, the list says flags need a connection', async () => {
    renderApp('/dashboard/activity', {
      session: makeSession(),
      memberships: manager,
      rpc: { list_flags: new Error('Failed to fetch') },
    });
    const flags = await screen.findByRole('region', { name: 'Flags' });
    expect(
      await within(flags).findByText('Flags are kept on the server and need a connection.'),
    ).toBeInTheDocument();
  });

  test('[FLAGUI-7] a cashier is offered no flags anywhere and the server is never asked', async () => {
    const app = renderApp('/dashboard/activity', {
      session: makeSession(),
      memberships: [{ ...DEMO_MEMBERSHIP, role: 'cashier' }],
      rpc: { list_flags: FLAGS },
    });
    expect(await screen.findByText('The activity log is for managers and owners')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Flags' })).not.toBeInTheDocument();
    expect(app.rpcCalls.filter((call) => call.name === 'list_flags')).toEqual([]);
  });
});

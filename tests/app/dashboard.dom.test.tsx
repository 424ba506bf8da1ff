// The dashboard home (issue 8): today against the same day last week, by hour, top products, payment mix, low
// stock, this device's sync health, and a manager's range report with CSV export — through the real routes.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { persistOptInQueries } from '../../src/app/query-client';
import { makeSession } from '../support/fake-auth';
import { DEMO_MEMBERSHIP, renderApp } from '../support/render-app';
import { dayIn } from '../../src/lib/calendar';
import { blobText } from '../support/blob-text';

const day = (values: { sales: number; net: number; refunds?: number }) => [
  {
    day: '2026-11-21',
    sales_count: values.sales,
    sales_total: values.net,
    refunds_count: values.refunds ?? 0,
    refunds_total: 0,
    tax_total: 0,
    net_total: values.net,
  },
];

const answers = (lastWeekNet: number) => ({
  report_sales_by_hour: Array.from({ length: 24 }, (_, hour) => ({
    hour,
    sales_count: hour === 10 ? 2 : 0,
    net_total: hour === 10 ? 1100 : 0,
  })),
  report_top_products: [{ product_id: 'p1', name: 'Flat white', quantity: 3, net_total: 960 }],
  report_payment_mix: [
    { method: 'cash', payments_count: 2, net_amount: 700 },
    { method: 'card', payments_count: 1, net_amount: 400 },
  ],
  report_low_stock: [
    { store_id: 's1', product_id: 'p2', name: 'Oat milk', sku: 'OAT', on_hand: -2, reorder_level: 5 },
  ],
  report_sales_by_cashier: [
    { cashier_id: 'u1', display_name: 'Casey', sales_count: 2, refunds_count: 0, net_total: 1100 },
  ],
  report_sales_by_terminal: [
    { terminal_id: 't1', code: 'T1', name: 'Front', sales_count: 2, refunds_count: 0, net_total: 1100 },
  ],
  // [REP-11] €9.00 of net sales (excl. tax) had a cost of €3.60; €0.50 had no cost.
  report_margin: [
    {
      net_sales: 950,
      costed_net: 900,
      cost_total: 360,
      margin: 540,
      uncosted_net: 50,
      uncosted_lines: 1,
    },
  ],
  // [MOD-8] Net of refunds: two oat milks (adding €1.00) and three extra shots (€1.80).
  report_modifiers: [
    { option_id: 'o1', group_name: 'Milk', option_name: 'Oat', quantity: 2, delta_total: 100 },
    { option_id: 'o2', group_name: 'Extras', option_name: 'Extra shot', quantity: 3, delta_total: 180 },
  ],
  lastWeekNet,
});

function renderDashboard(lastWeekNet: number, options: { online?: boolean; queryClient?: QueryClient } = {}) {
  const { lastWeekNet: before, ...rpc } = answers(lastWeekNet);
  const today = dayIn('UTC');
  // The same function answers today, last week and the range: tell them apart by the days asked for.
  const byDay = (args: { p_from: string; p_to: string }) => {
    if (args.p_from !== args.p_to) return [];
    return args.p_from === today ? day({ sales: 2, net: 1100, refunds: 1 }) : day({ sales: 1, net: before });
  };
  return renderApp('/dashboard', {
    session: makeSession(),
    rpc: { ...rpc, report_sales_by_day: byDay },
    ...options,
  });
}

describe('today at a glance', () => {
  test('figures against the same weekday last week, by hour, top products, payment mix and low stock', async () => {
    renderDashboard(1000);
    expect(await screen.findByText('€11.00')).toBeInTheDocument();
    expect(screen.getByText(/^\+10% on last \w+day\.$/)).toBeInTheDocument();
    expect(screen.getByText(/1 refund today\. \+100% on last/)).toBeInTheDocument();
    const top = screen.getByRole('region', { name: 'Top products' });
    expect(within(top).getByText('Flat white')).toBeInTheDocument();
    const mix = screen.getByRole('region', { name: 'Payment mix' });
    expect(within(mix).getByText('Cash')).toBeInTheDocument();
    expect(within(mix).getByText('€7.00 · 2')).toBeInTheDocument();
    const low = screen.getByRole('region', { name: 'Low stock' });
    const oat = within(low).getByRole('row', { name: /Oat milk/ });
    expect(
      within(oat)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['-2', '5']);
    const hours = screen.getByRole('table', { name: 'Sales by hour' });
    expect(within(hours).getByText('€11.00 from 2 sales')).toBeInTheDocument();
    // [REP-11] The margin is of the sales with a known cost; the rest is named, not counted as free.
    // The amount large and its percentage under it, so the card's figure fits a tablet's quarter (issue 34).
    const margin = screen.getByText('Gross margin today').parentElement;
    if (!margin) throw new Error('no margin card');
    expect(within(margin).getByText('€5.40')).toBeInTheDocument();
    expect(within(margin).getByText('60.0 %')).toBeInTheDocument();
    expect(
      screen.getByText(
        'On €9.00 of net sales (excl. tax) costing €3.60. €0.50 of sales have no cost and are left out.',
      ),
    ).toBeInTheDocument();
  });

  test("this device's sync health is shown to everyone", async () => {
    renderDashboard(0);
    const health = await screen.findByRole('region', { name: 'This device' });
    expect(within(health).getByText('All synced')).toBeInTheDocument();
  });
});

describe('range report', () => {
  test('a manager picks a range, sees it by cashier and terminal, and exports CSV', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:report';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    // jsdom cannot follow a download link; the file is what matters.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderDashboard(0);
    // Loaded lazily: give the import time on a busy machine.
    const report = await screen.findByRole('region', { name: 'Report' }, { timeout: 10_000 });
    const cashiers = await within(report).findByRole('region', { name: 'By cashier' });
    expect(within(cashiers).getByText('Casey')).toBeInTheDocument();
    expect(within(report).getByRole('region', { name: 'By terminal' })).toHaveTextContent('T1 Front');
    expect(within(report).getByLabelText('Gross margin')).toHaveTextContent(
      'Gross margin: €5.40 (60.0 %). On €9.00 of net sales (excl. tax) costing €3.60. €0.50 of sales have no cost and are left out.',
    );
    await userEvent.click(within(cashiers).getByRole('button', { name: 'Export as CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(await blobText(created[0])).toBe('Cashier,Sales,Refunds,Net total\nCasey,2,0,11.00');

    const modifiers = within(report).getByRole('region', { name: 'Modifiers sold' });
    expect(within(modifiers).getByRole('rowheader', { name: 'Oat' }).closest('tr')).toHaveTextContent(
      'MilkOat2€1.00',
    );
    await userEvent.click(within(modifiers).getByRole('button', { name: 'Export modifiers as CSV' }));
    expect(await blobText(created[1])).toBe(
      'Group,Option,Quantity,Added\nMilk,Oat,2,1.00\nExtras,Extra shot,3,1.80',
    );

    const from = within(report).getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2030-01-01');
    expect(within(report).getByText('The end date is before the start date.')).toBeInTheDocument();
    expect(within(report).getByRole('button', { name: 'Show report' })).toBeDisabled();
  });

  test('cashiers get neither the figures nor the report', async () => {
    const app = renderApp('/dashboard', {
      session: makeSession(),
      memberships: [{ ...DEMO_MEMBERSHIP, role: 'cashier' }],
    });
    // They open the register instead of the overview (issue 16).
    await screen.findByRole('heading', { level: 1, name: 'Register' });
    expect(screen.queryByRole('heading', { name: 'Today at a glance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Report' })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(app.rpcCalls.filter((call) => call.name.startsWith('report_'))).toEqual([]);
    });
  });
});

describe('gone offline in the session (React Query holds the fetches back)', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.useRealTimers();
    localStorage.clear();
  });

  /** A cache as main.tsx makes it: restored from localStorage, and written back as queries succeed. */
  async function persistedClient() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await persistOptInQueries(client, localStorage);
    return client;
  }

  test('the figures loaded earlier are shown as from then, and the report as loaded then', async () => {
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T09:00:00Z'));
    renderDashboard(1000, { queryClient: await persistedClient() });
    expect((await screen.findAllByText('€11.00')).length).toBeGreaterThan(0);
    await screen.findByRole('region', { name: 'By cashier' }, { timeout: 10_000 });
    cleanup();

    // Past the figures' fresh minutes, so they are asked for again and held back.
    vi.setSystemTime(new Date('2026-11-26T11:30:00Z'));
    onlineManager.setOnline(false);
    renderDashboard(1000, { online: false, queryClient: await persistedClient() });
    expect(
      await screen.findByText(/^These are the figures from today at 09:00: they cannot be refreshed/),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Today' })).getByText('€11.00')).toBeInTheDocument();
    const report = await screen.findByRole('region', { name: 'Report' }, { timeout: 10_000 });
    expect(within(report).getByText('Showing the report as loaded today at 09:00.')).toBeInTheDocument();
  });

  test('with nothing loaded before, they say they need a connection instead of loading for ever', async () => {
    onlineManager.setOnline(false);
    renderDashboard(1000, { online: false });
    const report = await screen.findByRole('region', { name: 'Report' }, { timeout: 10_000 });
    expect(await within(report).findByRole('alert')).toHaveTextContent(
      'This report needs a connection to the server. This device is offline.',
    );
    expect(within(report).queryByText('Loading the report…')).not.toBeInTheDocument();
    expect(screen.getAllByText("Today's figures need a connection to the server.")).toHaveLength(5);
    expect(screen.getByRole('region', { name: 'Today' })).toHaveAttribute('aria-busy', 'false');
  });
});

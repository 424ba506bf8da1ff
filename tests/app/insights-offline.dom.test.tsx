// Insights read offline (issue 22, [INS-1]): the answers persist as the dashboard's do (persistOptInQueries,
// meta.persist), so a manager who opened Insights once sees the same figures later with no network — dated
// when they were computed, and told the device is offline or the server cannot be reached, not an error.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { persistOptInQueries } from '../../src/app/query-client';
import type { CustomersInsight, Heatmap, SalesInsight } from '../../src/data/remote/insights';
import { makeSession } from '../support/fake-auth';
import { DEMO_MEMBERSHIP, renderApp } from '../support/render-app';

const PARIS = { ...DEMO_MEMBERSHIP, companies: { ...DEMO_MEMBERSHIP.companies, time_zone: 'Europe/Paris' } };

const money = { net_total: 0, net_sales: 0, costed_net: 0, cost_total: 0, margin: 0, uncosted_net: 0 };
const baskets = {
  sales_count: 0,
  sales_total: 0,
  refunds_count: 0,
  refunds_total: 0,
  items: 0,
  average_basket: null,
  items_per_basket: null,
};

function sales(net: number, count: number): SalesInsight {
  return {
    totals: {
      ...money,
      ...baskets,
      net_total: net,
      net_sales: net,
      sales_count: count,
      sales_total: net,
      average_basket: Math.round(net / count),
      discount_total: 0,
    },
    categories: [],
    products: [],
    days: [],
    people: [],
  };
}

const HEATMAP: Heatmap = { cells: [] };

const CUSTOMERS: CustomersInsight = {
  totals: {
    customers: 0,
    new: 0,
    returning: 0,
    repeat: 0,
    repeat_rate_pct: null,
    visits: 0,
    visits_per_customer: null,
    net_total: 0,
    customer_net: 0,
    customer_share_pct: null,
  },
  top: [],
  lapsed: [],
};

/** The server while it answers: this period €1,234.00 from 40 sales, €1,000.00 before and a year ago. */
const ONLINE = {
  insight_sales: (args: { p_to: string }) =>
    args.p_to.startsWith('2026-11-26') ? sales(123_400, 40) : sales(100_000, 32),
  insight_heatmap: HEATMAP,
  insight_customers: CUSTOMERS,
};

/** The network gone: every call fails as fetch does. */
const GONE = Object.fromEntries(
  ['insight_sales', 'insight_heatmap', 'insight_customers'].map((name) => [
    name,
    new TypeError('Failed to fetch'),
  ]),
);

const COMPUTED_AT = new Date('2026-11-26T09:00:00Z'); // 10:00 in Paris
const LATER = new Date('2026-11-26T11:30:00Z'); // past the answers' five fresh minutes

/** A cache as main.tsx makes it: restored from localStorage, and written back as queries succeed. */
async function persistedClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await persistOptInQueries(client, localStorage);
  return client;
}

async function openInsights(rpc: Record<string, unknown>, online = true) {
  const app = renderApp('/dashboard/insights', {
    session: makeSession(),
    memberships: [PARIS],
    rpc,
    online,
    queryClient: await persistedClient(),
  });
  await screen.findByRole('heading', { level: 1, name: 'Insights' }, { timeout: 10_000 });
  return app;
}

const netSalesRow = () =>
  within(screen.getByRole('table', { name: 'Sales compared' })).getByRole('rowheader', { name: 'Net sales' })
    .parentElement;

beforeEach(async () => {
  // jsdom draws no canvas: the charts skip drawing (their tables carry the figures) instead of logging.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(COMPUTED_AT);
  // Once online: the figures load from the server, and the cache keeps them.
  await openInsights(ONLINE);
  expect(await screen.findByText('Sales figures computed today at 10:00.')).toBeInTheDocument();
  expect(netSalesRow()).toHaveTextContent('€1,234.00');
  cleanup();
  vi.setSystemTime(LATER);
});

afterEach(() => {
  onlineManager.setOnline(true);
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('[INS-1] insights with the network gone', () => {
  test('opened offline: the cached figures, when they were computed, and that the server cannot be reached', async () => {
    const app = await openInsights(GONE, false);
    expect(
      await screen.findByText(
        'Showing sales figures as computed today at 10:00: the server cannot be reached.',
      ),
    ).toBeInTheDocument();
    expect(netSalesRow()).toHaveTextContent('€1,234.00');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // It did try, and the failure did not throw the figures away.
    expect(app.rpcCalls.some((call) => call.name === 'insight_sales')).toBe(true);
  });

  test('gone offline in the session: the cached figures, dated, and that this device is offline', async () => {
    onlineManager.setOnline(false);
    const app = await openInsights(GONE, false);
    expect(
      await screen.findByText('Showing sales figures as computed today at 10:00: this device is offline.'),
    ).toBeInTheDocument();
    expect(netSalesRow()).toHaveTextContent('€1,234.00');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(app.rpcCalls.filter((call) => call.name.startsWith('insight_'))).toEqual([]);
  });

  test('offline with nothing cached for a view: it says the view needs a connection, not "Loading…"', async () => {
    onlineManager.setOnline(false);
    await openInsights(GONE, false);
    await screen.findByText(/^Showing sales figures as computed/);
    await userEvent.click(screen.getByRole('tab', { name: 'Inventory' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Stock figures need a connection to the server. This device is offline.',
    );
    expect(screen.queryByText(/Loading stock figures/i)).not.toBeInTheDocument();
  });
});

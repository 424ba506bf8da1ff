// The stocktake screens (issue 38) against a real ledger on fake-indexeddb and a fake server: the list and
// 'New stocktake' (a missing choice named in words, nothing queued), the review's figures, counts per till,
// 'Not counted' and 'Not in this stocktake', the warning before approving with tills unsynced, 'Approve
// stocktake' and 'Cancel stocktake' queued, and the tab 'Variances' with its CSV.
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { COMPANY_A, freshLedger, STORE, testDeps } from '../../../../tests/support/ledger-fixtures';
import { ok } from '../../../domain/result';
import { StocktakeReviewPage } from './stocktake-review';
import type { StocktakeReview, StocktakesDeps, StocktakeSummary, VarianceRow } from './stocktakes-deps';
import { StocktakesPage } from './stocktakes-page';

const STOCKTAKE = '01939a00-0000-7000-8000-0000000000c1';
const CROISSANT = 'd4000000-0000-4000-8000-000000000101';
const JAM = 'd4000000-0000-4000-8000-000000000102';
const PENS = 'd4000000-0000-4000-8000-000000000103';
const TILL = 'd6000000-0000-4000-8000-000000000001';
const CATEGORY = 'd3000000-0000-4000-8000-000000000001';

const SUMMARY: StocktakeSummary = {
  id: STOCKTAKE,
  number: 'ST-0001',
  storeName: 'Demo Shop Main Street',
  scope: 'category',
  scopeName: 'Bakery',
  status: 'open',
  openedAt: '2026-11-20T08:00:00Z',
  approvedAt: null,
};

const line = (productId: string, name: string, expected: number, counted: number, value: number | null) => ({
  productId,
  name,
  sku: null,
  expected,
  counted,
  variance: counted - expected,
  varianceValue: value,
  counts: [
    {
      id: `${productId}-1`,
      counted,
      zone: 'Back shelf',
      terminalId: TILL,
      countedAt: '2026-11-20T08:30:00Z',
      replaced: false,
      late: false,
    },
  ],
});

const REVIEW: StocktakeReview = {
  id: STOCKTAKE,
  number: 'ST-0001',
  storeId: STORE,
  scope: 'category',
  scopeId: CATEGORY,
  status: 'open',
  openedAt: '2026-11-20T08:00:00Z',
  approvedAt: null,
  note: null,
  lines: [line(CROISSANT, 'Croissant', 35_000, 33_000, -240)],
  notCounted: [{ productId: JAM, name: 'Jam', sku: null, onHand: 4_000 }],
  outOfScope: [line(PENS, 'Blue pens', 10_000, 12_000, 300)],
  unsyncedTills: [{ terminalId: TILL, name: 'Till 2', lastSyncedAt: null }],
};

const VARIANCES: VarianceRow[] = [
  {
    stocktakeId: STOCKTAKE,
    number: 'ST-0001',
    storeId: STORE,
    approvedAt: '2026-11-20T09:30:00Z',
    productId: CROISSANT,
    name: 'Croissant',
    sku: 'BAK-1',
    expected: 35_000,
    counted: 33_000,
    variance: -2_000,
    varianceValue: -240,
  },
];

function world(review: StocktakeReview = REVIEW) {
  const ledger = freshLedger();
  const variances = vi.fn(() => Promise.resolve(ok(VARIANCES)));
  const download = vi.fn();
  const deps: StocktakesDeps = {
    companyId: COMPANY_A,
    currency: 'EUR',
    timeZone: 'Europe/Paris',
    commandDeps: testDeps(ledger, () => crypto.randomUUID()),
    remote: {
      list: () => Promise.resolve(ok([SUMMARY])),
      review: () => Promise.resolve(ok(review)),
      variances,
      suppliers: () =>
        Promise.resolve(ok([{ id: 'd5000000-0000-4000-8000-000000000001', name: 'Fresh Fields' }])),
    },
    stores: () => Promise.resolve([{ id: STORE, name: 'Demo Shop Main Street' }]),
    categories: () => Promise.resolve([{ id: CATEGORY, name: 'Bakery' }]),
    terminals: () => Promise.resolve([{ id: TILL, name: 'Till 2' }]),
    download,
  };
  return { ledger, deps, variances, download };
}

function show(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

afterEach(cleanup);

describe('/dashboard/stocktakes', () => {
  test('lists the stocktakes with every column and opens one', async () => {
    const { deps } = world();
    const onOpen = vi.fn();
    show(<StocktakesPage deps={deps} onOpen={onOpen} />);
    const table = await screen.findByRole('table', { name: 'Stocktakes' });
    for (const header of ['Number', 'Store', 'Scope', 'Status', 'Opened', 'Approved']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(table).getByText('Bakery')).toBeInTheDocument();
    expect(within(table).getByText('Open')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'ST-0001' }));
    expect(onOpen).toHaveBeenCalledWith(STOCKTAKE);
  });

  test('[PUR-31] New stocktake: a category scope without its category is named in words; with it, stocktake.open is queued', async () => {
    const { deps, ledger } = world();
    show(<StocktakesPage deps={deps} onOpen={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'New stocktake' }));
    const form = screen.getByRole('form', { name: 'New stocktake' });
    for (const name of ['All products', 'A category', 'A supplier']) {
      expect(within(form).getByRole('radio', { name })).toBeInTheDocument();
    }
    await userEvent.click(within(form).getByRole('radio', { name: 'A category' }));
    await within(form).findByRole('option', { name: 'Bakery' });
    await userEvent.click(within(form).getByRole('button', { name: 'Open stocktake' }));
    expect(await screen.findByText('Choose the category to count.')).toBeInTheDocument();
    expect(await ledger.outbox.count()).toBe(0);
    await userEvent.selectOptions(within(form).getByLabelText('Category'), CATEGORY);
    await userEvent.click(within(form).getByRole('button', { name: 'Open stocktake' }));
    expect(await screen.findByText(/opened as soon as it reaches the server/)).toBeInTheDocument();
    const [op] = await ledger.outbox.toArray();
    expect(op).toMatchObject({
      name: 'stocktake.open',
      args: { company_id: COMPANY_A, store_id: STORE, scope: 'category', category_id: CATEGORY },
    });
  });

  test('[PUR-41] Variances: the report from and to, its money in the shop currency, and Export CSV', async () => {
    const { deps, variances, download } = world();
    show(<StocktakesPage deps={deps} onOpen={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Variances' }));
    expect(screen.getByLabelText('From')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show report' }));
    const table = await screen.findByRole('table', { name: 'Variances' });
    expect(variances).toHaveBeenCalledTimes(1);
    // The server's report takes the shop's days (`date`), not instants ([REP-1]).
    const day = expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown;
    expect(variances).toHaveBeenCalledWith(day, day);
    expect(within(table).getByText('−2')).toBeInTheDocument();
    expect(within(table).getByText('-€2.40')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const [name, csv] = download.mock.calls[0] as [string, string];
    expect(name).toMatch(/^tillpoint-stocktake-variances-.*\.csv$/);
    expect(csv.split('\n')[0]).toBe(
      'Stocktake,Store,Approved,Product,SKU,Expected,Counted,Variance,Variance value',
    );
    expect(csv.split('\n')[1]).toBe(
      'ST-0001,Demo Shop Main Street,2026-11-20T09:30:00Z,Croissant,BAK-1,35,33,-2,-2.40',
    );
  });
});

describe('/dashboard/stocktakes/$stocktakeId', () => {
  test('[PUR-37] the review: expected, counted, variance and its value, the counts per till, not counted and not in this stocktake', async () => {
    const { deps } = world();
    show(<StocktakeReviewPage deps={deps} stocktakeId={STOCKTAKE} onBack={vi.fn()} />);
    const table = await screen.findByRole('table', { name: 'Counted products' });
    for (const header of ['Expected', 'Counted', 'Variance', 'Variance value']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = within(table).getByRole('row', { name: /Croissant/ });
    expect(within(row).getByText('35')).toBeInTheDocument();
    expect(within(row).getByText('−2')).toBeInTheDocument();
    expect(within(row).getByText('-€2.40')).toBeInTheDocument();
    expect(await within(row).findByText('Till 2 · Back shelf · 33')).toBeInTheDocument();
    const notCounted = screen.getByRole('region', { name: 'Not counted' });
    expect(within(notCounted).getByRole('listitem')).toHaveTextContent('Jam · 4 on hand');
    expect(screen.getByRole('region', { name: 'Not in this stocktake' })).toHaveTextContent('Blue pens');
    expect(screen.getByText('Some tills have not synced since this stocktake opened')).toBeInTheDocument();
    expect(await screen.findByText(/Demo Shop Main Street · Bakery · Opened/)).toBeInTheDocument();
  });

  test('[PUR-34] Approve stocktake warns of the unsynced tills first, then queues zero for the uncounted and the product left out', async () => {
    const { deps, ledger } = world();
    show(<StocktakeReviewPage deps={deps} stocktakeId={STOCKTAKE} onBack={vi.fn()} />);
    await screen.findByRole('table', { name: 'Counted products' });
    await userEvent.click(screen.getByRole('radio', { name: 'Count them as zero' }));
    expect(screen.getByRole('radio', { name: 'Leave them alone' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Leave out Blue pens' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve stocktake' }));
    expect(await screen.findByText('Approve before every till has synced?')).toBeInTheDocument();
    expect(await ledger.outbox.count()).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Approve anyway' }));
    expect(await screen.findByText(/Approval sent/)).toBeInTheDocument();
    const [op] = await ledger.outbox.toArray();
    expect(op).toMatchObject({
      name: 'stocktake.approve',
      args: { id: STOCKTAKE, uncounted: 'zero', exclude_product_ids: [PENS] },
    });
  });

  test('[PUR-35] Cancel stocktake asks why in words before queuing', async () => {
    const { deps, ledger } = world({ ...REVIEW, unsyncedTills: [] });
    show(<StocktakeReviewPage deps={deps} stocktakeId={STOCKTAKE} onBack={vi.fn()} />);
    await screen.findByRole('table', { name: 'Counted products' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel stocktake' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel stocktake' }));
    expect(await screen.findByText('Say why the stocktake is cancelled.')).toBeInTheDocument();
    expect(await ledger.outbox.count()).toBe(0);
    await userEvent.type(screen.getByLabelText('Why cancel it?'), 'Wrong store');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel stocktake' }));
    expect(await screen.findByText(/Cancellation sent/)).toBeInTheDocument();
    const [op] = await ledger.outbox.toArray();
    expect(op).toMatchObject({ name: 'stocktake.cancel', args: { id: STOCKTAKE, reason: 'Wrong store' } });
  });

  test('an approved stocktake offers no approval and says so', async () => {
    const { deps } = world({ ...REVIEW, status: 'approved', approvedAt: '2026-11-20T09:30:00Z' });
    show(<StocktakeReviewPage deps={deps} stocktakeId={STOCKTAKE} onBack={vi.fn()} />);
    expect(await screen.findByText(/ST-0001 · Approved/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve stocktake' })).toBeNull();
    expect(screen.queryByText('Some tills have not synced since this stocktake opened')).toBeNull();
  });
});

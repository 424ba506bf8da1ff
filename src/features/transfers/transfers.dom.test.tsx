// The transfer screens (issue 38, docs/purchasing.md "Transfers") against a real ledger on fake-indexeddb and
// a fake server: the list with its columns and filters, 'In transit' with 'Export CSV', a new transfer saved
// as a draft, bad input named in words with nothing queued, a transfer on its way with its differences and a
// held line settled, and 'Close transfer' asking what became of the rest.
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { COMPANY_A, freshLedger, STORE, testDeps } from '../../../tests/support/ledger-fixtures';
import { ok } from '../../domain/result';
import { inTransitCsv } from './in-transit-csv';
import { TransferEditor } from './transfer-editor';
import { TransfersPage } from './transfers-page';
import type {
  InTransitLine,
  TransferDetail,
  TransferFilter,
  TransferProduct,
  TransferSummary,
  TransfersDeps,
} from './transfers-deps';

const download = vi.hoisted(() => vi.fn());
vi.mock('../../lib/download', () => ({ downloadFile: download }));

const MARKET = 'd2000000-0000-4000-8000-000000000002';
const TRANSFER = '01939a00-0000-7000-8000-0000000000c1';
const LINE = '01939a00-0000-7000-8000-0000000000c2';
const PENS: TransferProduct = {
  id: 'd4000000-0000-4000-8000-000000000201',
  name: 'Blue pens',
  sku: 'PEN-1',
  weighed: false,
};
const PENCILS: TransferProduct = {
  id: 'd4000000-0000-4000-8000-000000000202',
  name: 'Blue pencils',
  sku: 'PEN-2',
  weighed: false,
};

const SUMMARIES: TransferSummary[] = [
  {
    id: TRANSFER,
    number: 'TR-0001',
    fromStoreId: STORE,
    toStoreId: MARKET,
    status: 'in_transit',
    sentAt: '2026-11-28T09:00:00Z',
    sent: 15_000,
    inTransit: 15_000,
    received: 0,
  },
];

const IN_TRANSIT: InTransitLine[] = [
  {
    transferId: TRANSFER,
    number: 'TR-0001',
    fromStoreId: STORE,
    toStoreId: MARKET,
    productId: PENS.id,
    name: 'Blue pens',
    sku: 'PEN-1',
    sentAt: '2026-11-28T09:00:00Z',
    inTransit: 10_000,
    valueAtCost: 450,
    daysInTransit: 1,
  },
];

const ON_ITS_WAY: TransferDetail = {
  id: TRANSFER,
  number: 'TR-0001',
  fromStoreId: STORE,
  toStoreId: MARKET,
  status: 'partly_received',
  note: '',
  version: 4,
  sentAt: '2026-11-28T09:00:00Z',
  lines: [
    {
      id: LINE,
      productId: PENS.id,
      quantity: 10_000,
      sent: 10_000,
      received: 6_000,
      damaged: 1_000,
      lost: 0,
      returned: 0,
      held: 2_000,
      inTransit: 3_000,
    },
  ],
  heldLines: [
    { id: '01939a00-0000-7000-8000-0000000000d1', transferLineId: LINE, productId: PENS.id, held: 2_000 },
  ],
  events: [
    {
      id: 'e1',
      kind: 'sent',
      fromStatus: 'draft',
      toStatus: 'in_transit',
      occurredAt: '2026-11-28T09:00:00Z',
      who: 'Maria',
    },
  ],
};

function world(detail: TransferDetail | null = null) {
  const ledger = freshLedger();
  const list = vi.fn((filter: TransferFilter) => Promise.resolve(ok(filter === 'drafts' ? [] : SUMMARIES)));
  const inTransit = vi.fn((_storeId: string | null) => Promise.resolve(ok(IN_TRANSIT)));
  const stores = [
    { id: MARKET, name: 'Demo Shop Market Square' },
    { id: STORE, name: 'Demo Shop Main Street' },
  ];
  const deps: TransfersDeps = {
    companyId: COMPANY_A,
    currency: 'EUR',
    timeZone: 'Europe/Paris',
    commandDeps: testDeps(ledger, () => crypto.randomUUID()),
    remote: {
      list,
      get: () => Promise.resolve(ok(detail)),
      inTransit,
      storeNames: () => Promise.resolve(ok(stores)),
    },
    stores: () => Promise.resolve(stores),
    products: () => Promise.resolve([PENCILS, PENS]),
  };
  return { ledger, deps, list, inTransit };
}

function show(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

afterEach(cleanup);

describe('/dashboard/transfers', () => {
  test('lists the transfers on their way with every column, and each filter asks for its own', async () => {
    const { deps, list } = world();
    const onOpen = vi.fn();
    show(<TransfersPage deps={deps} onOpen={onOpen} onNew={vi.fn()} />);
    const table = await screen.findByRole('table', { name: 'Transfers' });
    for (const header of ['Number', 'From', 'To', 'Status', 'Sent', 'In transit', 'Received']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(await within(table).findByText('Demo Shop Main Street')).toBeInTheDocument();
    expect(within(table).getByText('Demo Shop Market Square')).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'In transit' })).toBeInTheDocument();
    expect(within(table).getAllByText('15')).toHaveLength(2);
    expect(list).toHaveBeenLastCalledWith('open');
    await userEvent.click(within(table).getByRole('button', { name: 'TR-0001' }));
    expect(onOpen).toHaveBeenCalledWith(TRANSFER);
    await userEvent.click(screen.getByRole('button', { name: 'Drafts' }));
    expect(await screen.findByText('No transfers here yet.')).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith('drafts');
    expect(screen.getByRole('button', { name: 'New transfer' })).toBeInTheDocument();
  });

  test('[PUR-40] In transit lists each line on its way for the chosen store, and Export CSV downloads it', async () => {
    const { deps, inTransit } = world();
    show(<TransfersPage deps={deps} onOpen={vi.fn()} onNew={vi.fn()} />);
    const report = await screen.findByRole('table', { name: 'In transit' });
    expect(await within(report).findByText('Blue pens')).toBeInTheDocument();
    expect(within(report).getByText('€4.50')).toBeInTheDocument();
    expect(inTransit).toHaveBeenLastCalledWith(null);
    await userEvent.selectOptions(screen.getByLabelText('Store'), MARKET);
    expect(inTransit).toHaveBeenLastCalledWith(MARKET);
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(download).toHaveBeenCalledWith(
      expect.stringMatching(/^tillpoint-in-transit-.*\.csv$/),
      expect.stringContaining('TR-0001'),
      'text/csv',
    );
  });

  test('[PUR-40] the CSV has money as plain decimals and the stores by name', () => {
    const names = new Map([
      [STORE, 'Main'],
      [MARKET, 'Market'],
    ]);
    const csv = inTransitCsv(IN_TRANSIT, (id) => names.get(id) ?? '', 'EUR');
    expect(csv).toContain('TR-0001,Main,Market,Blue pens,PEN-1,2026-11-28T09:00:00Z,10,4.50,1');
  });
});

describe('/dashboard/transfers/$transferId', () => {
  test('[PUR-25] a new transfer: two stores and a product, Save draft queues the draft and opens it', async () => {
    const { deps, ledger } = world();
    const onSaved = vi.fn();
    show(<TransferEditor deps={deps} transferId={null} onSaved={onSaved} />);
    await screen.findAllByRole('option', { name: 'Demo Shop Market Square' });
    await userEvent.selectOptions(screen.getByLabelText('From'), STORE);
    await userEvent.selectOptions(screen.getByLabelText('To'), MARKET);
    await userEvent.type(screen.getByLabelText('Add product'), 'pens');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Blue pens' }));
    const quantity = screen.getByLabelText('Quantity of Blue pens');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/Draft saved/)).toBeInTheDocument();
    const [op] = await ledger.outbox.toArray();
    expect(op).toMatchObject({
      name: 'transfer.save',
      args: {
        company_id: COMPANY_A,
        from_store_id: STORE,
        to_store_id: MARKET,
        lines: [{ product_id: PENS.id, quantity: '10.000' }],
      },
    });
    expect(onSaved).toHaveBeenCalledWith(op?.args.id);
    // The route opens the saved draft's address: offline, the server has no copy yet; this device's shows.
    cleanup();
    show(<TransferEditor deps={deps} transferId={String(op?.args.id)} onSaved={vi.fn()} />);
    expect(await screen.findByLabelText('Quantity of Blue pens')).toHaveValue('10');
    expect(screen.getByRole('button', { name: 'Cancel transfer' })).toBeInTheDocument();
  });

  test('bad input is named in words and nothing is queued: the same store twice, a fraction of a pen, a negative', async () => {
    const { deps, ledger } = world();
    show(<TransferEditor deps={deps} transferId={null} onSaved={vi.fn()} />);
    await screen.findAllByRole('option', { name: 'Demo Shop Main Street' });
    await userEvent.selectOptions(screen.getByLabelText('From'), STORE);
    await userEvent.selectOptions(screen.getByLabelText('To'), STORE);
    await userEvent.type(screen.getByLabelText('Add product'), 'pens');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Blue pens' }));
    await userEvent.type(screen.getByLabelText('Add product'), 'pencils');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Blue pencils' }));
    await userEvent.clear(screen.getByLabelText('Quantity of Blue pens'));
    await userEvent.type(screen.getByLabelText('Quantity of Blue pens'), '1.5');
    await userEvent.clear(screen.getByLabelText('Quantity of Blue pencils'));
    await userEvent.type(screen.getByLabelText('Quantity of Blue pencils'), '-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      await screen.findByText('A transfer goes from one store to another: pick two different stores.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Blue pens is counted in whole units')).toBeInTheDocument();
    expect(screen.getByText('A quantity cannot be below zero')).toBeInTheDocument();
    expect(await ledger.outbox.count()).toBe(0);
  });

  test('[PUR-28] a transfer on its way shows sent, received and in transit, its Differences, and Accept queues the settle', async () => {
    const { deps, ledger } = world(ON_ITS_WAY);
    show(<TransferEditor deps={deps} transferId={TRANSFER} onSaved={vi.fn()} />);
    expect(await screen.findByText('TR-0001')).toBeInTheDocument();
    expect(screen.getByText('Partly received')).toBeInTheDocument();
    const lines = screen.getByRole('table', { name: 'Lines' });
    for (const header of ['Product', 'Quantity', 'Sent', 'Received', 'In transit', 'Damaged', 'Lost']) {
      expect(within(lines).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = within(lines).getByRole('row', { name: /Blue pens/ });
    expect(within(row).getByText('6')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
    const differences = screen.getByRole('region', { name: 'Differences' });
    expect(within(differences).getByText('Damaged: 1')).toBeInTheDocument();
    await userEvent.click(within(differences).getByRole('button', { name: 'Accept 2 Blue pens' }));
    expect(await screen.findByText('Held quantity accepted.')).toBeInTheDocument();
    const [op] = await ledger.outbox.toArray();
    expect(op).toMatchObject({
      name: 'transfer.settle',
      args: { receipt_line_id: '01939a00-0000-7000-8000-0000000000d1', action: 'accept' },
    });
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText(/Draft → In transit/)).toBeInTheDocument();
    expect(within(history).getByText(/Maria/)).toBeInTheDocument();
  });

  test('[PUR-29] Close transfer waits while something is held, then asks Lost or Returned to sender', async () => {
    const { deps, ledger } = world(ON_ITS_WAY);
    show(<TransferEditor deps={deps} transferId={TRANSFER} onSaved={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Close transfer' }));
    expect(await screen.findByText('Accept or drop the held quantities first.')).toBeInTheDocument();
    expect(await ledger.outbox.count()).toBe(0);
    cleanup();
    const settled = world({ ...ON_ITS_WAY, heldLines: [] });
    show(<TransferEditor deps={settled.deps} transferId={TRANSFER} onSaved={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Close transfer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Returned to sender' }));
    expect(await screen.findByText('Transfer closed.')).toBeInTheDocument();
    const [op] = await settled.ledger.outbox.toArray();
    expect(op).toMatchObject({
      name: 'transfer.close',
      args: { id: TRANSFER, action: 'close', remainder: 'returned' },
    });
  });
});

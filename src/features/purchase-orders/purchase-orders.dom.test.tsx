// The purchase order screens (issue 38, piece E) against a real ledger on fake-indexeddb and a fake server:
// the list by filter, a new order from supplier to 'Mark as ordered' (two ops queued, in order), bad lines
// named in words with nothing queued, an order on its way with its held quantity settled, and the print view.
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { COMPANY_A, freshLedger, STORE, testDeps } from '../../../tests/support/ledger-fixtures';
import { err, ok, type Result } from '../../domain/result';
import { PurchaseOrderEditor } from './purchase-order-editor';
import { PurchaseOrderPrint } from './purchase-order-print';
import { PurchaseOrdersPage } from './purchase-orders-page';
import type {
  OrderDetail,
  OrderFilter,
  OrderProduct,
  OrderSummary,
  PurchaseOrdersDeps,
  ReceivedFilter,
  ReceivedRow,
} from './purchase-orders-deps';

const FRESH = 'd5000000-0000-4000-8000-000000000001';
const ORDER = '01939a00-0000-7000-8000-0000000000a1';
const LINE = '01939a00-0000-7000-8000-0000000000a2';
const BANANAS: OrderProduct = {
  id: 'd4000000-0000-4000-8000-000000000101',
  name: 'Bananas',
  sku: 'FRU-0101',
  weighed: true,
  cost: 90,
  supplierId: FRESH,
};
const CARROTS: OrderProduct = {
  id: 'd4000000-0000-4000-8000-000000000112',
  name: 'Organic carrots',
  sku: 'FRU-0112',
  weighed: false,
  cost: 60,
  supplierId: FRESH,
};

const SUMMARIES: OrderSummary[] = [
  {
    id: ORDER,
    number: 'PO-0001',
    supplierName: 'Fresh Fields Produce',
    storeName: 'Demo Shop Main Street',
    status: 'ordered',
    expectedOn: '2026-11-23',
    orderedAt: '2026-11-20T09:00:00Z',
    totalCost: 2340,
  },
];

const ON_ITS_WAY: OrderDetail = {
  id: ORDER,
  number: 'PO-0001',
  storeId: STORE,
  supplierId: FRESH,
  status: 'partly_received',
  expectedOn: '2026-11-23',
  note: '',
  version: 3,
  orderedAt: '2026-11-20T09:00:00Z',
  lines: [
    {
      id: LINE,
      productId: CARROTS.id,
      quantity: 24_000,
      unitCost: 60,
      offSupplier: false,
      received: 12_000,
      held: 5_000,
      cancelled: 0,
    },
  ],
  heldLines: [
    { id: '01939a00-0000-7000-8000-0000000000b1', orderLineId: LINE, productId: CARROTS.id, held: 5_000 },
  ],
  receiptIds: [],
  events: [
    {
      id: 'e1',
      kind: 'ordered',
      fromStatus: 'draft',
      toStatus: 'ordered',
      occurredAt: '2026-11-20T09:00:00Z',
      who: 'Maria',
    },
  ],
};

const RECEIVED: ReceivedRow[] = [
  {
    supplierId: FRESH,
    supplierName: 'Fresh Fields Produce',
    productId: BANANAS.id,
    name: 'Bananas',
    sku: 'FRU-0101',
    quantity: 10_500,
    costValue: 945,
    uncostedQuantity: 0,
    receipts: 2,
  },
  {
    supplierId: FRESH,
    supplierName: 'Fresh Fields Produce',
    productId: CARROTS.id,
    name: 'Organic carrots',
    sku: 'FRU-0112',
    quantity: 24_000,
    costValue: 1_440,
    uncostedQuantity: 4_000,
    receipts: 1,
  },
];

function world(detail: OrderDetail | null = null) {
  const ledger = freshLedger();
  const list = vi.fn((filter: OrderFilter) => Promise.resolve(ok(filter === 'drafts' ? [] : SUMMARIES)));
  const received = vi.fn(
    (_from: string, _to: string, _filter: ReceivedFilter): Promise<Result<ReceivedRow[]>> =>
      Promise.resolve(ok(RECEIVED)),
  );
  const download = vi.fn();
  const deps: PurchaseOrdersDeps = {
    companyId: COMPANY_A,
    shopName: 'Demo Shop',
    currency: 'EUR',
    timeZone: 'Europe/Paris',
    commandDeps: testDeps(ledger, () => crypto.randomUUID()),
    remote: {
      list,
      get: () => Promise.resolve(ok(detail)),
      suppliers: () => Promise.resolve(ok([{ id: FRESH, name: 'Fresh Fields Produce', leadTimeDays: 2 }])),
      received,
    },
    stores: () => Promise.resolve([{ id: STORE, name: 'Demo Shop Main Street' }]),
    products: () => Promise.resolve([BANANAS, CARROTS]),
    sendToSupplier: vi.fn((_orderId: string) => Promise.resolve(ok({ status: 'ordered' }))),
    download,
  };
  return { ledger, deps, list, received, download };
}

function show(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

afterEach(cleanup);

describe('/dashboard/purchase-orders', () => {
  test('lists the open orders by default with every column, and each filter asks for its own', async () => {
    const { deps, list } = world();
    const onOpen = vi.fn();
    show(<PurchaseOrdersPage deps={deps} onOpen={onOpen} onNew={vi.fn()} />);
    const table = await screen.findByRole('table', { name: 'Purchase orders' });
    for (const header of ['Number', 'Supplier', 'Store', 'Status', 'Expected', 'Ordered', 'Total cost']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(table).getByText('Fresh Fields Produce')).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Ordered' })).toBeInTheDocument();
    expect(within(table).getByText('€23.40')).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith('open');
    await userEvent.click(within(table).getByRole('button', { name: 'PO-0001' }));
    expect(onOpen).toHaveBeenCalledWith(ORDER);
    await userEvent.click(screen.getByRole('button', { name: 'Drafts' }));
    expect(await screen.findByText('No purchase orders here yet.')).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith('drafts');
    for (const name of ['Open', 'Received', 'All', 'New purchase order']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });
});

describe("/dashboard/purchase-orders 'Received by supplier'", () => {
  test("[PUR-39] the report for the days, store and supplier chosen: a row per product, money in the shop currency, each supplier's total", async () => {
    const { deps, received } = world();
    show(<PurchaseOrdersPage deps={deps} onOpen={vi.fn()} onNew={vi.fn()} />);
    const tab = screen.getByRole('button', { name: 'Received by supplier' });
    expect(tab).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(tab);
    expect(tab).toHaveAttribute('aria-pressed', 'true');
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-01');
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-21');
    await screen.findByRole('option', { name: 'Demo Shop Main Street' });
    await userEvent.selectOptions(screen.getByLabelText('Store'), STORE);
    await screen.findByRole('option', { name: 'Fresh Fields Produce' });
    await userEvent.selectOptions(screen.getByLabelText('Supplier'), FRESH);
    await userEvent.click(screen.getByRole('button', { name: 'Show report' }));
    const table = await screen.findByRole('table', { name: 'Received by supplier' });
    expect(received).toHaveBeenCalledWith('2026-11-01', '2026-11-21', { storeId: STORE, supplierId: FRESH });
    for (const header of [
      'Supplier',
      'Product',
      'SKU',
      'Quantity',
      'Cost value',
      'Quantity without cost',
      'Receipts',
    ]) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const bananas = within(table).getByRole('rowheader', { name: 'Bananas' }).closest('tr');
    expect(bananas).not.toBeNull();
    expect(within(bananas as HTMLElement).getByText('10.5')).toBeInTheDocument();
    expect(within(bananas as HTMLElement).getByText('€9.45')).toBeInTheDocument();
    expect(within(table).getByText('€14.40')).toBeInTheDocument();
    const totals = screen.getByRole('definition');
    expect(totals).toHaveTextContent('€23.85');
  });

  test('a range with no start, an end before the start, and a refused read are each said in words', async () => {
    const { deps, received } = world();
    show(<PurchaseOrdersPage deps={deps} onOpen={vi.fn()} onNew={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Received by supplier' }));
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByText('Choose a start and an end date.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('From'), '2026-11-21');
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByText('The end date is before the start date.')).toBeInTheDocument();
    expect(received).not.toHaveBeenCalled();
    received.mockResolvedValueOnce(
      err('offline', 'Purchase orders are read from the server: connect to see them.'),
    );
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Show report' }));
    expect(
      await screen.findByText('Purchase orders are read from the server: connect to see them.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Received by supplier' })).not.toBeInTheDocument();
  });

  test('Export CSV: the headers, one row per line, quantities and money as plain decimals', async () => {
    const { deps, download } = world();
    show(<PurchaseOrdersPage deps={deps} onOpen={vi.fn()} onNew={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Received by supplier' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show report' }));
    await screen.findByRole('table', { name: 'Received by supplier' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const [name, csv, type] = download.mock.calls[0] as [string, string, string];
    expect(name).toMatch(/^tillpoint-received-by-supplier-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(type).toBe('text/csv;charset=utf-8');
    expect(csv.split('\n')).toEqual([
      'Supplier,Product,SKU,Quantity,Cost value,Quantity without cost,Receipts',
      'Fresh Fields Produce,Bananas,FRU-0101,10.5,9.45,0,2',
      'Fresh Fields Produce,Organic carrots,FRU-0112,24,14.40,4,1',
    ]);
  });

  test('nothing received in the days: the table says so and offers no CSV', async () => {
    const { deps, received } = world();
    received.mockResolvedValueOnce(ok([]));
    show(<PurchaseOrdersPage deps={deps} onOpen={vi.fn()} onNew={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Received by supplier' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByText('Nothing was received in these days.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });
});

describe('/dashboard/purchase-orders/$orderId', () => {
  test('a new order: the supplier sets Expected on by its lead time, a product comes at its cost, and Mark as ordered queues save then order', async () => {
    const { deps, ledger } = world();
    const onSaved = vi.fn();
    show(<PurchaseOrderEditor deps={deps} orderId={null} onSaved={onSaved} onPrint={vi.fn()} />);
    const supplier = await screen.findByLabelText('Supplier');
    await screen.findByRole('option', { name: 'Fresh Fields Produce' });
    await userEvent.selectOptions(supplier, FRESH);
    const expected = screen.getByLabelText<HTMLInputElement>('Expected on');
    expect(expected.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByLabelText<HTMLSelectElement>('Store').value).toBe(STORE);
    await userEvent.type(screen.getByLabelText('Add product'), 'carrots');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Organic carrots' }));
    const quantity = screen.getByLabelText('Quantity of Organic carrots');
    expect(screen.getByLabelText('Unit cost of Organic carrots')).toHaveValue('0.60');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '24');
    const lines = screen.getByRole('table', { name: 'Lines' });
    expect(within(lines).getAllByText('€14.40')).not.toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Mark as ordered' }));
    expect(await screen.findByText('Marked as ordered.')).toBeInTheDocument();
    const ops = await ledger.outbox.orderBy('seq').toArray();
    expect(ops.map((op) => op.name)).toEqual(['purchase_order.save', 'purchase_order.order']);
    expect(ops[0]?.args).toMatchObject({
      company_id: COMPANY_A,
      store_id: STORE,
      supplier_id: FRESH,
      expected_on: expected.value,
      lines: [{ product_id: CARROTS.id, quantity: '24.000', unit_cost: 60 }],
    });
    expect(ops[1]?.args).toMatchObject({ id: ops[0]?.args.id, via: 'phone' });
    expect(onSaved).toHaveBeenCalledWith(ops[0]?.args.id);
  });

  test('a quantity that is not a number or is negative is named in words, and nothing is queued', async () => {
    const { deps, ledger } = world();
    show(<PurchaseOrderEditor deps={deps} orderId={null} onSaved={vi.fn()} onPrint={vi.fn()} />);
    await screen.findByRole('option', { name: 'Fresh Fields Produce' });
    await userEvent.selectOptions(screen.getByLabelText('Supplier'), FRESH);
    await userEvent.type(screen.getByLabelText('Add product'), 'ban');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Bananas' }));
    await userEvent.type(screen.getByLabelText('Add product'), 'carr');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Organic carrots' }));
    await userEvent.clear(screen.getByLabelText('Quantity of Bananas'));
    await userEvent.type(screen.getByLabelText('Quantity of Bananas'), 'ten');
    await userEvent.clear(screen.getByLabelText('Quantity of Organic carrots'));
    await userEvent.type(screen.getByLabelText('Quantity of Organic carrots'), '-4');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Enter a number, like 12 or 2.5')).toBeInTheDocument();
    expect(screen.getByText('A quantity cannot be below zero')).toBeInTheDocument();
    expect(await ledger.outbox.count()).toBe(0);
  });

  test('an order on its way shows received, held and still to come; Accept queues the settle; History names the change', async () => {
    const { deps, ledger } = world(ON_ITS_WAY);
    show(<PurchaseOrderEditor deps={deps} orderId={ORDER} onSaved={vi.fn()} onPrint={vi.fn()} />);
    expect(await screen.findByText('PO-0001')).toBeInTheDocument();
    expect(screen.getByText('Partly received')).toBeInTheDocument();
    const lines = screen.getByRole('table', { name: 'Lines' });
    for (const header of [
      'Product',
      'Quantity',
      'Unit cost',
      'Line cost',
      'Received',
      'Held',
      'Still to come',
    ]) {
      expect(within(lines).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = within(lines).getByRole('row', { name: /Organic carrots/ });
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByText('5')).toBeInTheDocument();
    expect(within(row).getByText('7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close order' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Drop 5 Organic carrots' }));
    expect(await screen.findByText('Say why it is dropped.')).toBeInTheDocument();
    expect(await ledger.outbox.count()).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Accept 5 Organic carrots' }));
    expect(await screen.findByText('Held quantity accepted.')).toBeInTheDocument();
    const [op] = await ledger.outbox.toArray();
    expect(op).toMatchObject({
      name: 'purchase_order.settle',
      args: { receipt_line_id: '01939a00-0000-7000-8000-0000000000b1', action: 'accept' },
    });
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText(/Draft → Ordered/)).toBeInTheDocument();
    expect(within(history).getByText(/Maria/)).toBeInTheDocument();
  });

  test('Close order queues the close of the order', async () => {
    const { deps, ledger } = world(ON_ITS_WAY);
    show(<PurchaseOrderEditor deps={deps} orderId={ORDER} onSaved={vi.fn()} onPrint={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Close order' }));
    expect(await screen.findByText('Order closed.')).toBeInTheDocument();
    const [op] = await ledger.outbox.toArray();
    expect(op).toMatchObject({ name: 'purchase_order.close', args: { id: ORDER, action: 'close' } });
  });

  test('[PUR-15] Send to supplier mails an order the server has; a refusal is said in words and changes nothing', async () => {
    const ordered: OrderDetail = { ...ON_ITS_WAY, status: 'ordered', heldLines: [] };
    const { deps, ledger } = world(ordered);
    show(<PurchaseOrderEditor deps={deps} orderId={ORDER} onSaved={vi.fn()} onPrint={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send to supplier' }));
    expect(await screen.findByText('Sent to the supplier.')).toBeInTheDocument();
    expect(deps.sendToSupplier).toHaveBeenCalledWith(ORDER);
    vi.mocked(deps.sendToSupplier).mockResolvedValueOnce(
      err('no_supplier_email', 'The supplier has no email address: add one to the supplier first.'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send to supplier' }));
    expect(
      await screen.findByText('The supplier has no email address: add one to the supplier first.'),
    ).toBeInTheDocument();
    // The mail is no op: nothing waits in the outbox.
    expect(await ledger.outbox.count()).toBe(0);
  });

  test('[PUR-15] a new order the server does not have yet offers no Send to supplier', async () => {
    const { deps } = world();
    show(<PurchaseOrderEditor deps={deps} orderId={null} onSaved={vi.fn()} onPrint={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Save draft' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send to supplier' })).toBeNull();
  });

  test('the print view shows the order with its lines and total, and Print prints', async () => {
    const { deps } = world(ON_ITS_WAY);
    const onPrint = vi.fn();
    show(<PurchaseOrderPrint deps={deps} orderId={ORDER} onPrint={onPrint} />);
    expect(
      await screen.findByRole('heading', { name: 'Purchase order PO-0001 from Demo Shop' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Fresh Fields Produce')).toBeInTheDocument();
    expect(screen.getByText('FRU-0112')).toBeInTheDocument();
    expect(screen.getAllByText('€14.40')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(onPrint).toHaveBeenCalled();
  });
});

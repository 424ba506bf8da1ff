// The sales screen against a real ledger and mirror on fake-indexeddb: a manager sees the server's page
// of every till's sales with this device's unsynced ones merged in (deduplicated, marked pending or needs
// attention), filters by state, kind, terminal and cashier, opens a sale with its lines and tenders,
// reprints it and is sent to the register to refund; a cashier sees this device's sales only.
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  addTerminal,
  COMPANY_A,
  freshLedger,
  freshMirror,
  oneLineSale,
  PRODUCT,
  STORE,
  testDeps,
  answerSaleOp,
} from '../../../tests/support/ledger-fixtures';
import { product } from '../../../tests/support/catalog-fixtures';
import { recordSale } from '../../data/ops/sale-record';
import type { ServerSale } from '../../data/remote/sales';
import type { ReadSales } from '../../data/remote/sales';
import { FlagsError, type Flag } from '../../data/remote/flags';
import type { SalesDeps } from './sales-deps';
import { ShopTimeZone } from '../../ui/when';
import { SalePage } from './sale-page';
import { SalesPage } from './sales-page';

const T2 = 'e5000000-0000-4000-8000-000000000002';
const SAM = 'b0000000-0000-4000-8000-000000000001';
const CARA = 'b0000000-0000-4000-8000-000000000002';

function serverSale(overrides: Partial<ServerSale> = {}): ServerSale {
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    terminal_id: T2,
    cashier_id: SAM,
    customer_id: null,
    kind: 'sale',
    refund_of: null,
    receipt_no: 'T2-000005',
    subtotal: 740,
    discount_total: 0,
    tax_total: 123,
    rounding: 0,
    total: 740,
    occurred_at: '2026-11-20T10:00:00Z',
    note: null,
    lines: [
      {
        id: 'l1',
        line_no: 1,
        name: 'Baguette',
        sku: 'BG',
        quantity: 2000,
        unit_price: 120,
        discount: 0,
        tax_rate_bp: 2000,
        tax: 40,
        total: 240,
      },
      {
        id: 'l2',
        line_no: 2,
        name: 'Tart',
        sku: null,
        quantity: 1000,
        unit_price: 500,
        discount: 0,
        tax_rate_bp: 2000,
        tax: 83,
        total: 500,
      },
    ],
    payments: [
      { id: 'p1', method: 'card', amount: 240, tendered: null, change: 0, reference: 'A1' },
      { id: 'p2', method: 'cash', amount: 500, tendered: 1000, change: 500, reference: null },
    ],
    ...overrides,
  };
}

/** The list, and a sale's own page once one is opened (the route's job in the app). */
function SalesScreens({ deps }: { deps: Omit<SalesDeps, 'openSale'> }) {
  const [open, setOpen] = useState<string | null>(null);
  const withOpen: SalesDeps = { ...deps, openSale: setOpen };
  return open === null ? (
    <SalesPage deps={withOpen} />
  ) : (
    <SalePage
      deps={withOpen}
      saleId={open}
      onBack={() => {
        setOpen(null);
      }}
    />
  );
}

async function world(
  options: {
    role?: SalesDeps['role'];
    server?: ReadSales | null;
    taxMode?: SalesDeps['taxMode'];
    timeZone?: string;
    readCardPayments?: SalesDeps['readCardPayments'];
    receipts?: SalesDeps['receipts'];
    readFlags?: SalesDeps['readFlags'];
  } = {},
) {
  const ledger = freshLedger();
  const mirror = freshMirror();
  const terminal = await addTerminal(ledger);
  await mirror.terminals.bulkPut([
    { id: terminal.id, company_id: COMPANY_A, store_id: STORE, name: 'Counter', code: 'T7' },
    { id: T2, company_id: COMPANY_A, store_id: STORE, name: 'Back', code: 'T2' },
  ]);
  await mirror.companyMembers.put({
    id: 'm1',
    company_id: COMPANY_A,
    user_id: SAM,
    role: 'cashier',
    display_name: 'Sam',
  });
  const commandDeps = testDeps(ledger);
  const sell = async () => {
    const sold = await recordSale(commandDeps, {
      companyId: COMPANY_A,
      build: oneLineSale(commandDeps.ids),
      tracksStock: () => true,
    });
    if (!sold.ok) throw new Error(sold.error.message);
    return sold.value.sale;
  };
  const openRegister = vi.fn();
  const server = options.server ?? null;
  const deps: Omit<SalesDeps, 'openSale'> = {
    ledger,
    mirror,
    companyId: COMPANY_A,
    currency: 'EUR',
    taxMode: options.taxMode ?? 'exclusive',
    role: options.role ?? 'manager',
    terminal,
    server,
    readSale: server
      ? async (saleId) => (await server({ id: saleId }, { offset: 0, size: 1 })).rows[0] ?? null
      : null,
    openRegister,
    ...(options.readCardPayments ? { readCardPayments: options.readCardPayments } : {}),
    ...(options.receipts ? { receipts: options.receipts } : {}),
    ...(options.readFlags ? { readFlags: options.readFlags } : {}),
  };
  const show = () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ShopTimeZone zone={options.timeZone}>
          <SalesScreens deps={deps} />
        </ShopTimeZone>
      </QueryClientProvider>,
    );
  };
  return { ledger, mirror, deps, sell, show, openRegister };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const rowTexts = () =>
  within(screen.getByRole('table', { name: 'Sales' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('sales', { timeout: 20_000 }, () => {
  test("a manager: the server's page with this device's unsynced sales merged in, deduplicated", async () => {
    const server = vi.fn<ReadSales>();
    const { ledger, sell, show } = await world({ server });
    const synced = await sell();
    await sell(); // stays pending
    const refused = await sell();
    await answerSaleOp(ledger, synced.id);
    await ledger.sales.update(refused.id, {
      sync: 'attention',
      error: { code: 'unknown_product', message: 'That product is not in this shop.' },
    });
    server.mockImplementation((filter) =>
      Promise.resolve(
        filter.kind === 'refund'
          ? { rows: [], total: 0 }
          : {
              rows: [
                serverSale(),
                serverSale({ ...synced, cashier_id: SAM, lines: [], payments: [], note: null } as ServerSale),
              ],
              total: 2,
            },
      ),
    );
    show();
    await waitFor(() => {
      expect(rowTexts()).toHaveLength(4);
    });
    expect(rowTexts()).toEqual([
      // Same till clock time: the later id (UUIDv7, made later) first.
      expect.stringMatching(/^T7-000003.*Needs attention$/),
      expect.stringMatching(/^T7-000002.*Counter \(T7\)—Sale€2\.50Pending$/),
      expect.stringMatching(/^T7-000001.*Counter \(T7\)Sam.*Sale€2\.50Synced$/),
      expect.stringMatching(/^T2-000005.*Back \(T2\)SamSale€7\.40Synced$/),
    ]);
    expect(screen.getByText('1–2 of 2 on the server')).toBeInTheDocument();

    const user = userEvent.setup();
    server.mockClear();
    await user.selectOptions(screen.getByLabelText('State'), 'pending');
    await waitFor(() => {
      expect(rowTexts()).toEqual([expect.stringMatching(/^T7-000002/)]);
    });
    expect(server).not.toHaveBeenCalled();
    await user.selectOptions(screen.getByLabelText('State'), '');
    await user.selectOptions(screen.getByLabelText('Kind'), 'refund');
    expect(await screen.findByText('No sales match.')).toBeInTheDocument();
    expect(server).toHaveBeenLastCalledWith({ kind: 'refund' }, { offset: 0, size: 50 });
    await user.selectOptions(screen.getByLabelText('Kind'), '');
    await user.selectOptions(screen.getByLabelText('Cashier'), 'Sam');
    await user.selectOptions(screen.getByLabelText('Terminal'), 'Back (T2)');
    expect(server).toHaveBeenLastCalledWith({ terminalId: T2, cashierId: SAM }, { offset: 0, size: 50 });
  });

  test('a sale by PIN-only staff is named from the staff table, and the cashier filter offers them', async () => {
    const server = vi.fn<ReadSales>(() =>
      Promise.resolve({ rows: [serverSale({ cashier_id: CARA })], total: 1 }),
    );
    const { mirror, show } = await world({ server });
    await mirror.staff.put({
      id: CARA,
      company_id: COMPANY_A,
      user_id: null,
      name: 'Cara',
      role: 'cashier',
      active: true,
      pin_salt: null,
      pin_iterations: null,
      pin_verifier: null,
    });
    show();
    await waitFor(() => {
      expect(rowTexts()).toEqual([expect.stringMatching(/^T2-000005.*Back \(T2\)CaraSale/)]);
    });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Cashier'), 'Cara');
    expect(server).toHaveBeenLastCalledWith({ cashierId: CARA }, { offset: 0, size: 50 });
  });

  test("a server sale's detail: lines, tenders, reprint and refund at the register", async () => {
    const { show, openRegister } = await world({
      server: () => Promise.resolve({ rows: [serverSale()], total: 1 }),
    });
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'T2-000005' }));
    const sale = await screen.findByRole('article', { name: 'Sale T2-000005' });
    const lines = within(sale).getAllByRole('row').slice(1);
    expect(lines.map((row) => row.textContent)).toEqual(['Baguette2€1.20€2.40', 'Tart1€5.00€5.00']);
    expect(within(sale).getByTestId('sale-total')).toHaveTextContent('€7.40');
    const tenders = within(within(sale).getByRole('list', { name: 'Tenders' })).getAllByRole('listitem');
    expect(tenders.map((item) => item.textContent)).toEqual([
      'Card (A1): €2.40',
      'Cash: €5.00, tendered €10.00, change €5.00',
    ]);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      expect(document.body).toHaveClass('printing-sale');
    });
    await user.click(screen.getByRole('button', { name: 'Reprint' }));
    expect(print).toHaveBeenCalledOnce();
    expect(document.body).not.toHaveClass('printing-sale');
    await user.click(screen.getByRole('button', { name: 'Refund at the register' }));
    expect(openRegister).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Back to sales' }));
    expect(await screen.findByRole('table', { name: 'Sales' })).toBeInTheDocument();
  });

  test('a sale paid on a card reader shows where its card payment stands, refunds included (issue 20)', async () => {
    const payments = serverSale().payments.map((payment) =>
      payment.method === 'card' ? { ...payment, reference: 'pi_3Reader' } : payment,
    );
    const readCardPayments = vi.fn<NonNullable<SalesDeps['readCardPayments']>>(() =>
      Promise.resolve([
        { id: 'c1', payment_intent_id: 'pi_3Reader', status: 'succeeded', amount: 240, refunded_amount: 120 },
      ]),
    );
    const { show } = await world({
      server: () =>
        Promise.resolve({
          rows: [serverSale({ payments })],
          total: 1,
        }),
      readCardPayments,
    });
    show();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'T2-000005' }));
    const sale = await screen.findByRole('article', { name: 'Sale T2-000005' });
    const reader = await within(sale).findByRole('list', { name: 'Card reader payments' });
    expect(reader).toHaveTextContent(
      'Card reader payment pi_3Reader went through; €1.20 of €2.40 refunded to the card',
    );
    expect(readCardPayments).toHaveBeenCalledWith(['pi_3Reader']);
  });

  test("a cashier sees this device's sales; a sale's detail follows the ledger; no refund button", async () => {
    const server = vi.fn<ReadSales>();
    const { ledger, sell, show } = await world({ role: 'cashier', server });
    const sale = await sell();
    show();
    expect(await screen.findByText('Showing the sales made on this device.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'T7-000001' }));
    const article = await screen.findByRole('article', { name: 'Sale T7-000001' });
    expect(await within(article).findByText('Croissant')).toBeInTheDocument();
    expect(within(article).getByText('Pending')).toBeInTheDocument();
    expect(within(article).getByText('Card: €2.50')).toBeInTheDocument();
    await answerSaleOp(ledger, sale.id);
    expect(await within(article).findByText('Synced')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund at the register' })).not.toBeInTheDocument();
    expect(server).not.toHaveBeenCalled();
  });

  test("offline, a manager sees this device's sales and is told so", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const server = vi.fn<ReadSales>();
    const { sell, show } = await world({ server });
    await sell();
    show();
    expect(
      await screen.findByText(/Offline: showing the sales made on this device only/),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(rowTexts()).toEqual([expect.stringMatching(/^T7-000001.*Pending$/)]);
    });
    expect(server).not.toHaveBeenCalled();
  });

  test('prices including tax: the totals say "Tax (incl.)", so an equal subtotal and total read right', async () => {
    const { show } = await world({
      taxMode: 'inclusive',
      server: () => Promise.resolve({ rows: [serverSale()], total: 1 }),
    });
    show();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'T2-000005' }));
    const sale = await screen.findByRole('article', { name: 'Sale T2-000005' });
    expect(within(sale).getByText('Tax (incl.)').nextElementSibling).toHaveTextContent('€1.23');
    expect(within(sale).queryByText('Tax')).not.toBeInTheDocument();
  });

  test("times read in the shop's time zone, in the one format, in the list and the detail", async () => {
    const { show } = await world({
      timeZone: 'Asia/Tokyo',
      server: () => Promise.resolve({ rows: [serverSale()], total: 1 }),
    });
    show();
    await waitFor(() => {
      expect(rowTexts()).toEqual([expect.stringContaining('20 Nov 2026, 19:00')]);
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'T2-000005' }));
    const sale = await screen.findByRole('article', { name: 'Sale T2-000005' });
    expect(within(sale).getByText('When').nextElementSibling).toHaveTextContent('20 Nov 2026, 19:00');
  });

  test('prices excluding tax keep "Tax"', async () => {
    const { show } = await world({ server: () => Promise.resolve({ rows: [serverSale()], total: 1 }) });
    show();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'T2-000005' }));
    const sale = await screen.findByRole('article', { name: 'Sale T2-000005' });
    expect(within(sale).getByText('Tax').nextElementSibling).toHaveTextContent('€1.23');
  });
});

describe("a sale's own page", { timeout: 20_000 }, () => {
  function showSale(deps: Omit<SalesDeps, 'openSale'>, saleId: string, onBack = vi.fn()) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SalePage deps={{ ...deps, openSale: vi.fn() }} saleId={saleId} onBack={onBack} />
      </QueryClientProvider>,
    );
    return onBack;
  }

  test('a sale of this device opens from the ledger, offline, without asking the server', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const server = vi.fn<ReadSales>();
    const { deps, sell } = await world({ server });
    const sale = await sell();
    const onBack = showSale(deps, sale.id);
    const article = await screen.findByRole('article', { name: 'Sale T7-000001' });
    expect(await within(article).findByText('Croissant')).toBeInTheDocument();
    expect(server).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to sales' }));
    expect(onBack).toHaveBeenCalledOnce();
  });

  test("another till's sale is asked of the server by its id", async () => {
    const server = vi.fn<ReadSales>(() => Promise.resolve({ rows: [serverSale()], total: 1 }));
    const { deps } = await world({ server });
    showSale(deps, 'a0000000-0000-4000-8000-000000000001');
    expect(await screen.findByRole('article', { name: 'Sale T2-000005' })).toBeInTheDocument();
    expect(server).toHaveBeenCalledWith(
      { id: 'a0000000-0000-4000-8000-000000000001' },
      { offset: 0, size: 1 },
    );
  });

  test('[WORDS-6] a weighed line reads in kg, from the server’s copy and from this device’s', async () => {
    const line = serverSale().lines[1];
    if (!line) throw new Error('the fixture has two lines');
    const weighed = { ...line, name: 'Bananas', quantity: 1181, unit_price: 199, total: 235, unit: 'kg' };
    const server = vi.fn<ReadSales>(() =>
      Promise.resolve({ rows: [serverSale({ lines: [weighed] })], total: 1 }),
    );
    const { deps, mirror, sell } = await world({ server });
    showSale(deps, 'a0000000-0000-4000-8000-000000000001');
    const lines = await screen.findByRole('table', { name: 'Lines' });
    expect(await within(lines).findByText('1.181 kg')).toBeInTheDocument();
    expect(within(lines).getByText('€1.99/kg')).toBeInTheDocument();
    cleanup();

    // This device's sale, before the server has it: the unit comes from the catalogue on the device.
    await mirror.products.put(product(5, { id: PRODUCT, weighed: true }));
    const sale = await sell();
    showSale({ ...deps, server: null, readSale: null }, sale.id);
    const own = await screen.findByRole('table', { name: 'Lines' });
    expect(await within(own).findByText('1 kg')).toBeInTheDocument();
    expect(within(own).getByText('€2.50/kg')).toBeInTheDocument();
  });

  test('a sale neither here nor on the server says so, with the way back', async () => {
    const { deps } = await world({ server: () => Promise.resolve({ rows: [], total: 0 }) });
    showSale(deps, 'a0000000-0000-4000-8000-00000000dead');
    expect(await screen.findByText('There is no such sale in this shop.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to sales' })).toBeInTheDocument();
  });

  test.each([
    ['manager', true],
    ['owner', true],
    ['cashier', false],
  ] as const)(
    "[RCPT-14] the sale page of a %s has the digital receipt; 'Revoke receipt link' offered: %s",
    async (role, offered) => {
      const receipts: NonNullable<SalesDeps['receipts']> = {
        links: () => Promise.resolve([{ token: 'AbCdEfGhIjKlMnOpQrStUv', revoked_at: null }]),
        revoke: () => Promise.resolve(1),
        email: () => Promise.resolve('sent'),
      };
      const { deps, sell } = await world({ role, receipts });
      const sale = await sell();
      showSale(deps, sale.id);
      const panel = await screen.findByRole('region', { name: 'Digital receipt' });
      expect(await within(panel).findByTestId('sale-receipt-link')).toBeInTheDocument();
      expect(within(panel).getByRole('button', { name: 'Email receipt' })).toBeInTheDocument();
      expect(within(panel).queryAllByRole('button', { name: 'Revoke receipt link' })).toHaveLength(
        offered ? 1 : 0,
      );
    },
  );

  test('for a cashier, a sale that is not on this device is not asked of the server', async () => {
    const { deps } = await world({ role: 'cashier', server: null });
    showSale(deps, 'a0000000-0000-4000-8000-000000000001');
    expect(await screen.findByText('It is not on this device.')).toBeInTheDocument();
  });
});

describe('[FLAGUI-1] a sale’s flags', { timeout: 20_000 }, () => {
  const SALE = 'a0000000-0000-4000-8000-000000000001';
  const OTHER = 'a0000000-0000-4000-8000-000000000002';
  const flag = (kind: string, detail: Record<string, unknown>, id = kind): Flag => ({
    id,
    kind,
    saleId: SALE,
    terminalId: T2,
    detail,
    createdAt: '2026-11-20T10:00:05Z',
  });

  async function openServerSale(options: { role?: SalesDeps['role']; readFlags?: SalesDeps['readFlags'] }) {
    const { show } = await world({
      ...options,
      // Asked for one sale by id, the server answers only for the sale it has.
      server: (filters) =>
        Promise.resolve(
          filters.id === undefined || filters.id === SALE
            ? { rows: [serverSale()], total: 1 }
            : { rows: [], total: 0 },
        ),
    });
    show();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'T2-000005' }));
    return screen.findByRole('article', { name: 'Sale T2-000005' });
  }

  test('[FLAGUI-1] a manager reads what the server flagged on the sale, in words, with the other sale linked', async () => {
    const readFlags = vi.fn<NonNullable<SalesDeps['readFlags']>>(() =>
      Promise.resolve([
        flag('price', { line_id: 'l2', name: 'Tart', claimed: 1, expected: 500 }),
        flag('tax_rate', { name: 'Baguette', claimed: 0, expected: 2000 }),
        flag('card_reuse', { other_sale_id: OTHER, payment_intent_id: 'pi_3Twice' }),
        flag('something_new', { note: 'later kinds still read' }),
      ]),
    );
    const sale = await openServerSale({ readFlags });
    const list = await within(sale).findByRole('list', { name: 'Flags' });
    expect(within(sale).getByText('Flagged by the server (4)')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Price differs: ‘Tart’ was sold at €0.01; the catalogue says €5.00.',
      'Tax rate differs: ‘Baguette’ was taxed at 0 %; the catalogue says 20 %.',
      'Card payment used twice: A card payment that another sale had already used was used again. Card payment: pi_3Twice. See the other sale',
      'Something new: The server found a difference. Note: later kinds still read.',
    ]);
    expect(readFlags).toHaveBeenCalledWith(SALE);
    await userEvent.setup().click(within(list).getByRole('button', { name: 'See the other sale' }));
    // The list's own screen opens the other sale by id; this server does not have it.
    expect(await screen.findByText('There is no such sale in this shop.')).toBeInTheDocument();
  });

  test('[FLAGUI-1] a sale with no flags says the server found nothing; offline, that flags need a connection', async () => {
    const sale = await openServerSale({ readFlags: () => Promise.resolve([]) });
    expect(
      await within(sale).findByText('The server checked this sale and flagged nothing.'),
    ).toBeInTheDocument();
    cleanup();
    const offline = await openServerSale({
      readFlags: () => Promise.reject(new FlagsError('Failed to fetch', '')),
    });
    expect(
      await within(offline).findByText('Flags are kept on the server and need a connection.'),
    ).toBeInTheDocument();
    expect(within(offline).getByTestId('sale-total')).toHaveTextContent('€7.40');
  });

  test('[FLAGUI-1] a cashier is never asked for flags and sees none', async () => {
    const readFlags = vi.fn<NonNullable<SalesDeps['readFlags']>>(() => Promise.resolve([flag('price', {})]));
    const { ledger, sell, show } = await world({ role: 'cashier', readFlags });
    const sold = await sell();
    await answerSaleOp(ledger, sold.id);
    show();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'T7-000001' }));
    const article = await screen.findByRole('article', { name: 'Sale T7-000001' });
    expect(await within(article).findByText('Synced')).toBeInTheDocument();
    expect(within(article).queryByRole('list', { name: 'Flags' })).not.toBeInTheDocument();
    expect(readFlags).not.toHaveBeenCalled();
  });

  test('[FLAGUI-1] a sale not yet on the server is not asked about', async () => {
    const readFlags = vi.fn<NonNullable<SalesDeps['readFlags']>>(() => Promise.resolve([]));
    const { sell, show } = await world({ readFlags, server: () => Promise.resolve({ rows: [], total: 0 }) });
    await sell();
    show();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'T7-000001' }));
    const article = await screen.findByRole('article', { name: 'Sale T7-000001' });
    expect(await within(article).findByText('Pending')).toBeInTheDocument();
    expect(readFlags).not.toHaveBeenCalled();
  });
});

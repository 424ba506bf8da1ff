// The stock screen against a real ledger and mirror on fake-indexeddb: receiving several lines offline
// queues one stock.move op per line, an adjustment carries its reason, a count sends counted and expected,
// the history merges the server's page with this device's unsynced movements and filters both, and a
// cashier sees the history only.
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
  PRODUCT,
  STORE,
  testDeps,
} from '../../../tests/support/ledger-fixtures';
import type { MirrorProduct } from '../../data/local/mirror-db';
import type { ServerStockMovement } from '../../data/remote/stock-movements';
import type { ReadStockMovements } from '../../data/remote/stock-movements';
import type { StockDeps } from './stock-deps';
import { StockPage } from './stock-page';
import { i18n } from '@lingui/core';
import { loadMessages } from '../../lib/i18n/catalogs';

const FLOUR = 'd4000000-0000-4000-8000-000000000003';
const TERMINAL_2 = 'e5000000-0000-4000-8000-000000000002';

function product(id: string, name: string, sku: string): MirrorProduct {
  return {
    id,
    company_id: COMPANY_A,
    category_id: null,
    sku,
    barcode: null,
    name,
    price: 250,
    tax_rate_bp: 2000,
    track_stock: true,
    active: true,
    weighed: false,
  };
}

async function world(
  options: {
    role?: StockDeps['role'];
    server?: ReadStockMovements | null;
    costMethod?: 'last' | 'average';
  } = {},
) {
  const ledger = freshLedger();
  const mirror = freshMirror();
  const terminal = await addTerminal(ledger);
  await mirror.products.bulkPut([
    { ...product(PRODUCT, 'Croissant', 'CR-1'), cost: 100 },
    product(FLOUR, 'Flour 1 kg', 'FL-1'),
  ]);
  if (options.costMethod) {
    await mirror.companies.put({ id: COMPANY_A, currency: 'EUR', cost_method: options.costMethod });
  }
  await mirror.stores.put({ id: STORE, company_id: COMPANY_A, name: 'High Street' });
  await mirror.terminals.bulkPut([
    { id: terminal.id, company_id: COMPANY_A, store_id: STORE, name: 'Counter', code: 'T7' },
    { id: TERMINAL_2, company_id: COMPANY_A, store_id: STORE, name: 'Back', code: 'T2' },
  ]);
  await mirror.stockLevels.put({
    id: 'l1',
    company_id: COMPANY_A,
    store_id: STORE,
    product_id: PRODUCT,
    on_hand: 10,
  });
  const deps: StockDeps = {
    commandDeps: testDeps(ledger),
    mirror,
    companyId: COMPANY_A,
    role: options.role ?? 'manager',
    terminal,
    server: options.server === undefined ? null : options.server,
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StockPage deps={deps} />
    </QueryClientProvider>,
  );
  return { ledger, mirror, terminal };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Types part of the name into the product combobox, then picks the option. */
async function chooseProduct(scope: HTMLElement, name: string) {
  const input = within(scope).getByRole('combobox', { name: 'Product' });
  await userEvent.clear(input);
  await userEvent.type(input, name.slice(0, 4));
  await userEvent.click(await screen.findByRole('option', { name }));
}

/** Adds a second line of 5 flour to the receive form, receives, and waits for 'Received 2 lines'. */
async function receiveWithFiveFlour(form: HTMLElement) {
  await userEvent.click(within(form).getByRole('button', { name: 'Add line' }));
  const second = within(form).getByRole('listitem', { name: 'Line 2' });
  await chooseProduct(second, 'Flour 1 kg (FL-1)');
  await userEvent.type(within(second).getByLabelText('Quantity'), '5');
  await userEvent.click(within(form).getByRole('button', { name: 'Receive goods' }));
  expect(await within(form).findByText(/Received 2 lines/)).toBeInTheDocument();
}

// The machine is shared and typing is slow under jsdom: these tests get more than the default 5 s.
describe('stock movements', { timeout: 20_000 }, () => {
  test('receiving offline: supplier and reference, two lines, one stock.move op per line', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { ledger, terminal } = await world();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Receive goods' }));
    const form = screen.getByRole('form', { name: 'Receive goods' });
    await user.type(within(form).getByLabelText('Supplier'), 'Mill & Co');
    await user.type(within(form).getByLabelText('Reference'), 'DN-1187');
    await chooseProduct(within(form).getByRole('listitem', { name: 'Line 1' }), 'Croissant (CR-1)');
    await user.type(
      within(within(form).getByRole('listitem', { name: 'Line 1' })).getByLabelText('Quantity'),
      '24',
    );
    await receiveWithFiveFlour(form);

    const ops = await ledger.outbox.orderBy('seq').toArray();
    expect(ops).toHaveLength(2);
    expect(ops.map((op) => op.name)).toEqual(['stock.move', 'stock.move']);
    expect(ops[0]?.args).toMatchObject({
      reason: 'receive',
      product_id: PRODUCT,
      store_id: STORE,
      quantity: '24.000',
      note: 'Supplier: Mill & Co · Ref: DN-1187',
      terminal_id: terminal.id,
    });
    expect(ops[1]?.args).toMatchObject({ product_id: FLOUR, quantity: '5.000' });

    await user.click(screen.getByRole('button', { name: 'History' }));
    expect(
      await screen.findByText(/Offline: showing the movements made on this device only/),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Stock movements' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByText('Supplier: Mill & Co · Ref: DN-1187')).toHaveLength(2);
    expect(within(table).getAllByText('Pending')).toHaveLength(2);
  });

  test('[COST-2] [COST-3] a unit cost travels with the receive and moves the product’s cost on this device at once', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { ledger, mirror } = await world({ costMethod: 'average' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Receive goods' }));
    const form = screen.getByRole('form', { name: 'Receive goods' });
    expect(within(form).getByText(/averaged with the stock on hand \(moving average\)/)).toBeInTheDocument();
    const first = within(form).getByRole('listitem', { name: 'Line 1' });
    await chooseProduct(first, 'Croissant (CR-1)');
    await user.type(within(first).getByLabelText('Quantity'), '10');
    await user.type(within(first).getByLabelText('Unit cost'), '1,20');
    await receiveWithFiveFlour(form);

    const ops = await ledger.outbox.orderBy('seq').toArray();
    expect(ops[0]?.args).toMatchObject({ reason: 'receive', quantity: '10.000', unit_cost: 120 });
    expect(ops[1]?.args).not.toHaveProperty('unit_cost');
    // 10 on hand at 1.00 and 10 received at 1.20: 1.10. Flour had no unit cost: unchanged.
    expect((await mirror.products.get(PRODUCT))?.cost).toBe(110);
    expect((await mirror.products.get(FLOUR))?.cost).toBeUndefined();
  });

  test('a unit cost that is not an amount records nothing', async () => {
    const { ledger, mirror } = await world({ costMethod: 'last' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Receive goods' }));
    const form = screen.getByRole('form', { name: 'Receive goods' });
    expect(within(form).getByText(/becomes the product’s cost \(last cost\)/)).toBeInTheDocument();
    await chooseProduct(form, 'Croissant (CR-1)');
    await user.type(within(form).getByLabelText('Quantity'), '2');
    await user.type(within(form).getByLabelText('Unit cost'), '1.234');
    await user.click(within(form).getByRole('button', { name: 'Receive goods' }));
    expect(
      await within(form).findByText(/Line 1: unit cost: EUR amounts have at most 2 decimals/),
    ).toBeInTheDocument();
    expect(await ledger.outbox.count()).toBe(0);
    expect((await mirror.products.get(PRODUCT))?.cost).toBe(100);
  });

  test('a bad line records nothing', async () => {
    const { ledger } = await world();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Receive goods' }));
    const form = screen.getByRole('form', { name: 'Receive goods' });
    await chooseProduct(form, 'Croissant (CR-1)');
    await user.type(within(form).getByLabelText('Quantity'), '1.5');
    await user.click(within(form).getByRole('button', { name: 'Receive goods' }));
    expect(await within(form).findByText(/Line 1: .*whole number/)).toBeInTheDocument();
    expect(await ledger.outbox.count()).toBe(0);
  });

  test('an adjustment with a reason, and waste', async () => {
    const { ledger } = await world();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Adjust' }));
    const form = screen.getByRole('form', { name: 'Adjust stock' });
    await chooseProduct(form, 'Croissant (CR-1)');
    await user.type(within(form).getByLabelText('Change'), '-2');
    await user.click(within(form).getByRole('button', { name: 'Record adjustment' }));
    expect(await within(form).findByText('Say why stock changes.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Reason/), 'Dropped tray');
    await user.click(within(form).getByRole('button', { name: 'Record adjustment' }));
    expect(await within(form).findByText(/Recorded for Croissant/)).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Kind'), 'waste');
    await user.type(within(form).getByLabelText('Quantity wasted'), '3');
    await user.type(within(form).getByLabelText(/Reason/), 'Stale');
    await user.click(within(form).getByRole('button', { name: 'Record adjustment' }));
    await waitFor(async () => {
      expect(await ledger.outbox.count()).toBe(2);
    });
    const ops = await ledger.outbox.orderBy('seq').toArray();
    expect(ops.map((op) => op.args)).toEqual([
      expect.objectContaining({ reason: 'adjust', delta: '-2.000', note: 'Dropped tray' }),
      expect.objectContaining({ reason: 'waste', quantity: '3.000', note: 'Stale' }),
    ]);
  });

  test('[STOCK-5] a count shows expected on hand and sends counted and expected', async () => {
    const { ledger } = await world();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Count' }));
    const form = screen.getByRole('form', { name: 'Count stock' });
    await chooseProduct(form, 'Croissant (CR-1)');
    expect(await within(form).findByTestId('expected-on-hand')).toHaveTextContent('Expected on hand: 10');
    await user.type(within(form).getByLabelText('Counted'), '10');
    await user.click(within(form).getByRole('button', { name: 'Record count' }));
    expect(await within(form).findByText(/the count agrees/)).toBeInTheDocument();
    expect(await ledger.outbox.count()).toBe(0);
    await user.clear(within(form).getByLabelText('Counted'));
    await user.type(within(form).getByLabelText('Counted'), '7');
    await user.click(within(form).getByRole('button', { name: 'Record count' }));
    expect(await within(form).findByText(/counted 7, −3 recorded/)).toBeInTheDocument();
    const [op] = await ledger.outbox.toArray();
    expect(op?.args).toMatchObject({ reason: 'count', counted: '7.000', expected: '10.000' });
    expect(await within(form).findByTestId('expected-on-hand')).toHaveTextContent('Expected on hand: 7');
  });

  test("online: the server's page with this device's pending movement, filtered by reason and terminal", async () => {
    const remote: ServerStockMovement = {
      id: 'a0000000-0000-4000-8000-000000000001',
      store_id: STORE,
      product_id: FLOUR,
      delta: -1000,
      reason: 'sale',
      terminal_id: TERMINAL_2,
      note: null,
      occurred_at: '2026-11-20T10:00:00Z',
    };
    const server = vi.fn<ReadStockMovements>((filter) =>
      Promise.resolve(
        !filter.reason || filter.reason === 'sale' ? { rows: [remote], total: 1 } : { rows: [], total: 0 },
      ),
    );
    const { ledger } = await world({ server });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Adjust' }));
    const form = screen.getByRole('form', { name: 'Adjust stock' });
    await chooseProduct(form, 'Croissant (CR-1)');
    await user.type(within(form).getByLabelText('Change'), '4');
    await user.type(within(form).getByLabelText(/Reason/), 'Found a box');
    await user.click(within(form).getByRole('button', { name: 'Record adjustment' }));
    await within(form).findByText(/Recorded for Croissant/);
    expect(await ledger.outbox.count()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'History' }));
    const table = await screen.findByRole('table', { name: 'Stock movements' });
    await waitFor(() => {
      expect(within(table).getAllByRole('row')).toHaveLength(3);
    });
    expect(screen.getByText('1–1 of 1 on the server')).toBeInTheDocument();
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(/Croissant.*Adjustment\+4Counter \(T7\)Found a boxPending/);
    expect(second).toHaveTextContent(/Flour 1 kg.*Sale−1Back \(T2\)Synced/);

    await user.selectOptions(screen.getByLabelText('Reason'), 'sale');
    await waitFor(() => {
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    });
    expect(server).toHaveBeenLastCalledWith({ reason: 'sale' }, { offset: 0, size: 50 });
    await user.selectOptions(screen.getByLabelText('Reason'), '');
    await user.selectOptions(screen.getByLabelText('Terminal'), 'Back (T2)');
    expect(server).toHaveBeenLastCalledWith({ terminalId: TERMINAL_2 }, { offset: 0, size: 50 });
  });

  test('the product combobox finds a product by SKU or barcode and keeps its label', async () => {
    const { mirror } = await world();
    await mirror.products.update(FLOUR, { barcode: '4006381333931' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Adjust' }));
    const input = within(screen.getByRole('form', { name: 'Adjust stock' })).getByRole('combobox', {
      name: 'Product',
    });
    await user.type(input, 'cr-1');
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Croissant (CR-1)',
    ]);
    await user.clear(input);
    await user.type(input, '400638');
    await user.click(await screen.findByRole('option', { name: 'Flour 1 kg (FL-1)' }));
    expect(input).toHaveValue('Flour 1 kg (FL-1)');
  });

  test('online: the message says it is being sent, shows the new level, and the history has it once synced', async () => {
    const server = vi.fn<ReadStockMovements>(() => Promise.resolve({ rows: [], total: 0 }));
    const { ledger } = await world({ server });
    const user = userEvent.setup();
    // The history is read first, as on opening the screen: its server page is cached without the receipt.
    await screen.findByText('No stock movements match.');
    await user.click(screen.getByRole('button', { name: 'Receive goods' }));
    const form = screen.getByRole('form', { name: 'Receive goods' });
    await chooseProduct(form, 'Croissant (CR-1)');
    await user.type(within(form).getByLabelText('Quantity'), '24');
    await user.click(within(form).getByRole('button', { name: 'Receive goods' }));
    const message = await within(form).findByText(/Received 1 line/);
    expect(message).toHaveTextContent(
      'Received 1 line. Now on hand: Croissant 34. Saved; it is being sent to the server.',
    );

    // The sync answers: the movement is on the server now, which the cached page does not know.
    await ledger.stockMovements.toCollection().modify({ sync: 'synced' });
    await user.click(screen.getByRole('button', { name: 'History' }));
    const table = await screen.findByRole('table', { name: 'Stock movements' });
    await waitFor(() => {
      expect(within(table).getAllByRole('row')).toHaveLength(2);
    });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Croissant.*Received\+24.*Synced/);
  });

  test('offline: the message says the movement waits on this device', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await world();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Adjust' }));
    const form = screen.getByRole('form', { name: 'Adjust stock' });
    await chooseProduct(form, 'Croissant (CR-1)');
    await user.type(within(form).getByLabelText('Change'), '-2');
    await user.type(within(form).getByLabelText(/Reason/), 'Dropped tray');
    await user.click(within(form).getByRole('button', { name: 'Record adjustment' }));
    expect(await within(form).findByText(/Recorded for Croissant/)).toHaveTextContent(
      'Recorded for Croissant. Now on hand: Croissant 8. Saved on this device; it syncs when this device is online.',
    );
  });

  test('a cashier sees the history and no stock tasks', async () => {
    await world({ role: 'cashier' });
    expect(await screen.findByRole('region', { name: 'Stock history' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Receive goods' })).not.toBeInTheDocument();
  });
});

describe('in German (issue 35)', { timeout: 20_000 }, () => {
  afterEach(() => {
    i18n.loadAndActivate({ locale: 'en', locales: ['en-GB'], messages: {} });
  });

  test('the tasks, the form and what it records speak German, with German numbers', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    i18n.loadAndActivate({ locale: 'de', locales: ['de-DE'], messages: await loadMessages('de') });
    await world();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Korrigieren' }));
    const form = screen.getByRole('form', { name: 'Bestand korrigieren' });
    const input = within(form).getByRole('combobox', { name: 'Artikel' });
    await user.type(input, 'Croi');
    await user.click(await screen.findByRole('option', { name: 'Croissant (CR-1)' }));
    await user.type(within(form).getByLabelText('Änderung'), '-2');
    await user.type(within(form).getByLabelText(/Grund/), 'Blech fallen gelassen');
    await user.click(within(form).getByRole('button', { name: 'Korrektur buchen' }));
    expect(await within(form).findByText(/Für Croissant gebucht/)).toHaveTextContent(
      'Für Croissant gebucht. Jetzt auf Lager: Croissant 8. Auf diesem Gerät gespeichert; wird synchronisiert, sobald es online ist.',
    );
  });
});

// The shifts and sales screens with a receipt printer (issue 19), over the in-memory twin of a transport and
// the route's own joins (-printer-ports.ts): the X report, a past shift's short Z and a sale's reprint go to
// the printer instead of the browser's dialog, a reprint says COPY on the paper, and a printer that is off
// says why and prints on 'Print again'. Without a printer set, the browser's print dialog stays.
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { openShift } from '../../src/data/ops/shift-open';
import { recordSale } from '../../src/data/ops/sale-record';
import type { ServerShift } from '../../src/data/remote/shift-history';
import { MemoryTransport } from '../../src/features/printing/memory-transport';
import { decodePrint } from '../../src/features/printing/printer-decoder';
import type { SettingsStorage } from '../../src/features/printing/printer-settings';
import { TillPrinter } from '../../src/features/printing/till-printer';
import { SalePage } from '../../src/features/sales/sale-page';
import { ShiftsPage } from '../../src/features/shifts/shifts-page';
import { sell, SERVER_SHIFT, shiftsWorld, USER } from '../../src/features/shifts/shifts-test-world';
import { salePrinterOf, shiftPrinterOf } from '../../src/routes/dashboard/-printer-ports';
import {
  addTerminal,
  COMPANY_A,
  freshLedger,
  freshMirror,
  oneLineSale,
  testDeps,
} from '../support/ledger-fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function storage(): SettingsStorage {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

/** A till printer over the twin; `connected: false` leaves this device without a printer set. */
async function printerOnTill(connected = true) {
  const transport = new MemoryTransport('usb');
  const printer = new TillPrinter({ storage: storage(), transport: () => Promise.resolve(transport) });
  if (connected) await printer.choose('usb');
  return { transport, printer };
}

const paper = (bytes: Uint8Array | undefined) =>
  decodePrint(bytes ?? new Uint8Array(), 'esc-pos').map((line) => line.trim());

function withQuery(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const SHOP = { companyName: 'Corner Bakery', currency: 'EUR' };

async function shiftsWithPrinter(options: { connected?: boolean; server?: ServerShift[] } = {}) {
  const { transport, printer } = await printerOnTill(options.connected);
  const world = await shiftsWorld({ role: 'manager', server: options.server ?? [] });
  const opened = await openShift(world.commandDeps, {
    companyId: world.deps.companyId,
    openingFloat: 10_000,
    cashierId: USER,
  });
  if (!opened.ok) throw new Error(opened.error.message);
  await sell(world.commandDeps, opened.value.id, 730, { method: 'cash', tendered: 1000 });
  const deps = { ...world.deps, printer: shiftPrinterOf(printer, SHOP) };
  render(withQuery(<ShiftsPage deps={deps} terminal={world.terminal} />));
  return { transport, user: userEvent.setup() };
}

describe('the shifts screen with a printer', { timeout: 20_000 }, () => {
  test('the X report prints on the till’s printer, not in the browser’s dialog', async () => {
    const { transport, user } = await shiftsWithPrinter();
    const dialog = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(await screen.findByRole('button', { name: 'X report' }));
    const report = screen.getByRole('region', { name: 'X report' });
    await user.click(within(report).getByRole('button', { name: 'Print report' }));
    await vi.waitFor(() => {
      expect(transport.printed).toHaveLength(1);
    });
    const printed = paper(transport.printed[0]);
    expect(printed).toContain('Corner Bakery');
    expect(printed).toContain('X report');
    expect(printed).toContain('TAKINGS');
    expect(printed.some((line) => line.startsWith('Till') && line.endsWith('Counter (T7)'))).toBe(true);
    expect(printed.at(-1)).toBe('[cut]');
    expect(dialog).not.toHaveBeenCalled();
  });

  test('a printer that is off: the cashier reads why, and Print again prints the report', async () => {
    const { transport, user } = await shiftsWithPrinter();
    transport.unplug();
    await user.click(await screen.findByRole('button', { name: 'X report' }));
    await user.click(screen.getByRole('button', { name: 'Print report' }));
    // A tap asks the browser for the printer again; the twin, switched off, is not found.
    expect(await screen.findByText('The X report did not print')).toBeInTheDocument();
    expect(screen.getByText('No printer was chosen.')).toBeInTheDocument();
    transport.plugIn();
    await user.click(screen.getByRole('button', { name: 'Print again' }));
    await vi.waitFor(() => {
      expect(transport.printed).toHaveLength(1);
    });
    expect(paper(transport.printed[0])).toContain('X report');
    expect(screen.queryByText('The X report did not print')).not.toBeInTheDocument();
  });

  test('another till’s past shift prints its short Z report with where the rest is', async () => {
    const { transport, user } = await shiftsWithPrinter({ server: [SERVER_SHIFT] });
    const table = await screen.findByRole('table');
    await user.click(await within(table).findByRole('button', { name: /^Z report of T2/ }));
    const report = await screen.findByRole('region', { name: 'Z report' });
    await user.click(within(report).getByRole('button', { name: 'Print report' }));
    await vi.waitFor(() => {
      expect(transport.printed).toHaveLength(1);
    });
    const printed = paper(transport.printed[0]);
    expect(printed).toContain('Z report');
    expect(printed.some((line) => line.startsWith('Counted by') && line.endsWith('Cass Cashier'))).toBe(true);
    expect(printed.join(' ')).toContain('Takings, tenders and tax of this shift are on the full report');
    expect(printed).not.toContain('TAKINGS');
  });

  test('without a printer set, Print report opens the browser’s dialog as before', async () => {
    const { transport, user } = await shiftsWithPrinter({ connected: false });
    const dialog = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(await screen.findByRole('button', { name: 'X report' }));
    await user.click(screen.getByRole('button', { name: 'Print report' }));
    expect(dialog).toHaveBeenCalledOnce();
    expect(transport.printed).toEqual([]);
  });
});

async function saleWithPrinter(connected = true) {
  const { transport, printer } = await printerOnTill(connected);
  const ledger = freshLedger();
  const mirror = freshMirror();
  const terminal = await addTerminal(ledger);
  await mirror.companies.put({ id: COMPANY_A, name: 'Corner Bakery' });
  const commandDeps = testDeps(ledger);
  const sold = await recordSale(commandDeps, {
    companyId: COMPANY_A,
    build: oneLineSale(commandDeps.ids),
    tracksStock: () => true,
  });
  if (!sold.ok) throw new Error(sold.error.message);
  const shop = { currency: 'EUR', timeZone: 'Europe/Dublin', taxMode: 'inclusive' as const };
  const deps = {
    ledger,
    mirror,
    companyId: COMPANY_A,
    currency: 'EUR',
    taxMode: 'inclusive' as const,
    role: 'cashier' as const,
    terminal,
    server: null,
    readSale: null,
    openSale: vi.fn(),
    openRegister: null,
    printer: salePrinterOf(printer, { ledger, mirror }, shop),
  };
  render(withQuery(<SalePage deps={deps} saleId={sold.value.sale.id} onBack={vi.fn()} />));
  await screen.findByRole('article', { name: 'Sale T7-000001' });
  return { transport, user: userEvent.setup() };
}

describe('a sale’s reprint with a printer', { timeout: 20_000 }, () => {
  test('prints the receipt from the ledger, marked COPY, never kicking the drawer', async () => {
    const { transport, user } = await saleWithPrinter();
    const dialog = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Reprint' }));
    await vi.waitFor(() => {
      expect(transport.printed).toHaveLength(1);
    });
    const printed = paper(transport.printed[0]);
    expect(printed).toContain('Corner Bakery');
    expect(printed).toContain('Receipt T7-000001');
    expect(printed).toContain('COPY');
    expect(printed).not.toContain('[drawer kick]');
    expect(dialog).not.toHaveBeenCalled();
  });

  test('a printer that is off says why, and Print again prints the copy', async () => {
    const { transport, user } = await saleWithPrinter();
    transport.unplug();
    await user.click(screen.getByRole('button', { name: 'Reprint' }));
    expect(await screen.findByText('The copy did not print')).toBeInTheDocument();
    transport.plugIn();
    await user.click(screen.getByRole('button', { name: 'Print again' }));
    await vi.waitFor(() => {
      expect(transport.printed).toHaveLength(1);
    });
    expect(paper(transport.printed[0])).toContain('COPY');
  });

  test('without a printer set, Reprint opens the browser’s dialog as before', async () => {
    const { transport, user } = await saleWithPrinter(false);
    const dialog = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Reprint' }));
    expect(dialog).toHaveBeenCalledOnce();
    expect(transport.printed).toEqual([]);
  });
});

// The register with a receipt printer (issue 19), over the in-memory twin of a transport: a cash sale prints
// its receipt with the drawer kick first; a printer that is off gives a message and 'Print again' while the
// sale is already in the ledger; 'No sale' kicks the drawer, asks a manager when the shop says so and is
// recorded as an activity.record op. Here because it joins two features, the register and printing.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SHARED_TILL_RULES } from '../../src/domain/shared-till-rules';
import type { AskApproval } from '../../src/domain/cashier-stamp';
import { MemoryTransport } from '../../src/features/printing/memory-transport';
import { decodePrint } from '../../src/features/printing/printer-decoder';
import { TillPrinter } from '../../src/features/printing/till-printer';
import type { SettingsStorage } from '../../src/features/printing/printer-settings';
import { RegisterScreen } from '../../src/features/register/register-screen';
import type { RegisterDeps } from '../../src/features/register/register-deps';
import { COMPANY, registerWorld, withFakeLayout } from '../../src/features/register/register-test-deps';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
withFakeLayout();

function storage(): SettingsStorage {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

async function counter(extra: Partial<RegisterDeps> = {}) {
  const transport = new MemoryTransport('usb');
  const printer = new TillPrinter({ storage: storage(), transport: () => Promise.resolve(transport) });
  await printer.choose('usb');
  const world = await registerWorld({ role: 'manager' });
  await world.mirror.companies.put({ id: COMPANY, name: 'Corner Bakery' });
  render(<RegisterScreen deps={{ ...world.deps, printer, ...extra }} />);
  await screen.findByText(/The cart is empty/);
  return { ...world, transport, printer, user: userEvent.setup() };
}

async function sellCroissantForCash(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Croissant/ }));
  await user.click(screen.getByRole('button', { name: 'Pay' }));
  await user.click(screen.getByRole('button', { name: 'Cash' }));
  await user.click(screen.getByRole('button', { name: 'Complete sale' }));
  await screen.findByRole('heading', { name: 'Receipt T1-000001' });
}

const paper = (bytes: Uint8Array | undefined) =>
  decodePrint(bytes ?? new Uint8Array(), 'esc-pos').map((line) => line.trim());

describe('register with a printer', { timeout: 20_000 }, () => {
  test('a cash sale prints its receipt by itself, the drawer kick first; Print sends one copy, no kick', async () => {
    const { transport, user } = await counter();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await sellCroissantForCash(user);
    await vi.waitFor(() => {
      expect(transport.printed).toHaveLength(1);
    });
    const first = paper(transport.printed[0]);
    expect(first[0]).toBe('[drawer kick]');
    expect(first).toContain('Receipt T1-000001');
    expect(first).toContain('Corner Bakery');
    // [WORDS-1] Printed before it synced, and still nothing about syncing on the customer's paper.
    expect(first.filter((line) => line.includes('Unsynced'))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await vi.waitFor(() => {
      expect(transport.printed).toHaveLength(2);
    });
    expect(paper(transport.printed[1])).not.toContain('[drawer kick]');
    expect(print).not.toHaveBeenCalled();
  });

  test('a printer that is off: the sale is saved, the cashier reads why, and Print again prints it', async () => {
    const { transport, ledger, user } = await counter();
    transport.unplug();
    await sellCroissantForCash(user);
    expect(await screen.findByText('The receipt did not print')).toBeInTheDocument();
    expect(
      screen.getByText(
        /The printer is not connected: check that it is switched on, plugged in and has paper\. The sale is saved\./,
      ),
    ).toBeInTheDocument();
    expect(await ledger.sales.count()).toBe(1);
    expect(transport.printed).toEqual([]);
    transport.plugIn();
    await user.click(screen.getByRole('button', { name: 'Print again' }));
    await vi.waitFor(() => {
      expect(transport.printed).toHaveLength(1);
    });
    // The job that failed was the sale's, so the drawer it did not open opens now.
    expect(paper(transport.printed[0])[0]).toBe('[drawer kick]');
    expect(screen.queryByText('The receipt did not print')).not.toBeInTheDocument();
  });

  test('a printer out of paper says so; the sale is saved, and Print again prints once a roll is in', async () => {
    const { transport, ledger, user } = await counter();
    transport.health = 'paper_out';
    await sellCroissantForCash(user);
    expect(await screen.findByText('The receipt did not print')).toBeInTheDocument();
    expect(
      screen.getByText(
        "The printer is out of paper. Put in a new roll, then press 'Print again'. The sale is saved.",
      ),
    ).toBeInTheDocument();
    expect(await ledger.sales.count()).toBe(1);
    expect(transport.printed).toEqual([]);
    transport.health = 'ready';
    await user.click(screen.getByRole('button', { name: 'Print again' }));
    await vi.waitFor(() => {
      expect(transport.printed).toHaveLength(1);
    });
    expect(paper(transport.printed[0])[0]).toBe('[drawer kick]');
  });

  test('No sale kicks the drawer and is recorded as an activity.record op', async () => {
    const { transport, ledger, user } = await counter();
    await user.click(screen.getByRole('button', { name: 'No sale' }));
    expect(await screen.findByText('No sale: the drawer is open.')).toBeInTheDocument();
    expect(paper(transport.printed[0])).toEqual(['[drawer kick]']);
    const [event] = await ledger.activityEvents.toArray();
    expect(event).toMatchObject({ kind: 'no_sale', detail: { drawer_opened: true } });
    const ops = await ledger.outbox.toArray();
    expect(ops.map((op) => op.name)).toEqual(['activity.record']);
    expect(ops[0]?.args).toMatchObject({ kind: 'no_sale', id: event?.id });
  });

  test('No sale asks for a manager when the shop says so: refused, the drawer stays shut and nothing is recorded', async () => {
    const asked: Parameters<AskApproval>[] = [];
    const approve: AskApproval = (...args) => {
      asked.push(args);
      return Promise.resolve({ approved: false });
    };
    const { transport, ledger, user } = await counter({ approve });
    await user.click(screen.getByRole('button', { name: 'No sale' }));
    await vi.waitFor(() => {
      expect(asked).toHaveLength(1);
    });
    const [action, , , needed] = asked[0] ?? [];
    expect(action).toBe('no_sale');
    expect(needed?.({ ...DEFAULT_SHARED_TILL_RULES, approveNoSale: true })).toBe(true);
    expect(needed?.({ ...DEFAULT_SHARED_TILL_RULES, approveNoSale: false })).toBe(false);
    expect(transport.printed).toEqual([]);
    expect(await ledger.activityEvents.count()).toBe(0);
  });

  test('No sale carries the manager’s approval when one is given', async () => {
    const approval = {
      by: 'e9000000-0000-4000-8000-000000000001',
      action: 'no_sale' as const,
      proof: 'a'.repeat(64),
    };
    const approve: AskApproval = () => Promise.resolve({ approved: true, approval });
    const { ledger, user } = await counter({ approve });
    await user.click(screen.getByRole('button', { name: 'No sale' }));
    await screen.findByText('No sale: the drawer is open.');
    const [op] = await ledger.outbox.toArray();
    expect(op?.args).toMatchObject({ kind: 'no_sale', approval });
  });
});

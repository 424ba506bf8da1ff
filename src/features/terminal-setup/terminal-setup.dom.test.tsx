// Terminal setup screens (issue #5, [TERM-1]): choose the store, name the till, register it once; the
// device-made id is kept across retries; refusals and "offline" are plain words; no stores yet → sync first.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixedClock } from '../../domain/clock';
import { pinnedIds } from '../../domain/ids';
import { err, ok, type Result } from '../../domain/result';
import { LedgerDb } from '../../data/local/ledger-db';
import { MirrorDb } from '../../data/local/mirror-db';
import type { TerminalRegistrar } from '../../data/local/terminal';
import { TerminalSetupForm } from './terminal-setup-form';
import type { TerminalSetupDeps } from './terminal-setup-deps';
import { ThisTill } from './this-till';

afterEach(cleanup);

const COMPANY = 'e1000000-0000-4000-8000-000000000001';
const MAIN = 'e2000000-0000-4000-8000-000000000001';
const MARKET = 'e2000000-0000-4000-8000-000000000002';

type Answer = Awaited<ReturnType<TerminalRegistrar['registerTerminal']>>;
type Input = Parameters<TerminalRegistrar['registerTerminal']>[0];

/** A registrar that answers from a script, then like the server: the next code for a new id. */
function fakeRegistrar(script: Result<never>[] = []) {
  const calls: Input[] = [];
  const registrar: TerminalRegistrar = {
    registerTerminal(input): Promise<Answer> {
      calls.push(input);
      const scripted = script.shift();
      if (scripted) return Promise.resolve(scripted);
      return Promise.resolve(
        ok({ id: input.id, code: 'T2', company_id: COMPANY, store_id: input.storeId, name: input.name }),
      );
    },
  };
  return { registrar, calls };
}

async function world(options: { stores?: boolean; script?: Result<never>[] } = {}) {
  const ledger = new LedgerDb(`ledger-${crypto.randomUUID()}`);
  const mirror = new MirrorDb(`mirror-${crypto.randomUUID()}`);
  if (options.stores !== false) {
    await mirror.stores.bulkPut([
      { id: MAIN, company_id: COMPANY, name: 'Main street' },
      { id: MARKET, company_id: COMPANY, name: 'Market stall' },
    ]);
    await mirror.terminals.put({ id: 't1', company_id: COMPANY, store_id: MAIN, name: 'Till 1', code: 'T1' });
  }
  const { registrar, calls } = fakeRegistrar(options.script);
  const syncNow = vi.fn();
  const deps: TerminalSetupDeps = {
    ledger,
    mirror,
    registrar,
    clock: fixedClock('2026-11-21T08:00:00Z'),
    ids: pinnedIds(),
    companyId: COMPANY,
    syncNow,
  };
  return { deps, ledger, mirror, calls, syncNow };
}

describe('terminal setup form', () => {
  test('[TERM-1] choose the store, name the till, set it up: the ledger holds the identity', async () => {
    const { deps, ledger, calls } = await world();
    const onDone = vi.fn();
    render(<TerminalSetupForm deps={deps} onDone={onDone} />);
    const user = userEvent.setup();
    // The next free name as far as the mirror knows: one till already.
    expect(await screen.findByLabelText('Till name')).toHaveValue('Till 2');
    await user.selectOptions(screen.getByLabelText('Store'), 'Market stall');
    await user.clear(screen.getByLabelText('Till name'));
    await user.type(screen.getByLabelText('Till name'), 'Stall till');
    await user.click(screen.getByRole('button', { name: 'Set up this till' }));

    await vi.waitFor(() => {
      expect(onDone).toHaveBeenCalledTimes(1);
    });
    expect(calls).toEqual([{ storeId: MARKET, name: 'Stall till', id: expect.any(String) as string }]);
    expect(await ledger.terminals.get(COMPANY)).toMatchObject({
      id: calls[0]?.id,
      code: 'T2',
      name: 'Stall till',
      store_id: MARKET,
      receipt_counter: 0,
    });
  });

  test('[TERM-1] a failed try keeps the device-made id, so the retry gets the same terminal', async () => {
    const { deps, calls } = await world({
      script: [err('offline', 'no network'), err('insufficient_role', 'This needs the cashier role')],
    });
    const onDone = vi.fn();
    render(<TerminalSetupForm deps={deps} onDone={onDone} />);
    const user = userEvent.setup();
    const setUp = await screen.findByRole('button', { name: 'Set up this till' });

    await user.click(setUp);
    expect(await screen.findByRole('alert')).toHaveTextContent('needs the network once');
    await user.click(setUp);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role in this shop may not set up a till. Ask a manager or the owner.',
    );
    await user.click(setUp);
    await vi.waitFor(() => {
      expect(onDone).toHaveBeenCalledTimes(1);
    });
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((call) => call.id)).size).toBe(1);
  });

  test('no stores on the device yet: says to connect, syncs on request, and shows the form once they arrive', async () => {
    const { deps, mirror, syncNow } = await world({ stores: false });
    render(<TerminalSetupForm deps={deps} onDone={() => undefined} />);
    expect(
      await screen.findByText(/Connect once so this device can load your shop’s stores/),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load stores' }));
    expect(syncNow).toHaveBeenCalledTimes(1);
    // The pull that sync starts brings the store; the form follows the mirror.
    await mirror.stores.put({ id: MAIN, company_id: COMPANY, name: 'Main street' });
    expect(await screen.findByLabelText('Store')).toHaveValue(MAIN);
    expect(screen.getByLabelText('Till name')).toHaveValue('Till 1');
  });

  test('says so plainly when the device is offline', async () => {
    const { deps } = await world();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      render(<TerminalSetupForm deps={deps} onDone={() => undefined} />);
      expect(await screen.findByText(/This device is offline/)).toBeInTheDocument();
    } finally {
      onLine.mockRestore();
    }
  });
});

describe('this till in settings', () => {
  test('shows the form until the device is a till, then its code, name and store', async () => {
    const { deps } = await world();
    render(<ThisTill deps={deps} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up this till' }));
    expect(await screen.findByText('T2')).toBeInTheDocument();
    expect(screen.getByText('Till 2')).toBeInTheDocument();
    expect(screen.getByText('Main street')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up this till' })).not.toBeInTheDocument();
  });
});

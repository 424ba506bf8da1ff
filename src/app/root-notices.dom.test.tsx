// The lazily loaded update prompt decides only on the sale state read from the databases: a new version
// already taken by another tab never applies over a sale this tab has not read yet.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { SaleState } from './device';
import { RootNotices } from './root-notices';
import type { SchemaUpgradeWatch } from './schema-upgrades';

afterEach(cleanup);

const never = () => () => undefined;

test(
  'the prompt waits for the databases, then says what it waits for instead of applying',
  { timeout: 20_000 },
  async () => {
    let sale: SaleState = { saleOpen: false, unsyncedOps: 0 };
    const apply = vi.fn();
    const schema: SchemaUpgradeWatch = {
      watch: () => undefined,
      watchByName: () => undefined,
      isStale: () => false,
      subscribe: never,
    };
    const device = {
      updates: { getStatus: () => 'activated-elsewhere' as const, subscribe: never, apply },
      getSaleState: () => sale,
      subscribeSaleState: never,
      schema,
    };
    let read: (value: undefined) => void = () => undefined;
    const databasesRead = new Promise<undefined>((resolve) => {
      read = resolve;
    });
    const readDatabases = vi.fn(() => databasesRead);

    render(<RootNotices device={device} readDatabases={readDatabases} />);
    expect(readDatabases).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: 'Update available' })).toBeNull();

    sale = { saleOpen: true, unsyncedOps: 0 };
    await act(async () => {
      read(undefined);
      await Promise.resolve();
    });
    // The prompt's module loads now, for the first time (react-aria with it): slow in a cold test run.
    const prompt = await screen.findByRole('region', { name: 'Update available' }, { timeout: 10_000 });
    expect(prompt.textContent).toContain('A new version of Tillpoint is ready.');
    expect(prompt.textContent).toContain('It will update by itself once nothing is in progress.');
    expect(apply).not.toHaveBeenCalled();
  },
);

// The update prompt over a fake device: it offers, waits and says why, and applies only when the gate opens.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { SaleState } from './device';
import type { UpdateStatus } from './service-worker';
import { UpdatePrompt, type UpdatePromptDevice } from './update-prompt';

/** A device whose worker status and sale state the test moves by hand. */
function fakeDevice(initial: { status: UpdateStatus; sale: SaleState }) {
  let status = initial.status;
  let sale = initial.sale;
  const workerListeners = new Set<() => void>();
  const saleListeners = new Set<() => void>();
  const apply = vi.fn();
  const device: UpdatePromptDevice = {
    updates: {
      getStatus: () => status,
      subscribe: (listener) => {
        workerListeners.add(listener);
        return () => workerListeners.delete(listener);
      },
      apply,
    },
    getSaleState: () => sale,
    subscribeSaleState: (listener) => {
      saleListeners.add(listener);
      return () => saleListeners.delete(listener);
    },
  };
  return {
    device,
    apply,
    setStatus(next: UpdateStatus) {
      status = next;
      act(() => {
        for (const listener of workerListeners) listener();
      });
    },
    setSale(next: SaleState) {
      sale = next;
      act(() => {
        for (const listener of saleListeners) listener();
      });
    },
  };
}

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

const idle: SaleState = { saleOpen: false, unsyncedOps: 0 };

describe('UpdatePrompt', () => {
  test('shows nothing until a new version waits', () => {
    const fake = fakeDevice({ status: 'current', sale: idle });
    render(<UpdatePrompt device={fake.device} />);
    expect(screen.queryByRole('region', { name: 'Update available' })).toBeNull();
    fake.setStatus('waiting');
    expect(screen.getByRole('region', { name: 'Update available' })).not.toBeNull();
    expect(fake.apply).not.toHaveBeenCalled();
  });

  test('applies at once when no sale is open and the outbox is drained', async () => {
    const fake = fakeDevice({ status: 'waiting', sale: idle });
    render(<UpdatePrompt device={fake.device} />);
    await userEvent.click(screen.getByRole('button', { name: 'Update now' }));
    expect(fake.apply).toHaveBeenCalledTimes(1);
  });

  test('waits for the sale and the outbox, says why, then applies by itself', async () => {
    const fake = fakeDevice({ status: 'waiting', sale: { saleOpen: true, unsyncedOps: 3 } });
    render(<UpdatePrompt device={fake.device} />);
    await userEvent.click(screen.getByRole('button', { name: 'Update now' }));
    expect(screen.getByText('Finish or park the sale in progress first.')).not.toBeNull();
    expect(screen.getByText('Waiting for 3 unsynced operations to sync.')).not.toBeNull();
    expect(fake.apply).not.toHaveBeenCalled();

    fake.setSale({ saleOpen: false, unsyncedOps: 3 });
    expect(screen.queryByText('Finish or park the sale in progress first.')).toBeNull();
    expect(fake.apply).not.toHaveBeenCalled();

    fake.setSale({ saleOpen: false, unsyncedOps: 0 });
    expect(fake.apply).toHaveBeenCalledTimes(1);
  });

  test('"Later" hides the offer without applying', async () => {
    const fake = fakeDevice({ status: 'waiting', sale: idle });
    render(<UpdatePrompt device={fake.device} />);
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('region', { name: 'Update available' })).toBeNull();
    expect(fake.apply).not.toHaveBeenCalled();
  });

  test('follows a version another tab activated, but only once the sale is over', () => {
    const fake = fakeDevice({ status: 'activated-elsewhere', sale: { saleOpen: true, unsyncedOps: 0 } });
    render(<UpdatePrompt device={fake.device} />);
    expect(screen.getByText('Finish or park the sale in progress first.')).not.toBeNull();
    expect(fake.apply).not.toHaveBeenCalled();
    fake.setSale(idle);
    expect(fake.apply).toHaveBeenCalledTimes(1);
  });
});

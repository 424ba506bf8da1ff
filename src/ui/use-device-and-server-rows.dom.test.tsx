// The device-and-server rows hook: offline it shows this device's rows only and does not ask; online it
// merges the server's answer in; when the server fails it keeps the device rows and says so; a screen that
// may not ask (role, device-only filter) never does.
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useDeviceAndServerRows } from './use-device-and-server-rows';

interface Page {
  rows: string[];
  total: number;
}

const merge = (page: Page | null, device: readonly string[]) => [...(page?.rows ?? []), ...device];

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function renderRows(read: () => Promise<Page>, asksServer = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const query = queryOptions({ queryKey: ['rows'], queryFn: read, retry: false });
  return renderHook(
    () => useDeviceAndServerRows({ device: ['mine'], query: () => query, asksServer, merge }),
    { wrapper },
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useDeviceAndServerRows', () => {
  test("offline: this device's rows only, the server is not asked; online again: merged", async () => {
    setOnline(false);
    const read = vi.fn(() => Promise.resolve({ rows: ['theirs'], total: 1 }));
    const { result } = renderRows(read);
    expect(result.current).toEqual({ rows: ['mine'], page: null, source: 'offline', pager: null });
    expect(read).not.toHaveBeenCalled();
    setOnline(true);
    await waitFor(() => {
      expect(result.current.source).toBe('server');
    });
    expect(result.current.rows).toEqual(['theirs', 'mine']);
    expect(result.current.page).toEqual({ rows: ['theirs'], total: 1 });
  });

  test("online: loading with this device's rows, then the server's page merged in", async () => {
    setOnline(true);
    const { result } = renderRows(() => Promise.resolve({ rows: ['theirs'], total: 7 }));
    expect(result.current).toEqual({ rows: ['mine'], page: null, source: 'loading', pager: null });
    await waitFor(() => {
      expect(result.current.rows).toEqual(['theirs', 'mine']);
    });
    expect(result.current.page?.total).toBe(7);
  });

  test("the server fails: this device's rows and the source says the server could not be reached", async () => {
    setOnline(true);
    const { result } = renderRows(() => Promise.reject(new Error('no route to host')));
    await waitFor(() => {
      expect(result.current.source).toBe('unreachable');
    });
    expect(result.current.rows).toEqual(['mine']);
    expect(result.current.page).toBeNull();
  });

  test('a screen that may not ask never does, even online', () => {
    setOnline(true);
    const read = vi.fn(() => Promise.resolve({ rows: ['theirs'], total: 1 }));
    const { result } = renderRows(read, false);
    expect(result.current).toEqual({ rows: ['mine'], page: null, source: 'device-only', pager: null });
    expect(read).not.toHaveBeenCalled();
  });
});

test('a paged read: the pager moves through the pages, and a new filter starts again at the first', async () => {
  setOnline(true);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result, rerender } = renderHook(
    ({ filter }: { filter: string }) =>
      useDeviceAndServerRows({
        device: ['mine'],
        query: (window) =>
          queryOptions({
            queryKey: ['paged', filter, window.offset],
            queryFn: () => Promise.resolve({ rows: [`${filter}@${String(window.offset)}`], total: 45 }),
          }),
        asksServer: true,
        merge: (page, device, firstPage) => [...(page?.rows ?? []), ...(firstPage ? device : [])],
        paging: { size: 20, total: (page) => page.total, key: filter },
      }),
    { wrapper, initialProps: { filter: 'a' } },
  );
  await waitFor(() => {
    expect(result.current.rows).toEqual(['a@0', 'mine']);
  });
  expect(result.current.pager).toMatchObject({ total: 45, offset: 0, pageSize: 20 });
  act(() => {
    result.current.pager?.onOffset(20);
  });
  await waitFor(() => {
    expect(result.current.rows).toEqual(['a@20']);
  });
  rerender({ filter: 'b' });
  await waitFor(() => {
    expect(result.current.rows).toEqual(['b@0', 'mine']);
  });
  expect(result.current.pager?.offset).toBe(0);
});

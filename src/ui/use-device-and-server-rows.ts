// "This device's rows merged with the server's pages, offline-aware and reactive", once for every
// back-office list. The device rows arrive live (the screen's useLiveQuery); the server is asked through the
// screen's queryOptions factory only when it can answer — online, and `asksServer` (the role may read every
// till, the filter is not one only this device knows, a server read exists). One source says where the rows
// came from, so each screen only chooses its words for it. A paged read also gets its pager's state here:
// the offset goes back to the first page whenever the filter (`pageKey`) changes.
import { useState } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useOnline } from './use-online';

/**
 * `server`: the server's answer is merged in. `loading`: it is being asked. `unreachable`: asking failed.
 * `offline`: the browser is offline. `device-only`: the server is not asked (role, filter or no reader).
 */
export type ListSource = 'server' | 'loading' | 'unreachable' | 'offline' | 'device-only';

/** One page of a server list: where it starts and how many rows it holds at most. */
export interface PageWindow {
  offset: number;
  size: number;
}

/** What ServerPager needs: null when the rows are not the server's pages. */
export interface PagerState {
  total: number;
  offset: number;
  pageSize: number;
  onOffset: (offset: number) => void;
}

export interface DeviceAndServerRows<Page, Row> {
  rows: Row[];
  /** The server's answer when it is merged in; null when the rows are this device's only. */
  page: Page | null;
  source: ListSource;
  pager: PagerState | null;
}

interface Options<Device, Page, Row, Key extends QueryKey> {
  /** This device's rows; undefined while they load. */
  device: readonly Device[] | undefined;
  /** The read's queryOptions for the page asked for (a list that is not paged ignores it). */
  query: (window: PageWindow) => UseQueryOptions<Page, Error, Page, Key>;
  asksServer: boolean;
  /** `page` null: this device's rows alone. `firstPage`: the page asked for starts at the newest row. */
  merge: (page: Page | null, device: readonly Device[], firstPage: boolean) => Row[];
  /** Paged reads: the page size, the server's total for a page, and the filter as a string. */
  paging?: { size: number; total: (page: Page) => number; key: string };
}

export function useDeviceAndServerRows<Device, Page, Row, Key extends QueryKey>({
  device,
  query,
  asksServer,
  merge,
  paging,
}: Options<Device, Page, Row, Key>): DeviceAndServerRows<Page, Row> {
  const online = useOnline();
  const [at, setAt] = useState({ key: paging?.key, offset: 0 });
  const offset = at.key === paging?.key ? at.offset : 0;
  const enabled = online && asksServer;
  const remote = useQuery({ ...query({ offset, size: paging?.size ?? 0 }), enabled });
  const page = enabled && remote.isSuccess ? remote.data : null;
  const pager =
    page !== null && paging
      ? {
          total: paging.total(page),
          offset,
          pageSize: paging.size,
          onOffset: (next: number) => {
            setAt({ key: paging.key, offset: next });
          },
        }
      : null;
  return {
    rows: merge(page, device ?? [], offset === 0),
    page,
    source: sourceOf(online, asksServer, remote),
    pager,
  };
}

function sourceOf(
  online: boolean,
  asksServer: boolean,
  remote: { isSuccess: boolean; isError: boolean },
): ListSource {
  if (!online) return 'offline';
  if (!asksServer) return 'device-only';
  if (remote.isSuccess) return 'server';
  return remote.isError ? 'unreachable' : 'loading';
}

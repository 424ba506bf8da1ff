// "This device's rows merged with the server's pages, offline-aware and reactive", once for every
// back-office list. The device rows arrive live (the screen's useLiveQuery); the server is asked through the
// screen's queryOptions factory only when it can answer — online, and `asksServer` (the role may read every
// till, the filter is not one only this device knows, a server read exists). One status says where the rows
// came from, so each screen only chooses its words for it.
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useOnline } from './use-online';

/**
 * `server`: the server's answer is merged in. `loading`: it is being asked. `unreachable`: asking failed.
 * `offline`: the browser is offline. `device-only`: the server is not asked (role, filter or no reader).
 */
export type ListSource = 'server' | 'loading' | 'unreachable' | 'offline' | 'device-only';

export interface DeviceAndServerRows<Page, Row> {
  rows: Row[];
  /** The server's answer when it is merged in; null when the rows are this device's only. */
  page: Page | null;
  source: ListSource;
}

export function useDeviceAndServerRows<Device, Page, Row, Key extends QueryKey>({
  device,
  query,
  asksServer,
  merge,
}: {
  /** This device's rows; undefined while they load. */
  device: readonly Device[] | undefined;
  query: UseQueryOptions<Page, Error, Page, Key>;
  asksServer: boolean;
  /** `page` null: this device's rows alone. */
  merge: (page: Page | null, device: readonly Device[]) => Row[];
}): DeviceAndServerRows<Page, Row> {
  const online = useOnline();
  const enabled = online && asksServer;
  const remote = useQuery({ ...query, enabled });
  const page = enabled && remote.isSuccess ? remote.data : null;
  return { rows: merge(page, device ?? []), page, source: sourceOf(online, asksServer, remote) };
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

// The React Query cache: server reads are fresh for 5 minutes and kept for 10 (DESIGN §8). Queries that set
// meta.persist are also written to localStorage (@tanstack/query-sync-storage-persister), so what a till
// needs at start — which shop it belongs to — survives a reload with no network.
import { QueryClient, dehydrate, hydrate } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';

const PERSIST_KEY = 'tillpoint-query-cache';
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60 * 1000, gcTime: 10 * 60 * 1000, refetchOnWindowFocus: false },
    },
  });
}

export interface PersistedCache {
  /** Forget everything cached and persisted (on sign-out, so the next user starts clean). */
  clear: () => void;
}

export async function persistOptInQueries(
  queryClient: QueryClient,
  storage: Storage,
): Promise<PersistedCache> {
  // The issue names the sync persister: localStorage is synchronous, and the cache restores before routing.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const persister = createSyncStoragePersister({ storage, key: PERSIST_KEY, throttleTime: 0 });
  try {
    const saved = await persister.restoreClient();
    if (saved && Date.now() - saved.timestamp < MAX_AGE_MS) hydrate(queryClient, saved.clientState);
  } catch {
    // an unreadable cache is only a slower start
  }
  queryClient.getQueryCache().subscribe(() => {
    void persister.persistClient({
      timestamp: Date.now(),
      buster: '',
      clientState: dehydrate(queryClient, {
        shouldDehydrateQuery: (query) => query.meta?.persist === true && query.state.status === 'success',
      }),
    });
  });
  return {
    clear: () => {
      queryClient.clear();
      void persister.removeClient();
    },
  };
}

// React hooks over the sync layer's sources: Dexie live queries (so lists follow the ledger, in every tab),
// the browser's online/offline events, the engine's status, a ticking clock and the storage estimate.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { liveQuery } from 'dexie';
import type { SyncEngine } from '../../data/sync/sync-engine';
import { storageHealth, type StorageHealth } from '../../data/sync/storage-health';
import type { SyncStatus } from '../../data/sync/sync-status';

/**
 * The latest answer of `query`, re-run by Dexie whenever a table it read changes. Keep `query` stable
 * (useCallback): a new function starts a new subscription. `initial` is shown until the first answer.
 */
export function useLiveQuery<T>(query: (() => Promise<T>) | null, initial: T): T {
  const [value, setValue] = useState<{ query: unknown; value: T } | null>(null);
  useEffect(() => {
    if (query === null) return;
    const subscription = liveQuery(query).subscribe({
      next: (next) => {
        setValue({ query, value: next });
      },
      error: (error: unknown) => {
        console.warn('A live read of this device’s data failed', error);
      },
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [query]);
  // An answer of a previous query is never shown for the current one.
  return value !== null && value.query === query ? value.value : initial;
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's own idea of the network, at once on `online` / `offline` (the engine's waits for a cycle). */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

export function useEngineStatus(engine: Pick<SyncEngine, 'subscribe' | 'getStatus'>): SyncStatus {
  return useSyncExternalStore(engine.subscribe, engine.getStatus);
}

/** Epoch ms, updated every `everyMs`, for "3 minutes ago" texts that must not go stale. */
export function useNow(everyMs = 5_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, everyMs);
    return () => {
      clearInterval(timer);
    };
  }, [everyMs]);
  return now;
}

/** Storage use and its warning ([STORE-2]); read again whenever `key` changes (e.g. the unsynced count). */
export function useStorageHealth(key: unknown): StorageHealth | null {
  const [health, setHealth] = useState<StorageHealth | null>(null);
  useEffect(() => {
    let current = true;
    void storageHealth(typeof navigator === 'undefined' ? undefined : navigator.storage).then((next) => {
      if (current) setHealth(next);
    });
    return () => {
      current = false;
    };
  }, [key]);
  return health;
}

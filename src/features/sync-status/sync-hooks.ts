// React hooks over the sync layer's sources: the engine's status, a ticking clock and the storage estimate.
// (Live ledger reads and the online flag are src/ui's useLiveQuery and useOnline.)
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SyncEngine } from '../../data/sync/sync-engine';
import { storageHealth, type StorageHealth } from '../../data/sync/storage-health';
import type { SyncStatus } from '../../data/sync/sync-status';

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

// Hands the sync services (built once, after a sign-in, by app-services.ts) to the shell's components — the
// nav bar's offline and unsynced badges, the sign-out warning — and keeps the engine's status live for React.
import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import type { SyncServices } from '../data/sync/create-sync';
import { initialStatus, type SyncStatus } from '../data/sync/sync-status';

const SyncContext = createContext<SyncServices | null>(null);
const LoadSyncContext = createContext<(() => Promise<SyncServices>) | null>(null);

export function SyncProvider({ sync, children }: { sync: SyncServices | null; children: ReactNode }) {
  return <SyncContext value={sync}>{children}</SyncContext>;
}

/** The sync services as main.tsx loads them: null until something starts them (a sign-in, usually). */
export interface LoadingSync {
  current: () => SyncServices | null;
  subscribe: (listener: () => void) => () => void;
  /** Starts them if need be. */
  loadSync: () => Promise<SyncServices>;
}

export function LoadingSyncProvider({ source, children }: { source: LoadingSync; children: ReactNode }) {
  const sync = useSyncExternalStore(source.subscribe, source.current);
  return (
    <LoadSyncContext value={source.loadSync}>
      <SyncProvider sync={sync}>{children}</SyncProvider>
    </LoadSyncContext>
  );
}

/** For what must not act on "no services yet" (signing out checks for unsynced work); null in tests. */
export function useLoadSync(): (() => Promise<SyncServices>) | null {
  return use(LoadSyncContext);
}

export function useSyncServices(): SyncServices | null {
  return use(SyncContext);
}

const noop = () => () => undefined;
const idle = () => initialStatus;

/** The engine's status (the leader's, in other tabs); the idle status where no sync runs (tests, guests). */
export function useSyncStatus(sync: SyncServices | null): SyncStatus {
  const engine = sync?.engine ?? null;
  return useSyncExternalStore(engine ? engine.subscribe : noop, engine ? engine.getStatus : idle);
}

// Runs the engine in a page (DESIGN §6 "Leader", "When"): the tab holding the Web Lock syncs at start, on
// `online`, when it becomes visible, shortly after a local write, every 30 s and on "Sync now", and as soon as
// a server that was out of reach answers again ([TRIG-3]); other tabs
// forward requests and show the leader's status. Never Background Sync. Starting twice (React StrictMode)
// is harmless: start() on a running runtime returns the same stop(), and stop() frees the lock.
import { requestLeadership, type LeaderHandle } from './leader';
import { openSyncChannel, type SyncChannel, type SyncMessage } from './status-channel';
import type { SyncEngine } from './sync-engine';

export interface SyncEnvironment {
  locks: LockManager | undefined;
  Channel: typeof BroadcastChannel | undefined;
  /** The window: `online` / `offline` events. */
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** The document: `visibilitychange`, and whether it is visible. */
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
  /**
   * [TRIG-3] Whether the server answers at all (any HTTP answer), asked cheaply; absent, only cycles tell.
   * Resolves false on no answer; never rejects.
   */
  probe?: () => Promise<boolean>;
}

export const SYNC_INTERVAL_MS = 30_000;
export const AFTER_WRITE_MS = 1_000;
/** [TRIG-3] How often a leader whose server is out of reach asks whether it answers again. */
export const PROBE_EVERY_MS = 3_000;

export interface SyncRuntime {
  /** "Sync now", from any tab. */
  syncNow(): void;
  /** Call after a ledger write ("shortly after a local write"). */
  noteLocalWrite(): void;
  stop(): void;
}

export function startSyncRuntime(engine: SyncEngine, env: SyncEnvironment): SyncRuntime {
  let leader = false;
  let stopped = false;
  let tick: unknown;
  let soon: unknown;
  let probing: unknown;

  const run = (respectBackoff: boolean) => {
    if (!leader || stopped) return;
    const { nextRetryAt } = engine.getStatus();
    if (respectBackoff && nextRetryAt !== null && env.now() < nextRetryAt) return;
    void engine.syncNow().finally(schedule);
  };
  // [TRIG-1] The next automatic cycle: the retry time after a failure, else 30 s.
  const schedule = () => {
    if (stopped || !leader) return;
    env.clearTimeout(tick);
    const { nextRetryAt } = engine.getStatus();
    const wait = nextRetryAt === null ? SYNC_INTERVAL_MS : Math.max(0, nextRetryAt - env.now());
    tick = env.setTimeout(() => {
      run(false);
    }, wait);
    if (engine.getStatus().serverReachable === false) probeSoon();
  };
  // [TRIG-3] A server out of reach is asked again every few seconds, not only at the next backoff retry (up to
  // minutes away): when the connection comes back without the browser noticing (Wi-Fi up all along, or no
  // `online` event), the first answer clears 'server unreachable' and syncs at once.
  const probeNow = () => {
    const { probe } = env;
    if (!probe || stopped || !leader) return;
    env.clearTimeout(probing);
    void probe().then((answered) => {
      if (stopped || !leader) return;
      if (!answered) {
        probeSoon();
        return;
      }
      if (engine.getStatus().serverReachable === false) {
        engine.patchStatus({ serverReachable: true });
        run(false);
      }
    });
  };
  const probeSoon = () => {
    if (!env.probe || stopped || !leader) return;
    env.clearTimeout(probing);
    probing = env.setTimeout(probeNow, PROBE_EVERY_MS);
  };
  const onMessage = (message: SyncMessage) => {
    if (message.type === 'status' && !leader) engine.patchStatus({ ...message.status, leader: false });
    if (message.type === 'sync-now') run(false);
    if (message.type === 'wrote') wrote();
  };
  const channel: SyncChannel = openSyncChannel(env.Channel, onMessage);
  const unsubscribe = engine.subscribe((status) => {
    if (leader) channel.post({ type: 'status', status });
  });
  const wrote = () => {
    void engine.refreshCounts();
    if (!leader) return;
    env.clearTimeout(soon);
    soon = env.setTimeout(() => {
      run(true);
    }, AFTER_WRITE_MS);
  };
  // [TRIG-2] Coming back online or to the foreground syncs at once, whatever the backoff said.
  // The returning connection is also asked directly, so a cycle still waiting on a request the drop left
  // hanging does not keep 'server unreachable' up ([TRIG-3]).
  const onOnline = () => {
    engine.patchStatus({ online: true });
    run(false);
    probeNow();
  };
  const onOffline = () => {
    engine.patchStatus({ online: false, phase: 'offline' });
  };
  const onVisible = () => {
    if (env.document.visibilityState === 'visible') run(false);
  };
  env.window.addEventListener('online', onOnline);
  env.window.addEventListener('offline', onOffline);
  env.document.addEventListener('visibilitychange', onVisible);

  const lock: LeaderHandle = requestLeadership(env.locks, () => {
    if (stopped) return;
    leader = true;
    engine.patchStatus({ leader: true });
    run(false);
  });
  void engine.refreshCounts();

  return {
    syncNow: () => {
      if (leader) run(false);
      else channel.post({ type: 'sync-now' });
    },
    noteLocalWrite: () => {
      if (leader) wrote();
      else {
        void engine.refreshCounts();
        channel.post({ type: 'wrote' });
      }
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      leader = false;
      env.clearTimeout(tick);
      env.clearTimeout(soon);
      env.clearTimeout(probing);
      env.window.removeEventListener('online', onOnline);
      env.window.removeEventListener('offline', onOffline);
      env.document.removeEventListener('visibilitychange', onVisible);
      unsubscribe();
      channel.close();
      lock.release();
      engine.patchStatus({ leader: false });
    },
  };
}

/** The browser's own environment. */
export function browserSyncEnvironment(): SyncEnvironment {
  return {
    locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined,
    Channel: typeof BroadcastChannel === 'undefined' ? undefined : BroadcastChannel,
    window,
    document,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => {
      if (typeof handle === 'number') window.clearTimeout(handle);
    },
    now: () => Date.now(),
  };
}

/** How long a probe waits for the server before calling it out of reach. */
const PROBE_TIMEOUT_MS = 4_000;

/**
 * [TRIG-3] The server's health URL, fetched without CORS (an opaque answer is still an answer): true on any
 * HTTP answer, false on a network error or after PROBE_TIMEOUT_MS. Not cached by the service worker (sw.ts
 * leaves /auth/v1 to the network).
 */
export function probeServer(supabaseUrl: string): () => Promise<boolean> {
  const url = `${supabaseUrl.replace(/\/$/, '')}/auth/v1/health`;
  return () =>
    fetch(url, { mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).then(
      () => true,
      () => false,
    );
}

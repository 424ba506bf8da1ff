// Leader election by Web Lock (DESIGN §6): only the tab holding `tillpoint-sync` syncs. The lock is held
// until release() (the engine stops, or the tab goes away, which frees it by itself). Without the Web Locks
// API (jsdom, very old browsers) this tab simply leads. Releasing before the lock was granted withdraws
// the request, so a React StrictMode mount–unmount–mount leaves exactly one holder.

export const SYNC_LOCK = 'tillpoint-sync';

export interface LeaderHandle {
  release(): void;
}

export function requestLeadership(
  locks: LockManager | undefined,
  onLeader: () => void,
  onError: (error: unknown) => void = () => undefined,
): LeaderHandle {
  if (locks === undefined) {
    onLeader();
    return { release: () => undefined };
  }
  const abort = new AbortController();
  let free: (() => void) | undefined;
  let released = false;
  locks
    .request(SYNC_LOCK, { signal: abort.signal }, () => {
      if (released) return undefined;
      onLeader();
      return new Promise<void>((resolve) => {
        free = resolve;
      });
    })
    .catch((error: unknown) => {
      if (!abort.signal.aborted) onError(error);
    });
  return {
    release: () => {
      released = true;
      abort.abort();
      free?.();
    },
  };
}

// Small hooks for the setup screens: a Dexie liveQuery as React state (so a pull that brings the stores, or
// a setup in another tab, shows at once), and the browser's online flag.
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

const LOADING = Symbol('loading');

/** The query's latest answer, or `LOADING` until the first one. `query` must be stable (useCallback). */
export function useLive<T>(query: () => Promise<T>): T | typeof LOADING {
  const [value, setValue] = useState<{ current: T } | null>(null);
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: (next) => {
        setValue({ current: next });
      },
      // A failed read leaves the last answer on screen; the next change tries again.
      error: () => undefined,
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [query]);
  return value === null ? LOADING : value.current;
}

export function isLoading(value: unknown): value is typeof LOADING {
  return value === LOADING;
}

export function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const update = () => {
      setOnline(navigator.onLine);
    };
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

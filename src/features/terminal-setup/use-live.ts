// A Dexie liveQuery as React state for the setup screens (a pull that brings the stores, or a setup in another
// tab, shows at once). Unlike src/ui/use-live-query.ts it tells "loading" from an answer of `undefined`
// (no till yet).
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

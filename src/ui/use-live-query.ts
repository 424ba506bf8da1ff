// A Dexie liveQuery as React state, for screens that follow local writes and sync answers without
// reloading. `undefined` until the first answer; a failed read leaves the last answer (the next write
// tries again).
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

/** `query` must be stable for as long as the same read is meant (wrap it in useCallback). */
export function useLiveQuery<T>(query: () => Promise<T>): T | undefined {
  const [state, setState] = useState<{ query: () => Promise<T>; value: T } | undefined>(undefined);
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: (value) => {
        setState({ query, value });
      },
      error: (error: unknown) => {
        console.warn('A live read of this device’s data failed', error);
      },
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [query]);
  // The answer of an earlier read is not shown for a new one (a changed filter shows "loading").
  return state?.query === query ? state.value : undefined;
}

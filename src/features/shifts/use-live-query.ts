// A Dexie liveQuery as React state: the shifts screen follows local writes and sync answers (a sale rung up
// in another tab, a close marked synced) without reloading. `undefined` until the first answer.
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

/** `query` must be stable for as long as the same read is meant (wrap it in useCallback). */
export function useLiveQuery<T>(query: () => Promise<T>): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: setValue,
      // A failed read leaves the last answer on screen; the next write tries again.
      error: () => undefined,
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [query]);
  return value;
}

// A list the promotions screen reads from the server (promotions, a promotion's coupons): read when the screen
// opens and again after each write; offline, or refused, the reason in words. As use-suppliers.ts does.
import { useEffect, useState } from 'react';
import type { Result } from '../../../domain/result';

export type ServerList<T> =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; rows: T[] };

/** `read` must be stable (useCallback) or the list is read at every render. */
export function useServerList<T>(read: () => Promise<Result<T[]>>) {
  const [list, setList] = useState<ServerList<T>>({ state: 'loading' });
  const [reads, setReads] = useState(0);
  useEffect(() => {
    let current = true;
    void read().then((answer) => {
      if (!current) return;
      setList(
        answer.ok
          ? { state: 'ready', rows: answer.value }
          : { state: 'failed', message: answer.error.message },
      );
    });
    return () => {
      current = false;
    };
  }, [read, reads]);
  const reload = () => {
    setReads((count) => count + 1);
  };
  return { list, reload };
}

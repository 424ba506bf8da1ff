// Follows a live read (Dexie's liveQuery through SaleHistory): the latest answer, 'loading' until the first
// one for this read arrives. A failed read is shown as a message instead of a broken screen.
import { useEffect, useState } from 'react';
import type { Live } from './sale-history-deps';

export type LiveAnswer<T> =
  { kind: 'loading' } | { kind: 'ready'; value: T } | { kind: 'failed'; message: string };

const LOADING = { kind: 'loading' } as const;

/** `open` must be stable for as long as the same read is meant (wrap it in useCallback / useMemo). */
export function useLive<T>(open: () => Live<T>): LiveAnswer<T> {
  // The answer remembers which read it belongs to, so a new read shows 'loading', not the last one's rows.
  const [state, setState] = useState<{ source: () => Live<T>; answer: LiveAnswer<T> } | null>(null);
  useEffect(() => {
    const subscription = open().subscribe({
      next: (value) => {
        setState({ source: open, answer: { kind: 'ready', value } });
      },
      error: () => {
        setState({
          source: open,
          answer: { kind: 'failed', message: 'This device could not read its sales.' },
        });
      },
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [open]);
  return state?.source === open ? state.answer : LOADING;
}

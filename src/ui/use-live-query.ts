// Live reads as React state: a stream of answers (Dexie's liveQuery is one) followed by a screen, so it shows
// local writes and sync answers without reloading. One hook, three states: `loading` until the first answer
// for this read, `ready` with the latest one, `failed` when the read failed (the next change tries again).
import { liveQuery } from 'dexie';
import { useEffect, useMemo, useState } from 'react';

/** A stream of answers: a new value whenever what it reads changes. */
export interface Live<T> {
  subscribe(observer: { next: (value: T) => void; error: (error: unknown) => void }): {
    unsubscribe: () => void;
  };
}

export type LiveAnswer<T> =
  { kind: 'loading' } | { kind: 'ready'; value: T } | { kind: 'failed'; error: unknown };

const LOADING = { kind: 'loading' } as const;

/** `open` must be stable for as long as the same read is meant (wrap it in useCallback / useMemo). */
export function useLive<T>(open: () => Live<T>): LiveAnswer<T> {
  // The answer remembers which read it belongs to, so a new read (a changed filter) shows `loading`, never
  // the rows of the last one.
  const [state, setState] = useState<{ source: () => Live<T>; answer: LiveAnswer<T> } | null>(null);
  useEffect(() => {
    const subscription = open().subscribe({
      next: (value) => {
        setState({ source: open, answer: { kind: 'ready', value } });
      },
      error: (error: unknown) => {
        console.warn('A live read of this device’s data failed', error);
        setState({ source: open, answer: { kind: 'failed', error } });
      },
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [open]);
  return state?.source === open ? state.answer : LOADING;
}

/** A Dexie read followed live. `query` must be stable (useCallback). */
export function useLiveQuery<T>(query: () => Promise<T>): LiveAnswer<T> {
  const open = useMemo(() => () => liveQuery(query), [query]);
  return useLive(open);
}

/** The latest answer's value; undefined while loading and after a failure. */
export function readyValue<T>(answer: LiveAnswer<T>): T | undefined {
  return answer.kind === 'ready' ? answer.value : undefined;
}

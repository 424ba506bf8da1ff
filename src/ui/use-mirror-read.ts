// A list read from this device's mirror (the shop's stores, products, categories, tills) that follows the
// mirror. A back-office page opened right after signing in, before the first pull has brought the shop's
// products, would otherwise keep the empty or partial answer it read first: a transfer's lines said
// 'Unknown product' until the page was reloaded. The answer has the two fields the screens read of a query.
import { readyValue, useLiveQuery } from './use-live-query';

export interface MirrorRead<T> {
  /** Until the first answer. */
  isPending: boolean;
  /** The latest answer; undefined while pending or after a failed read. */
  data: T | undefined;
}

/** `read` must be stable for as long as the same read is meant (the screens' deps are memoised). */
export function useMirrorRead<T>(read: () => Promise<T>): MirrorRead<T> {
  const answer = useLiveQuery(read);
  return { isPending: answer.kind === 'loading', data: readyValue(answer) };
}

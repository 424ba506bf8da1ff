/**
 * Whether a query could not be answered just now: it failed (the server cannot be reached), or the browser
 * has said it is offline and React Query holds the fetch back (paused) instead of failing it. A screen that
 * checked only isError showed stale figures as current offline, and "Loading…" for ever with none cached.
 */
export function unanswered(query: { isError: boolean; fetchStatus: string }): boolean {
  return query.isError || query.fetchStatus === 'paused';
}

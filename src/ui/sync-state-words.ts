// The words every list uses for a row's sync state (data/local's SyncState): one place, so the sales,
// customers, stock and register lists never drift apart.
export const SYNC_STATE_WORDS = {
  synced: 'Synced',
  pending: 'Pending',
  attention: 'Needs attention',
} as const satisfies Record<string, string>;

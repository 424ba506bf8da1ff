// Words and times the sales screen shows for a sale's state and when it happened.
export const STATE_TEXT = { synced: 'Synced', pending: 'Pending', attention: 'Needs attention' } as const;

export const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

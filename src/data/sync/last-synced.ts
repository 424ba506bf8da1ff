// [STATUS-3] When the signed-in user last synced completely, kept in their mirror's meta table (the mirror
// is named per Supabase project and user, like the pull cursors beside it), so "Last synced" tells the
// truth after a reload, offline included, and another user on the device sees their own time.
import type { MirrorDb } from '../local/mirror-db';

const LAST_SYNCED_KEY = 'lastSyncedAt';

export async function readLastSynced(mirror: MirrorDb): Promise<string | null> {
  const stored = await mirror.meta.get(LAST_SYNCED_KEY);
  return typeof stored?.value === 'string' ? stored.value : null;
}

export async function writeLastSynced(mirror: MirrorDb, at: string): Promise<void> {
  await mirror.meta.put({ key: LAST_SYNCED_KEY, value: at });
}

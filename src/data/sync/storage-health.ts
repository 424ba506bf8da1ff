// Storage the browser may evict (DESIGN §6, sync-anchors §5): ask for persistence after the first sign-in,
// and report use against quota and persistence. It warns only of a device filling up: not being persisted
// is a fact the sync page explains, and a risk only once unsynced work has waited a while ([STORE-3]).
import { t } from '@lingui/core/macro';

export interface StorageHealth {
  persisted: boolean | null;
  usage: number | null;
  quota: number | null;
  /** A sentence when storage is filling up, or null. */
  warning: string | null;
}

/** Share of the quota at which settings warn (sync-anchors §7: alert at 50 %). */
export const STORAGE_WARN_SHARE = 0.5;

/** [STORE-1] Asks once for persistent storage; answers whether the origin is persisted. */
export async function requestPersistence(storage: StorageManager | undefined): Promise<boolean | null> {
  if (storage === undefined || typeof storage.persist !== 'function') return null;
  try {
    if (await storage.persisted()) return true;
    return await storage.persist();
  } catch {
    return null;
  }
}

/** [STORE-2] Use, quota, persistence and the warning to show. */
export async function storageHealth(storage: StorageManager | undefined): Promise<StorageHealth> {
  if (storage === undefined) return { persisted: null, usage: null, quota: null, warning: null };
  const [estimate, persisted] = await Promise.all([
    storage.estimate().catch(() => ({ usage: undefined, quota: undefined })),
    storage.persisted().catch(() => null),
  ]);
  const usage = estimate.usage ?? null;
  const quota = estimate.quota ?? null;
  let warning: string | null = null;
  if (usage !== null && quota !== null && quota > 0 && usage / quota >= STORAGE_WARN_SHARE) {
    const percent = Math.round((usage / quota) * 100);
    warning = t`Storage is ${percent} % full: sync and free space before it runs out.`;
  }
  return { persisted, usage, quota, warning };
}

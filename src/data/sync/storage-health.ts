// Storage the browser may evict (DESIGN §6, sync-anchors §5): ask for persistence after the first sign-in,
// and report use against quota so settings can warn before the device fills up or when it is not persisted.

export interface StorageHealth {
  persisted: boolean | null;
  usage: number | null;
  quota: number | null;
  /** A sentence for settings, or null when all is well. */
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
    warning = `Storage is ${Math.round((usage / quota) * 100)} % full: sync and free space before it runs out.`;
  } else if (persisted === false) {
    warning = 'The browser may clear this till’s data: install the app so its storage is kept.';
  }
  return { persisted, usage, quota, warning };
}

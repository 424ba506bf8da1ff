// The sync status in plain words for people at the counter: what the engine is doing, what each queued op
// is (its words are the op's own, src/data/ops/registry.ts opTitle), what needs attention, and times
// relative to now.
import type { UnsyncedSummary } from '../../data/local/unsynced-work';
import type { StorageHealth } from '../../data/sync/storage-health';
import type { SyncStatus } from '../../data/sync/sync-status';

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

const PHASES: Record<SyncStatus['phase'], string> = {
  idle: 'Waiting for the next sync',
  pushing: 'Sending this device’s work',
  pulling: 'Receiving the shop’s latest data',
  offline: 'Offline: work is kept on this device',
  waiting_retry: 'Could not reach the server: trying again soon',
  signed_out: 'Nobody is signed in',
  needs_sign_in: 'Sign in again to sync',
};

export function phaseWords(status: Pick<SyncStatus, 'phase' | 'pending' | 'lastSyncedAt'>): string {
  if (status.phase === 'idle' && status.pending === 0 && status.lastSyncedAt !== null) return 'Up to date';
  return PHASES[status.phase];
}

/** The connection in words: the words the sync page and the nav badge both show. */
export type ConnectionWords = 'Online' | 'Offline' | 'Offline — server unreachable';

/**
 * [STATUS-2] Offline when the browser says so; when it says online but the last request got no answer
 * (Wi-Fi up, internet down, or the server down), offline too, and why.
 */
export function connectionWords(
  browserOnline: boolean,
  status: Pick<SyncStatus, 'online' | 'serverReachable'>,
): ConnectionWords {
  if (!browserOnline || !status.online) return 'Offline';
  return status.serverReachable === false ? 'Offline — server unreachable' : 'Online';
}

/** "2 sales and 1 other operation are not synced yet." */
export function unsyncedSentence(summary: UnsyncedSummary): string {
  const others = summary.ops - summary.sales;
  if (summary.ops === 0) {
    return summary.deadLetters === 0
      ? 'Every sale and change has reached the server.'
      : 'Nothing else is waiting to be sent.';
  }
  const parts: string[] = [];
  if (summary.sales > 0) parts.push(plural(summary.sales, 'sale', 'sales'));
  if (others > 0) {
    parts.push(
      summary.sales > 0
        ? plural(others, 'other operation', 'other operations')
        : plural(others, 'operation', 'operations'),
    );
  }
  const verb = summary.ops === 1 ? 'is' : 'are';
  return `${parts.join(' and ')} ${verb} not synced yet.`;
}

/** [STORE-3] How long unsynced work may wait on storage the browser may clear before it counts as at risk. */
export const UNSYNCED_AT_RISK_MS = 10 * 60_000;

/** [STORE-2] What persistence means, said once on the sync page (and beside the install steps). */
export const NOT_PERSISTED_NOTE =
  'The browser has not promised to keep this till’s data: it may clear it when the device runs short of space. ' +
  'Work that has synced is safe on the server; installing the app usually makes the browser keep the rest.';

/**
 * [STORE-3] The storage warning worth a badge on every screen, or null: storage filling up, or storage the
 * browser may clear holding unsynced work older than UNSYNCED_AT_RISK_MS (say, offline all morning). A sale
 * just made is not at risk — it syncs within seconds — and a warning that flashes after every sale stops
 * being read.
 */
export function storageAttention(
  health: StorageHealth | null,
  oldestUnsyncedAt: number | null,
  now: number,
): string | null {
  if (health === null) return null;
  if (health.warning !== null) return health.warning;
  if (health.persisted !== false || oldestUnsyncedAt === null) return null;
  if (now - oldestUnsyncedAt < UNSYNCED_AT_RISK_MS) return null;
  return `Work from ${relativeTime(oldestUnsyncedAt, now)} is not synced yet and the browser may clear it: connect to sync it, or export it.`;
}

/** Why the nav bar's warning shows, one sentence each; empty when nothing needs attention. */
export function attentionReasons(input: {
  status: Pick<SyncStatus, 'phase' | 'waitingForOtherUser'>;
  deadLetters: number;
  storageWarning: string | null;
}): string[] {
  const reasons: string[] = [];
  if (input.deadLetters > 0) {
    reasons.push(`${plural(input.deadLetters, 'operation was', 'operations were')} refused by the server`);
  }
  if (input.status.phase === 'needs_sign_in') reasons.push('sign in again to sync');
  if (input.status.waitingForOtherUser > 0) {
    reasons.push(
      `${plural(input.status.waitingForOtherUser, 'operation waits', 'operations wait')} for a member of another shop`,
    );
  }
  if (input.storageWarning !== null) reasons.push('storage needs attention');
  return reasons;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
];

/** "3 minutes ago", "in 20 seconds", "now". */
export function relativeTime(at: number, now: number): string {
  const diff = at - now;
  if (Math.abs(diff) < 5_000) return 'now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms || unit === 'second') return format.format(Math.round(diff / ms), unit);
  }
  return 'now';
}

export function bytesText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

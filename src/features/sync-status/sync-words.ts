// The sync status in plain words for people at the counter: what the engine is doing, what each queued op
// is (its words are the op's own, src/data/ops/registry.ts opTitle), what needs attention, and times
// relative to now.
import type { UnsyncedSummary } from '../../data/local/unsynced-work';
import { STORAGE_WARN_SHARE, type StorageHealth } from '../../data/sync/storage-health';
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

/**
 * The storage warning worth a badge on every screen: storage filling up, or storage the browser may clear
 * while work exists only here. Not being persisted with nothing unsynced is said on the sync page only —
 * most browser tabs are never persisted, and a warning that never goes away stops being read.
 */
export function storageAttention(health: StorageHealth | null, unsynced: number): string | null {
  const warning = health?.warning ?? null;
  if (health === null || warning === null) return null;
  const filling =
    health.usage !== null &&
    health.quota !== null &&
    health.quota > 0 &&
    health.usage / health.quota >= STORAGE_WARN_SHARE;
  return filling || unsynced > 0 ? warning : null;
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

export function absoluteTime(at: number): string {
  return new Date(at).toLocaleString();
}

export function bytesText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

// The sync status in plain words for people at the counter: what the engine is doing, what each queued op
// is (its words are the op's own, src/data/ops/registry.ts opTitle), what needs attention, and times
// relative to now.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import type { UnsyncedSummary } from '../../data/local/unsynced-work';
import type { StorageHealth } from '../../data/sync/storage-health';
import type { SyncStatus } from '../../data/sync/sync-status';
import { numberFormat, screenLocale } from '../../lib/i18n/intl';

// Descriptors: said in the active language when shown (issue 35).
const PHASES: Record<SyncStatus['phase'], MessageDescriptor> = {
  idle: msg`Waiting for the next sync`,
  pushing: msg`Sending this device’s work`,
  pulling: msg`Receiving the shop’s latest data`,
  offline: msg`Offline: work is kept on this device`,
  waiting_retry: msg`Could not reach the server: trying again soon`,
  signed_out: msg`Nobody is signed in`,
  needs_sign_in: msg`Sign in again to sync`,
};

export function phaseWords(status: Pick<SyncStatus, 'phase' | 'pending' | 'lastSyncedAt'>): string {
  if (status.phase === 'idle' && status.pending === 0 && status.lastSyncedAt !== null) return t`Up to date`;
  return i18n._(PHASES[status.phase]);
}

/** The connection: online, offline, or online with the server not answering ([STATUS-2]). */
export type Connection = 'online' | 'offline' | 'unreachable';

/** The connection in words: the words the sync page and the nav badge both show, in the active language. */
export type ConnectionWords = string;

export function connectionOf(
  browserOnline: boolean,
  status: Pick<SyncStatus, 'online' | 'serverReachable'>,
): Connection {
  if (!browserOnline || !status.online) return 'offline';
  return status.serverReachable === false ? 'unreachable' : 'online';
}

/**
 * [STATUS-2] Offline when the browser says so; when it says online but the last request got no answer
 * (Wi-Fi up, internet down, or the server down), offline too, and why.
 */
export function connectionWords(
  browserOnline: boolean,
  status: Pick<SyncStatus, 'online' | 'serverReachable'>,
): ConnectionWords {
  const connection = connectionOf(browserOnline, status);
  if (connection === 'offline') return t`Offline`;
  return connection === 'unreachable' ? t`Offline — server unreachable` : t`Online`;
}

/** "2 sales and 1 other operation are not synced yet." */
export function unsyncedSentence(summary: UnsyncedSummary): string {
  const others = summary.ops - summary.sales;
  if (summary.ops === 0) {
    return summary.deadLetters === 0
      ? t`Every sale and change has reached the server.`
      : t`Nothing else is waiting to be sent.`;
  }
  // Whole sentences, so each language orders and agrees its own words.
  if (others === 0) {
    return plural(summary.sales, {
      one: '# sale is not synced yet.',
      other: '# sales are not synced yet.',
    });
  }
  if (summary.sales === 0) {
    return plural(others, {
      one: '# operation is not synced yet.',
      other: '# operations are not synced yet.',
    });
  }
  const sales = plural(summary.sales, { one: '# sale', other: '# sales' });
  const otherOps = plural(others, { one: '# other operation', other: '# other operations' });
  return t`${sales} and ${otherOps} are not synced yet.`;
}

/** [STORE-3] How long unsynced work may wait on storage the browser may clear before it counts as at risk. */
export const UNSYNCED_AT_RISK_MS = 10 * 60_000;

/** [STORE-2] What persistence means, said once on the sync page (and beside the install steps). */
export const NOT_PERSISTED_NOTE = msg`The browser has not promised to keep this till’s data: it may clear it when the device runs short of space. Work that has synced is safe on the server; installing the app usually makes the browser keep the rest.`;

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
  const when = relativeTime(oldestUnsyncedAt, now);
  return t`Work from ${when} is not synced yet and the browser may clear it: connect to sync it, or export it.`;
}

/** Why the nav bar's warning shows, one sentence each; empty when nothing needs attention. */
export function attentionReasons(input: {
  status: Pick<SyncStatus, 'phase' | 'waitingForOtherUser'>;
  deadLetters: number;
  storageWarning: string | null;
}): string[] {
  const reasons: string[] = [];
  if (input.deadLetters > 0) {
    reasons.push(
      plural(input.deadLetters, {
        one: '# operation was refused by the server',
        other: '# operations were refused by the server',
      }),
    );
  }
  if (input.status.phase === 'needs_sign_in') reasons.push(t`sign in again to sync`);
  if (input.status.waitingForOtherUser > 0) {
    reasons.push(
      plural(input.status.waitingForOtherUser, {
        one: '# operation waits for a member of another shop',
        other: '# operations wait for a member of another shop',
      }),
    );
  }
  if (input.storageWarning !== null) reasons.push(t`storage needs attention`);
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
  if (Math.abs(diff) < 5_000) return t`now`;
  const format = new Intl.RelativeTimeFormat(screenLocale(), { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms || unit === 'second') return format.format(Math.round(diff / ms), unit);
  }
  return t`now`;
}

export function bytesText(bytes: number): string {
  // Units stay as symbols; the number takes the language's decimal mark.
  const one = (value: number) =>
    numberFormat(screenLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${one(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${one(bytes / 1024 ** 2)} MB`;
  return `${one(bytes / 1024 ** 3)} GB`;
}

import { describe, expect, test } from 'vitest';
import { initialStatus } from '../../data/sync/sync-status';
import {
  attentionReasons,
  bytesText,
  connectionWords,
  phaseWords,
  relativeTime,
  storageAttention,
  unsyncedSentence,
  UNSYNCED_AT_RISK_MS,
} from './sync-words';

describe('sync words', () => {
  test('idle after a sync with nothing waiting reads "Up to date"', () => {
    expect(phaseWords({ ...initialStatus, lastSyncedAt: '2026-11-21T09:00:00Z' })).toBe('Up to date');
    expect(phaseWords({ ...initialStatus, pending: 2 })).toBe('Waiting for the next sync');
    expect(phaseWords({ ...initialStatus, phase: 'needs_sign_in' })).toBe('Sign in again to sync');
  });

  test('[SIGNOUT-1] the sign-out sentence counts sales and other operations', () => {
    const summary = { ops: 3, sales: 2, deadLetters: 0, byCompany: {} };
    expect(unsyncedSentence(summary)).toBe('2 sales and 1 other operation are not synced yet.');
    expect(unsyncedSentence({ ...summary, ops: 1, sales: 1 })).toBe('1 sale is not synced yet.');
    expect(unsyncedSentence({ ...summary, ops: 2, sales: 0 })).toBe('2 operations are not synced yet.');
    expect(unsyncedSentence({ ...summary, ops: 0, sales: 0 })).toBe(
      'Every sale and change has reached the server.',
    );
  });

  test('attention reasons: dead letters, a dead session, another shop’s work, storage', () => {
    expect(attentionReasons({ status: initialStatus, deadLetters: 0, storageWarning: null })).toEqual([]);
    expect(
      attentionReasons({
        status: { phase: 'needs_sign_in', waitingForOtherUser: 1 },
        deadLetters: 2,
        storageWarning: 'full',
      }),
    ).toEqual([
      '2 operations were refused by the server',
      'sign in again to sync',
      '1 operation waits for a member of another shop',
      'storage needs attention',
    ]);
  });

  test('[STORE-3] the nav warns of storage filling up, or unsynced work waiting 10 minutes on storage the browser may clear', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    const notPersisted = { persisted: false, usage: 10, quota: 1000, warning: null };
    expect(storageAttention(notPersisted, null, now)).toBeNull();
    expect(storageAttention(notPersisted, now - 2_000, now)).toBeNull();
    expect(storageAttention(notPersisted, now - UNSYNCED_AT_RISK_MS + 1, now)).toBeNull();
    expect(storageAttention(notPersisted, now - 12 * 60_000, now)).toBe(
      'Work from 12 minutes ago is not synced yet and the browser may clear it: connect to sync it, or export it.',
    );
    expect(storageAttention({ ...notPersisted, persisted: true }, now - 60 * 60_000, now)).toBeNull();
    expect(storageAttention({ ...notPersisted, persisted: null }, now - 60 * 60_000, now)).toBeNull();
    expect(
      storageAttention({ ...notPersisted, persisted: true, usage: 600, warning: 'full' }, null, now),
    ).toBe('full');
    expect(storageAttention(null, now - 60 * 60_000, now)).toBeNull();
  });

  test('[STATUS-2] the connection: the browser’s flag first, then what the requests said', () => {
    expect(connectionWords(true, { online: true, serverReachable: null })).toBe('Online');
    expect(connectionWords(true, { online: true, serverReachable: true })).toBe('Online');
    expect(connectionWords(true, { online: true, serverReachable: false })).toBe(
      'Offline — server unreachable',
    );
    expect(connectionWords(false, { online: true, serverReachable: false })).toBe('Offline');
    expect(connectionWords(true, { online: false, serverReachable: true })).toBe('Offline');
  });

  test('times relative to now, both ways', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(relativeTime(now - 2_000, now)).toBe('now');
    expect(relativeTime(now + 20_000, now)).toBe('in 20 seconds');
    expect(relativeTime(now - 3 * 60_000, now)).toBe('3 minutes ago');
    expect(relativeTime(now - 26 * 3_600_000, now)).toBe('yesterday');
  });

  test('bytes in readable units', () => {
    expect(bytesText(512)).toBe('512 B');
    expect(bytesText(1536)).toBe('1.5 KB');
    expect(bytesText(60 * 1024 ** 2)).toBe('60.0 MB');
  });
});

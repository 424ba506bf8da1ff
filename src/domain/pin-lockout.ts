// Wrong PINs lock that person out on that till for a growing time (issue 18, SPEC [PIN-5]). The state is
// per person per till and lives in the till's own storage, so it holds offline and across reloads; the
// clock is passed in.
import { plural, t } from '@lingui/core/macro';
/** Wrong PINs allowed before the first lock. */
export const PIN_TRIES = 5;
/** The first lock; each later wrong PIN (after a lock ends) doubles it. */
export const FIRST_LOCK_MS = 60_000;
/** The longest lock. */
export const MAX_LOCK_MS = 15 * 60_000;

export interface PinLockout {
  /** Wrong PINs since the last right one (or a manager's clear). */
  failures: number;
  /** Until when (epoch ms) no PIN is tried for this person, or null. */
  lockedUntil: number | null;
}

export const NO_LOCKOUT: PinLockout = { failures: 0, lockedUntil: null };

/** Milliseconds this person must still wait before a PIN is tried, 0 when they may try now. */
export function lockRemainingMs(state: PinLockout, now: number): number {
  return state.lockedUntil === null ? 0 : Math.max(0, state.lockedUntil - now);
}

/** Wrong PINs left before the next lock (0 once locking has begun: every further miss locks again). */
export function triesLeft(state: PinLockout): number {
  return Math.max(0, PIN_TRIES - state.failures);
}

/**
 * [PIN-5] The state after a wrong PIN: the fifth locks for 60 s, and every wrong PIN after that locks for
 * twice the previous lock, up to 15 minutes.
 */
export function afterWrongPin(state: PinLockout, now: number): PinLockout {
  const failures = state.failures + 1;
  if (failures < PIN_TRIES) return { failures, lockedUntil: null };
  const doublings = failures - PIN_TRIES;
  const lockMs = Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** Math.min(doublings, 30));
  return { failures, lockedUntil: now + lockMs };
}

/** [PIN-5] A right PIN, or a manager's clear, forgets the wrong ones. */
export function afterRightPin(): PinLockout {
  return NO_LOCKOUT;
}

/** A lockout as the PIN pad counts it down: until when, and how it came to be said. */
export interface PinLock {
  /** Epoch ms. */
  until: number;
  /** Said right after the wrong PIN that locked: "Wrong PIN." first. */
  wrong: boolean;
  /** This till's own lockout, which a manager's PIN here clears (the server's is not, [PIN-6]). */
  clearable: boolean;
}

/**
 * [COUNTER-13] What a lockout says `now`: the wait left, in whole seconds rounded up, or null once it is
 * over, so the pad counts down and clears instead of keeping the wait it said first.
 */
export function lockoutMessage(lock: PinLock, now: number): string | null {
  const waitMs = lock.until - now;
  if (waitMs <= 0) return null;
  // Whole sentences per case, so each language orders its own words (issue 35).
  const wait = formatWait(waitMs);
  if (lock.wrong) {
    return lock.clearable
      ? t`Wrong PIN. Too many tries: wait ${wait}, or ask a manager to clear it.`
      : t`Wrong PIN. Too many tries: wait ${wait}.`;
  }
  return lock.clearable
    ? t`Too many tries: wait ${wait}, or ask a manager to clear it.`
    : t`Too many tries: wait ${wait}.`;
}

/** What the lock screen says after a wrong PIN: 'Wrong PIN' and what is left. */
export function wrongPinMessage(state: PinLockout, now: number): string {
  const waitMs = lockRemainingMs(state, now);
  if (waitMs > 0 && state.lockedUntil !== null) {
    return lockoutMessage({ until: state.lockedUntil, wrong: true, clearable: true }, now) ?? '';
  }
  const left = triesLeft(state);
  return plural(left, { one: 'Wrong PIN. # try left.', other: 'Wrong PIN. # tries left.' });
}

export function formatWait(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds <= 60) return t`${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? t`${minutes} min` : t`${minutes} min ${rest} s`;
}

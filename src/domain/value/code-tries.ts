// [VAL-28] Guessing gift-card codes offline: the till keeps its own count of wrong codes, as the server does
// online. Five misses in a row slow this till down for 30 s, each later run of five for twice as long, at
// most 10 minutes; a code that finds a card clears the run, and misses more than an hour apart start a new
// one. Each miss is also recorded as a `value_code_failed` event (never the code) so the server counts it
// with the online look-ups ([VAL-29]). Pure: the state is stored by the caller, the clock passed in.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatWait } from '../pin-lockout';

/** Misses in a row before the till slows down. */
export const CODE_MISSES = 5;
export const FIRST_SLOW_MS = 30_000;
export const MAX_SLOW_MS = 10 * 60_000;
/** Misses further apart than this are not one run. */
export const RUN_WINDOW_MS = 60 * 60_000;

export interface CodeTries {
  /** Misses in the current run. */
  misses: number;
  /** Epoch ms of the last miss, or null. */
  lastMissAt: number | null;
  /** Until when (epoch ms) no code is looked up, or null. */
  slowedUntil: number | null;
}

export const NO_CODE_TRIES: CodeTries = { misses: 0, lastMissAt: null, slowedUntil: null };

/** Milliseconds before the next look-up may run; 0 when it may run now. */
export function slowedForMs(state: CodeTries, now: number): number {
  return state.slowedUntil === null ? 0 : Math.max(0, state.slowedUntil - now);
}

/** [VAL-28] The state after a code no card has: every fifth miss in a run slows, each time twice as long. */
export function afterCodeMiss(state: CodeTries, now: number): CodeTries {
  const fresh = state.lastMissAt === null || now - state.lastMissAt > RUN_WINDOW_MS;
  const misses = (fresh ? 0 : state.misses) + 1;
  if (misses % CODE_MISSES !== 0)
    return { misses, lastMissAt: now, slowedUntil: fresh ? null : state.slowedUntil };
  const runs = misses / CODE_MISSES;
  const slowMs = Math.min(MAX_SLOW_MS, FIRST_SLOW_MS * 2 ** Math.min(runs - 1, 30));
  return { misses, lastMissAt: now, slowedUntil: now + slowMs };
}

/** [VAL-28] A code that finds a card clears the run. */
export function afterCodeHit(): CodeTries {
  return NO_CODE_TRIES;
}

/** What the till says while it is slowed down, or null when a code may be looked up. */
export function slowedMessage(state: CodeTries, now: number): string | null {
  const waitMs = slowedForMs(state, now);
  if (waitMs === 0) return null;
  const wait = formatWait(waitMs);
  return i18n._(msg`Too many wrong codes: wait ${wait}.`);
}

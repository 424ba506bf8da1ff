import { describe, expect, test } from 'vitest';
import {
  afterRightPin,
  afterWrongPin,
  FIRST_LOCK_MS,
  lockoutMessage,
  lockRemainingMs,
  MAX_LOCK_MS,
  NO_LOCKOUT,
  PIN_TRIES,
  triesLeft,
  wrongPinMessage,
  type PinLockout,
} from './pin-lockout';

function wrong(times: number, now = 0): PinLockout {
  let state = NO_LOCKOUT;
  for (let i = 0; i < times; i += 1) state = afterWrongPin(state, now);
  return state;
}

describe('PIN lockout', () => {
  test('[PIN-5] four wrong PINs leave one try and no lock', () => {
    const state = wrong(PIN_TRIES - 1);
    expect(state.lockedUntil).toBeNull();
    expect(triesLeft(state)).toBe(1);
    expect(wrongPinMessage(state, 0)).toBe('Wrong PIN. 1 try left.');
    expect(wrongPinMessage(wrong(1), 0)).toBe('Wrong PIN. 4 tries left.');
  });

  test('[PIN-5] the fifth locks for 60 s, each later one doubles it, capped at 15 min', () => {
    const now = 1_000_000;
    expect(lockRemainingMs(wrong(5, now), now)).toBe(FIRST_LOCK_MS);
    expect(lockRemainingMs(wrong(6, now), now)).toBe(2 * FIRST_LOCK_MS);
    expect(lockRemainingMs(wrong(7, now), now)).toBe(4 * FIRST_LOCK_MS);
    expect(lockRemainingMs(wrong(40, now), now)).toBe(MAX_LOCK_MS);
    expect(lockRemainingMs(wrong(5, now), now + FIRST_LOCK_MS)).toBe(0);
    expect(wrongPinMessage(wrong(5, now), now + 1)).toBe(
      'Wrong PIN. Too many tries: wait 60 s, or ask a manager to clear it.',
    );
    expect(wrongPinMessage(wrong(7, now), now)).toContain('wait 4 min');
  });

  test('[PIN-5] a right PIN forgets the wrong ones', () => {
    expect(afterRightPin()).toEqual(NO_LOCKOUT);
    expect(triesLeft(afterRightPin())).toBe(PIN_TRIES);
  });
});

describe('the counter, finished', () => {
  test('[COUNTER-13] a lockout says the wait left as of now, rounded up, and nothing once it is over', () => {
    const lock = { until: 60_000, wrong: true, clearable: true };
    expect(lockoutMessage(lock, 0)).toBe(
      'Wrong PIN. Too many tries: wait 60 s, or ask a manager to clear it.',
    );
    expect(lockoutMessage({ ...lock, wrong: false }, 32_000)).toBe(
      'Too many tries: wait 28 s, or ask a manager to clear it.',
    );
    expect(lockoutMessage({ ...lock, clearable: false, wrong: false }, 59_001)).toBe(
      'Too many tries: wait 1 s.',
    );
    expect(lockoutMessage(lock, 60_000)).toBeNull();
    expect(lockoutMessage(lock, 61_000)).toBeNull();
  });
});

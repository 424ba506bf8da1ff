// [VAL-T14] The till's own count of wrong gift-card codes offline ([VAL-28]).
import { describe, expect, test } from 'vitest';
import {
  afterCodeHit,
  afterCodeMiss,
  NO_CODE_TRIES,
  slowedForMs,
  slowedMessage,
  type CodeTries,
} from './code-tries';

function misses(count: number, from: CodeTries, at: number, gapMs = 1000): CodeTries {
  let state = from;
  for (let n = 0; n < count; n++) state = afterCodeMiss(state, at + n * gapMs);
  return state;
}

describe('wrong codes offline', () => {
  test('[VAL-T14] five misses in a row slow the till 30 s, each later run of five twice as long, at most 10 minutes', () => {
    const start = 1_000_000;
    const four = misses(4, NO_CODE_TRIES, start);
    expect(slowedForMs(four, start + 4000)).toBe(0);
    const five = afterCodeMiss(four, start + 4000);
    expect(slowedForMs(five, start + 4000)).toBe(30_000);
    expect(slowedMessage(five, start + 4000)).toBe('Too many wrong codes: wait 30 s.');
    expect(slowedMessage(five, start + 34_000)).toBeNull();
    let state = five;
    let at = start + 40_000;
    const waits: number[] = [];
    for (let run = 0; run < 6; run++) {
      state = misses(5, state, at);
      at += 4000;
      waits.push(slowedForMs(state, at));
      at += 700_000;
      // Still within the hour of the last miss: the run goes on.
      state = { ...state, lastMissAt: at - 1000 };
    }
    expect(waits).toEqual([60_000, 120_000, 240_000, 480_000, 600_000, 600_000]);
  });

  test('[VAL-T14] a hit clears the run; misses more than an hour apart start a new one', () => {
    const four = misses(4, NO_CODE_TRIES, 0);
    expect(afterCodeHit()).toEqual(NO_CODE_TRIES);
    expect(slowedForMs(afterCodeMiss(afterCodeHit(), 5000), 5000)).toBe(0);
    const late = afterCodeMiss(four, 3000 + 60 * 60_000 + 1);
    expect(late.misses).toBe(1);
    expect(slowedForMs(late, 3000 + 60 * 60_000 + 1)).toBe(0);
  });
});

import { describe, expect, test } from 'vitest';
import { BurstDetector, type KeyVerdict } from './scanner-burst';

/** Feeds `keys` `gap` ms apart from t = 1000 and answers every verdict. */
function feed(detector: BurstDetector, keys: string[], gap: number, start = 1000): KeyVerdict[] {
  return keys.map((key, index) => detector.feed(key, start + index * gap));
}

/** One key per character (codes are ASCII). */
const keysOf = (text: string): string[] => Array.from(text);
const code = keysOf('4006381333931');

describe('scanner burst detector', () => {
  test('a fast burst ending in Enter is a scan; only the first key goes through', () => {
    const verdicts = feed(new BurstDetector(), [...code, 'Enter'], 5);
    expect(verdicts[0]).toEqual({ kind: 'pass' });
    expect(verdicts.slice(1, -1).every((verdict) => verdict.kind === 'hold')).toBe(true);
    expect(verdicts.at(-1)).toEqual({ kind: 'scan', code: '4006381333931', first: '4' });
  });

  test('a person typing slowly passes every key, Enter included', () => {
    const verdicts = feed(new BurstDetector(), [...keysOf('4006381'), 'Enter'], 120);
    expect(verdicts.every((verdict) => verdict.kind === 'pass')).toBe(true);
  });

  test('a fast run too short for a code releases its keys before Enter', () => {
    const verdicts = feed(new BurstDetector(), ['1', '2', 'Enter'], 5);
    expect(verdicts).toEqual([{ kind: 'pass' }, { kind: 'hold' }, { kind: 'release', held: '2' }]);
  });

  test('a fast run that pauses gives its held keys back on expiry', () => {
    const detector = new BurstDetector();
    feed(detector, [...keysOf('croissant')], 5);
    expect(detector.holding).toBe(true);
    expect(detector.expire()).toBe('roissant');
    expect(detector.holding).toBe(false);
    expect(detector.feed('Enter', 2000)).toEqual({ kind: 'pass' });
  });

  test('a run that went stale without expiry releases its keys when the next run starts', () => {
    const detector = new BurstDetector();
    feed(detector, ['a', 'b', 'c'], 5);
    expect(detector.feed('x', 5000)).toEqual({ kind: 'release', held: 'bc' });
  });

  test('Shift (capital letters from a scanner) does not break a burst', () => {
    const keys = ['Shift', 'A', 'B', 'Shift', 'C', '1', '2', '3', 'Enter'];
    expect(feed(new BurstDetector(), keys, 3).at(-1)).toEqual({ kind: 'scan', code: 'ABC123', first: 'A' });
  });

  test('another key (Backspace, Tab) ends the run and releases what was held', () => {
    const verdicts = feed(new BurstDetector(), ['1', '2', '3', 'Backspace'], 5);
    expect(verdicts.at(-1)).toEqual({ kind: 'release', held: '23' });
  });

  test('Enter after a slow last key is not a scan', () => {
    const detector = new BurstDetector({ minLength: 6, maxGapMs: 35 });
    feed(detector, code, 5);
    expect(detector.feed('Enter', 1000 + code.length * 5 + 100).kind).toBe('release');
  });
});

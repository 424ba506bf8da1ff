import { describe, expect, test } from 'vitest';
import { fixedClock } from './clock';
import { isUuid, isUuidV7, newId, pinnedIds } from './ids';

describe('ids and clocks', () => {
  test('[ID-1] ids made on the till are UUIDv7 and ascend', () => {
    const ids = Array.from({ length: 50 }, () => newId());
    ids.forEach((id) => {
      expect(isUuidV7(id)).toBe(true);
    });
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(50);
  });

  test('[ID-2] pinned ids are valid, distinct, ascending and the same on every run', () => {
    const first = pinnedIds();
    const again = pinnedIds();
    const ids = [first(), first(), first()];
    expect(ids).toEqual([again(), again(), again()]);
    expect(ids[0]).toBe('019b76da-a800-7000-8000-040000000001');
    ids.forEach((id) => {
      expect(isUuidV7(id)).toBe(true);
    });
    expect([...ids].sort()).toEqual(ids);
    expect(isUuid('not-a-uuid')).toBe(false);
  });

  test('[ID-3] a fixed clock stands still until moved', () => {
    const clock = fixedClock('2026-11-21T09:30:00Z');
    expect(clock().toISOString()).toBe('2026-11-21T09:30:00.000Z');
    clock.advance(1500);
    expect(clock().toISOString()).toBe('2026-11-21T09:30:01.500Z');
    expect(() => fixedClock('yesterday')).toThrow(/date-time/);
  });
});

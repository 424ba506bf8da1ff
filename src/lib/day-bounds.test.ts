import { describe, expect, it } from 'vitest';
import { dayAfter, dayStart, withinBounds } from './day-bounds';

describe('day bounds in the shop time zone', () => {
  it('starts a day at the shop midnight, whatever the device zone', () => {
    expect(dayStart('2026-11-21', 'Europe/Paris')).toBe('2026-11-20T23:00:00.000Z');
    expect(dayAfter('2026-11-21', 'Europe/Paris')).toBe('2026-11-21T23:00:00.000Z');
    expect(dayStart('2026-11-21', 'Asia/Tokyo')).toBe('2026-11-20T15:00:00.000Z');
    expect(dayStart('2026-11-21', 'America/New_York')).toBe('2026-11-21T05:00:00.000Z');
    expect(dayStart('2026-11-21', 'UTC')).toBe('2026-11-21T00:00:00.000Z');
  });

  it('follows daylight saving: a day is 23 or 25 hours where the clocks change', () => {
    // Paris moves to summer time on 29 March 2026 and back on 25 October 2026.
    expect(dayStart('2026-03-29', 'Europe/Paris')).toBe('2026-03-28T23:00:00.000Z');
    expect(dayAfter('2026-03-29', 'Europe/Paris')).toBe('2026-03-29T22:00:00.000Z');
    expect(dayStart('2026-10-25', 'Europe/Paris')).toBe('2026-10-24T22:00:00.000Z');
    expect(dayAfter('2026-10-25', 'Europe/Paris')).toBe('2026-10-25T23:00:00.000Z');
    // Half-hour zones too.
    expect(dayStart('2026-11-21', 'Asia/Kolkata')).toBe('2026-11-20T18:30:00.000Z');
  });

  it('crosses month and year ends', () => {
    expect(dayAfter('2026-12-31', 'Europe/Paris')).toBe('2026-12-31T23:00:00.000Z');
    expect(dayAfter('2026-02-28', 'UTC')).toBe('2026-03-01T00:00:00.000Z');
  });

  it('ignores what is not a day, and falls back to the device zone for an unknown zone', () => {
    expect(dayStart('', 'Europe/Paris')).toBeUndefined();
    expect(dayStart('2026-02-30', 'Europe/Paris')).toBeUndefined();
    expect(dayAfter('21/11/2026', 'Europe/Paris')).toBeUndefined();
    expect(dayStart('2026-11-21', 'Mars/Olympus')).toBe(new Date('2026-11-21T00:00:00').toISOString());
    expect(dayStart('2026-11-21')).toBe(new Date('2026-11-21T00:00:00').toISOString());
  });

  it('keeps a time inside [from, to)', () => {
    const from = dayStart('2026-11-21', 'Asia/Tokyo');
    const to = dayAfter('2026-11-21', 'Asia/Tokyo');
    expect(withinBounds('2026-11-20T15:00:00.000Z', from, to)).toBe(true);
    expect(withinBounds('2026-11-20T14:59:59.999Z', from, to)).toBe(false);
    expect(withinBounds('2026-11-21T15:00:00.000Z', from, to)).toBe(false);
  });
});

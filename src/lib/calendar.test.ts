import { describe, expect, test } from 'vitest';
import { addDays, dayIn, daysBetween, isDay, weekdayOf } from './calendar';

describe('calendar days', () => {
  test('today is the day in the shop’s zone, not the device’s', () => {
    const instant = new Date('2026-11-21T23:30:00Z');
    expect(dayIn('UTC', instant)).toBe('2026-11-21');
    expect(dayIn('Europe/Berlin', instant)).toBe('2026-11-22');
    expect(dayIn('America/New_York', instant)).toBe('2026-11-21');
    expect(dayIn('Not/AZone', instant)).toBe('2026-11-21');
  });

  test('day arithmetic crosses months, years and leap days', () => {
    expect(addDays('2026-11-21', -7)).toBe('2026-11-14');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-11-01', '2026-11-30')).toBe(30);
    expect(daysBetween('2026-11-02', '2026-11-01')).toBe(0);
  });

  test('weekday names and day validation', () => {
    expect(weekdayOf('2026-11-21', 'en-GB')).toBe('Saturday');
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('21/11/2026')).toBe(false);
  });
});

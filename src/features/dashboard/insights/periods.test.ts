import { describe, expect, test } from 'vitest';
import { change, lastYear, periodFor, previousPeriod } from './periods';

const custom = { from: '2026-01-01', to: '2026-01-31' };

describe('[INS-7] periods and what they are compared with', () => {
  test('this week starts on Monday, this month on the 1st, the last 30 days include today', () => {
    // 26 November 2026 is a Thursday.
    expect(periodFor('week', '2026-11-26', custom)).toEqual({ from: '2026-11-23', to: '2026-11-26' });
    expect(periodFor('week', '2026-11-23', custom)).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(periodFor('week', '2026-11-29', custom)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodFor('month', '2026-11-26', custom)).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(periodFor('last30', '2026-11-26', custom)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(periodFor('custom', '2026-11-26', custom)).toBe(custom);
  });

  test('the previous period has as many days and ends the day before', () => {
    expect(previousPeriod({ from: '2026-11-23', to: '2026-11-26' })).toEqual({
      from: '2026-11-19',
      to: '2026-11-22',
    });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-01-29',
      to: '2026-02-28',
    });
  });

  test('last year is the same dates, 29 February becoming the 28th', () => {
    expect(lastYear({ from: '2026-11-02', to: '2026-11-08' })).toEqual({
      from: '2025-11-02',
      to: '2025-11-08',
    });
    expect(lastYear({ from: '2028-02-29', to: '2028-03-01' })).toEqual({
      from: '2027-02-28',
      to: '2027-03-01',
    });
  });

  test('a change is a whole percentage, or nothing when there was nothing before', () => {
    expect(change(112, 100)).toBe('+12 %');
    expect(change(97, 100)).toBe('−3 %');
    expect(change(100, 100)).toBe('same');
    expect(change(5, 0)).toBeNull();
    expect(change(null, 4)).toBeNull();
  });
});

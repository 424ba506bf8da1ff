import { describe, expect, test } from 'vitest';
import { formatWhen } from './format-when';

describe('formatWhen', () => {
  const lateEvening = '2026-11-20T23:30:00Z';

  test('one format, in the shop’s time zone, whatever the device’s', () => {
    expect(formatWhen(lateEvening, 'Europe/Berlin')).toBe('21 Nov 2026, 00:30');
    expect(formatWhen(lateEvening, 'America/New_York')).toBe('20 Nov 2026, 18:30');
    expect(formatWhen(lateEvening, 'UTC')).toBe('20 Nov 2026, 23:30');
  });

  test('the date or the time alone, from ISO text, epoch milliseconds or a Date', () => {
    expect(formatWhen(lateEvening, 'Europe/Berlin', 'date')).toBe('21 Nov 2026');
    expect(formatWhen(Date.parse(lateEvening), 'Europe/Berlin', 'time')).toBe('00:30');
    expect(formatWhen(new Date(lateEvening), 'Asia/Tokyo', 'time')).toBe('08:30');
  });

  test('an unknown zone falls back to the device’s instead of failing the screen', () => {
    expect(formatWhen(lateEvening, 'Not/AZone')).toBe(formatWhen(lateEvening, undefined));
  });
});

import { describe, expect, test } from 'vitest';
import { averageBasket, comparedWithLastWeek, loadedAt, refundsLine, tenderName } from './figures';

const day = (netTotal: number, salesCount: number) => ({
  day: '2026-11-21',
  salesCount,
  salesTotal: netTotal,
  refundsCount: 0,
  refundsTotal: 0,
  taxTotal: 0,
  netTotal,
});

describe('dashboard figures in words', () => {
  test('a change against the same weekday last week, in whole percent', () => {
    expect(comparedWithLastWeek(1120, 1000, '2026-11-14')).toBe('+12% on last Saturday.');
    expect(comparedWithLastWeek(500, 1000, '2026-11-14')).toBe('−50% on last Saturday.');
    expect(comparedWithLastWeek(1000, 1000, '2026-11-14')).toBe('Same as last Saturday.');
    expect(comparedWithLastWeek(300, 0, '2026-11-14')).toBe('None on last Saturday.');
    expect(comparedWithLastWeek(0, 0, '2026-11-14')).toBe('None on last Saturday either.');
  });

  test('average basket, refunds and tender names', () => {
    expect(averageBasket(day(1250, 3), 'EUR')).toBe('€4.17');
    expect(averageBasket(day(0, 0), 'EUR')).toBe('—');
    expect(refundsLine(1)).toBe('1 refund today.');
    expect(refundsLine(0)).toBe('0 refunds today.');
    expect(tenderName('card')).toBe('Card');
    expect(tenderName('voucher')).toBe('Voucher');
  });

  test('cached figures say when they were loaded, in the shop’s time', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(loadedAt(Date.parse('2026-11-21T08:14:00Z'), 'UTC', now)).toBe('today at 08:14');
    expect(loadedAt(Date.parse('2026-11-19T17:05:00Z'), 'UTC', now)).toBe('19 Nov 2026 at 17:05');
    // 23:30 UTC on the 20th is already the 21st in Berlin: "today" there.
    expect(loadedAt(Date.parse('2026-11-20T23:30:00Z'), 'Europe/Berlin', now)).toBe('today at 00:30');
  });
});

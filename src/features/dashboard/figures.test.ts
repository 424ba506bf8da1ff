import { describe, expect, test } from 'vitest';
import {
  averageBasket,
  comparedWithLastWeek,
  marginWords,
  loadedAt,
  refundsLine,
  tenderName,
} from './figures';

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

  test('[REP-11] the gross margin is of the sales with a cost; none with a cost shows no percentage', () => {
    const none = { netSales: 0, costedNet: 0, costTotal: 0, uncostedNet: 0, uncostedLines: 0 };
    expect(marginWords(none, 'EUR')).toEqual({ value: '—', hint: 'No sales yet.' });
    expect(marginWords({ ...none, netSales: 800, uncostedNet: 800, uncostedLines: 2 }, 'EUR')).toEqual({
      value: '—',
      hint: 'No sale had a known cost. €8.00 of sales have no cost and are left out.',
    });
    expect(marginWords({ ...none, netSales: 1000, costedNet: 1000, costTotal: 1250 }, 'EUR')).toEqual({
      value: '-€2.50 (-25.0 %)',
      hint: 'On €10.00 of net sales (excl. tax) costing €12.50.',
    });
  });

  test('cached figures say when they were loaded, in the shop’s time', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(loadedAt(Date.parse('2026-11-21T08:14:00Z'), 'UTC', now)).toBe('today at 08:14');
    expect(loadedAt(Date.parse('2026-11-19T17:05:00Z'), 'UTC', now)).toBe('19 Nov 2026 at 17:05');
    // 23:30 UTC on the 20th is already the 21st in Berlin: "today" there.
    expect(loadedAt(Date.parse('2026-11-20T23:30:00Z'), 'Europe/Berlin', now)).toBe('today at 00:30');
  });
});

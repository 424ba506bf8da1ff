import { describe, expect, test } from 'vitest';
import { activityFilter, validateActivitySearch } from './activity-search';

describe('the activity log’s address', () => {
  test('keeps known filters and drops what is empty or unknown', () => {
    expect(
      validateActivitySearch({
        till: 't1',
        person: '',
        kind: 'approval',
        unverified: '1',
        page: '3',
        x: 'y',
      }),
    ).toEqual({ till: 't1', kind: 'approval', unverified: true, page: 3 });
    expect(validateActivitySearch({ kind: 'coffee', unverified: 'no', page: '1', from: 7 })).toEqual({});
  });

  test('bounds its days in the shop’s time zone', () => {
    expect(activityFilter({ from: '2026-11-21', to: '2026-11-22', person: 'p1' }, 'Asia/Tokyo')).toEqual({
      staffId: 'p1',
      from: '2026-11-20T15:00:00.000Z',
      to: '2026-11-22T15:00:00.000Z',
    });
  });

  test('[FLAGUI-2] keeps the Flags list’s kind, day and page, and drops a kind the server does not write', () => {
    expect(validateActivitySearch({ flag: 'price', flagsSince: '2026-11-21', flagsPage: '2' })).toEqual({
      flag: 'price',
      flagsSince: '2026-11-21',
      flagsPage: 2,
    });
    expect(validateActivitySearch({ flag: 'coffee', flagsPage: '0' })).toEqual({});
  });
});

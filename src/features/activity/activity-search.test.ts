import { describe, expect, test } from 'vitest';
import { validateActivitySearch } from './activity-search';

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
});

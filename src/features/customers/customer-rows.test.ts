import { describe, expect, test } from 'vitest';
import type { LedgerCustomer } from '../../data/local/ledger-types';
import { mergeCustomers, searchCustomers } from './customer-rows';

const local = (id: string, name: string, sync: LedgerCustomer['sync']): LedgerCustomer => ({
  id,
  company_id: 'c',
  name,
  email: null,
  phone: '+44 20 7946 0018',
  note: null,
  updated_at: '2026-11-21T09:00:00Z',
  op_id: `op-${id}`,
  sync,
  error: null,
});

describe('the customer book', () => {
  test("this device's unsynced changes win over the mirror; synced ones defer to it", () => {
    const rows = mergeCustomers(
      [
        { id: 'a', company_id: 'c', name: 'Ann (server)' },
        { id: 'b', company_id: 'c', name: 'Bob (server)' },
      ],
      [
        local('a', 'Ann (here)', 'pending'),
        local('b', 'Bob (old)', 'synced'),
        local('c', 'Cara', 'attention'),
      ],
    );
    expect(rows.map((row) => [row.name, row.state])).toEqual([
      ['Ann (here)', 'pending'],
      ['Bob (server)', 'synced'],
      ['Cara', 'attention'],
    ]);
  });

  test('search by words of the name or email, or by the digits of a phone', () => {
    const rows = mergeCustomers([], [local('a', 'Ann Lee', 'pending')]);
    expect(searchCustomers(rows, 'lee ann')).toHaveLength(1);
    expect(searchCustomers(rows, '7946 0018')).toHaveLength(1);
    expect(searchCustomers(rows, '79460018')).toHaveLength(1);
    expect(searchCustomers(rows, 'bob')).toHaveLength(0);
  });
});

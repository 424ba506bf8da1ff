import { describe, expect, test } from 'vitest';
import type { LedgerSale } from '../../data/local/ledger-types';
import type { ServerSale } from '../../data/remote/sales';
import { fromServer, mergeSales, unverifiedParts } from './sale-rows';

const ledgerSale = (
  id: string,
  sync: LedgerSale['sync'],
  at: string,
  kind: LedgerSale['kind'] = 'sale',
): LedgerSale => ({
  id,
  company_id: 'c',
  terminal_id: 't1',
  store_id: 's',
  kind,
  refund_of: kind === 'refund' ? 'x' : null,
  receipt_no: `T1-${id}`,
  shift_id: null,
  cashier_id: 'u1',
  customer_id: null,
  occurred_at: at,
  subtotal: null,
  discount_total: null,
  tax_total: 0,
  rounding: 0,
  total: 100,
  note: null,
  op_id: `op-${id}`,
  sync,
  error: null,
});

const serverSale = (id: string, at: string): ServerSale => ({
  id,
  terminal_id: 't2',
  cashier_id: 'u2',
  customer_id: null,
  kind: 'sale',
  refund_of: null,
  receipt_no: `T2-${id}`,
  subtotal: 100,
  discount_total: 0,
  tax_total: 0,
  rounding: 0,
  total: 100,
  occurred_at: at,
  note: null,
  lines: [],
  payments: [],
});

describe('the sales list as shown', () => {
  test('server page + unsynced device sales on the first page, deduplicated by id, newest first', () => {
    const device = [
      ledgerSale('a', 'synced', '2026-11-21T08:00:00Z'),
      ledgerSale('b', 'pending', '2026-11-21T12:00:00Z'),
      ledgerSale('c', 'attention', '2026-11-21T07:00:00Z'),
      ledgerSale('d', 'pending', '2026-11-21T06:00:00Z'),
    ];
    const page = [serverSale('a', '2026-11-21T08:00:00Z'), serverSale('d', '2026-11-21T06:00:00Z')];
    expect(mergeSales(page, device, {}, true).map((row) => [row.id, row.state])).toEqual([
      ['b', 'pending'],
      ['a', 'synced'],
      ['c', 'attention'],
      ['d', 'synced'],
    ]);
    expect(mergeSales(page, device, {}, false).map((row) => row.id)).toEqual(['a', 'd']);
  });

  test("without the server: this device's sales by date, kind and state", () => {
    const device = [
      ledgerSale('a', 'synced', '2026-11-21T08:00:00Z'),
      ledgerSale('b', 'pending', '2026-11-20T12:00:00Z', 'refund'),
    ];
    expect(mergeSales(null, device, { kind: 'refund' }, true).map((row) => row.id)).toEqual(['b']);
    expect(mergeSales(null, device, { state: 'synced' }, true).map((row) => row.id)).toEqual(['a']);
    expect(mergeSales(null, device, { from: '2026-11-21T00:00:00Z' }, true).map((row) => row.id)).toEqual([
      'a',
    ]);
    expect(mergeSales(null, device, { cashierId: 'u9' }, true)).toEqual([]);
  });
});

describe('unverified sales (issue 18)', () => {
  const verified = {
    cashierVerified: true,
    approvedBy: null,
    approvalAction: null,
    approvalVerified: null,
  };
  const flagged = (verification: ServerSale['verification']) =>
    unverifiedParts(
      fromServer({ ...serverSale('v', '2026-11-21T08:00:00Z'), ...(verification ? { verification } : {}) }),
    );

  test('names what the server could not verify: who sold, and the approval with its action', () => {
    expect(flagged(verified)).toEqual([]);
    expect(flagged(undefined)).toEqual([]);
    expect(flagged({ ...verified, cashierVerified: false })).toEqual(['who sold it']);
    expect(
      flagged({ ...verified, approvedBy: 'm1', approvalAction: 'price_override', approvalVerified: false }),
    ).toEqual(['the manager’s approval (price override)']);
    expect(
      flagged({ ...verified, approvedBy: 'm1', approvalAction: 'refund', approvalVerified: true }),
    ).toEqual([]);
  });
});

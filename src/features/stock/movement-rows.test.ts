import { describe, expect, test } from 'vitest';
import type { DeviceStockMovement } from '../../data/local/back-office-reads';
import type { ServerStockMovement } from '../../data/remote/stock-movements';
import { mergeMovements } from './movement-rows';

const device = (id: string, sync: DeviceStockMovement['sync'], at: string): DeviceStockMovement => ({
  id,
  company_id: 'c',
  store_id: 's',
  product_id: 'p',
  delta: 1000,
  reason: 'receive',
  occurred_at: at,
  txid: null,
  settled: 0,
  op_id: `op-${id}`,
  sync,
  error: null,
  note: null,
  terminal_id: 't',
});

const server = (id: string, at: string): ServerStockMovement => ({
  id,
  store_id: 's',
  product_id: 'p',
  delta: 1000,
  reason: 'receive',
  terminal_id: 't',
  note: null,
  occurred_at: at,
});

describe('the stock history as shown', () => {
  test("without the server: this device's movements, filtered", () => {
    const rows = mergeMovements(
      null,
      [device('a', 'synced', '2026-11-21T10:00:00Z'), device('b', 'pending', '2026-11-19T10:00:00Z')],
      { from: '2026-11-20T00:00:00Z' },
      true,
    );
    expect(rows.map((row) => [row.id, row.state])).toEqual([['a', 'synced']]);
  });

  test('with the server: its page, plus unsynced device rows on the first page only, no duplicates', () => {
    const local = [
      device('a', 'synced', '2026-11-21T10:00:00Z'),
      device('b', 'pending', '2026-11-21T11:00:00Z'),
      device('c', 'attention', '2026-11-21T09:00:00Z'),
    ];
    const page = {
      rows: [server('a', '2026-11-21T10:00:00Z'), server('z', '2026-11-21T09:30:00Z')],
      total: 2,
    };
    expect(mergeMovements(page, local, {}, true).map((row) => [row.id, row.state])).toEqual([
      ['b', 'pending'],
      ['a', 'synced'],
      ['z', 'synced'],
      ['c', 'attention'],
    ]);
    expect(mergeMovements(page, local, {}, false).map((row) => row.id)).toEqual(['a', 'z']);
    expect(mergeMovements(page, local, { reason: 'sale' }, true).map((row) => row.id)).toEqual(['a', 'z']);
  });

  test('a movement that synced after the page was fetched stays, when it belongs on that page', () => {
    const local = [
      device('new', 'synced', '2026-11-22T10:00:00Z'),
      device('old', 'synced', '2026-11-01T10:00:00Z'),
    ];
    const stale = {
      rows: [server('a', '2026-11-21T10:00:00Z'), server('z', '2026-11-21T09:30:00Z')],
      total: 120,
    };
    expect(mergeMovements(stale, local, {}, true).map((row) => row.id)).toEqual(['new', 'a', 'z']);
    const whole = { ...stale, total: 2 };
    expect(mergeMovements(whole, local, {}, true).map((row) => row.id)).toEqual(['new', 'a', 'z', 'old']);
  });
});

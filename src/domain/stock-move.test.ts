import { describe, expect, test } from 'vitest';
import { parseStockMove, stockMoveDelta, type StockMoveArgs } from './stock-move';

const base = {
  id: '0193a0f3-0000-7000-8000-000000000001',
  store_id: 'd2000000-0000-4000-8000-000000000001',
  product_id: 'd4000000-0000-4000-8000-000000000002',
  occurred_at: '2026-11-21T07:30:00Z',
};

function parsed(input: Record<string, unknown>): StockMoveArgs {
  const result = parseStockMove({ ...base, ...input });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('stock.move arguments', () => {
  test('[STOCK-4] the server’s own example parses (receive 24, with a note and no terminal)', () => {
    const args = parsed({ reason: 'receive', quantity: 24, note: 'Delivery 1187', terminal_id: null });
    expect(stockMoveDelta(args)).toBe(24_000);
  });

  test('[STOCK-4] each reason moves stock its own way, in thousandths', () => {
    expect(stockMoveDelta(parsed({ reason: 'waste', quantity: '1.5' }))).toBe(-1500);
    expect(stockMoveDelta(parsed({ reason: 'adjust', delta: -3 }))).toBe(-3000);
    const transfer = { reason: 'transfer', quantity: 2, to_store_id: 'd2000000-0000-4000-8000-000000000002' };
    expect(stockMoveDelta(parsed(transfer))).toBe(-2000);
  });

  test('[COST-3] a receive may carry a whole unit cost; no other reason may', () => {
    expect(parsed({ reason: 'receive', quantity: 2, unit_cost: 120 })).toMatchObject({ unit_cost: 120 });
    expect(parseStockMove({ ...base, reason: 'receive', quantity: 2, unit_cost: 1.5 }).ok).toBe(false);
    expect(parseStockMove({ ...base, reason: 'receive', quantity: 2, unit_cost: -1 }).ok).toBe(false);
    expect(parseStockMove({ ...base, reason: 'waste', quantity: 2, unit_cost: 120 }).ok).toBe(false);
  });

  test('[STOCK-5] a count is counted − expected, none when they agree', () => {
    expect(stockMoveDelta(parsed({ reason: 'count', counted: 7, expected: '9.250' }))).toBe(-2250);
    expect(stockMoveDelta(parsed({ reason: 'count', counted: 4, expected: 4 }))).toBe(0);
    expect(stockMoveDelta(parsed({ reason: 'count', counted: 0, expected: -2 }))).toBe(2000);
  });

  test('[OPS-8] bad quantities and shapes are refused before they are queued', () => {
    const bad = [
      { reason: 'receive', quantity: 0 },
      { reason: 'receive', quantity: 1.2345 },
      { reason: 'waste', quantity: -1 },
      { reason: 'adjust', delta: 0 },
      { reason: 'count', counted: 3 },
      { reason: 'transfer', quantity: 1 },
      { reason: 'transfer', quantity: 1, to_store_id: base.store_id },
      { reason: 'steal', quantity: 1 },
      { reason: 'receive', quantity: 1, extra: true },
    ];
    for (const input of bad)
      expect(parseStockMove({ ...base, ...input }).ok, JSON.stringify(input)).toBe(false);
  });
});

import { describe, expect, test } from 'vitest';
import { cashMoveEffect, parseCashMove } from './cash-move';
import { parseShiftClose, parseShiftOpen } from './shift-ops';

const id = '0193a0f4-0000-7000-8000-000000000001';
const terminal_id = '0193a0e0-0000-7000-8000-000000000001';

describe('shift and cash arguments', () => {
  test('[SHIFT-1] the server’s own shift.open example parses; a negative float does not', () => {
    const args = {
      id,
      terminal_id,
      opened_at: '2026-11-21T07:55:00Z',
      opening_float: 15000,
      cashier_id: null,
    };
    expect(parseShiftOpen(args)).toEqual({ ok: true, value: args });
    expect(parseShiftOpen({ ...args, opening_float: -1 }).ok).toBe(false);
    expect(parseShiftOpen({ ...args, opening_float: 1.5 }).ok).toBe(false);
  });

  test('[SHIFT-3] shift.close: counted cash, and closed after it opened', () => {
    const args = { id, terminal_id, closed_at: '2026-11-21T18:05:00Z', counted_cash: 48210, note: '' };
    expect(parseShiftClose(args, '2026-11-21T07:55:00Z').ok).toBe(true);
    expect(parseShiftClose(args, '2026-11-21T19:00:00Z').ok).toBe(false);
    expect(parseShiftClose({ ...args, closed_at: '18:05' }, null).ok).toBe(false);
  });

  test('[SHIFT-5] cash.move: pay_in or pay_out of more than zero', () => {
    const args = {
      id: '0193a0f5-0000-7000-8000-000000000001',
      terminal_id,
      shift_id: id,
      kind: 'pay_out' as const,
      amount: 2000,
      reason: 'Window cleaner',
      occurred_at: '2026-11-21T12:00:00Z',
    };
    expect(parseCashMove(args).ok).toBe(true);
    expect(parseCashMove({ ...args, amount: 0 }).ok).toBe(false);
    expect(parseCashMove({ ...args, kind: 'float' }).ok).toBe(false);
    expect(cashMoveEffect(args)).toBe(-2000);
    expect(cashMoveEffect({ kind: 'pay_in', amount: 500 })).toBe(500);
  });
});

// `shift.close` (supabase/SPEC.md §3.5): an open shift closed with the cash counted; the server answers the
// expected cash and the difference ([SHIFT-3]), which the answer stores on the ledger row.
import type { CashierStamp } from '../../domain/cashier-stamp';
import type { Result } from '../../domain/result';
import { parseShiftClose, shiftCloseSchema } from '../../domain/shift-ops';
import { CommandRefused, type CommandDeps } from '../local/command-deps';
import type { LedgerShift } from '../local/ledger-types';
import { defineOp, runCommand } from './define-op';
import { msg, t } from '@lingui/core/macro';

export interface CloseShiftInput {
  shiftId: string;
  countedCash: number;
  note: string | null;
  /** [SHIFT-7] A manager signed in on this till approved a difference over the company's limit. */
  approvedBy?: string | null;
  /** Who closes it on a shared till, with their proof and a manager's approval by PIN (issue 18). */
  stamp?: CashierStamp;
}

export const shiftClose = defineOp({
  name: 'shift.close',
  schema: shiftCloseSchema,
  noun: 'shift closing',
  entity: 'shifts',
  title: () => t`Shift closed`,
  fallbackTitle: msg`Shift closed`,
  async command(ctx, input: CloseShiftInput): Promise<LedgerShift> {
    const shift = await ctx.ledger.shifts.get(input.shiftId);
    if (!shift) throw new CommandRefused('unknown_shift', t`This shift is not on this till.`);
    if (shift.closed_at !== null) throw new CommandRefused('shift_closed', t`This shift is already closed.`);
    const args = ctx.must(
      parseShiftClose(
        {
          id: shift.id,
          terminal_id: shift.terminal_id,
          closed_at: ctx.clock().toISOString(),
          counted_cash: input.countedCash,
          note: input.note,
          ...(input.approvedBy ? { approved_by: input.approvedBy } : {}),
          ...input.stamp,
        },
        shift.opened_at,
      ),
    );
    const op = await ctx.enqueue(args, {
      companyId: shift.company_id,
      terminalId: shift.terminal_id,
      entityId: shift.id,
    });
    const row: LedgerShift = {
      ...shift,
      closed_at: args.closed_at,
      counted_cash: args.counted_cash,
      note: args.note ?? null,
      approved_by: args.approved_by ?? null,
      op_id: op.op_id,
      sync: 'pending',
      error: null,
    };
    await ctx.ledger.shifts.put(row);
    return row;
  },
});

/** [CMD-SHIFT] Closes an open shift with the cash counted. */
export function closeShift(deps: CommandDeps, input: CloseShiftInput): Promise<Result<LedgerShift>> {
  return runCommand(deps, shiftClose, input);
}

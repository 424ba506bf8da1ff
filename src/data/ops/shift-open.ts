// `shift.open` (supabase/SPEC.md §3.5): a drawer session on this company's terminal, one open at a time.
import type { CashierStamp } from '../../domain/cashier-stamp';
import type { Result } from '../../domain/result';
import { parseShiftOpen, shiftOpenSchema } from '../../domain/shift-ops';
import { CommandRefused, type CommandDeps } from '../local/command-deps';
import type { LedgerShift } from '../local/ledger-types';
import { defineOp, runCommand } from './define-op';
import { msg, t } from '@lingui/core/macro';

export interface OpenShiftInput {
  companyId: string;
  openingFloat: number;
  cashierId: string | null;
  /** The shift's id, when drawn before the command so a shared till could sign it (issue 18). */
  id?: string;
  /** Who opens it on a shared till, with their proof; replaces `cashierId`. */
  stamp?: CashierStamp;
}

export const shiftOpen = defineOp({
  name: 'shift.open',
  schema: shiftOpenSchema,
  noun: 'shift opening',
  entity: 'shifts',
  writes: ['terminals'],
  title: () => t`Shift opened`,
  fallbackTitle: msg`Shift opened`,
  async command(ctx, input: OpenShiftInput): Promise<LedgerShift> {
    const terminal = await ctx.ledger.terminals.get(input.companyId);
    if (!terminal) throw new CommandRefused('no_terminal', t`Set this till up first (Settings → Terminal).`);
    const open = await ctx.ledger.shifts
      .where('terminal_id')
      .equals(terminal.id)
      .filter((shift) => shift.closed_at === null)
      .count();
    if (open > 0) throw new CommandRefused('shift_already_open', t`This till already has an open shift.`);
    const args = ctx.must(
      parseShiftOpen({
        id: input.id ?? ctx.ids(),
        terminal_id: terminal.id,
        opened_at: ctx.clock().toISOString(),
        opening_float: input.openingFloat,
        ...(input.stamp ?? { cashier_id: input.cashierId }),
      }),
    );
    const op = await ctx.enqueue(args, {
      companyId: input.companyId,
      terminalId: terminal.id,
      entityId: args.id,
    });
    const row: LedgerShift = {
      id: args.id,
      company_id: input.companyId,
      terminal_id: terminal.id,
      cashier_id: args.cashier_id ?? null,
      opened_at: args.opened_at,
      opening_float: args.opening_float,
      closed_at: null,
      counted_cash: null,
      note: null,
      result: null,
      op_id: op.op_id,
      sync: 'pending',
      error: null,
    };
    await ctx.ledger.shifts.add(row);
    return row;
  },
});

/** [CMD-SHIFT] Opens a drawer session on this company's terminal. */
export function openShift(deps: CommandDeps, input: OpenShiftInput): Promise<Result<LedgerShift>> {
  return runCommand(deps, shiftOpen, input);
}

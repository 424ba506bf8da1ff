// `cash.move` (supabase/SPEC.md §3.5): a pay-in or pay-out of an open shift.
import { cashMoveSchema, parseCashMove } from '../../domain/cash-move';
import type { CashierStamp } from '../../domain/cashier-stamp';
import type { Result } from '../../domain/result';
import { CommandRefused, type CommandDeps } from '../local/command-deps';
import type { LedgerCashMovement } from '../local/ledger-types';
import { defineOp, runCommand } from './define-op';
import { msg, t } from '@lingui/core/macro';

export interface MoveCashInput {
  shiftId: string;
  kind: 'pay_in' | 'pay_out';
  amount: number;
  reason: string | null;
  /** The movement's id, when drawn before the command so a shared till could sign it (issue 18). */
  id?: string;
  /** Who moved the cash on a shared till, with their proof. */
  stamp?: CashierStamp;
}

export const cashMove = defineOp({
  name: 'cash.move',
  schema: cashMoveSchema,
  noun: 'pay-in or pay-out',
  entity: 'cashMovements',
  writes: ['shifts'],
  title: (args) => (args.kind === 'pay_in' ? t`Cash paid in` : t`Cash paid out`),
  fallbackTitle: msg`Cash movement`,
  async command(ctx, input: MoveCashInput): Promise<LedgerCashMovement> {
    const shift = await ctx.ledger.shifts.get(input.shiftId);
    if (shift?.closed_at !== null) throw new CommandRefused('shift_closed', t`Open a shift first.`);
    const args = ctx.must(
      parseCashMove({
        id: input.id ?? ctx.ids(),
        terminal_id: shift.terminal_id,
        shift_id: shift.id,
        kind: input.kind,
        amount: input.amount,
        reason: input.reason,
        occurred_at: ctx.clock().toISOString(),
        ...input.stamp,
      }),
    );
    const op = await ctx.enqueue(args, {
      companyId: shift.company_id,
      terminalId: shift.terminal_id,
      entityId: args.id,
    });
    const row: LedgerCashMovement = {
      ...args,
      company_id: shift.company_id,
      reason: args.reason ?? null,
      op_id: op.op_id,
      sync: 'pending',
      error: null,
    };
    await ctx.ledger.cashMovements.add(row);
    return row;
  },
});

/** [CMD-CASH] Records a pay-in or pay-out of an open shift. */
export function moveCash(deps: CommandDeps, input: MoveCashInput): Promise<Result<LedgerCashMovement>> {
  return runCommand(deps, cashMove, input);
}

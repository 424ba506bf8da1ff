// `value.adjust` (supabase/SPEC.md [VAL-19]): a manager's correction of a gift card, store credit, points or
// an account on credit, with a reason: `adjust` by a signed delta, `void` (final: the server writes −its
// balance), `block` and `unblock`. A cashier sends it only with a manager's approval of `value_adjust`, which
// the server verifies itself. From a till or the back office alike, through the outbox as `stock.move`.
import { z } from 'zod';
import { cashierFields, type CashierStamp } from '../../domain/cashier-stamp';
import { signedMoney, time, uuid } from '../../domain/command-fields';
import type { Result } from '../../domain/result';
import type { CommandDeps } from '../local/command-deps';
import { defineOp, runCommand } from './define-op';
import { pendingValueEntry } from './value-entry-row';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const VALUE_ADJUST_ACTIONS = ['adjust', 'void', 'block', 'unblock'] as const;

export type ValueAdjustAction = (typeof VALUE_ADJUST_ACTIONS)[number];

export const valueAdjustSchema = z
  .strictObject({
    id: uuid,
    account_id: uuid,
    /** The shop, for the back office, which names no till. */
    company_id: uuid.optional(),
    action: z.enum(VALUE_ADJUST_ACTIONS),
    delta: signedMoney.optional(),
    reason: z.string().trim().min(1, 'Say why.').max(200),
    occurred_at: time,
    terminal_id: uuid.nullable().optional(),
    ...cashierFields,
  })
  .refine((args) => (args.action === 'adjust') === (args.delta !== undefined && args.delta !== 0), {
    message: 'An adjustment moves the balance by an amount other than zero; the other actions take none.',
    path: ['delta'],
  });

export type ValueAdjustArgs = z.infer<typeof valueAdjustSchema>;

const ACTION_TITLES = {
  adjust: msg`Balance adjusted`,
  void: msg`Card or account voided`,
  block: msg`Card or account blocked`,
  unblock: msg`Card or account unblocked`,
} as const;

export interface AdjustValueInput {
  companyId: string;
  accountId: string;
  action: ValueAdjustAction;
  /** For `adjust` only: minor units, or whole points on a loyalty account. */
  delta?: number;
  reason: string;
  /** The till it is done at; null in the back office. */
  terminalId: string | null;
  /** The op's row id, when drawn before the command so a manager could approve it (issue 18). */
  id?: string;
  /** Who did it on a shared till, with a manager's approval of `value_adjust`. */
  stamp?: CashierStamp;
}

export const valueAdjust = defineOp({
  name: 'value.adjust',
  schema: valueAdjustSchema,
  noun: 'balance adjustment',
  entity: 'valueEntries',
  title: (args) => i18n._(ACTION_TITLES[args.action]),
  fallbackTitle: msg`Balance adjustment`,
  async command(ctx, input: AdjustValueInput): Promise<ValueAdjustArgs> {
    const args = ctx.parse({
      id: input.id ?? ctx.ids(),
      account_id: input.accountId,
      company_id: input.companyId,
      action: input.action,
      ...(input.delta === undefined ? {} : { delta: input.delta }),
      reason: input.reason.trim(),
      occurred_at: ctx.clock().toISOString(),
      terminal_id: input.terminalId,
      ...input.stamp,
    });
    const op = await ctx.enqueue(args, {
      companyId: input.companyId,
      terminalId: input.terminalId,
      entityId: args.id,
    });
    // Only an adjustment moves the balance by an amount the till knows; a void's is the server's balance,
    // and a void or blocked account is not spendable whatever its entries ([VAL-20]).
    if (args.action === 'adjust' && args.delta !== undefined) {
      await ctx.ledger.valueEntries.add(
        pendingValueEntry(
          {
            id: args.id,
            company_id: input.companyId,
            account_id: args.account_id,
            kind: 'adjust',
            delta: args.delta,
            terminal_id: input.terminalId,
            shift_id: null,
            tender_method: null,
            occurred_at: args.occurred_at,
          },
          op.op_id,
        ),
      );
    }
    return args;
  },
});

/** [VAL-19] Queues a manager's adjustment, void, block or unblock of a customer value account. */
export function adjustValue(deps: CommandDeps, input: AdjustValueInput): Promise<Result<ValueAdjustArgs>> {
  return runCommand(deps, valueAdjust, input);
}

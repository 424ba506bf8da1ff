// The `cash.move` command's argument (supabase/SPEC.md §3.5, [SHIFT-5]): a pay-in or pay-out of an open
// shift's drawer, amount more than zero.
import { z } from 'zod';
import { cashierFields } from './cashier-stamp';
import { money, optionalText, time, uuid } from './command-fields';
import { parseArgs } from './op-args';
import type { Result } from './result';

export const cashMoveSchema = z.strictObject({
  id: uuid,
  terminal_id: uuid,
  shift_id: uuid,
  kind: z.enum(['pay_in', 'pay_out']),
  amount: money.min(1, 'A pay-in or pay-out is more than zero.'),
  reason: optionalText(500),
  occurred_at: time,
  ...cashierFields,
});

export type CashMoveArgs = z.infer<typeof cashMoveSchema>;

export function parseCashMove(input: unknown): Result<CashMoveArgs, 'invalid_args'> {
  return parseArgs(cashMoveSchema, input, 'pay-in or pay-out');
}

/** [SHIFT-4] The drawer's change: + for a pay-in, − for a pay-out. */
export function cashMoveEffect(args: Pick<CashMoveArgs, 'kind' | 'amount'>): number {
  return args.kind === 'pay_in' ? args.amount : -args.amount;
}

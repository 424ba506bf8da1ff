// The `shift.open` and `shift.close` commands' arguments (supabase/SPEC.md §3.5, [SHIFT-1]…[SHIFT-3]): a
// drawer session opened with a float and closed with the cash counted. `id` is the shift's own id in both.
import { z } from 'zod';
import { cashierFields } from './cashier-stamp';
import { money, optionalText, time, uuid } from './command-fields';
import { parseArgs } from './op-args';
import type { Result } from './result';

export const shiftOpenSchema = z.strictObject({
  id: uuid,
  terminal_id: uuid,
  opened_at: time,
  opening_float: money,
  ...cashierFields,
});

export const shiftCloseSchema = z.strictObject({
  id: uuid,
  terminal_id: uuid,
  closed_at: time,
  counted_cash: money,
  note: optionalText(2000),
  /** [SHIFT-7] The manager signed in on this till who approved a difference over the company's limit. */
  approved_by: uuid.nullable().optional(),
  ...cashierFields,
});

export type ShiftOpenArgs = z.infer<typeof shiftOpenSchema>;
export type ShiftCloseArgs = z.infer<typeof shiftCloseSchema>;

export function parseShiftOpen(input: unknown): Result<ShiftOpenArgs, 'invalid_args'> {
  return parseArgs(shiftOpenSchema, input, 'shift opening');
}

/** [SHIFT-3] A shift closes after it opened. */
export function parseShiftClose(
  input: unknown,
  openedAt: string | null,
): Result<ShiftCloseArgs, 'invalid_args'> {
  const parsed = parseArgs(shiftCloseSchema, input, 'shift closing');
  if (parsed.ok && openedAt !== null && Date.parse(parsed.value.closed_at) < Date.parse(openedAt)) {
    return { ok: false, error: { code: 'invalid_args', message: 'A shift closes after it opened.' } };
  }
  return parsed;
}

// The `activity.record` command's argument (issue 18, docs/shared-till.md): one event of a shared till's log —
// who switched, locked, missed their PIN, was cleared, approved, or voided a line — for managers to read.
import { z } from 'zod';
import { cashierFields } from './cashier-stamp';
import { time, uuid } from './command-fields';
import { parseArgs } from './op-args';
import type { Result } from './result';

export const ACTIVITY_KINDS = [
  'switch',
  'lock',
  'pin_failed',
  'pin_lockout',
  'lockout_cleared',
  'approval',
  'no_sale',
  'line_voided',
  'shared_mode',
] as const;

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The server keeps an event's detail to 2 KB. */
export const MAX_DETAIL_BYTES = 2048;

const detail = z
  .record(z.string(), z.unknown())
  .refine(
    (value) => new TextEncoder().encode(JSON.stringify(value)).length <= MAX_DETAIL_BYTES,
    'An event says at most 2 KB.',
  );

export const activityRecordSchema = z.strictObject({
  id: uuid,
  terminal_id: uuid,
  ...cashierFields,
  kind: z.enum(ACTIVITY_KINDS),
  detail,
  occurred_at: time,
});

export type ActivityRecordArgs = z.infer<typeof activityRecordSchema>;

export function parseActivityRecord(input: unknown): Result<ActivityRecordArgs, 'invalid_args'> {
  return parseArgs(activityRecordSchema, input, 'activity event');
}

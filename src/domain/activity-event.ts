// The `activity.record` command's argument (issue 18, docs/shared-till.md): one event of a shared till's log —
// who switched, locked, missed their PIN, was cleared, approved, or voided a line — for managers to read.
import { z } from 'zod';
import { cashierFields, type Approval } from './cashier-stamp';
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
  // [VAL-28] A gift-card code this till could not find offline: detail {length}, never the code.
  'value_code_failed',
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

export const activityRecordSchema = z
  .strictObject({
    id: uuid,
    terminal_id: uuid,
    ...cashierFields,
    kind: z.enum(ACTIVITY_KINDS),
    detail,
    occurred_at: time,
  })
  .refine(namesWhatItApproved, {
    message: 'Only an approval event names another op, and only the row and action its detail names.',
    path: ['approval'],
  });

/**
 * [PASSKEY-T5] A security key's approval that names another op and row (`op`, `subject_id`) rides only on an
 * 'approval' event whose detail names that row and action: one touch approves the op and logs it.
 */
function namesWhatItApproved(args: {
  kind: ActivityKind;
  detail: Record<string, unknown>;
  approval?: Approval | undefined;
}): boolean {
  const approval = args.approval;
  if (approval === undefined || !('subject_id' in approval) || approval.subject_id === undefined) return true;
  return (
    args.kind === 'approval' &&
    args.detail.subject_id === approval.subject_id &&
    args.detail.action === approval.action
  );
}

export type ActivityRecordArgs = z.infer<typeof activityRecordSchema>;

export function parseActivityRecord(input: unknown): Result<ActivityRecordArgs, 'invalid_args'> {
  return parseArgs(activityRecordSchema, input, 'activity event');
}

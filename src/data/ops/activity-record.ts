// `activity.record` (docs/shared-till.md, issue 18): one event of a shared till's activity log, queued with
// its ledger row like any op so it reaches the server after days offline.
import type { CashierStamp } from '../../domain/cashier-stamp';
import { activityRecordSchema, parseActivityRecord, type ActivityKind } from '../../domain/activity-event';
import type { Result } from '../../domain/result';
import { CommandRefused, type CommandDeps } from '../local/command-deps';
import type { LedgerActivityEvent } from '../local/ledger-types';
import { defineOp, runCommand } from './define-op';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

export interface RecordActivityInput {
  companyId: string;
  /** Drawn before the command, so the person named could sign it. */
  id: string;
  kind: ActivityKind;
  detail: Record<string, unknown>;
  /** Who the event is about (null when nobody is named), with their proof when their key is in memory. */
  stamp: CashierStamp;
}

const TITLES: Record<ActivityKind, MessageDescriptor> = {
  switch: msg`Cashier switched`,
  lock: msg`Till locked`,
  pin_failed: msg`Wrong PINs`,
  pin_lockout: msg`PIN locked out`,
  lockout_cleared: msg`PIN lockout cleared`,
  approval: msg`Manager approval`,
  no_sale: msg`No sale`,
  line_voided: msg`Line removed`,
  shared_mode: msg`Shared mode changed`,
  value_code_failed: msg`Wrong gift card code`,
};

export const activityRecord = defineOp({
  name: 'activity.record',
  schema: activityRecordSchema,
  noun: 'activity event',
  entity: 'activityEvents',
  writes: ['terminals'],
  title: (args) => i18n._(TITLES[args.kind]),
  fallbackTitle: msg`Till activity`,
  async command(ctx, input: RecordActivityInput): Promise<LedgerActivityEvent> {
    const terminal = await ctx.ledger.terminals.get(input.companyId);
    if (!terminal) throw new CommandRefused('no_terminal', t`Set this till up first (Settings → Terminal).`);
    const args = ctx.must(
      parseActivityRecord({
        id: input.id,
        terminal_id: terminal.id,
        ...input.stamp,
        kind: input.kind,
        detail: input.detail,
        occurred_at: ctx.clock().toISOString(),
      }),
    );
    const op = await ctx.enqueue(args, {
      companyId: input.companyId,
      terminalId: terminal.id,
      entityId: args.id,
    });
    const row: LedgerActivityEvent = {
      id: args.id,
      company_id: input.companyId,
      terminal_id: terminal.id,
      staff_id: args.cashier_id ?? null,
      kind: args.kind,
      detail: args.detail,
      occurred_at: args.occurred_at,
      op_id: op.op_id,
      sync: 'pending',
      error: null,
    };
    await ctx.ledger.activityEvents.add(row);
    return row;
  },
});

/** [CMD-ACTIVITY] Records one event of a shared till's activity log. */
export function recordActivity(
  deps: CommandDeps,
  input: RecordActivityInput,
): Promise<Result<LedgerActivityEvent>> {
  return runCommand(deps, activityRecord, input);
}

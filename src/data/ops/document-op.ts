// The managers' document ops (issue 38, [PUR-10]): each queues its argument as built by the back office and
// keeps one `documentOps` row, which its answer marks synced or "needs attention" — no stock moves on the till
// for them. Defined through `documentOp` so the ten read alike; each is still one registry line.
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import type { z } from 'zod';
import type { Result } from '../../domain/result';
import type { CommandDeps } from '../local/command-deps';
import type { LedgerDocumentOp } from '../local/ledger-types';
import { defineOp, runCommand, type OpDefinition } from './define-op';

export interface DocumentOpInput {
  companyId: string;
  /** The op's argument, checked here with its schema. */
  args: unknown;
}

type Args = Record<string, unknown> & { id: string };

export function documentOp<const Name extends string, A extends Args>(
  name: Name,
  schema: z.ZodType<A>,
  noun: string,
  title: MessageDescriptor,
): OpDefinition<Name, A, DocumentOpInput, LedgerDocumentOp> {
  return defineOp({
    name,
    schema,
    noun,
    entity: 'documentOps',
    title: () => i18n._(title),
    fallbackTitle: title,
    async command(ctx, input: DocumentOpInput): Promise<LedgerDocumentOp> {
      const args = ctx.parse(input.args);
      // A row per op: a draft saved twice is two rows, each answered by its own op.
      const id = ctx.ids();
      const op = await ctx.enqueue(args, { companyId: input.companyId, terminalId: null, entityId: id });
      const row: LedgerDocumentOp = {
        id,
        company_id: input.companyId,
        name,
        subject_id: args.id,
        created_at: ctx.clock().toISOString(),
        op_id: op.op_id,
        sync: 'pending',
        error: null,
      };
      await ctx.ledger.documentOps.add(row);
      return row;
    },
  });
}

/** Queues one of the managers' document ops. */
export function runDocumentOp<Name extends string, A extends Args>(
  deps: CommandDeps,
  op: OpDefinition<Name, A, DocumentOpInput, LedgerDocumentOp>,
  input: DocumentOpInput,
): Promise<Result<LedgerDocumentOp>> {
  return runCommand(deps, op, input);
}

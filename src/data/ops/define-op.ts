// One definition per outbox operation (issue 15; after Rocicorp zbugs' shared mutators): its name, the zod
// schema of its argument, the command that builds the argument and writes the ledger rows, the business row
// its answer marks synced or "needs attention", and its words for the sync page. `runCommand` is the one
// transaction every command runs in: the op and its rows exist together or not at all (DESIGN §5).
import type { z } from 'zod';
import { parseArgs } from '../../domain/op-args';
import { err, ok, type Result } from '../../domain/result';
import { CommandRefused, type CommandDeps } from '../local/command-deps';
import type { LedgerDb } from '../local/ledger-db';
import type { EntityRef, OutboxRow } from '../local/ledger-types';
import { enqueueOp } from '../local/outbox';
import { i18n, type MessageDescriptor } from '@lingui/core';

/** A ledger table a command may write. */
export type LedgerTable = {
  [K in keyof LedgerDb]: LedgerDb[K] extends { bulkAdd: unknown } ? K : never;
}[keyof LedgerDb];

/**
 * What a command sees inside its transaction. A command refuses with `throw new CommandRefused(code,
 * message)`: nothing is written and the cashier reads the message.
 */
/** An op's argument: a JSON object, as the outbox stores it and apply_ops takes it. */
type OpArgs = Record<string, unknown>;

export interface CommandContext<Args> extends CommandDeps {
  /** Checks a built argument with the op's schema; a problem refuses the command in a sentence. */
  parse: (input: unknown) => Args;
  /** The value of a domain check, or the command refused with its error. */
  must: <T>(result: Result<T>) => T;
  /** Appends the op to the outbox, naming the row its answer will mark. */
  enqueue: (
    args: Args,
    where: { companyId: string; terminalId: string | null; entityId: string },
  ) => Promise<OutboxRow>;
}

export interface OpSpec<Name extends string, Args extends OpArgs, Input, Output> {
  name: Name;
  schema: z.ZodType<Args>;
  /** What the argument is called in an error: "The sale is malformed at lines.0.total". */
  noun: string;
  /**
   * The business row the op's answer marks synced or "needs attention" (DESIGN §6); null for a back-office
   * document op (issue 38), whose only copy is the server's: the page reads the document there.
   */
  entity: EntityRef['table'] | null;
  /** Ledger tables the command writes besides `meta`, `outbox` and its entity's table. */
  writes?: readonly LedgerTable[];
  /** The op as a person would say it on the sync page ("Sale T1-000004"), in the active language. */
  title: (args: Args) => string;
  /** Said when a stored argument no longer reads as this op's (written by another version of the app). */
  fallbackTitle: MessageDescriptor;
  command: (ctx: CommandContext<Args>, input: Input) => Promise<Output>;
}

export interface OpDefinition<
  Name extends string = string,
  Args extends OpArgs = OpArgs,
  Input = never,
  Output = unknown,
> extends OpSpec<Name, Args, Input, Output> {
  /** The sync page's words for a stored op of this name. */
  describe: (args: unknown) => string;
}

/** The parts of a definition that do not depend on its argument's type: what the registry lists. */
export type OpEntry = Pick<OpDefinition, 'name' | 'entity' | 'writes' | 'describe'>;

export function defineOp<const Name extends string, Args extends OpArgs, Input, Output>(
  spec: OpSpec<Name, Args, Input, Output>,
): OpDefinition<Name, Args, Input, Output> {
  return {
    ...spec,
    describe(args) {
      const parsed = spec.schema.safeParse(args);
      return parsed.success ? spec.title(parsed.data) : i18n._(spec.fallbackTitle);
    },
  };
}

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new CommandRefused(result.error.code, result.error.message);
  return result.value;
}

function contextFor<Args extends OpArgs>(
  deps: CommandDeps,
  op: Pick<OpSpec<string, Args, never, unknown>, 'name' | 'schema' | 'noun' | 'entity'>,
): CommandContext<Args> {
  return {
    ...deps,
    must,
    parse: (input) => must(parseArgs(op.schema, input, op.noun)),
    enqueue: (args, where) =>
      enqueueOp(
        deps.ledger,
        {
          name: op.name,
          args,
          company_id: where.companyId,
          terminal_id: where.terminalId,
          entity: op.entity === null ? null : { table: op.entity, id: where.entityId },
        },
        deps,
      ),
  };
}

/**
 * Runs one command in one strict ledger transaction over `meta`, `outbox` and the tables the op writes. A
 * refusal anywhere rolls all of it back and comes back as the Result's error; anything else is a bug and
 * throws. After a write the sync engine is nudged (DESIGN §6 "When").
 */
export async function runCommand<Args extends OpArgs, Input, Output>(
  deps: CommandDeps,
  op: OpDefinition<string, Args, Input, Output>,
  input: Input,
): Promise<Result<Output>> {
  const tables = ['meta', 'outbox', ...(op.entity === null ? [] : [op.entity]), ...(op.writes ?? [])];
  try {
    const value = await deps.ledger.transaction('rw', tables, () => op.command(contextFor(deps, op), input));
    deps.onWrite?.();
    return ok(value);
  } catch (error) {
    if (error instanceof CommandRefused) return err(error.code, error.message);
    throw error;
  }
}

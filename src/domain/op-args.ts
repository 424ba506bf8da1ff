// Parsing an op's argument with its zod schema into a Result: the till checks every command it queues
// with the same shape the server takes (supabase/SPEC.md §3), and shows the first problem as a sentence.
// The ops themselves are listed in src/data/ops/registry.ts.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { z } from 'zod';
import { err, ok, type Result } from './result';

export function parseArgs<T>(schema: z.ZodType<T>, input: unknown, what: string): Result<T, 'invalid_args'> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const first = parsed.error.issues[0];
  // The field path and zod's own words are for whoever supports the shop: only the frame is translated.
  const problem = first?.message ?? 'unknown problem';
  if (first === undefined || first.path.length === 0) {
    return err('invalid_args', i18n._(msg`The ${what} is malformed at the top: ${problem}`));
  }
  const where = first.path.join('.');
  return err('invalid_args', i18n._(msg`The ${what} is malformed at ${where}: ${problem}`));
}

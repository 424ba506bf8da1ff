// Postgres's own errors in the app's words ([INPUT-4], supabase/SPEC.md §18). The local stack answers a data
// error with a stable code in `hint` and a sentence; hosted PostgREST passes Postgres's message on (`invalid
// input syntax for type uuid: "x"`, `bigint out of range`). Either way the person reads the same sentence,
// chosen by the stable code or, failing that, by the SQLSTATE — never Postgres's text. The same table, for the
// server side, is supabase/functions/_shared/sql-errors.ts (src/ never imports from supabase/).
import { msg } from '@lingui/core/macro';
import { type CodeWords, wordsOf } from '../refusal-words';

const BY_CODE: CodeWords = {
  invalid_id: msg`An id is not a valid id.`,
  invalid_number: msg`A number is not a whole number the server reads.`,
  number_out_of_range: msg`A number is too large or too small.`,
  invalid_date: msg`A date or time is not in a form the server reads.`,
  invalid_json: msg`A value is not valid JSON.`,
  invalid_text: msg`A text holds a character the server cannot store.`,
  value_too_long: msg`A text is longer than the server allows.`,
  missing_value: msg`A required value is missing.`,
  invalid_value: msg`A value is not allowed here.`,
  invalid_format: msg`A value is not in the form the server expects.`,
  // [PUR-37] stocktake_review names a stocktake another shop's manager cannot see as unknown.
  unknown_stocktake: msg`This stocktake is not one of this shop’s stocktakes.`,
};

const CODE_OF_STATE: Record<string, string> = {
  '22001': 'value_too_long',
  '22003': 'number_out_of_range',
  '22004': 'missing_value',
  '22007': 'invalid_date',
  '22008': 'invalid_date',
  '22012': 'invalid_value',
  '22021': 'invalid_text',
  '22023': 'invalid_value',
  '22P02': 'invalid_format',
  '22P05': 'invalid_text',
  '23502': 'missing_value',
  '23514': 'invalid_value',
};

/** 22P02 from hosted PostgREST says which type it could not read. */
function invalidInputCode(message: string): string {
  if (/type uuid/i.test(message)) return 'invalid_id';
  if (/type (bigint|integer|smallint|numeric|real|double)/i.test(message)) return 'invalid_number';
  if (/type (date|time|timestamp)/i.test(message)) return 'invalid_date';
  if (/type json/i.test(message)) return 'invalid_json';
  return 'invalid_format';
}

/** The sentence for a Postgres data error (by the stack's hint, else by SQLSTATE), or null for anything else. */
export function serverErrorWords(error: {
  code?: string;
  hint?: string | null;
  message: string;
}): string | null {
  const byHint = wordsOf(BY_CODE, error.hint);
  if (byHint !== undefined) return byHint;
  if (error.hint) return null;
  const state = error.code ?? '';
  const code = state === '22P02' ? invalidInputCode(error.message) : CODE_OF_STATE[state];
  return wordsOf(BY_CODE, code) ?? null;
}

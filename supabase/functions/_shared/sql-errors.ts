// Postgres's own errors in words ([INPUT-4]): a value the database could not read or store (a malformed id,
// a number out of range, a date it cannot parse, a missing or disallowed value) is answered with a stable
// code and a sentence, never with Postgres's message, which names types, columns and internals and reads
// like a crash to the person at the till. Errors the server's functions raise themselves carry their own
// code in the hint and pass unchanged. Used by the Edge Functions and by the local stack's PostgREST layer
// (supabase/local/rest/errors.ts); src/data/remote/server-error-words.ts says the same to the app.

export interface SqlErrorWords {
  code: string;
  message: string;
}

const BY_STATE: Record<string, SqlErrorWords> = {
  '22001': { code: 'value_too_long', message: 'A text is longer than the server allows.' },
  '22003': { code: 'number_out_of_range', message: 'A number is too large or too small.' },
  '22004': { code: 'missing_value', message: 'A required value is missing.' },
  '22007': { code: 'invalid_date', message: 'A date or time is not in a form the server reads.' },
  '22008': { code: 'invalid_date', message: 'A date or time is not in a form the server reads.' },
  '22012': { code: 'invalid_value', message: 'A value is not allowed here.' },
  '22021': { code: 'invalid_text', message: 'A text holds a character the server cannot store.' },
  '22023': { code: 'invalid_value', message: 'A value is not allowed here.' },
  '22P02': { code: 'invalid_format', message: 'A value is not in the form the server expects.' },
  '22P05': { code: 'invalid_text', message: 'A text holds a character the server cannot store.' },
  '23502': { code: 'missing_value', message: 'A required value is missing.' },
  '23514': { code: 'invalid_value', message: 'A value is not allowed here.' },
};

/** 22P02 says which type it could not read: an id and a number get their own words. */
function invalidInput(message: string): SqlErrorWords | undefined {
  if (/type uuid/i.test(message)) return { code: 'invalid_id', message: 'An id is not a valid id.' };
  if (/type (bigint|integer|smallint|numeric|real|double)/i.test(message)) {
    return { code: 'invalid_number', message: 'A number is not a whole number the server reads.' };
  }
  if (/type (date|time|timestamp)/i.test(message)) return BY_STATE['22007'];
  if (/type json/i.test(message)) return { code: 'invalid_json', message: 'A value is not valid JSON.' };
  return undefined;
}

/**
 * The words for a Postgres error the database raised itself, or undefined when it is one of ours (it has a
 * hint) or not a data error. `message` is only read to tell which type a 22P02 is about.
 */
export function sqlErrorWords(state: string, hint: string | null | undefined, message: string) {
  if (hint) return undefined;
  if (state === '22P02') return invalidInput(message) ?? BY_STATE[state];
  return BY_STATE[state];
}

// Decoding what the server answers where the generated types cannot say (a function returning `json`/`jsonb`,
// a text column holding one of a few words). An answer of the wrong shape fails loudly with what was asked,
// rather than becoming an empty string or a 0 on a screen; and what the app sends as `json`, typed as such.
import { z } from 'zod';
import type { Json } from './database.types';

export class ServerAnswerError extends Error {
  constructor(what: string, error: z.ZodError) {
    super(`The server's answer to ${what} was not understood:\n${z.prettifyError(error)}`);
    this.name = 'ServerAnswerError';
  }
}

export function decode<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ServerAnswerError(what, result.error);
  return result.data;
}

/**
 * A value the app built as JSON (an op's zod-checked arguments, a pull cursor), typed as the generated `Json`
 * that rpc arguments take, with JSON.stringify's own rules: an absent (undefined) key is left out, a date is
 * its ISO text. Anything else that JSON cannot carry throws instead of being sent as something else.
 */
export function toJson(value: unknown): Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item: unknown) => (item === undefined ? null : toJson(item)));
  if (typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return Object.fromEntries(entries.map(([key, item]) => [key, toJson(item)]));
  }
  throw new TypeError(`A ${typeof value} cannot be sent as JSON.`);
}

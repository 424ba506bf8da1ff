// Decoding what the server answers where the generated types cannot say (a function returning `json`/`jsonb`,
// a text column holding one of a few words). An answer of the wrong shape fails loudly with what was asked,
// rather than becoming an empty string or a 0 on a screen.
import { z } from 'zod';

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

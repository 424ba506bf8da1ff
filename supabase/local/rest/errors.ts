// PostgREST's error surface (reference §B4): every failure becomes {code, details, hint, message} with the
// status PostgREST would give. Postgres errors are mapped by SQLSTATE; our own checks throw RestError with a
// PGRST code. Nothing here ever exposes a stack trace.
//
// [INPUT-4] Where this differs from hosted PostgREST: a data error Postgres raised itself (a malformed uuid,
// a number out of range, an unreadable date, a missing or disallowed value: 22xxx, 23502, 23514) keeps its
// SQLSTATE as `code` but is answered with a stable code in `hint` and a sentence in `message`, never
// Postgres's own text; hosted PostgREST passes that text on, so the app maps the same SQLSTATEs to the same
// sentences (src/data/remote/server-error-words.ts) and never shows it either way.
import { sqlErrorWords } from '../../functions/_shared/sql-errors';
import { DatabaseError } from '../db/database';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface ErrorBody {
  code: string;
  details: string | null;
  hint: string | null;
  message: string;
}

export class RestError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;
  /** Raised because the schema cache lacks something; the caller reloads the cache once and retries. */
  readonly catalogMiss: boolean;

  constructor(
    status: number,
    body: Partial<ErrorBody> & Pick<ErrorBody, 'code' | 'message'>,
    options: { headers?: Record<string, string>; catalogMiss?: boolean } = {},
  ) {
    super(body.message);
    this.name = 'RestError';
    this.status = status;
    this.body = {
      code: body.code,
      details: body.details ?? null,
      hint: body.hint ?? null,
      message: body.message,
    };
    this.headers = options.headers ?? {};
    this.catalogMiss = options.catalogMiss ?? false;
  }
}

/** PGRST100: a query parameter that does not parse. */
export function badQuery(message: string, details: string | null = null): RestError {
  return new RestError(400, { code: 'PGRST100', message, details });
}

export function badBody(message = 'Empty or invalid json', details: string | null = null): RestError {
  return new RestError(400, { code: 'PGRST102', message, details });
}

export function unknownTable(name: string): RestError {
  return new RestError(
    404,
    { code: 'PGRST205', message: `Could not find the table 'public.${name}' in the schema cache` },
    { catalogMiss: true },
  );
}

/** A column a read names that the table lacks: PostgREST lets Postgres say so (42703). */
export function unknownReadColumn(table: string, column: string): RestError {
  return new RestError(
    400,
    { code: '42703', message: `column ${table}.${column} does not exist` },
    { catalogMiss: true },
  );
}

/** A column a write names that the table lacks: PostgREST checks its schema cache (PGRST204). */
export function unknownWriteColumn(table: string, column: string): RestError {
  return new RestError(
    400,
    { code: 'PGRST204', message: `Could not find the '${column}' column of '${table}' in the schema cache` },
    { catalogMiss: true },
  );
}

/** HTTP status for a Postgres error, as PostgREST's Error.hs decides it. */
export function statusForSqlState(code: string, role: string): number {
  const cls = code.slice(0, 2);
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '42883') return 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '25006') return 405;
  if (code === '21000') return 400;
  if (code === 'P0001') return 400;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (cls === 'P0') return 500;
  if (cls === '23') return 400;
  if (cls === '08' || cls === '53' || code === '57P01') return 503;
  if (cls === '28' || cls === '0L' || cls === '0P') return 403;
  const serverClasses = ['25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'XX'];
  if (serverClasses.includes(cls)) return 500;
  return 400;
}

/** Any thrown value → a RestError; unexpected ones are logged and answered as a plain 500. */
export function toRestError(error: unknown, role: string): RestError {
  if (error instanceof RestError) return error;
  if (error instanceof DatabaseError) {
    const status = statusForSqlState(error.code, role);
    const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
    const words = sqlErrorWords(error.code, error.hint, error.message);
    if (words) {
      return new RestError(
        status,
        { code: error.code, message: words.message, hint: words.code },
        { headers },
      );
    }
    return new RestError(
      status,
      { code: error.code, message: error.message, details: error.details, hint: error.hint },
      { headers },
    );
  }
  console.error('[rest] unexpected error:', error);
  return new RestError(500, {
    code: 'PGRST000',
    message: 'An unexpected error occurred in the local stack.',
  });
}

export function errorResponse(error: RestError): Response {
  return new Response(JSON.stringify(error.body), {
    status: error.status,
    headers: { 'Content-Type': JSON_CONTENT_TYPE, ...error.headers },
  });
}

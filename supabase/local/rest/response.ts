// Shaping a successful answer as PostgREST does (RangeQuery.hs, Response.hs): Content-Range and the
// 200/206/416 decision, the single-object check, Preference-Applied, and the body Postgres produced.
import { JSON_CONTENT_TYPE, RestError } from './errors';
import { SINGLE_OBJECT } from './prefer';
import type { RestRequest } from './request';

/** `lower-upper/total`, `*` where PostgREST writes it. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** Status and Content-Range of a read that returned `rows` rows from `offset`. */
export function readRange(
  offset: number,
  rows: number,
  total: number | null,
): { status: number; range: string } {
  const upper = offset + rows - 1;
  if (total !== null && offset > total) {
    throw new RestError(416, {
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
    });
  }
  const status = total !== null && 1 + upper - offset < total ? 206 : 200;
  return { status, range: contentRange(offset, upper, total) };
}

/** `.single()`: exactly one row, else 406 PGRST116 (and the transaction rolls back). */
export function checkSingle(request: RestRequest, rows: number): void {
  if (!request.single || rows === 1) return;
  throw new RestError(406, {
    code: 'PGRST116',
    message: 'JSON object requested, multiple (or no) rows returned',
    details: `The result contains ${rows} rows`,
  });
}

export function respond(
  request: RestRequest,
  status: number,
  body: string | null,
  headers: Record<string, string> = {},
): Response {
  const all: Record<string, string> = { ...headers };
  if (request.prefs.applied.length > 0) all['Preference-Applied'] = request.prefs.applied.join(', ');
  const withBody = body !== null && status !== 204 && request.method !== 'HEAD';
  if (body !== null)
    all['Content-Type'] = request.single ? `${SINGLE_OBJECT}; charset=utf-8` : JSON_CONTENT_TYPE;
  return new Response(withBody ? body : null, { status, headers: all });
}

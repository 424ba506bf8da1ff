// Answers of the Edge Functions (card-payments, send-receipt): JSON, CORS for the browser app, errors as
// {error: {code, message}} with the HTTP status the UI can act on, and readers of the JSON body. Shared the
// Supabase way: `_shared/` is not a function (nothing serves it), each function imports what it needs.
import { sqlErrorWords } from './sql-errors.ts';

export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, 'content-type': 'application/json' },
  });
}

export function errorResponse(error: HttpError): Response {
  return json({ error: { code: error.code, message: error.message } }, error.status);
}

/** Hints of the server functions' refusals that are the caller's to fix (400) or to wait out (429). */
const BAD_REQUEST_HINTS = new Set(['invalid_email', 'invalid_name']);

/**
 * A PostgREST error from the server functions, as the HTTP status and code the caller gets. Postgres's own
 * messages never pass through ([INPUT-4]): a data error gets its stable code and sentence, anything else
 * unexpected a plain 500.
 */
export function fromDatabase(error: { code?: string; hint?: string | null; message: string }): HttpError {
  const code = error.hint ?? error.code ?? 'server_error';
  if (error.code === '42501') return new HttpError(code === 'not_signed_in' ? 401 : 403, code, error.message);
  if (error.code === 'P0001') {
    if (code === 'rate_limited') return new HttpError(429, code, `${error.message}.`);
    if (BAD_REQUEST_HINTS.has(code)) return new HttpError(400, code, error.message);
    const notFound = [
      'unknown_terminal',
      'unknown_card_payment',
      'unknown_reader',
      'unknown_purchase_order',
    ].includes(code);
    return new HttpError(notFound ? 404 : 409, code, error.message);
  }
  const words = sqlErrorWords(error.code ?? '', error.hint, error.message);
  if (words) return new HttpError(400, words.code, words.message);
  if (error.code?.startsWith('22') || error.code?.startsWith('23'))
    return new HttpError(400, 'invalid_args', 'The server refused a value of this request.');
  console.error('[functions] database error:', error.code, error.message);
  return new HttpError(500, 'server_error', 'The server could not do this; try again.');
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, 'payload_too_large', `The request body is larger than ${maxBytes} bytes.`);
}

/**
 * The body as a JSON object, read chunk by chunk and refused with 413 as soon as it passes `maxBytes`
 * ([MAIL-5]): a declared length over it is refused unread, and a body sent without one is never held whole.
 */
export async function readJsonObject(request: Request, maxBytes: number): Promise<Body> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader() as ReadableStreamDefaultReader<Uint8Array> | undefined;
  for (let next = await reader?.read(); next && !next.done; next = await reader?.read()) {
    size += next.value.byteLength;
    if (size > maxBytes) {
      await reader?.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(next.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    body = null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'invalid_args', 'The body must be a JSON object.');
  return body as Body;
}

// Readers of the JSON body: a wrong type is a 400 naming the field.
export type Body = Record<string, unknown>;

export function uuidField(body: Body, key: string): string {
  const value = body[key];
  if (
    typeof value !== 'string' ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
  ) {
    throw new HttpError(400, 'invalid_args', `${key} must be a UUID`);
  }
  return value.toLowerCase();
}

export function optionalUuidField(body: Body, key: string): string | null {
  return body[key] === undefined || body[key] === null ? null : uuidField(body, key);
}

export function textField(body: Body, key: string, max: number): string {
  const value = body[key];
  if (typeof value !== 'string' || value.trim() === '' || value.length > max) {
    throw new HttpError(400, 'invalid_args', `${key} must be a non-blank text of at most ${max} characters`);
  }
  return value.trim();
}

export function integerField(body: Body, key: string, min: number, max: number): number {
  const value = body[key];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new HttpError(400, 'invalid_args', `${key} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

/** Money: whole minor units above 0 (supabase/SPEC.md conventions). */
export const amountField = (body: Body, key: string): number => integerField(body, key, 1, 1e12);

type Route = (request: Request) => Promise<Response>;

/**
 * A function's handler: CORS preflight answered, POST only, and every failure as an error answer: an
 * HttpError as it says, anything else logged and answered 500 in the function's name.
 */
export function postHandler(name: string, route: Route): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
    try {
      if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.');
      return await route(request);
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error);
      console.error(`[${name}]`, error);
      return errorResponse(new HttpError(500, 'server_error', `The ${name} function failed.`));
    }
  };
}

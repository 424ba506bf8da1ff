// Answers of the Edge Functions (card-payments, send-receipt): JSON, CORS for the browser app, errors as
// {error: {code, message}} with the HTTP status the UI can act on, and readers of the JSON body. Shared the
// Supabase way: `_shared/` is not a function (nothing serves it), each function imports what it needs.

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

/** A PostgREST error from the server functions, as the HTTP status and code the caller gets. */
export function fromDatabase(error: { code?: string; hint?: string | null; message: string }): HttpError {
  const code = error.hint ?? error.code ?? 'server_error';
  if (error.code === '42501') return new HttpError(code === 'not_signed_in' ? 401 : 403, code, error.message);
  if (error.code === 'P0001') {
    const notFound = ['unknown_terminal', 'unknown_card_payment', 'unknown_reader'].includes(code);
    return new HttpError(notFound ? 404 : 409, code, error.message);
  }
  if (error.code?.startsWith('22') || error.code?.startsWith('23'))
    return new HttpError(400, 'invalid_args', error.message);
  return new HttpError(500, 'server_error', error.message);
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

// GoTrue's error responses (internal/api/errors.go HandleResponseError). Clients that send
// `X-Supabase-Api-Version: 2024-01-01` (every supabase-js since 2.40) get `{code, message}` and the version
// echoed back; older clients get `{code: <status>, error_code, msg}`. Both get `x-sb-error-code`, which is
// what auth-js and humans read first. Handlers throw AuthError; nothing else ever reaches the client.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION_2024 = '2024-01-01';

export class AuthError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  /** Extra top-level fields GoTrue adds for some codes (e.g. `weak_password: {reasons}`). */
  readonly extra: Record<string, unknown>;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);

export function weakPassword(reasons: string[], message: string): AuthError {
  return new AuthError(422, 'weak_password', message, { weak_password: { reasons } });
}

/** The response for any error a handler let escape: AuthErrors as GoTrue shapes them, the rest as a 500. */
export function errorResponse(c: Context, error: unknown): Response {
  const known =
    error instanceof AuthError
      ? error
      : new AuthError(
          500,
          'unexpected_failure',
          'Unexpected failure, please check server logs for more information',
        );
  // GoTrue tags 5xx bodies with an error_id to find in its logs; ours go to the console.
  const extra = error instanceof AuthError ? known.extra : { error_id: crypto.randomUUID() };
  if (!(error instanceof AuthError)) console.error('[stack] auth request failed:', error);
  c.header('x-sb-error-code', known.code);
  const requested = c.req.header(API_VERSION_HEADER);
  if (requested !== undefined && requested >= API_VERSION_2024) {
    c.header(API_VERSION_HEADER, API_VERSION_2024);
    return c.json({ code: known.code, message: known.message, ...extra }, known.status);
  }
  return c.json({ code: known.status, error_code: known.code, msg: known.message, ...extra }, known.status);
}

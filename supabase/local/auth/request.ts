// Reading what a request carries: JSON bodies checked against a schema (GoTrue answers bad JSON with
// `bad_json` and bad fields with `validation_failed`, never a stack trace), the client's IP and user agent,
// and the redirect target, which may only point at the site URL or an allowed prefix.
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { z } from 'zod';
import type { StackContext } from '../context';
import { AuthError, validationFailed } from './errors';

/** A string field as Go decodes it: absent and null both mean "not given". */
export const optionalString = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined);

/** The JSON object body, parsed with `schema`; an empty body counts as `{}` as in GoTrue. */
export async function readJson<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'invalid JSON';
      throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${reason}`);
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    throw validationFailed(`Invalid ${field === '' ? 'body' : field}: ${issue?.message ?? 'bad value'}`);
  }
  return parsed.data;
}

/** The peer address, or '' when the request did not come through the Node server (app.fetch in tests). */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    return '';
  }
}

export const userAgent = (c: Context): string => c.req.header('user-agent') ?? '';

/**
 * GoTrue's redirect check: a target is used only if it starts with the site URL or an allowed URL at a
 * boundary (so `http://localhost:4173.evil.test` is not `http://localhost:4173`); otherwise the site URL.
 */
export function redirectTarget(ctx: StackContext, candidate: string | undefined): string {
  if (candidate) {
    const allowed = [ctx.config.siteUrl, ...ctx.config.additionalRedirectUrls].map((url) =>
      url.replace(/\/$/, ''),
    );
    for (const prefix of allowed) {
      if (candidate === prefix) return candidate;
      if (candidate.startsWith(prefix) && '/?#'.includes(candidate.charAt(prefix.length))) return candidate;
    }
  }
  return ctx.config.siteUrl;
}

/** `url` with `params` added to its query string (before any fragment). */
export function withQuery(url: string, params: Record<string, string>): string {
  const [base = '', fragment] = url.split('#', 2);
  const query = new URLSearchParams(params).toString();
  const joined = `${base}${base.includes('?') ? '&' : '?'}${query}`;
  return fragment === undefined ? joined : `${joined}#${fragment}`;
}

/** `url` with its fragment replaced by `params` (implicit-flow tokens travel in the fragment). */
export function withFragment(url: string, params: Record<string, string>): string {
  const [base = ''] = url.split('#', 1);
  return `${base}#${new URLSearchParams(params).toString()}`;
}

/** GoTrue's error redirect: the same error in the query (servers can read it) and the fragment (auth-js does). */
export function errorRedirect(target: string, error: string, code: string, description: string): string {
  const params = { error, error_code: code, error_description: description };
  return withFragment(withQuery(target, params), { ...params, sb: '' });
}

/** The implicit flow's answer: the session's tokens in the fragment of the redirect target. */
export function sessionFragment(
  target: string,
  session: Record<string, unknown>,
  extra: Record<string, string>,
): string {
  return withFragment(target, {
    access_token: String(session.access_token),
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: String(session.refresh_token),
    token_type: 'bearer',
    ...extra,
    sb: '',
  });
}

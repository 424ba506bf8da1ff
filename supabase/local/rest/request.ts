// One /rest/v1 request's life: the gateway, the JWT, the profile and Prefer headers, then exactly one
// transaction opened the way PostgREST opens it (reference §B1), and every failure turned into PostgREST's
// error body. Handlers only plan SQL and shape the answer.
import { DatabaseError } from '../db/database';
import type { Database, Queryable } from '../db/database';
import type { Catalog, SchemaCache } from './catalog';
import { errorResponse, RestError, toRestError } from './errors';
import { authenticate, gatewayRejection } from './gateway';
import type { RequestAuth } from './gateway';
import { checkProfile, parsePrefer, wantsSingleObject } from './prefer';
import type { Preferences } from './prefer';

export interface RestRequest {
  method: string;
  /** The path after /rest/v1, e.g. `/todos` or `/rpc/fn`. */
  path: string;
  url: URL;
  headers: Headers;
  auth: RequestAuth;
  prefs: Preferences;
  single: boolean;
  /** The raw body (POST, PATCH), read once. */
  body: string;
}

export interface RestDeps {
  db: Database;
  catalog: Catalog;
}

const SET_CONFIG_SQL =
  `select set_config('search_path', '"public", "extensions"', true), set_config('role', $1, true), ` +
  `set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true), ` +
  `set_config('request.path', $4, true), set_config('request.headers', $5, true), ` +
  `set_config('request.cookies', '{}', true), ` +
  // [STACK-3] The role's own statement_timeout (`alter role … set`), as PostgREST applies per request:
  // `set role` alone keeps the login role's, so a slow call by anon would run unbounded.
  `set_config('statement_timeout', coalesce((select split_part(setting, '=', 2) from pg_db_role_setting s ` +
  `join pg_roles r on r.oid = s.setrole, unnest(s.setconfig) setting where r.rolname = $1 and s.setdatabase = 0 ` +
  `and setting like 'statement_timeout=%' limit 1), current_setting('statement_timeout')), true)`;

/** Thrown inside the transaction to roll it back while still answering `response` (Prefer: tx=rollback). */
class Rollback extends Error {
  readonly response: Response;
  constructor(response: Response) {
    super('rollback');
    this.response = response;
  }
}

function headersJson(headers: Headers): string {
  const entries: Record<string, string> = {};
  headers.forEach((value, name) => {
    entries[name.toLowerCase()] = value;
  });
  return JSON.stringify(entries);
}

/** Runs `work` in the request's one transaction; read-only for GET and HEAD. */
export async function inRequestTransaction(
  deps: RestDeps,
  request: RestRequest,
  work: (tx: Queryable) => Promise<Response>,
): Promise<Response> {
  const readOnly = request.method === 'GET' || request.method === 'HEAD';
  const { roles } = await deps.catalog.get();
  if (!roles.has(request.auth.role)) {
    // What `set role` answers PostgREST's authenticator for a role it was not granted.
    throw new DatabaseError('42501', `permission denied to set role "${request.auth.role}"`);
  }
  try {
    return await deps.db.transaction(
      async (tx) => {
        await tx.query(SET_CONFIG_SQL, [
          request.auth.role,
          JSON.stringify({ ...request.auth.claims, role: request.auth.role }),
          request.method,
          request.path,
          headersJson(request.headers),
        ]);
        const response = await work(tx);
        if (request.prefs.rollback) throw new Rollback(response);
        return response;
      },
      { readOnly },
    );
  } catch (error) {
    if (error instanceof Rollback) return error.response;
    throw error;
  }
}

/** Plans against the schema cache; a miss reloads the cache once and plans again before failing. */
export async function withCatalog<T>(catalog: Catalog, plan: (cache: SchemaCache) => T): Promise<T> {
  const cache = await catalog.get();
  try {
    return plan(cache);
  } catch (error) {
    if (!(error instanceof RestError) || !error.catalogMiss) throw error;
    return plan(await catalog.reload(cache));
  }
}

export async function handleRestRequest(
  raw: Request,
  path: string,
  handler: (request: RestRequest) => Promise<Response>,
): Promise<Response> {
  const rejected = gatewayRejection(raw.headers);
  if (rejected) return rejected;
  let role = 'anon';
  try {
    const auth = await authenticate(raw.headers);
    role = auth.role;
    checkProfile(raw.headers, raw.method);
    const body =
      raw.method === 'POST' || raw.method === 'PATCH' || raw.method === 'PUT' ? await raw.text() : '';
    return await handler({
      method: raw.method,
      path,
      url: new URL(raw.url),
      headers: raw.headers,
      auth,
      prefs: parsePrefer(raw.headers.get('prefer')),
      single: wantsSingleObject(raw.headers),
      body,
    });
  } catch (error) {
    return errorResponse(toRestError(error, role));
  }
}

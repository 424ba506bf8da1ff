// POST (insert, upsert), PATCH and DELETE on a table: the JSON body checked against the schema cache,
// `Prefer: return=minimal|representation|headers-only`, `resolution=…`, `missing=default`, `columns=` and
// `on_conflict=`, with PostgREST's status codes and Content-Range.
import type { Relation, SchemaCache } from './catalog';
import { primaryKey } from './catalog';
import { badBody, unknownTable } from './errors';
import { parseJsonBody } from './json-body';
import { parseRequestQuery } from './query-params';
import type { RequestQuery } from './query-params';
import { inRequestTransaction, withCatalog } from './request';
import type { RestDeps, RestRequest } from './request';
import { checkSingle, contentRange, respond } from './response';
import { newBuildContext, qualified } from './sql-common';
import type { BuildContext, Source } from './sql-common';
import { mutationStatement } from './sql-read';
import type { ResultRow, Statement } from './sql-read';
import { deleteCtes, insertCtes, payloadColumns, updateCtes } from './sql-write';
import type { Payload, Row } from './sql-write';

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parsePayload(text: string): Payload {
  const payload = parseJsonBody(text);
  const rows = Array.isArray(payload) ? (payload as unknown[]) : [payload];
  if (!rows.every(isRow))
    throw badBody('Empty or invalid json', 'Expected a JSON object or an array of objects');
  return { rows, text: Array.isArray(payload) ? text : `[${text}]` };
}

interface Plan {
  relation: Relation;
  statement: Statement;
}

function planWrite(
  cache: SchemaCache,
  request: RestRequest,
  table: string,
  build: (
    ctx: BuildContext,
    relation: Relation,
    source: Source,
    query: RequestQuery,
    withBody: boolean,
  ) => { ctes: string; inserted?: string | undefined },
): Plan {
  const relation = cache.relations.get(table);
  if (!relation) throw unknownTable(table);
  const query = parseRequestQuery(request.url.searchParams);
  const mode = request.prefs.return ?? 'minimal';
  if (mode === 'headers-only') {
    query.select = primaryKey(relation).map((name) => ({
      kind: 'field',
      field: { name, path: [] },
      alias: undefined,
      cast: undefined,
    }));
  }
  const withBody = mode !== 'minimal' && query.select.length > 0;
  const source: Source = {
    alias: 'pgrst_0',
    label: relation.name,
    columns: relation.columns,
    relation: relation.name,
  };
  const ctx = newBuildContext(cache);
  const { ctes, inserted } = build(ctx, relation, source, query, withBody);
  const statement = mutationStatement(ctx, query, ctes, source, {
    single: request.single && mode === 'representation',
    inserted,
    withBody,
  });
  return { relation, statement };
}

function location(relation: Relation, body: string | null): Record<string, string> {
  const first = (JSON.parse(body ?? '[]') as Row[])[0];
  const keys = primaryKey(relation);
  if (!first || keys.length === 0) return {};
  const query = keys
    .map((key) => `${encodeURIComponent(key)}=eq.${encodeURIComponent(String(first[key]))}`)
    .join('&');
  return { Location: `/${relation.name}?${query}` };
}

async function execute(deps: RestDeps, request: RestRequest, plan: Plan): Promise<Response> {
  return inRequestTransaction(deps, request, async (tx) => {
    const { rows } = await tx.query<ResultRow>(plan.statement.sql, plan.statement.params);
    const row = rows[0];
    const count = row?.page_total ?? 0;
    const total = request.prefs.count === undefined ? null : count;
    const range = request.method === 'PATCH' ? contentRange(0, count - 1, total) : contentRange(1, 0, total);
    const mode = request.prefs.return ?? 'minimal';
    // An upsert that only merged existing rows answers 200, one that inserted any answers 201.
    const merged = request.prefs.resolution === 'merge-duplicates' && count > 0 && (row?.inserted ?? 1) === 0;
    let status = request.method === 'POST' && !merged ? 201 : 200;
    if (mode === 'headers-only') {
      return respond(request, status, null, {
        'Content-Range': range,
        ...location(plan.relation, row?.body ?? null),
      });
    }
    if (mode === 'minimal') {
      if (request.method !== 'POST') status = 204;
      return respond(request, status, null, { 'Content-Range': range });
    }
    checkSingle(request, count);
    return respond(request, status, row?.body ?? '[]', { 'Content-Range': range });
  });
}

export async function handleInsert(deps: RestDeps, request: RestRequest, table: string): Promise<Response> {
  const payload = parsePayload(request.body);
  const plan = await withCatalog(deps.catalog, (cache) =>
    planWrite(cache, request, table, (ctx, relation, source, query, withBody) => {
      const { resolution } = request.prefs;
      const conflict = query.onConflict ?? primaryKey(relation);
      const upsert =
        resolution && conflict.length > 0
          ? { conflict, action: resolution === 'merge-duplicates' ? ('merge' as const) : ('ignore' as const) }
          : undefined;
      return insertCtes(ctx, relation, source, payload, {
        columns: payloadColumns(relation, payload.rows, query.columns),
        missingDefault: request.prefs.missingDefault,
        upsert,
        returnRows: withBody,
      });
    }),
  );
  return execute(deps, request, plan);
}

export async function handleUpdate(deps: RestDeps, request: RestRequest, table: string): Promise<Response> {
  const patch = parseJsonBody(request.body);
  if (!isRow(patch)) throw badBody('Empty or invalid json', 'Expected a JSON object');
  const plan = await withCatalog(deps.catalog, (cache) =>
    planWrite(cache, request, table, (ctx, relation, source, query, withBody) => {
      const columns = payloadColumns(relation, [patch], query.columns);
      // An empty patch changes nothing; `where false` keeps the answer's shape.
      const ctes =
        columns.length === 0
          ? `pgrst_mutation as (select * from ${qualified(relation.name)} where false)`
          : updateCtes(ctx, relation, source, query, request.body, columns, {
              returnRows: withBody,
            });
      return { ctes };
    }),
  );
  return execute(deps, request, plan);
}

export async function handleDelete(deps: RestDeps, request: RestRequest, table: string): Promise<Response> {
  const plan = await withCatalog(deps.catalog, (cache) =>
    planWrite(cache, request, table, (ctx, relation, source, query, withBody) => ({
      ctes: deleteCtes(ctx, relation, source, query, { returnRows: withBody }),
    })),
  );
  return execute(deps, request, plan);
}

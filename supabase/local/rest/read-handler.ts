// GET and HEAD on a table or view: filters, order, paging (limit/offset or a Range header), exact counts with
// Content-Range and 206/416, and single-object answers.
import { unknownTable } from './errors';
import { parseRequestQuery, scopeOf } from './query-params';
import type { RequestQuery } from './query-params';
import { inRequestTransaction, withCatalog } from './request';
import type { RestDeps, RestRequest } from './request';
import { checkSingle, readRange, respond } from './response';
import { newBuildContext, qualified } from './sql-common';
import type { Source } from './sql-common';
import { selectStatement } from './sql-read';
import type { ResultRow, Statement } from './sql-read';
import type { Queryable } from '../db/database';

/** `Range: 0-24` (with `Range-Unit: items`) pages like limit/offset when those are absent. */
export function applyRangeHeader(query: RequestQuery, headers: Headers): void {
  const match = /^(?:items=)?(\d+)-(\d*)$/.exec(headers.get('range')?.trim() ?? '');
  if (!match) return;
  const scope = scopeOf(query, '');
  const from = Number(match[1]);
  scope.offset ??= from;
  if (match[2] !== '' && scope.limit === undefined) scope.limit = Math.max(0, Number(match[2]) - from + 1);
}

/** Runs a statement built by selectStatement and answers it with PostgREST's range semantics. */
export async function answerRows(
  tx: Queryable,
  request: RestRequest,
  statement: Statement,
  offset: number,
): Promise<Response> {
  const { rows } = await tx.query<ResultRow>(statement.sql, statement.params);
  const row = rows[0];
  const pageTotal = row?.page_total ?? 0;
  const total = row?.total ?? null;
  const { status, range } = readRange(offset, pageTotal, total);
  checkSingle(request, pageTotal);
  return respond(request, request.single ? 200 : status, row?.body ?? '[]', { 'Content-Range': range });
}

export async function handleRead(deps: RestDeps, request: RestRequest, table: string): Promise<Response> {
  const planned = await withCatalog(deps.catalog, (cache) => {
    const relation = cache.relations.get(table);
    if (!relation) throw unknownTable(table);
    const query = parseRequestQuery(request.url.searchParams);
    applyRangeHeader(query, request.headers);
    const source: Source = {
      alias: 'pgrst_0',
      label: relation.name,
      columns: relation.columns,
      relation: relation.name,
    };
    const statement = selectStatement(
      newBuildContext(cache),
      query,
      `${qualified(relation.name)} as "pgrst_0"`,
      source,
      {
        count: request.prefs.count !== undefined,
        single: request.single,
      },
    );
    return { statement, offset: query.scopes.get('')?.offset ?? 0 };
  });
  return inRequestTransaction(deps, request, (tx) =>
    answerRows(tx, request, planned.statement, planned.offset),
  );
}

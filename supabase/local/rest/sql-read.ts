// Statements whose answer is rows: a read of a table, view or set-returning function, and the response
// part of a write (its RETURNING rows run through the same select list). Every statement answers one row
// {total, page_total, body}: the exact count when asked, the rows on this page, and the JSON body as text.
import { scopeOf } from './query-params';
import type { RequestQuery } from './query-params';
import { buildProjection, scopeClauses } from './sql-select';
import { quoteIdent, whereSql } from './sql-common';
import type { BuildContext, Source } from './sql-common';

/** Hosted and CLI Supabase run PostgREST with db-max-rows=1000. */
export const MAX_ROWS = 1000;

export interface Statement {
  sql: string;
  params: unknown[];
}

export interface ResultRow {
  total: number | null;
  page_total: number;
  body: string | null;
  inserted?: number | null;
}

export interface BodyShape {
  /** `Accept: application/vnd.pgrst.object+json`: the first row as an object. */
  single: boolean;
  /** Rows are scalars (a set-returning function of a base type): aggregate the one column. */
  scalarColumn?: string;
}

export function bodySql(cte: string, shape: BodyShape): string {
  const value = shape.scalarColumn === undefined ? 's' : `s.${quoteIdent(shape.scalarColumn)}`;
  return shape.single
    ? `(select (json_agg(${value})->0)::text from ${cte} s)`
    : `(select coalesce(json_agg(${value}), '[]')::text from ${cte} s)`;
}

/** `from`: SQL that brings `source.alias` into scope (a table, or a function call). */
export function selectStatement(
  ctx: BuildContext,
  query: RequestQuery,
  from: string,
  source: Source,
  options: BodyShape & { count: boolean },
): Statement {
  // db-max-rows of Supabase's PostgREST: a read never answers more than MAX_ROWS rows, asked or not.
  const top = scopeOf(query, '');
  top.limit = Math.min(top.limit ?? MAX_ROWS, MAX_ROWS);
  const projection = buildProjection(ctx, query, query.select, source, '');
  const clauses = scopeClauses(ctx, source, query.scopes.get(''));
  const conditions = whereSql([...clauses.conditions, ...projection.conditions]);
  const innerJoins = projection.joins.filter((join) => join.inner).map((join) => ` ${join.sql}`);
  const joins = projection.joins.map((join) => ` ${join.sql}`).join('');
  const total = options.count
    ? `(select count(*) from ${from}${innerJoins.join('')}${conditions})`
    : 'null::bigint';
  const sql =
    `with pgrst_source as (select ${projection.columns.join(', ')} from ${from}${joins}${conditions}` +
    `${clauses.order}${clauses.page}) ` +
    `select ${total} as total, (select count(*) from pgrst_source) as page_total, ${bodySql('pgrst_source', options)} as body`;
  return { sql, params: ctx.params.values };
}

/**
 * A write. `ctes` defines `pgrst_mutation` (CTEs may precede it); with a body its rows are the target's
 * (`returning "<alias>".*`) and feed the select list; `inserted` counts rows an upsert inserted.
 */
export function mutationStatement(
  ctx: BuildContext,
  query: RequestQuery,
  ctes: string,
  source: Source,
  options: BodyShape & { inserted: string | undefined; withBody: boolean },
): Statement {
  let body = 'null';
  let response = '';
  if (options.withBody) {
    const projection = buildProjection(ctx, query, query.select, source, '');
    const joins = projection.joins.map((join) => ` ${join.sql}`).join('');
    const columns = projection.columns.join(', ');
    response = `, pgrst_source as (select ${columns} from pgrst_mutation as ${quoteIdent(source.alias)}${joins})`;
    body = bodySql('pgrst_source', options);
  }
  const sql =
    `with ${ctes}${response} ` +
    `select null::bigint as total, (select count(*) from pgrst_mutation) as page_total, ${body} as body, ` +
    `${options.inserted ?? 'null::bigint'} as inserted`;
  return { sql, params: ctx.params.values };
}

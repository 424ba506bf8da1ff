// The select list of a response: columns, aliases, casts, JSON paths, and embeds as LEFT JOIN LATERAL
// subqueries whose rows Postgres itself turns into JSON (row_to_json / json_agg).
import { resolveRelationship } from './embeds';
import type { Relationship } from './embeds';
import type { RequestQuery, ScopedQuery } from './query-params';
import type { SelectItem } from './select-grammar';
import {
  castSql,
  columnSql,
  fieldSql,
  filterSql,
  orderSql,
  pageSql,
  qualified,
  quoteIdent,
  whereSql,
} from './sql-common';
import type { BuildContext, Source } from './sql-common';
import { badQuery, RestError } from './errors';

export interface Projection {
  columns: string[];
  joins: { sql: string; inner: boolean }[];
  /** Conditions `!inner` embeds add to their parent's WHERE. */
  conditions: string[];
}

function scopeFor(query: RequestQuery, path: string): ScopedQuery | undefined {
  return query.scopes.get(path);
}

/** Filters, order and paging of one scope, checked against the source they apply to. */
export function scopeClauses(ctx: BuildContext, source: Source, scope: ScopedQuery | undefined) {
  return {
    conditions: (scope?.filters ?? []).map((filter) => filterSql(ctx, source, filter)),
    order: orderSql(ctx, source, scope?.order ?? []),
    page: pageSql(ctx, scope?.limit, scope?.offset),
  };
}

function embedJoin(
  ctx: BuildContext,
  query: RequestQuery,
  item: Extract<SelectItem, { kind: 'embed' }>,
  parent: Source,
  path: string,
): { column: string; join: { sql: string; inner: boolean }; condition: string | undefined } {
  if (parent.relation === undefined) {
    throw badQuery(
      `"failed to parse select parameter" (${item.name})`,
      'this resource cannot embed other resources',
    );
  }
  const relationship: Relationship = resolveRelationship(ctx.cache, parent.relation, item.name, item.hint);
  const alias = ctx.nextAlias();
  const child: Source = {
    alias,
    label: relationship.target.name,
    columns: relationship.target.columns,
    relation: relationship.target.name,
  };
  const key = item.alias ?? item.name;
  const childPath = path === '' ? key : `${path}.${key}`;
  const scope =
    scopeFor(query, childPath) ?? scopeFor(query, path === '' ? item.name : `${path}.${item.name}`);
  const projection = buildProjection(ctx, query, item.select, child, childPath);
  const clauses = scopeClauses(ctx, child, scope);
  const on = relationship.on.map(
    ([childColumn, parentColumn]) => `${columnSql(child, childColumn)} = ${columnSql(parent, parentColumn)}`,
  );
  const rows =
    `select ${projection.columns.join(', ')} from ${qualified(relationship.target.name)} as ${quoteIdent(alias)}` +
    projection.joins.map((join) => ` ${join.sql}`).join('') +
    whereSql([...on, ...clauses.conditions, ...projection.conditions]) +
    clauses.order +
    clauses.page;
  const row = quoteIdent(`${alias}_row`);
  const agg = quoteIdent(`${alias}_agg`);
  if (item.spread) {
    if (relationship.cardinality === 'many') {
      throw new RestError(400, {
        code: 'PGRST119',
        message: `A spread operation on '${item.name}' is not possible`,
        details: `'${parent.relation}' and '${item.name}' do not form a many-to-one or one-to-one relationship`,
      });
    }
    return {
      column: `${agg}.*`,
      join: { sql: `left join lateral (${rows}) as ${agg} on true`, inner: false },
      condition: undefined,
    };
  }
  const value =
    relationship.cardinality === 'many'
      ? `select coalesce(json_agg(${row}), '[]') as v from (${rows}) as ${row}`
      : `select row_to_json(${row}) as v from (${rows}) as ${row}`;
  const condition = !item.inner
    ? undefined
    : relationship.cardinality === 'many'
      ? `json_array_length(${agg}.v) > 0`
      : `${agg}.v is not null`;
  return {
    column: `${agg}.v as ${quoteIdent(key)}`,
    join: { sql: `left join lateral (${value}) as ${agg} on true`, inner: item.inner },
    condition,
  };
}

export function buildProjection(
  ctx: BuildContext,
  query: RequestQuery,
  items: readonly SelectItem[],
  source: Source,
  path: string,
): Projection {
  const projection: Projection = { columns: [], joins: [], conditions: [] };
  for (const item of items) {
    if (item.kind === 'star') {
      for (const column of source.columns) projection.columns.push(columnSql(source, column.name));
    } else if (item.kind === 'field') {
      const cast = item.cast === undefined ? '' : `::${castSql(ctx, item.cast)}`;
      const name = item.alias ?? item.field.path.at(-1)?.key ?? item.field.name;
      projection.columns.push(`${fieldSql(ctx, source, item.field)}${cast} as ${quoteIdent(name)}`);
    } else {
      const embed = embedJoin(ctx, query, item, source, path);
      projection.columns.push(embed.column);
      projection.joins.push(embed.join);
      if (embed.condition !== undefined) projection.conditions.push(embed.condition);
    }
  }
  if (projection.columns.length === 0) projection.columns.push('1 as "pgrst_none"');
  return projection;
}

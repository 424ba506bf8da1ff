// INSERT (and upsert), UPDATE and DELETE as PostgREST writes them: the JSON body is one bound parameter that
// Postgres turns into typed rows (json_populate_recordset), so no value is ever spliced or re-serialised.
// Each builder returns CTEs defining `pgrst_mutation` for mutationStatement.
import type { Relation } from './catalog';
import { unknownWriteColumn } from './errors';
import type { RequestQuery } from './query-params';
import { filterSql, qualified, quoteIdent } from './sql-common';
import type { BuildContext, Source } from './sql-common';

export type Row = Record<string, unknown>;

/** A JSON body: its rows (for their keys) and its text as an array (what Postgres reads). */
export interface Payload {
  rows: readonly Row[];
  text: string;
}

export interface WriteShape {
  /** RETURNING the target's rows (a body is wanted) or just a marker row per written row. */
  returnRows: boolean;
}

export interface Upsert {
  conflict: string[];
  action: 'merge' | 'ignore';
}

function checkColumns(relation: Relation, names: Iterable<string>): void {
  for (const name of names) {
    if (!relation.columns.some((column) => column.name === name))
      throw unknownWriteColumn(relation.name, name);
  }
}

function returning(alias: string, shape: WriteShape, upsert: boolean): string {
  const rows = shape.returnRows ? `${quoteIdent(alias)}.*` : '1 as pgrst_one';
  // xmax is 0 on a row this statement inserted and set on one it updated: how an upsert tells 201 from 200.
  return ` returning ${rows}${upsert ? `, (${quoteIdent(alias)}.xmax = 0) as pgrst_inserted` : ''}`;
}

/** The columns to write: `columns=` when given, else every key of the payload. */
export function payloadColumns(
  relation: Relation,
  rows: readonly Row[],
  declared: string[] | undefined,
): string[] {
  const names = declared ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  checkColumns(relation, names);
  return names;
}

export function insertCtes(
  ctx: BuildContext,
  relation: Relation,
  source: Source,
  payload: Payload,
  options: { columns: string[]; missingDefault: boolean; upsert: Upsert | undefined } & WriteShape,
): { ctes: string; inserted: string | undefined } {
  const { upsert } = options;
  if (upsert) checkColumns(relation, upsert.conflict);
  // With missing=default each distinct set of keys is its own INSERT, so absent keys get the column default.
  const groups = new Map<string, { columns: string[]; rows: Row[] }>();
  for (const row of payload.rows) {
    const columns = options.missingDefault ? options.columns.filter((name) => name in row) : options.columns;
    const key = JSON.stringify(columns);
    const group = groups.get(key) ?? { columns, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  const table = qualified(relation.name);
  const alias = quoteIdent(source.alias);
  const statements = [...groups.values()].map(({ columns, rows: groupRows }) => {
    const list = columns.map(quoteIdent).join(', ');
    // The client's own text when it is all one group, so Postgres parses every number itself.
    const body = ctx.params.add(groups.size === 1 ? payload.text : JSON.stringify(groupRows));
    const insert =
      columns.length === 0
        ? `insert into ${table} as ${alias} select from json_array_elements(${body}::json)`
        : `insert into ${table} as ${alias} (${list}) select ${list} from json_populate_recordset(null::${table}, ${body}::json)`;
    let conflict = '';
    if (upsert) {
      const target = `(${upsert.conflict.map(quoteIdent).join(', ')})`;
      const sets = columns.map((name) => `${quoteIdent(name)} = excluded.${quoteIdent(name)}`).join(', ');
      conflict =
        upsert.action === 'ignore' || sets === ''
          ? ` on conflict ${target} do nothing`
          : ` on conflict ${target} do update set ${sets}`;
    }
    return insert + conflict + returning(source.alias, options, upsert !== undefined);
  });
  const inserted = upsert ? '(select count(*) filter (where pgrst_inserted) from pgrst_mutation)' : undefined;
  if (statements.length <= 1) {
    const only = statements[0] ?? `select 1 as pgrst_one, false as pgrst_inserted where false`;
    return { ctes: `pgrst_mutation as (${only})`, inserted };
  }
  const parts = statements.map((statement, i) => `pgrst_insert_${i} as (${statement})`);
  const union = statements.map((_, i) => `select * from pgrst_insert_${i}`).join(' union all ');
  return { ctes: `${parts.join(', ')}, pgrst_mutation as (${union})`, inserted };
}

function whereFromQuery(ctx: BuildContext, source: Source, query: RequestQuery): string {
  const conditions = (query.scopes.get('')?.filters ?? []).map((filter) => filterSql(ctx, source, filter));
  return conditions.length === 0 ? '' : ` where ${conditions.join(' and ')}`;
}

export function updateCtes(
  ctx: BuildContext,
  relation: Relation,
  source: Source,
  query: RequestQuery,
  patch: string,
  columns: string[],
  shape: WriteShape,
): string {
  const table = qualified(relation.name);
  const sets = columns.map((name) => `${quoteIdent(name)} = pgrst_body.${quoteIdent(name)}`).join(', ');
  const body = ctx.params.add(patch);
  const where = whereFromQuery(ctx, source, query);
  const update =
    `update ${table} as ${quoteIdent(source.alias)} set ${sets} ` +
    `from json_populate_record(null::${table}, ${body}::json) as pgrst_body${where}`;
  return `pgrst_mutation as (${update}${returning(source.alias, shape, false)})`;
}

export function deleteCtes(
  ctx: BuildContext,
  relation: Relation,
  source: Source,
  query: RequestQuery,
  shape: WriteShape,
): string {
  const where = whereFromQuery(ctx, source, query);
  const statement = `delete from ${qualified(relation.name)} as ${quoteIdent(source.alias)}${where}`;
  return `pgrst_mutation as (${statement}${returning(source.alias, shape, false)})`;
}

// The SQL building blocks every statement shares. The rule of this folder: identifiers reach SQL only after
// the schema cache has confirmed them (and always quoted); values reach it only as bound parameters ($n).
import { RestError, unknownReadColumn } from './errors';
import { COMPARISONS, FTS_OPS, IS_VALUES } from './filter-grammar';
import type { Condition, LogicTree, OrderTerm } from './filter-grammar';
import type { FieldRef } from './select-grammar';
import type { SchemaCache } from './catalog';

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualified(name: string): string {
  return `"public".${quoteIdent(name)}`;
}

/** Collects bound values and hands out their placeholders. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A row source in a statement: its SQL alias, its columns, and the relation it is (for embeds). */
export interface Source {
  alias: string;
  /** The name errors use (`column todos.x does not exist`). */
  label: string;
  columns: readonly { name: string; type: string }[];
  /** The public table or view the rows are, when known; embeds resolve from it. */
  relation: string | undefined;
}

export interface BuildContext {
  cache: SchemaCache;
  params: Params;
  nextAlias(): string;
}

export function newBuildContext(cache: SchemaCache): BuildContext {
  let counter = 0;
  return { cache, params: new Params(), nextAlias: () => `pgrst_${++counter}` };
}

export function columnSql(source: Source, name: string): string {
  if (!source.columns.some((column) => column.name === name)) throw unknownReadColumn(source.label, name);
  return `${quoteIdent(source.alias)}.${quoteIdent(name)}`;
}

export function fieldSql(ctx: BuildContext, source: Source, field: FieldRef): string {
  let sql = columnSql(source, field.name);
  for (const step of field.path) {
    // Integer keys index JSON arrays, as in PostgREST; they are digits only, so safe to write inline.
    const key = /^-?\d+$/.test(step.key) ? step.key : `${ctx.params.add(step.key)}::text`;
    sql = `(${sql}${step.arrow}${key})`;
  }
  return sql;
}

export function castSql(ctx: BuildContext, type: string): string {
  const base = type.replace(/\[\]$/, '');
  if (!ctx.cache.types.has(base))
    throw new RestError(400, { code: '42704', message: `type "${type}" does not exist` });
  return type;
}

function conditionSql(ctx: BuildContext, source: Source, condition: Condition): string {
  const lhs = fieldSql(ctx, source, condition.field);
  const { predicate } = condition;
  let sql: string;
  if (predicate.op === 'in') {
    sql =
      predicate.values.length === 0
        ? 'false'
        : `${lhs} in (${predicate.values.map((v) => ctx.params.add(v)).join(', ')})`;
  } else if (predicate.op === 'is') {
    sql = `${lhs} is ${IS_VALUES[predicate.value]}`;
  } else if (predicate.op in FTS_OPS) {
    const fn = FTS_OPS[predicate.op as keyof typeof FTS_OPS];
    const language =
      'language' in predicate && predicate.language !== undefined
        ? `${ctx.params.add(predicate.language)}::regconfig, `
        : '';
    sql = `${lhs} @@ ${fn}(${language}${ctx.params.add(predicate.value)})`;
  } else {
    const op = COMPARISONS[predicate.op as keyof typeof COMPARISONS];
    const quantifier = 'quantifier' in predicate ? predicate.quantifier : undefined;
    const rhs = ctx.params.add(predicate.value);
    sql = quantifier ? `${lhs} ${op} ${quantifier}(${rhs})` : `${lhs} ${op} ${rhs}`;
  }
  return condition.negate ? `not (${sql})` : sql;
}

export function filterSql(ctx: BuildContext, source: Source, filter: Condition | LogicTree): string {
  if (filter.kind === 'condition') return conditionSql(ctx, source, filter);
  if (filter.children.length === 0) return filter.negate ? 'false' : 'true';
  const joined = filter.children.map((child) => filterSql(ctx, source, child)).join(` ${filter.op} `);
  return filter.negate ? `not (${joined})` : `(${joined})`;
}

export function whereSql(conditions: readonly string[]): string {
  return conditions.length === 0 ? '' : ` where ${conditions.join(' and ')}`;
}

export function orderSql(ctx: BuildContext, source: Source, terms: readonly OrderTerm[]): string {
  if (terms.length === 0) return '';
  const parts = terms.map((term) => {
    const nulls = term.nulls === undefined ? '' : ` nulls ${term.nulls}`;
    return `${fieldSql(ctx, source, term.field)} ${term.descending ? 'desc' : 'asc'}${nulls}`;
  });
  return ` order by ${parts.join(', ')}`;
}

export function pageSql(ctx: BuildContext, limit: number | undefined, offset: number | undefined): string {
  const limitPart = limit === undefined ? '' : ` limit ${ctx.params.add(limit)}`;
  const offsetPart = offset === undefined || offset === 0 ? '' : ` offset ${ctx.params.add(offset)}`;
  return limitPart + offsetPart;
}

export function requireKnownColumns(source: Source, names: readonly string[]): void {
  for (const name of names) columnSql(source, name);
}

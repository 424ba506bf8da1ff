// Reads a request's query string into the parts PostgREST gives meaning to: `select`, filters, `or`/`and`,
// `order`, `limit`, `offset`, `columns`, `on_conflict`, and the same with an embed prefix (`rel.order=…`).
import { parseColumnList, parseCount, parseLogicTree, parseOrder, parsePredicate } from './filter-grammar';
import type { Condition, LogicTree, OrderTerm } from './filter-grammar';
import { parseField, parseSelect } from './select-grammar';
import type { SelectItem } from './select-grammar';

export interface ScopedQuery {
  filters: (Condition | LogicTree)[];
  order: OrderTerm[];
  limit: number | undefined;
  offset: number | undefined;
}

export interface RequestQuery {
  select: SelectItem[];
  /** Keyed by embed path: '' is the top-level resource, 'rel' or 'rel.child' an embed (by alias or name). */
  scopes: Map<string, ScopedQuery>;
  columns: string[] | undefined;
  onConflict: string[] | undefined;
}

const RESERVED = new Set(['select', 'columns', 'on_conflict']);

export function scopeOf(query: RequestQuery, path: string): ScopedQuery {
  let scope = query.scopes.get(path);
  if (!scope) {
    scope = { filters: [], order: [], limit: undefined, offset: undefined };
    query.scopes.set(path, scope);
  }
  return scope;
}

/** `skip`: names that are not filters (a GET rpc's function arguments). */
export function parseRequestQuery(
  params: URLSearchParams,
  skip: ReadonlySet<string> = new Set(),
): RequestQuery {
  const columns = params.get('columns');
  const onConflict = params.get('on_conflict');
  const query: RequestQuery = {
    select: parseSelect(params.get('select')),
    scopes: new Map(),
    columns: columns === null ? undefined : parseColumnList(columns),
    onConflict: onConflict === null ? undefined : parseColumnList(onConflict),
  };
  for (const [key, value] of params) {
    if (RESERVED.has(key) || skip.has(key)) continue;
    const segments = key.split('.');
    const last = segments.at(-1) ?? '';
    let prefix = segments.slice(0, -1);
    const negated = prefix.at(-1) === 'not' && (last === 'or' || last === 'and');
    if (negated) prefix = prefix.slice(0, -1);
    const scope = scopeOf(query, prefix.join('.'));
    if (last === 'or' || last === 'and') scope.filters.push(parseLogicTree(last, negated, value));
    else if (last === 'order') scope.order.push(...parseOrder(value));
    else if (last === 'limit') scope.limit = parseCount('limit', value);
    else if (last === 'offset') scope.offset = parseCount('offset', value);
    else scope.filters.push({ kind: 'condition', field: parseField(last), ...parsePredicate(value) });
  }
  return query;
}

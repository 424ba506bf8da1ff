// Filters, logic trees and ordering of PostgREST's URL grammar (reference §B2): `col=[not.]op.value`,
// `in.(a,"b,c")`, `is.null`, `like.*x*`, `or=(a.eq.1,and(b.gt.2,c.is.null))`, `order=c.desc.nullslast`.
import { badQuery } from './errors';
import { parseField, splitTopLevel, unquote } from './select-grammar';
import type { FieldRef } from './select-grammar';

export const COMPARISONS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  isdistinct: 'is distinct from',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
} as const;
export type ComparisonOp = keyof typeof COMPARISONS;
export const FTS_OPS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;
export type FtsOp = keyof typeof FTS_OPS;
export const IS_VALUES = {
  null: 'null',
  not_null: 'not null',
  true: 'true',
  false: 'false',
  unknown: 'unknown',
} as const;

export type Predicate =
  | { op: ComparisonOp; quantifier: 'any' | 'all' | undefined; value: string }
  | { op: 'in'; values: string[] }
  | { op: 'is'; value: keyof typeof IS_VALUES }
  | { op: FtsOp; language: string | undefined; value: string };

export interface Condition {
  kind: 'condition';
  field: FieldRef;
  negate: boolean;
  predicate: Predicate;
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: (Condition | LogicTree)[];
}

export interface OrderTerm {
  field: FieldRef;
  descending: boolean;
  nulls: 'first' | 'last' | undefined;
}

function failFilter(text: string, details: string): never {
  throw badQuery(`"failed to parse filter (${text})" (line 1, column 1)`, details);
}

function parseInList(text: string, whole: string): string[] {
  if (!text.startsWith('(') || !text.endsWith(')'))
    failFilter(whole, 'expecting "(" and ")" around the list');
  const inside = text.slice(1, -1);
  if (inside.trim() === '') return [];
  return splitTopLevel(inside).map((value) => unquote(value));
}

/** `[not.]op[(any|all)].value` — the right-hand side of a filter. */
export function parsePredicate(text: string, inLogicTree = false): { negate: boolean; predicate: Predicate } {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0) failFilter(text, 'expecting an operator and a value');
  const head = rest.slice(0, dot);
  const raw = rest.slice(dot + 1);
  const value = inLogicTree ? unquote(raw) : raw;
  const modifier = /^(\w+)(?:\((\w+)\))?$/.exec(head);
  const op = modifier?.[1] ?? '';
  const argument = modifier?.[2];
  if (op === 'in' && argument === undefined)
    return { negate, predicate: { op, values: parseInList(raw, text) } };
  if (op === 'is' && argument === undefined) {
    const isValue = raw.toLowerCase();
    if (!(isValue in IS_VALUES)) failFilter(text, 'expecting null, not_null, true, false or unknown');
    return { negate, predicate: { op, value: isValue as keyof typeof IS_VALUES } };
  }
  if (op in FTS_OPS) return { negate, predicate: { op: op as FtsOp, language: argument, value } };
  if (op in COMPARISONS) {
    if (argument !== undefined && argument !== 'any' && argument !== 'all') {
      failFilter(text, `unexpected quantifier "${argument}"`);
    }
    const pattern = op === 'like' || op === 'ilike' ? value.replaceAll('*', '%') : value;
    return { negate, predicate: { op: op as ComparisonOp, quantifier: argument, value: pattern } };
  }
  return failFilter(text, `unknown operator "${head}"`);
}

/** `(a.eq.1,b.gt.2,and(c.is.null))` as the value of an `or`/`and` parameter. */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, text: string): LogicTree {
  if (!text.startsWith('(') || !text.endsWith(')'))
    failFilter(text, 'expecting "(" and ")" around the conditions');
  const children = splitTopLevel(text.slice(1, -1)).map((raw): Condition | LogicTree => {
    const item = raw.trim();
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
    if (nested)
      return parseLogicTree(nested[2] === 'and' ? 'and' : 'or', nested[1] !== undefined, nested[3] ?? '');
    const dot = item.indexOf('.');
    if (dot <= 0) failFilter(item, 'expecting column.operator.value');
    const parsed = parsePredicate(item.slice(dot + 1), true);
    return { kind: 'condition', field: parseField(item.slice(0, dot)), ...parsed };
  });
  return { kind: 'logic', op, negate, children };
}

export function parseOrder(text: string): OrderTerm[] {
  return splitTopLevel(text).map((raw) => {
    const [fieldText = '', ...modifiers] = raw.trim().split('.');
    const term: OrderTerm = { field: parseField(fieldText), descending: false, nulls: undefined };
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') term.descending = modifier === 'desc';
      else if (modifier === 'nullsfirst' || modifier === 'nullslast')
        term.nulls = modifier === 'nullsfirst' ? 'first' : 'last';
      else throw badQuery(`"failed to parse order (${raw})" (line 1, column 1)`, `unexpected "${modifier}"`);
    }
    return term;
  });
}

export function parseCount(name: string, text: string): number {
  if (!/^\d+$/.test(text))
    throw badQuery(
      `"failed to parse ${name} parameter (${text})" (line 1, column 1)`,
      'expecting a non-negative integer',
    );
  return Number(text);
}

/** `"a","b"` or `a,b` → column names (the `columns` and `on_conflict` parameters). */
export function parseColumnList(text: string): string[] {
  return splitTopLevel(text)
    .map((name) => unquote(name.trim()))
    .filter((name) => name !== '');
}

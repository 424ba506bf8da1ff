import { describe, expect, test } from 'vitest';
import { RestError } from './errors';
import { parseLogicTree, parseOrder, parsePredicate } from './filter-grammar';
import { parseRequestQuery } from './query-params';
import { parseSelect, splitTopLevel } from './select-grammar';

function parseError(work: () => unknown): RestError {
  try {
    work();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a parse error');
}

describe('select', () => {
  test('columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('id,name:title,id::text,data->a->>b,n:data->>c::int')).toEqual([
      { kind: 'field', field: { name: 'id', path: [] }, alias: undefined, cast: undefined },
      { kind: 'field', field: { name: 'title', path: [] }, alias: 'name', cast: undefined },
      { kind: 'field', field: { name: 'id', path: [] }, alias: undefined, cast: 'text' },
      {
        kind: 'field',
        field: {
          name: 'data',
          path: [
            { arrow: '->', key: 'a' },
            { arrow: '->>', key: 'b' },
          ],
        },
        alias: undefined,
        cast: undefined,
      },
      { kind: 'field', field: { name: 'data', path: [{ arrow: '->>', key: 'c' }] }, alias: 'n', cast: 'int' },
    ]);
  });

  test('embeds with alias, hint and inner', () => {
    expect(parseSelect('*,author:authors!books_author_id_fkey(name),notes!inner(*)')).toEqual([
      { kind: 'star' },
      {
        kind: 'embed',
        name: 'authors',
        alias: 'author',
        hint: 'books_author_id_fkey',
        inner: false,
        spread: false,
        select: [{ kind: 'field', field: { name: 'name', path: [] }, alias: undefined, cast: undefined }],
      },
      {
        kind: 'embed',
        name: 'notes',
        alias: undefined,
        hint: undefined,
        inner: true,
        spread: false,
        select: [{ kind: 'star' }],
      },
    ]);
  });

  test('an absent select is *, unbalanced input is PGRST100', () => {
    expect(parseSelect(null)).toEqual([{ kind: 'star' }]);
    expect(parseError(() => parseSelect('a,b(c')).body.code).toBe('PGRST100');
    expect(parseError(() => parseSelect('id::text;drop')).body.code).toBe('PGRST100');
  });

  test('splitting respects quotes and parentheses', () => {
    expect(splitTopLevel('a,"b,c",d(e,f)')).toEqual(['a', '"b,c"', 'd(e,f)']);
  });
});

describe('filters', () => {
  test('operators, negation, quoted in-lists, is and like stars', () => {
    expect(parsePredicate('eq.5')).toEqual({
      negate: false,
      predicate: { op: 'eq', quantifier: undefined, value: '5' },
    });
    expect(parsePredicate('not.in.(a,"b,c","d\\"e")')).toEqual({
      negate: true,
      predicate: { op: 'in', values: ['a', 'b,c', 'd"e'] },
    });
    expect(parsePredicate('is.NULL').predicate).toEqual({ op: 'is', value: 'null' });
    expect(parsePredicate('ilike.*milk*').predicate).toMatchObject({ op: 'ilike', value: '%milk%' });
    expect(parsePredicate('like(any).{a*,b*}').predicate).toMatchObject({
      quantifier: 'any',
      value: '{a%,b%}',
    });
    expect(parsePredicate('fts(english).cat').predicate).toEqual({
      op: 'fts',
      language: 'english',
      value: 'cat',
    });
    expect(parsePredicate('eq.a.b.c').predicate).toMatchObject({ value: 'a.b.c' });
  });

  test('unknown operators and malformed values are PGRST100', () => {
    for (const bad of ['equals.1', 'eq', 'in.1,2', 'is.maybe', 'eq(some).1']) {
      expect(parseError(() => parsePredicate(bad)).body.code).toBe('PGRST100');
    }
  });

  test('logic trees nest, negate and unquote values', () => {
    const tree = parseLogicTree('or', false, '(a.eq.1,not.and(b.gt.2,c.is.null),d.eq."x,y")');
    expect(tree.children).toHaveLength(3);
    expect(tree.children[1]).toMatchObject({ kind: 'logic', op: 'and', negate: true });
    expect(tree.children[2]).toMatchObject({ predicate: { value: 'x,y' } });
  });

  test('order terms', () => {
    expect(parseOrder('a.desc.nullslast,b,c.nullsfirst')).toEqual([
      { field: { name: 'a', path: [] }, descending: true, nulls: 'last' },
      { field: { name: 'b', path: [] }, descending: false, nulls: undefined },
      { field: { name: 'c', path: [] }, descending: false, nulls: 'first' },
    ]);
  });

  test('query parameters are sorted into scopes', () => {
    const query = parseRequestQuery(
      new URLSearchParams(
        'select=id,books(id)&id=gt.1&books.id=eq.2&books.order=id.desc&books.limit=1&limit=5&not.or=(a.eq.1)&columns="a","b"',
      ),
    );
    expect(query.columns).toEqual(['a', 'b']);
    expect(query.scopes.get('')).toMatchObject({ limit: 5 });
    expect(query.scopes.get('')?.filters).toHaveLength(2);
    expect(query.scopes.get('books')).toMatchObject({ limit: 1, filters: [{ field: { name: 'id' } }] });
  });
});

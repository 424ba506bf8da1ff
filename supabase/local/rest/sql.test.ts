import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Relation, SchemaCache } from './catalog';
import { RestError } from './errors';
import { parseRequestQuery } from './query-params';
import { newBuildContext } from './sql-common';
import type { Source } from './sql-common';
import { selectStatement } from './sql-read';

const relation = (name: string, columns: string[]): Relation => ({
  name,
  kind: 'r',
  columns: columns.map((column) => ({ name: column, type: 'text', hasDefault: false, generated: false })),
  uniqueKeys: [{ primary: true, columns: ['id'] }],
});

const books = relation('books', ['id', 'title', 'author_id', 'data']);
const cache: SchemaCache = {
  relations: new Map([
    ['books', books],
    ['authors', relation('authors', ['id', 'name'])],
  ]),
  foreignKeys: [
    {
      name: 'books_author_id_fkey',
      table: 'books',
      columns: ['author_id'],
      refTable: 'authors',
      refColumns: ['id'],
    },
  ],
  functions: new Map(),
  types: new Set(['text', 'int4']),
  roles: new Set(['anon']),
};

function build(queryString: string) {
  const source: Source = { alias: 'pgrst_0', label: 'books', columns: books.columns, relation: 'books' };
  const query = parseRequestQuery(new URLSearchParams(queryString));
  return selectStatement(newBuildContext(cache), query, '"public"."books" as "pgrst_0"', source, {
    count: true,
    single: false,
  });
}

describe('select statements', () => {
  test('identifiers are quoted, values are parameters', () => {
    const { sql, params } = build(
      'select=id,t:title,authors(name)&title=eq.x&author_id=in.(1,2)&order=id.desc&limit=3',
    );
    expect(sql).toContain('"pgrst_0"."title" as "t"');
    expect(sql).toContain('"pgrst_0"."title" = $1');
    expect(sql).toContain('"pgrst_0"."author_id" in ($2, $3)');
    expect(sql).toContain('row_to_json(');
    expect(sql).toContain('limit $4');
    expect(params).toEqual(['x', '1', '2', 3]);
  });

  test('names the schema cache does not know are refused before any SQL exists', () => {
    expect(() => build('select=nope')).toThrow(RestError);
    expect(() => build('nope=eq.1')).toThrow(RestError);
    expect(() => build('select=id,nope(id)')).toThrow(RestError);
    expect(() => build('select=id::bogus')).toThrow(RestError);
  });

  test('no filter value ever reaches the SQL text', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.constantFrom('eq', 'neq', 'like', 'ilike', 'gt'),
        (value, op) => {
          const marker = `zz${value}zz`;
          const params = new URLSearchParams();
          params.set('title', `${op}.${marker}`);
          // Inside PostgREST's double quotes a backslash escapes the next character, so both are escaped.
          const quoted = marker.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
          params.set('or', `(title.eq."${quoted}",id.is.null)`);
          params.set('data->>key', `eq.${marker}`);
          const { sql } = build(params.toString());
          expect(sql).not.toContain(marker);
        },
      ),
      { examples: [['\\" ', 'eq']] },
    );
  });
});

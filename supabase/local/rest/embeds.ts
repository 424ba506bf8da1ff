// Resource embedding: which foreign key joins a parent to the relation an embed names (reference §B2).
// Many-to-one and one-to-one embeds become an object (or null), one-to-many an array; a hint
// (`rel!fk_name` or `rel!column`) picks among several keys; none → 400 PGRST200, several → 300 PGRST201.
import { RestError } from './errors';
import type { ForeignKey, Relation, SchemaCache } from './catalog';

export interface Relationship {
  target: Relation;
  cardinality: 'one' | 'many';
  /** Pairs of [target column, parent column] that must be equal. */
  on: [string, string][];
  fk: ForeignKey;
}

function isUnique(relation: Relation, columns: readonly string[]): boolean {
  return relation.uniqueKeys.some(
    (key) => key.columns.length === columns.length && key.columns.every((column) => columns.includes(column)),
  );
}

function matchesHint(fk: ForeignKey, hint: string | undefined): boolean {
  if (hint === undefined) return true;
  const single = (columns: string[]) => columns.length === 1 && columns[0] === hint;
  return fk.name === hint || single(fk.columns) || single(fk.refColumns);
}

function zip(a: string[], b: string[]): [string, string][] {
  return a.map((column, i) => [column, b[i] ?? '']);
}

function candidates(cache: SchemaCache, parent: string, name: string): Relationship[] {
  const found: Relationship[] = [];
  const target = cache.relations.get(name);
  for (const fk of cache.foreignKeys) {
    if (target && fk.table === parent && fk.refTable === name) {
      found.push({ target, cardinality: 'one', on: zip(fk.refColumns, fk.columns), fk });
    }
    if (target && fk.table === name && fk.refTable === parent) {
      const cardinality = isUnique(target, fk.columns) ? 'one' : 'many';
      found.push({ target, cardinality, on: zip(fk.columns, fk.refColumns), fk });
    }
    // Embedding through the foreign-key column itself: `author_id(name)`.
    const referenced = cache.relations.get(fk.refTable);
    if (!target && referenced && fk.table === parent && fk.columns.length === 1 && fk.columns[0] === name) {
      found.push({
        target: referenced,
        cardinality: 'one',
        on: zip(fk.refColumns, fk.columns),
        fk,
      });
    }
  }
  return found;
}

export function resolveRelationship(
  cache: SchemaCache,
  parent: string,
  name: string,
  hint: string | undefined,
): Relationship {
  const all = candidates(cache, parent, name);
  const matching = all.filter((relationship) => matchesHint(relationship.fk, hint));
  if (matching.length === 1 && matching[0]) return matching[0];
  if (matching.length === 0) {
    throw new RestError(
      400,
      {
        code: 'PGRST200',
        message: `Could not find a relationship between '${parent}' and '${name}' in the schema cache`,
        details: `Searched for a foreign key relationship between '${parent}' and '${name}'${
          hint === undefined ? '' : ` using the hint '${hint}'`
        } in the schema 'public', but no matches were found.`,
      },
      { catalogMiss: true },
    );
  }
  const options = matching.map((relationship) => `'${name}!${relationship.fk.name}'`).join(', ');
  throw new RestError(300, {
    code: 'PGRST201',
    message: `Could not embed because more than one relationship was found for '${parent}' and '${name}'`,
    details: matching
      .map((r) => `${r.cardinality === 'many' ? 'one-to-many' : 'many-to-one'} using ${r.fk.name}`)
      .join('; '),
    hint: `Try changing '${name}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`,
  });
}

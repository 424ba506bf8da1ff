// The schema cache (PostgREST's "schema cache"): tables, views, columns, keys, foreign keys and functions of
// schema `public`, read from pg_catalog once and kept in memory so the hot path never queries the catalog.
// A lookup that misses reloads it once (tables made after start, e.g. by tests) before answering 404.
import type { Queryable } from '../db/database';
import { FOREIGN_KEYS_SQL, FUNCTIONS_SQL, RELATIONS_SQL, ROLES_SQL, TYPES_SQL } from './catalog-queries';

export interface Column {
  name: string;
  type: string;
  hasDefault: boolean;
  generated: boolean;
}

export interface UniqueKey {
  primary: boolean;
  columns: string[];
}

export interface Relation {
  name: string;
  /** pg_class.relkind: r table, v view, m materialized view, f foreign table, p partitioned table. */
  kind: string;
  columns: Column[];
  uniqueKeys: UniqueKey[];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  /** proargmodes: i in, o out, b inout, v variadic, t table column. */
  mode: string;
}

export interface RoutineInfo {
  name: string;
  volatility: string;
  returnsSet: boolean;
  returnType: string;
  returnKind: 'void' | 'composite' | 'scalar';
  /** The public table whose rows the function returns, when it does (lets results embed). */
  returnTable: string | null;
  defaults: number;
  args: FunctionArg[];
  returnColumns: { name: string; type: string }[] | null;
}

export interface SchemaCache {
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  functions: Map<string, RoutineInfo[]>;
  types: Set<string>;
  /** Roles a request may run as. */
  roles: Set<string>;
}

export function columnOf(relation: Relation, name: string): Column | undefined {
  return relation.columns.find((column) => column.name === name);
}

export function primaryKey(relation: Relation): string[] {
  return relation.uniqueKeys.find((key) => key.primary)?.columns ?? [];
}

export function inputArgs(routine: RoutineInfo): FunctionArg[] {
  return routine.args.filter((arg) => arg.mode === 'i' || arg.mode === 'b' || arg.mode === 'v');
}

/** The columns a function's rows have: its table type's, or its OUT/TABLE parameters. */
export function resultColumns(routine: RoutineInfo): { name: string; type: string }[] {
  if (routine.returnColumns) return routine.returnColumns;
  return routine.args.filter((arg) => arg.mode === 'o' || arg.mode === 't' || arg.mode === 'b');
}

async function readDoc<T>(db: Queryable, sql: string): Promise<T> {
  const { rows } = await db.query<{ doc: string }>(sql);
  return JSON.parse(rows[0]?.doc ?? '[]') as T;
}

export async function loadSchemaCache(db: Queryable): Promise<SchemaCache> {
  const relations = await readDoc<Relation[]>(db, RELATIONS_SQL);
  const foreignKeys = await readDoc<ForeignKey[]>(db, FOREIGN_KEYS_SQL);
  const routines = await readDoc<RoutineInfo[]>(db, FUNCTIONS_SQL);
  const types = await readDoc<string[]>(db, TYPES_SQL);
  const roles = await readDoc<string[]>(db, ROLES_SQL);
  const functions = new Map<string, RoutineInfo[]>();
  for (const routine of routines)
    functions.set(routine.name, [...(functions.get(routine.name) ?? []), routine]);
  return {
    relations: new Map(relations.map((relation) => [relation.name, relation])),
    foreignKeys,
    functions,
    types: new Set([...types, ...TYPE_ALIASES]),
    roles: new Set(roles),
  };
}

// SQL spellings Postgres accepts that are not pg_type names.
const TYPE_ALIASES = [
  'int',
  'integer',
  'smallint',
  'bigint',
  'real',
  'float',
  'boolean',
  'decimal',
  'varchar',
];

/** Holds the current cache; loads lazily and reloads single-flight. */
export class Catalog {
  private current: Promise<SchemaCache> | undefined;
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  get(): Promise<SchemaCache> {
    this.current ??= this.load();
    return this.current;
  }

  /** Reloads unless a reload started since `seen` was handed out. */
  async reload(seen: SchemaCache): Promise<SchemaCache> {
    const latest = await this.get();
    if (latest !== seen) return latest;
    this.current = this.load();
    return this.current;
  }

  private load(): Promise<SchemaCache> {
    const loading = loadSchemaCache(this.db);
    // A failed load must not poison the cache: the next request tries again.
    loading.catch(() => {
      if (this.current === loading) this.current = undefined;
    });
    return loading;
  }
}

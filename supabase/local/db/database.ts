// The Database port: everything the local stack needs from Postgres, and nothing more. Two adapters implement
// it — PGlite in-process (the default) and node-postgres (DATABASE_URL) — and one contract suite
// (tests/support/database-contract.ts, run by tests/integration/database.stack.test.ts) runs against both,
// so the stack behaves the same whichever Postgres is underneath.

export interface QueryResult<Row> {
  rows: Row[];
  /** Rows inserted, updated or deleted by the statement (0 for a select). */
  affectedRows: number;
}

export interface Queryable {
  /** One statement with bound parameters ($1, $2, …). Values are never spliced into SQL. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** A script of several statements without parameters (schema, migrations, seed). */
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  readOnly?: boolean;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `work` inside BEGIN … COMMIT on one connection; any error rolls back and is rethrown.
   * `set_config(…, true)` inside `work` lasts until the transaction ends, as PostgREST relies on.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
}

/** A Postgres error, the same shape whichever adapter raised it. */
export class DatabaseError extends Error {
  readonly code: string;
  readonly details: string | null;
  readonly hint: string | null;

  constructor(code: string, message: string, details: string | null = null, hint: string | null = null) {
    super(message);
    this.name = 'DatabaseError';
    this.code = code;
    this.details = details;
    this.hint = hint;
  }
}

interface DriverError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

/** Both drivers throw errors with `code`, `detail` and `hint`; normalise them so callers see one type. */
export function toDatabaseError(error: unknown): unknown {
  if (error instanceof DatabaseError || typeof error !== 'object' || error === null) return error;
  const { code, message, detail, hint } = error as DriverError;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return error;
  return new DatabaseError(
    code,
    typeof message === 'string' ? message : 'database error',
    typeof detail === 'string' ? detail : null,
    typeof hint === 'string' ? hint : null,
  );
}

export function beginStatement(options: TransactionOptions | undefined): string {
  return options?.readOnly
    ? 'begin isolation level read committed read only'
    : 'begin isolation level read committed';
}

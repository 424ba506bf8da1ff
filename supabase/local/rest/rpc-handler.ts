// POST /rpc/fn (read-write transaction, arguments from the JSON body) and GET /rpc/fn (read-only, arguments
// from the query string). Scalars answer a JSON scalar, sets an array that filters, order and limit apply
// to, composites an object, void 204. A volatile function that writes fails in GET's read-only
// transaction with 25006 → 405, as on PostgREST.
import { resultColumns } from './catalog';
import type { RoutineInfo, SchemaCache } from './catalog';
import { badBody } from './errors';
import { parseJsonBody } from './json-body';
import { parseRequestQuery } from './query-params';
import { answerRows } from './read-handler';
import { inRequestTransaction, withCatalog } from './request';
import type { RestDeps, RestRequest } from './request';
import { respond } from './response';
import { newBuildContext, quoteIdent } from './sql-common';
import type { Source } from './sql-common';
import { selectStatement } from './sql-read';
import type { ResultRow, Statement } from './sql-read';
import { callSql, chooseRoutine } from './sql-rpc';

type Plan =
  { kind: 'void' | 'scalar'; statement: Statement } | { kind: 'rows'; statement: Statement; offset: number };

function readArguments(request: RestRequest, routines: readonly RoutineInfo[] | undefined) {
  if (request.method === 'GET' || request.method === 'HEAD') {
    const names = new Set((routines ?? []).flatMap((routine) => routine.args.map((arg) => arg.name)));
    const keys = [...new Set(request.url.searchParams.keys())].filter((key) => names.has(key));
    const args = Object.fromEntries(keys.map((key) => [key, request.url.searchParams.get(key)]));
    return { keys, json: JSON.stringify(args), isObject: true };
  }
  const json = request.body.trim() === '' ? '{}' : request.body;
  const value = parseJsonBody(json);
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  return { keys: isObject ? Object.keys(value) : [], json, isObject };
}

function plan(request: RestRequest, name: string) {
  return (cache: SchemaCache): Plan => {
    const routines = cache.functions.get(name);
    const args = readArguments(request, routines);
    const isGet = request.method === 'GET' || request.method === 'HEAD';
    const { routine, mode } = chooseRoutine(name, routines, args.keys, !isGet || args.keys.length === 0);
    if (mode.kind === 'named' && !args.isObject) throw badBody();
    const ctx = newBuildContext(cache);
    const { from, call } = callSql(ctx, routine, mode, args.json);
    const fromPrefix = from === '' ? '' : `${from} cross join lateral `;
    if (routine.returnKind === 'void' || (routine.returnKind === 'scalar' && !routine.returnsSet)) {
      const select = routine.returnKind === 'void' ? call : `to_json(${call})::text`;
      const sql = `select ${select} as body${from === '' ? '' : ` from ${from}`}`;
      return { kind: routine.returnKind, statement: { sql, params: ctx.params.values } };
    }
    const query = parseRequestQuery(request.url.searchParams, new Set(isGet ? args.keys : []));
    const scalar = routine.returnKind === 'scalar';
    const source: Source = {
      alias: 'pgrst_0',
      label: routine.name,
      columns: scalar ? [{ name: routine.name, type: routine.returnType }] : resultColumns(routine),
      relation: scalar ? undefined : (routine.returnTable ?? undefined),
    };
    const alias = scalar ? `"pgrst_0"(${quoteIdent(routine.name)})` : '"pgrst_0"';
    const statement = selectStatement(ctx, query, `${fromPrefix}${call} as ${alias}`, source, {
      count: request.prefs.count !== undefined,
      single: request.single || !routine.returnsSet,
      ...(scalar ? { scalarColumn: routine.name } : {}),
    });
    return { kind: 'rows', statement, offset: query.scopes.get('')?.offset ?? 0 };
  };
}

export async function handleRpc(deps: RestDeps, request: RestRequest, name: string): Promise<Response> {
  const planned = await withCatalog(deps.catalog, plan(request, name));
  return inRequestTransaction(deps, request, async (tx) => {
    if (planned.kind === 'rows') return answerRows(tx, request, planned.statement, planned.offset);
    const { rows } = await tx.query<ResultRow>(planned.statement.sql, planned.statement.params);
    if (planned.kind === 'void') return respond(request, 204, null);
    return respond(request, 200, rows[0]?.body ?? 'null');
  });
}

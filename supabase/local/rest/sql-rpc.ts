// Calling a function as PostgREST does (reference §B3 "RPC arguments"): pick the overload whose parameter
// names match the given keys (or one unnamed json/jsonb parameter for the whole body), and pass the
// arguments through json_to_record with the catalog's own types, so Postgres does every conversion.
import { inputArgs } from './catalog';
import type { FunctionArg, RoutineInfo } from './catalog';
import { RestError } from './errors';
import { qualified, quoteIdent } from './sql-common';
import type { BuildContext } from './sql-common';

export type CallMode = { kind: 'named'; args: FunctionArg[] } | { kind: 'single-json'; type: string };

function unknownFunction(name: string, keys: readonly string[]): RestError {
  const sorted = [...keys].sort();
  const searched = sorted.length === 0 ? 'without parameters' : `with parameters ${sorted.join(', ')}`;
  return new RestError(
    404,
    {
      code: 'PGRST202',
      message: `Could not find the function public.${name}(${sorted.join(', ')}) in the schema cache`,
      details: `Searched for the function public.${name} ${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    },
    { catalogMiss: true },
  );
}

function acceptsNamed(routine: RoutineInfo, keys: readonly string[]): boolean {
  const args = inputArgs(routine);
  if (args.some((arg) => arg.name === '')) return false;
  const required = args.slice(0, args.length - routine.defaults);
  return (
    keys.every((key) => args.some((arg) => arg.name === key)) &&
    required.every((arg) => keys.includes(arg.name))
  );
}

function singleJsonArg(routine: RoutineInfo): FunctionArg | undefined {
  const args = inputArgs(routine);
  const only = args[0];
  return args.length === 1 && only?.name === '' && (only.type === 'json' || only.type === 'jsonb')
    ? only
    : undefined;
}

export function chooseRoutine(
  name: string,
  routines: readonly RoutineInfo[] | undefined,
  keys: readonly string[],
  allowSingleJson: boolean,
): { routine: RoutineInfo; mode: CallMode } {
  const named = (routines ?? []).filter((routine) => acceptsNamed(routine, keys));
  if (named.length > 1) {
    const signatures = named.map(
      (r) =>
        `public.${name}(${inputArgs(r)
          .map((a) => `${a.name} => ${a.type}`)
          .join(', ')})`,
    );
    throw new RestError(300, {
      code: 'PGRST203',
      message: `Could not choose the best candidate function between: ${signatures.join(', ')}`,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
  }
  const [routine] = named;
  if (routine) {
    const args = inputArgs(routine).filter((arg) => keys.includes(arg.name));
    return { routine, mode: { kind: 'named', args } };
  }
  for (const candidate of allowSingleJson ? (routines ?? []) : []) {
    const arg = singleJsonArg(candidate);
    if (arg) return { routine: candidate, mode: { kind: 'single-json', type: arg.type } };
  }
  throw unknownFunction(name, keys);
}

/** `from`: the FROM items that bring the arguments into scope (or ''), `call`: the function call. */
export function callSql(
  ctx: BuildContext,
  routine: RoutineInfo,
  mode: CallMode,
  argsJson: string,
): { from: string; call: string } {
  const fn = qualified(routine.name);
  if (mode.kind === 'single-json')
    return { from: '', call: `${fn}(${ctx.params.add(argsJson)}::${mode.type})` };
  if (mode.args.length === 0) return { from: '', call: `${fn}()` };
  const columns = mode.args.map((arg) => `${quoteIdent(arg.name)} ${arg.type}`).join(', ');
  const passed = mode.args
    .map((arg) => `${quoteIdent(arg.name)} := pgrst_args.${quoteIdent(arg.name)}`)
    .join(', ');
  return {
    from: `json_to_record(${ctx.params.add(argsJson)}::json) as pgrst_args(${columns})`,
    call: `${fn}(${passed})`,
  };
}

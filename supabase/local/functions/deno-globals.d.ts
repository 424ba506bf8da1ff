// The few Deno APIs the Edge Functions in supabase/functions use, for type-checking them under Node. On
// Supabase they run on Deno, which declares these itself; locally runtime.ts provides them (the shim), and
// `deno test` runs their tests.
declare namespace Deno {
  interface Env {
    get(name: string): string | undefined;
  }
  const env: Env;
  function serve(handler: (request: Request) => Response | Promise<Response>): unknown;
  /** The functions' own `*_test.ts` files, run under Deno by `npm run check:functions`. */
  function test(name: string, fn: () => void | Promise<void>): void;
}

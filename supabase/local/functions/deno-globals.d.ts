// The few Deno APIs the Edge Functions in supabase/functions use, for type-checking them under Node. On
// Supabase they run on Deno, which declares these itself; locally runtime.ts provides them (the shim).
declare namespace Deno {
  interface Env {
    get(name: string): string | undefined;
  }
  const env: Env;
  function serve(handler: (request: Request) => Response | Promise<Response>): unknown;
}

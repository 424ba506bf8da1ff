// Where the app finds Supabase. Without VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY it talks to the local
// stack (`npm run stack`) with the Supabase CLI's well-known local anon key.
const LOCAL_URL = 'http://127.0.0.1:54321';
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export interface AppEnv {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

export function readEnv(source: Partial<Record<string, string>> = import.meta.env): AppEnv {
  return {
    supabaseUrl: nonEmpty(source.VITE_SUPABASE_URL) ?? LOCAL_URL,
    supabaseAnonKey: nonEmpty(source.VITE_SUPABASE_ANON_KEY) ?? LOCAL_ANON_KEY,
  };
}

/** An unset variable and one set to '' (as `.env` files often leave them) both mean "not configured". */
function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

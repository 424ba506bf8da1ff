// Database names (DESIGN §5). Both are scoped to the Supabase project the app talks to, so two projects on
// one origin (a demo and production) never share data. The ledger is not scoped to a user: unsynced work
// must survive sign-out and replay when a member of its company signs in (DESIGN §6 "Sign-out"). The mirror
// holds what one user may read, so each user gets their own and a sign-in never shows another's rows.

/** The project part of a name: scheme, host, port and path of the Supabase URL, without trailing slashes. */
export function projectScope(supabaseUrl: string): string {
  const url = new URL(supabaseUrl);
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

export function ledgerName(supabaseUrl: string): string {
  return `tillpoint-ledger ${projectScope(supabaseUrl)}`;
}

export function mirrorName(supabaseUrl: string, userId: string): string {
  return `tillpoint-mirror ${projectScope(supabaseUrl)} ${userId}`;
}

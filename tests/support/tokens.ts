// Data-API clients for users that need no /auth/v1 round trip: an access token minted with the stack's
// secret, carrying the claims GoTrue puts in one (sub, role, aud, exp, email), sent as the Bearer token
// beside the anon key exactly as supabase-js does for a signed-in user.
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { ANON_KEY } from '../../supabase/local/config';
import { signJwt } from '../../supabase/local/jwt';
import { stackUrl } from './supabase';

export interface MintedUser {
  id: string;
  email: string;
  token: string;
}

/** `expiresIn` seconds from now (negative for an already expired token). */
export async function mintUser(options: { expiresIn?: number; id?: string } = {}): Promise<MintedUser> {
  const id = options.id ?? crypto.randomUUID();
  const email = `minted-${id.slice(0, 8)}@test.local`;
  const now = Math.floor(Date.now() / 1000);
  const token = await signJwt({
    sub: id,
    role: 'authenticated',
    aud: 'authenticated',
    email,
    iat: now,
    exp: now + (options.expiresIn ?? 3600),
  });
  return { id, email, token };
}

/** A supabase-js client acting as `user` (or as a fresh minted user). */
export async function userClient(user?: MintedUser): Promise<{ client: SupabaseClient; user: MintedUser }> {
  const who = user ?? (await mintUser());
  const client = createClient(stackUrl(), ANON_KEY, {
    global: { headers: { Authorization: `Bearer ${who.token}` } },
    realtime: { transport: ws as unknown as typeof WebSocket },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return { client, user: who };
}

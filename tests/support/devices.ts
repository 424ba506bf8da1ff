// Paired devices for stack tests (supabase/SPEC.md §21): a manager's code from create_pairing_code, traded at
// the Edge Function pair-device for a till's credentials, and a supabase-js client signed in with them.
import type { SupabaseClient } from '@supabase/supabase-js';
import { ANON_KEY } from '../../supabase/local/config';
import { must, type Person } from './shop';
import { anonClient, stackUrl } from './supabase';

export interface PairedDevice {
  client: SupabaseClient;
  id: string;
  userId: string;
  email: string;
  password: string;
}

export async function pairingCode(
  manager: Person,
  companyId: string,
  storeId: string,
  name = 'Counter',
): Promise<string> {
  const made = must<{ code: string }>(
    await manager.client.rpc('create_pairing_code', { p_company: companyId, p_store: storeId, p_name: name }),
    'create_pairing_code',
  );
  return made.code;
}

/** POST /functions/v1/pair-device as a browser on a new till does: the anon key and the code. */
export async function postPairDevice(
  code: string,
  client = `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${stackUrl()}/functions/v1/pair-device`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: ANON_KEY,
      authorization: `Bearer ${ANON_KEY}`,
      'x-forwarded-for': client,
    },
    body: JSON.stringify({ code }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function pairDevice(
  manager: Person,
  companyId: string,
  storeId: string,
  name = 'Counter',
): Promise<PairedDevice> {
  const code = await pairingCode(manager, companyId, storeId, name);
  const { status, body } = await postPairDevice(code);
  if (status !== 200) throw new Error(`pair-device answered ${status}: ${JSON.stringify(body)}`);
  const { email, password } = body as { email: string; password: string };
  const client = anonClient();
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw new Error(`device sign-in: ${signedIn.error.message}`);
  return {
    client,
    id: (body.device as { id: string }).id,
    userId: signedIn.data.user.id,
    email,
    password,
  };
}

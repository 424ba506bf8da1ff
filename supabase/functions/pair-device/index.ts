// Edge Function `pair-device` (issue 33, supabase/SPEC.md [DEV-3], [DEV-4]): a till trades a manager's
// one-time code for its own credentials.
//   POST /pair-device  {"code": "ABCD-EFGH-JK"}  anonymous (the anon key only)
// The database spends the code and counts wrong ones (pair_device_claim, as the service role); this function
// then makes the till's auth user through GoTrue's admin API (an address under .invalid, which can receive
// no mail, and a random 32-byte password) and its devices row (pair_device_finish), and answers the
// credentials once: the till signs in with them and keeps its session by refresh, as anyone does. A wrong
// code is answered after a pause, so guessing is slow as well as counted.
import { secretOf, serviceClient } from '../_shared/clients.ts';
import { HttpError, fromDatabase, json, postHandler, type Body } from '../_shared/http.ts';

const env = secretOf('pair-device');

const STATUS: Record<string, number> = {
  pairing_code_invalid: 400,
  pairing_code_used: 409,
  pairing_code_expired: 410,
  rate_limited: 429,
};

interface Claimed {
  error?: string;
  message?: string;
  pairing_id: string;
  company_id: string;
  store_id: string;
  name: string;
  company_name: string;
  store_name: string;
}

/** Who is calling, for the per-caller limit: the edge's client address, else the first forwarded one. */
function clientOf(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return (
    request.headers.get('cf-connecting-ip') ??
    (forwarded === undefined || forwarded === '' ? 'unknown' : forwarded)
  );
}

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pair(request: Request): Promise<Response> {
  const body = (await request.json().catch(() => null)) as Body | null;
  const code = typeof body?.code === 'string' ? body.code : '';
  if (code.trim() === '' || code.length > 40) {
    throw new HttpError(400, 'invalid_args', 'Type the code the manager’s screen shows.');
  }
  const service = serviceClient(env);
  const claim = await service.rpc('pair_device_claim', { p_code: code, p_client: clientOf(request) });
  if (claim.error) throw fromDatabase(claim.error);
  const claimed = claim.data as Claimed;
  if (claimed.error) {
    await pause(Number(Deno.env.get('PAIRING_FAILURE_DELAY_MS') ?? 400));
    throw new HttpError(
      STATUS[claimed.error] ?? 400,
      claimed.error,
      claimed.message ?? 'That code is not right.',
    );
  }
  const email = `device-${crypto.randomUUID()}@devices.invalid`;
  const password = randomSecret();
  const created = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: { device: true, company_id: claimed.company_id, store_id: claimed.store_id },
    user_metadata: { device_name: claimed.name },
  });
  if (created.error) {
    console.error('[pair-device] createUser', created.error);
    throw new HttpError(500, 'server_error', 'The till could not be paired: ask a manager for a new code.');
  }
  const finished = await service.rpc('pair_device_finish', {
    p_pairing: claimed.pairing_id,
    p_user: created.data.user.id,
  });
  if (finished.error) {
    await service.auth.admin.deleteUser(created.data.user.id);
    throw fromDatabase(finished.error);
  }
  const device = finished.data as { id: string };
  return json({
    email,
    password,
    device: {
      id: device.id,
      name: claimed.name,
      company_id: claimed.company_id,
      company_name: claimed.company_name,
      store_id: claimed.store_id,
      store_name: claimed.store_name,
    },
  });
}

Deno.serve(postHandler('pair-device', pair));

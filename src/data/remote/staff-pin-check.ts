// Checking a PIN online (issue 33, SPEC [STAFF-19], [PIN-6]): a till that holds no PIN material (a cashier's
// session never receives another person's verifier, [STAFF-14]) asks the server. It fetches the person's
// salt and derivation (staff_pin_params: no verifier, so no offline guess), derives the key from the typed
// PIN here (the PIN never leaves the device) and sends the key to check_staff_pin, which counts wrong tries
// and keeps the lockout on the server. No connection is said as such: the till goes on selling.
import { z } from 'zod';
import { derivePinKey } from '../../domain/staff-pin';
import type { Supabase } from './supabase-client';

export type OnlinePinAnswer =
  | { kind: 'right'; key: string }
  | { kind: 'wrong'; triesLeft: number }
  | { kind: 'locked'; until: number }
  | { kind: 'offline' };

/** Checks `pin` for the staff member `staffId` on the server. */
export type OnlinePinCheck = (staffId: string, pin: string) => Promise<OnlinePinAnswer>;

const kdfSchema = z.union([
  z.object({ name: z.literal('argon2id'), m: z.number(), t: z.number(), p: z.number() }),
  z.object({ name: z.literal('pbkdf2-sha256'), iterations: z.number() }),
]);
const paramsSchema = z.object({ salt: z.string().regex(/^[0-9a-f]{32}$/), kdf: kdfSchema });
const answerSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), code: z.literal('wrong_pin'), tries_left: z.number() }),
  z.object({ ok: z.literal(false), code: z.enum(['pin_locked', 'rate_limited']), until: z.string() }),
]);

/** A network failure (no answer at all) rather than a refusal the server gave. */
function unreachable(error: { message: string; code?: string } | null): boolean {
  return (
    error !== null && (error.code === undefined || error.code === '') && /fetch|network/i.test(error.message)
  );
}

export function onlinePinCheck(supabase: Supabase, companyId: string): OnlinePinCheck {
  return async (staffId, pin) => {
    try {
      const params = await supabase.rpc('staff_pin_params', { p_company_id: companyId, p_staff_id: staffId });
      if (params.error) {
        if (unreachable(params.error)) return { kind: 'offline' };
        throw new Error(params.error.message);
      }
      const { salt, kdf } = paramsSchema.parse(params.data);
      const key = await derivePinKey(pin, salt, kdf);
      const checked = await supabase.rpc('check_staff_pin', {
        p_company_id: companyId,
        p_staff_id: staffId,
        p_key: key,
      });
      if (checked.error) {
        if (unreachable(checked.error)) return { kind: 'offline' };
        throw new Error(checked.error.message);
      }
      const answer = answerSchema.parse(checked.data);
      if (answer.ok) return { kind: 'right', key };
      if (answer.code === 'wrong_pin') return { kind: 'wrong', triesLeft: answer.tries_left };
      return { kind: 'locked', until: Date.parse(answer.until) };
    } catch (error) {
      // fetch itself throws when there is no network at all.
      if (error instanceof TypeError) return { kind: 'offline' };
      throw error;
    }
  };
}

// Pairing this device as a shop's till (issue 33, supabase/SPEC.md [DEV-3]): the manager's one-time code goes
// to the Edge Function `pair-device`, which answers the till's own credentials once; the caller signs in
// with them at once and keeps the session by refresh (the password is never stored). Every refusal comes
// back as a sentence a cashier can act on, keyed by the function's stable codes.
import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { z } from 'zod';
import { err, ok, type Result } from '../../domain/result';
import type { Supabase } from './supabase-client';
import { msg, t } from '@lingui/core/macro';
import { type CodeWords, unknownRefusal, wordsOf } from '../refusal-words';

export interface DeviceCredentials {
  email: string;
  password: string;
  device: { id: string; name: string; companyName: string; storeName: string };
}

const answerSchema = z.object({
  email: z.string(),
  password: z.string(),
  device: z.object({ id: z.string(), name: z.string(), company_name: z.string(), store_name: z.string() }),
});
const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export const PAIRING_WORDS: CodeWords = {
  pairing_code_invalid: msg`That code is not right: check it on the manager’s screen and type it again.`,
  pairing_code_used: msg`That code was already used: ask a manager for a new one (Settings → Devices).`,
  pairing_code_expired: msg`That code has expired (a code lasts 10 minutes): ask a manager for a new one.`,
  rate_limited: msg`Too many wrong codes were typed here: wait 15 minutes, then try again.`,
  invalid_code_format: msg`A code is 10 letters and digits, like ABCD-EFGH-JK: check it and type it again.`,
  unreachable: msg`Pairing needs the network: connect this tablet and try again.`,
};

/** The code as the server reads it: case, dashes and spaces do not matter ([DEV-3]). */
export function normalisePairingCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-HJ-NP-Z2-9]{10}$/.test(code) ? code : null;
}

async function refusal(error: unknown): Promise<{ code: string; message: string }> {
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const parsed = errorSchema.safeParse(await response.json().catch(() => null));
    const code = parsed.success ? parsed.data.error.code : 'server_error';
    // The function's own message is English for a developer: the person reads the app's sentence.
    return { code, message: wordsOf(PAIRING_WORDS, code) ?? unknownRefusal(code) };
  }
  if (
    error instanceof FunctionsFetchError ||
    error instanceof FunctionsRelayError ||
    error instanceof TypeError
  )
    return { code: 'unreachable', message: wordsOf(PAIRING_WORDS, 'unreachable') ?? '' };
  return { code: 'server_error', message: unknownRefusal('server_error') };
}

export async function pairThisDevice(
  supabase: Pick<Supabase, 'functions'>,
  typed: string,
): Promise<Result<DeviceCredentials>> {
  const code = normalisePairingCode(typed);
  if (code === null) return err('invalid_code_format', wordsOf(PAIRING_WORDS, 'invalid_code_format') ?? '');
  let answer: { data: unknown; error: unknown };
  try {
    answer = await supabase.functions.invoke('pair-device', { body: { code } });
  } catch (error) {
    const { code: reason, message } = await refusal(error);
    return err(reason, message);
  }
  if (answer.error) {
    const { code: reason, message } = await refusal(answer.error);
    return err(reason, message);
  }
  const parsed = answerSchema.safeParse(answer.data);
  if (!parsed.success) return err('server_error', t`The server’s answer was not understood: try again.`);
  const { email, password, device } = parsed.data;
  return ok({
    email,
    password,
    device: {
      id: device.id,
      name: device.name,
      companyName: device.company_name,
      storeName: device.store_name,
    },
  });
}

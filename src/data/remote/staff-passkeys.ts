// A manager's or owner's own security keys (issue 33, SPEC [PASSKEY-T8]): read from `staff.passkeys`, added by
// `register_staff_passkey` (the browser's new key: credential id, SPKI public key, client data and
// authenticator data, all base64url) and removed by `remove_staff_passkey`. The server checks the key and who
// may add it; its codes are said in words here. Needs a connection.
import { z } from 'zod';
import { SettingsError } from './shop-settings';
import { plainStaffError } from './staff';
import type { Supabase } from './supabase-client';
import { msg } from '@lingui/core/macro';
import { type CodeWords, wordsOf } from '../refusal-words';

/** One key as `staff.passkeys` lists it and `register_staff_passkey` answers it. */
export const staffPasskeySchema = z.object({
  id: z.string(),
  credential_id: z.string(),
  public_key: z.string(),
  rp_id: z.string(),
  name: z.string(),
  created_at: z.string(),
});

export type StaffPasskey = z.infer<typeof staffPasskeySchema>;

/** What `register_staff_passkey` takes besides the shop and the person (base64url values). */
export interface PasskeyRegistration {
  credentialId: string;
  publicKey: string;
  clientDataJson: string;
  authenticatorData: string;
  name: string;
}

interface ServerError {
  message: string;
  code?: string;
  hint?: string | null;
}

type Answer = PromiseLike<{ data: unknown; error: ServerError | null }>;

const PASSKEY_HINTS: CodeWords = {
  not_member: msg`You are no longer a member of this shop.`,
  insufficient_role: msg`Only managers and owners add security keys.`,
  not_your_staff: msg`You can add a security key only to your own name.`,
  invalid_args: msg`A key’s name is 1 to 60 characters.`,
  passkey_exists: msg`This security key is added already.`,
  too_many_passkeys: msg`You have 10 security keys: remove one before adding another.`,
  unknown_passkey: msg`That security key was removed already: reload the page.`,
  // The server's English sentence says which check failed, for a developer: the person reads what to do.
  passkey_invalid: msg`The security key’s answer did not check out: try the key again, or use another key.`,
};

/** [PASSKEY-T8] A refusal of the passkey rpcs in words; the server's own sentence says which check failed. */
export function plainPasskeyError(error: ServerError): string {
  return wordsOf(PASSKEY_HINTS, error.hint) ?? plainStaffError(error);
}

async function dataOf(answer: Answer): Promise<unknown> {
  const { data, error } = await answer;
  if (error) throw new SettingsError(plainPasskeyError(error));
  return data;
}

export function staffPasskeys(supabase: Supabase, companyId: string) {
  return {
    /** The person's live keys, oldest first. */
    async list(staffId: string): Promise<StaffPasskey[]> {
      const row = await dataOf(
        supabase.from('staff').select('passkeys').eq('company_id', companyId).eq('id', staffId).maybeSingle(),
      );
      const passkeys = z
        .object({ passkeys: z.array(staffPasskeySchema).nullish() })
        .nullable()
        .parse(row);
      return passkeys?.passkeys ?? [];
    },
    async register(staffId: string, key: PasskeyRegistration): Promise<StaffPasskey> {
      const added = await dataOf(
        supabase.rpc('register_staff_passkey', {
          p_company_id: companyId,
          p_staff_id: staffId,
          p_credential_id: key.credentialId,
          p_public_key: key.publicKey,
          p_client_data_json: key.clientDataJson,
          p_authenticator_data: key.authenticatorData,
          p_name: key.name,
        }),
      );
      return staffPasskeySchema.parse(added);
    },
    async remove(passkeyId: string): Promise<void> {
      await dataOf(
        supabase.rpc('remove_staff_passkey', { p_company_id: companyId, p_passkey_id: passkeyId }),
      );
    },
  };
}

export type StaffPasskeys = ReturnType<typeof staffPasskeys>;

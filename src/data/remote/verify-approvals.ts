// The Edge Function `verify-approvals` (issue 33, SPEC [PASSKEY-T9]): the server checks the signatures of a
// shop's security-key approvals it holds pending — Postgres has no ECDSA — and only then marks them verified.
// The sync engine calls it after a push that sent one; a failure is thrown for the engine to try again.
import type { Supabase } from './supabase-client';

export interface VerifyAnswer {
  checked: number;
  verified: number;
  failed: number;
}

export function verifyApprovals(supabase: Supabase): (companyId: string) => Promise<VerifyAnswer | null> {
  return async (companyId) => {
    // supabase-js types a function's error as any; it is one of its Functions*Error classes.
    const answer: { data: VerifyAnswer | null; error: unknown } =
      await supabase.functions.invoke<VerifyAnswer>('verify-approvals', { body: { company_id: companyId } });
    if (answer.error) {
      throw answer.error instanceof Error ? answer.error : new Error('verify-approvals failed');
    }
    return answer.data;
  };
}

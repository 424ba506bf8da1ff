// Edge Function `verify-approvals` (issue 33, supabase/SPEC.md [PASSKEY-11]): checks the signatures of a
// shop's passkey approvals, the one part of them Postgres cannot check (it has no ECDSA).
//   POST /verify-approvals  {"company_id": uuid}  as a member or a paired device of that shop
// The caller's own token asks passkey_checks_due first, so the database says who may (others: 403
// not_member); then, as the service role, it reads the waiting checks (passkey_checks_pending), verifies each
// with WebCrypto and settles it (settle_passkey_check), which marks the row verified or flags it. Answers
// {"checked": n, "verified": a, "failed": b}. A till calls it after each push that sent a passkey approval;
// calling it again is harmless (a check settles once).
import { bearerToken, clientAs, secretOf, serviceClient } from '../_shared/clients.ts';
import { fromDatabase, json, postHandler, readJsonObject, uuidField } from '../_shared/http.ts';
import { assertionVerifies, type PendingCheck } from './assertion.ts';

const env = secretOf('verify-approvals');

/** Checks read per page, and pages per call: a call does a bounded amount of work; the next one goes on. */
const PAGE = 100;
const PAGES = 5;

async function verifyApprovals(request: Request): Promise<Response> {
  const token = bearerToken(request);
  const body = await readJsonObject(request, 1024);
  const companyId = uuidField(body, 'company_id');
  const due = await clientAs(env, token).rpc('passkey_checks_due', { p_company_id: companyId });
  if (due.error) throw fromDatabase(due.error);
  const answer = { checked: 0, verified: 0, failed: 0 };
  if (due.data === 0) return json(answer);
  const service = serviceClient(env);
  for (let page = 0; page < PAGES; page++) {
    const pending = await service.rpc('passkey_checks_pending', { p_company_id: companyId, p_limit: PAGE });
    if (pending.error) throw fromDatabase(pending.error);
    const checks = pending.data as PendingCheck[];
    for (const check of checks) {
      const ok = await assertionVerifies(check);
      const settled = await service.rpc('settle_passkey_check', { p_check_id: check.id, p_ok: ok });
      if (settled.error) throw fromDatabase(settled.error);
      answer.checked++;
      if (ok) answer.verified++;
      else answer.failed++;
    }
    if (checks.length < PAGE) break;
  }
  return json(answer);
}

Deno.serve(postHandler('verify-approvals', verifyApprovals));

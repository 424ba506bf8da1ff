// Direct calls to the local stack for test set-up that has no screen yet (e.g. an owner creating an invite).
import type { APIRequestContext } from '@playwright/test';

const STACK = 'http://127.0.0.1:54321';
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export async function signIn(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post(`${STACK}/auth/v1/token?grant_type=password`, {
    headers: { apikey: ANON_KEY },
    data: { email, password },
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

/** Signs in as an owner and creates an invite to their (first) company, for anyone or one address; returns its code. */
export async function createInvite(
  request: APIRequestContext,
  owner: { email: string; password: string },
  role: 'owner' | 'manager' | 'cashier',
  /** Binds the invite to this address. */
  email?: string,
): Promise<string> {
  const token = await signIn(request, owner.email, owner.password);
  const headers = { apikey: ANON_KEY, Authorization: `Bearer ${token}` };
  const companies = (await (
    await request.get(`${STACK}/rest/v1/companies?select=id&limit=1`, { headers })
  ).json()) as { id: string }[];
  const company = companies[0];
  if (!company) throw new Error(`${owner.email} has no company`);
  const invite = await request.post(`${STACK}/rest/v1/rpc/create_invite`, {
    headers,
    data: { p_company: company.id, p_role: role, ...(email ? { p_email: email } : {}) },
  });
  const body = (await invite.json()) as { code: string };
  return body.code;
}

// A demo account's own language ([LANG-T2]) wins over the device's at sign-in. Tests that choose the device's
// language (German, the pseudo-locale) start from an account with no choice, and a test that gives one takes
// it back, through GoTrue's own PUT /user (null removes a key of user_metadata).
import { expect, type APIRequestContext } from '@playwright/test';
import { ANON_KEY } from '../../../supabase/local/config';
import { DEMO_PASSWORD } from './users';

const STACK = 'http://127.0.0.1:54321';

export async function clearAccountLanguage(request: APIRequestContext, email: string): Promise<void> {
  const headers = { apikey: ANON_KEY };
  const session = await request.post(`${STACK}/auth/v1/token?grant_type=password`, {
    headers,
    data: { email, password: DEMO_PASSWORD },
  });
  expect(session.ok()).toBe(true);
  const { access_token: token } = (await session.json()) as { access_token: string };
  const cleared = await request.put(`${STACK}/auth/v1/user`, {
    headers: { ...headers, Authorization: `Bearer ${token}` },
    data: { data: { language: null } },
  });
  expect(cleared.ok()).toBe(true);
}

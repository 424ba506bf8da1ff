// The Edge Functions' gateway (issue 34, supabase/config.toml): a function with verify_jwt = true is answered
// 401 by the platform before it runs when the call has no JWT or one that does not verify — the anon key is a
// JWT and passes — and a function with verify_jwt = false (card-payments, for Stripe's webhooks) is reached.
import { describe, expect, test } from 'vitest';
import { ANON_KEY } from '../../supabase/local/config';
import { stackUrl } from '../support/supabase';

const call = (name: string, headers: Record<string, string> = {}) =>
  fetch(`${stackUrl()}/functions/v1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({}),
  });

describe('verify_jwt', () => {
  test.each(['send-receipt', 'pair-device', 'verify-approvals'])(
    '%s: no JWT or a forged one is refused before the function runs',
    async (name) => {
      const missing = await call(name);
      expect(missing.status).toBe(401);
      expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });
      const forged = await call(name, { authorization: `Bearer ${ANON_KEY.slice(0, -2)}xx` });
      expect(forged.status).toBe(401);
      expect(await forged.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    },
  );

  test('the anon key passes the gateway: the function itself answers', async () => {
    const answer = await call('pair-device', { authorization: `Bearer ${ANON_KEY}`, apikey: ANON_KEY });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: { code: 'invalid_args' } });
  });

  test('card-payments (verify_jwt = false) is reached with no JWT: it refuses by itself', async () => {
    const webhook = await fetch(`${stackUrl()}/functions/v1/card-payments/webhook`, {
      method: 'POST',
      body: '{}',
    });
    expect(webhook.status).toBe(400);
    expect(await webhook.json()).not.toEqual({ code: 401, message: 'Missing authorization header' });
  });
});

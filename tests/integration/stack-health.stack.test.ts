import { expect, test } from 'vitest';
import { stackUrl } from '../support/supabase';

test('the stack answers GoTrue health and allows cross-origin calls', async () => {
  const response = await fetch(`${stackUrl()}/auth/v1/health`, {
    headers: { Origin: 'http://localhost:4173' },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:4173');
  expect(await response.json()).toMatchObject({ name: 'GoTrue' });
});

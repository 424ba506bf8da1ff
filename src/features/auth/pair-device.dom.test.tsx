// 'Pair this device' on the sign-in page (supabase/SPEC.md §21, DESIGN §13): the code's shape is checked before
// anything is sent, the server's refusals are sentences, a good code signs the till in as itself (shared mode
// on, on to the register), and a till a manager unpaired says how many sales wait on it.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { readSharedMode } from '../../data/local/shared-till-meta';
import { renderApp, type AppOptions } from '../../../tests/support/render-app';
import { makeSession, makeUser } from '../../../tests/support/fake-auth';
import { pairedTill, rememberPairedTill } from './paired-till';

afterEach(() => {
  localStorage.clear();
});

const CREDENTIALS = {
  email: 'device-0193a0e0-0000-7000-8000-000000000001@devices.invalid',
  password: 'a-random-32-byte-secret-in-base64url-000000',
  device: { id: 'dv1', name: 'Front counter', company_name: 'Demo Shop', store_name: 'Main store' },
};

function refusal(status: number, code: string) {
  const response = new Response(JSON.stringify({ error: { code, message: 'server words' } }), { status });
  return { data: null, error: new FunctionsHttpError(response) };
}

async function openPairing(functions: AppOptions['functions']) {
  const calls: unknown[] = [];
  const app = renderApp('/login', {
    functions: {
      'pair-device': (body) => {
        calls.push(body);
        return functions?.['pair-device']?.(body) ?? { data: null, error: null };
      },
    },
  });
  await screen.findByRole('heading', { name: 'Sign in to Tillpoint' });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Pair this device' }));
  const form = screen.getByRole('form', { name: 'Pair this device' });
  return { app, user, form, calls };
}

describe('Pair this device', () => {
  test('[DEV-3] a code of the wrong shape is named and nothing is sent', async () => {
    const { user, form, calls } = await openPairing({});
    await user.type(within(form).getByLabelText('Pairing code'), 'ABCD-EF');
    await user.click(within(form).getByRole('button', { name: 'Pair this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A code is 10 letters and digits');
    expect(calls).toEqual([]);
  });

  test('[DEV-3] [DEV-4] the server’s refusals are sentences: wrong, used, expired, too many tries', async () => {
    const answers = [
      [refusal(400, 'pairing_code_invalid'), 'That code is not right'],
      [refusal(409, 'pairing_code_used'), 'That code was already used'],
      [refusal(410, 'pairing_code_expired'), 'That code has expired'],
      [refusal(429, 'rate_limited'), 'Too many wrong codes were typed here'],
    ] as const;
    let next = 0;
    const { user, form, calls } = await openPairing({
      'pair-device': () => answers[next]?.[0] ?? refusal(500, 'x'),
    });
    const field = within(form).getByLabelText('Pairing code');
    await user.type(field, 'abcd efgh jk');
    for (const [, words] of answers) {
      await user.click(within(form).getByRole('button', { name: 'Pair this device' }));
      expect(await screen.findByText(new RegExp(words))).toBeInTheDocument();
      next += 1;
    }
    // Typed in lower case with spaces, sent as the server reads it.
    expect(calls[0]).toEqual({ code: 'ABCDEFGHJK' });
  });

  test('[DEV-3] a good code signs the till in as itself, turns shared mode on and opens the register', async () => {
    const { app, user, form } = await openPairing({
      'pair-device': () => ({ data: CREDENTIALS, error: null }),
    });
    const session = makeSession(makeUser(CREDENTIALS.email, { app_metadata: { device: true } }));
    app.fake.answers.signInWithPassword = () => {
      app.fake.emit('SIGNED_IN', session);
      return Promise.resolve({ data: { user: session.user, session }, error: null });
    };
    await user.type(within(form).getByLabelText('Pairing code'), 'ABCD-EFGH-JK');
    await user.click(within(form).getByRole('button', { name: 'Pair this device' }));
    expect(app.fake.called('signInWithPassword')[0]).toEqual([
      { email: CREDENTIALS.email, password: CREDENTIALS.password },
    ]);
    await waitFor(() => {
      expect(app.location()).toBe('/dashboard/register');
    });
    expect(pairedTill()).toMatchObject({ name: 'Front counter', storeName: 'Main store' });
    expect((await readSharedMode(app.sync.ledger)).on).toBe(true);
  });

  test('[DEV-11] a till a manager unpaired says how many sales wait on it for a manager', async () => {
    rememberPairedTill({ userId: 'dv-user', name: 'Front counter', storeName: 'Main store' });
    const app = renderApp('/login');
    const op = (n: number) => ({
      op_id: `0193a0f0-0000-7000-8000-00000000000${n}`,
      terminal_id: null,
      seq: n,
      name: 'sale.record',
      args: {},
      created_at: '2026-12-04T09:00:00.000Z',
      state: 'pending' as const,
      attempts: 0,
      last_error: null,
      company_id: 'c1',
      entity: { table: 'sales' as const, id: `s${n}` },
      held_by: null,
      held_until: null,
    });
    await app.sync.ledger.outbox.bulkAdd([op(1), op(2)]);
    expect(await screen.findByText(/sign in to hand over 2 unsynced sales/)).toHaveTextContent(
      'This till was unpaired by a manager: sign in to hand over 2 unsynced sales.',
    );
  });
});

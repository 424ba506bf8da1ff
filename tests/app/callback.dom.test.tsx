// /auth/callback: code exchange (once, even in StrictMode), implicit fragment, recovery, and errors.
import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support/render-app';
import { makeSession } from '../support/fake-auth';
import type { Session } from '@supabase/supabase-js';

function withExchange(app: ReturnType<typeof renderApp>, redirectType: string | null = null) {
  const calls: unknown[][] = [];
  const auth = app.supabase.auth as unknown as Record<string, unknown>;
  const succeed = (session: Session) => {
    app.fake.emit('SIGNED_IN', session);
    return Promise.resolve({ data: { session, user: session.user, redirectType }, error: null });
  };
  auth.exchangeCodeForSession = (...args: unknown[]) => {
    calls.push(['exchange', ...args]);
    return succeed(makeSession());
  };
  auth.setSession = (...args: unknown[]) => {
    calls.push(['setSession', ...args]);
    return succeed(makeSession());
  };
  auth.updateUser = (...args: unknown[]) => {
    calls.push(['updateUser', ...args]);
    return Promise.resolve({ data: { user: makeSession().user }, error: null });
  };
  return calls;
}

describe('/auth/callback', () => {
  test('exchanges a PKCE code once and follows the redirect', async () => {
    const app = renderApp('/auth/callback?code=abc-123&redirect=%2Fdashboard%2Fcustomers');
    const calls = withExchange(app);
    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    expect(calls).toEqual([['exchange', 'abc-123']]);
    expect(app.location()).toBe('/dashboard/customers');
  });

  test('completes an implicit-grant fragment', async () => {
    const app = renderApp(
      '/auth/callback#access_token=at&refresh_token=rt&expires_in=3600&token_type=bearer',
    );
    const calls = withExchange(app);
    expect(await screen.findByRole('heading', { name: 'Today at a glance' })).toBeInTheDocument();
    expect(calls).toEqual([['setSession', { access_token: 'at', refresh_token: 'rt' }]]);
  });

  test('a recovery link leads to choosing a new password', async () => {
    const app = renderApp('/auth/callback?code=rec-1', { memberships: [] });
    const calls = withExchange(app, 'recovery');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { name: 'Set up Tillpoint' })).toBeInTheDocument();
    expect(calls).toContainEqual(['updateUser', { password: 'brand-new-password' }]);
  });

  test('an error return is shown plainly, with a way back', async () => {
    renderApp(
      '/auth/callback?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    expect(await screen.findByRole('heading', { name: "We couldn't sign you in" })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired. Ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });
});

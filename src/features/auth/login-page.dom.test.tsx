// The sign-in screen: labelled fields, checks before sending, plain errors, redirect, two-step code.
import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../tests/support/render-app';
import { authError, makeSession, makeUser, withVerifiedTotp } from '../../../tests/support/fake-auth';

async function openLogin(path = '/login') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Sign in to Tillpoint' });
  return { app, user: userEvent.setup() };
}

function answerSignIn(app: ReturnType<typeof renderApp>, session = makeSession()) {
  app.fake.answers.signInWithPassword = () => {
    app.fake.emit('SIGNED_IN', session);
    return Promise.resolve({ data: { user: session.user, session }, error: null });
  };
}

describe('login page', () => {
  test("has labelled 'Email' and 'Password' fields, 'Sign in', 'Continue with Google' and 'Forgot password?'", async () => {
    await openLogin();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  test('checks the fields before sending anything', async () => {
    const { app, user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter an email address like name@example.com.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(app.fake.called('signInWithPassword')).toHaveLength(0);
  });

  test('a wrong password is reported in plain words', async () => {
    const { app, user } = await openLogin();
    app.fake.answers.signInWithPassword = () =>
      Promise.resolve({
        data: { user: null, session: null },
        error: authError('invalid_credentials', 'Invalid login credentials'),
      });
    await user.type(screen.getByLabelText('Email'), 'owner@demo.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect.');
    expect(app.location()).toBe('/login');
  });

  test('signing in goes to the redirect target, search and hash included', async () => {
    const { app, user } = await openLogin(`/login?redirect=${encodeURIComponent('/dashboard/sales?x=1#y')}`);
    answerSignIn(app);
    await user.type(screen.getByLabelText('Email'), 'owner@demo.test');
    await user.type(screen.getByLabelText('Password'), 'demo-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales' })).toBeInTheDocument();
    expect(app.location()).toBe('/dashboard/sales?x=1#y');
  });

  test('[BACK-4] once signed in the form is gone, even while the next screen is still loading', async () => {
    const { app, user } = await openLogin();
    // The session arrives, but the sign-in call has not returned yet (the next screen is still on its way).
    app.fake.answers.signInWithPassword = () => {
      app.fake.emit('SIGNED_IN', makeSession());
      return new Promise(() => undefined);
    };
    await user.type(screen.getByLabelText('Email'), 'owner@demo.test');
    await user.type(screen.getByLabelText('Password'), 'demo-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/^Welcome, /)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Sign(ing)? in/ })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Opening…');
  });

  test.each(['//evil.example', 'https://evil.example', '/\\evil', 'javascript:alert(1)'])(
    'a hostile redirect (%s) lands on the dashboard instead',
    async (redirect) => {
      const { app, user } = await openLogin(`/login?redirect=${encodeURIComponent(redirect)}`);
      answerSignIn(app);
      await user.type(screen.getByLabelText('Email'), 'owner@demo.test');
      await user.type(screen.getByLabelText('Password'), 'demo-password');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('heading', { name: 'Today at a glance' })).toBeInTheDocument();
      expect(app.location()).toBe('/dashboard');
    },
  );

  test('an account with two-step verification is asked for its code before going on', async () => {
    const { app, user } = await openLogin();
    const totpUser = withVerifiedTotp(makeUser());
    answerSignIn(app, makeSession(totpUser, { aal: 'aal1' }));
    await user.type(screen.getByLabelText('Email'), 'owner@demo.test');
    await user.type(screen.getByLabelText('Password'), 'demo-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(app.location()).toBe('/login');

    await user.type(screen.getByLabelText('Authentication code'), '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();

    app.fake.answers.challengeAndVerify = () => {
      app.fake.emit('MFA_CHALLENGE_VERIFIED', makeSession(totpUser, { aal: 'aal2' }));
      return Promise.resolve({ data: { user: totpUser }, error: null });
    };
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Today at a glance' })).toBeInTheDocument();
    expect(app.fake.called('challengeAndVerify')).toEqual([[{ factorId: 'factor-1', code: '123456' }]]);
  });

  test('Continue with Google hands over with the callback and redirect', async () => {
    const { app, user } = await openLogin('/login?redirect=%2Fdashboard%2Fcustomers');
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(app.fake.called('signInWithOAuth')).toEqual([
      [
        {
          provider: 'google',
          options: { redirectTo: 'http://localhost:4173/auth/callback?redirect=%2Fdashboard%2Fcustomers' },
        },
      ],
    ]);
  });
});

// The sign-up screen: its fields, checks before sending, plain server errors, and on to onboarding.
import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../tests/support/render-app';
import { authError, makeSession, makeUser } from '../../../tests/support/fake-auth';

async function openSignup() {
  const app = renderApp('/signup', { memberships: [] });
  await screen.findByRole('heading', { name: 'Create your Tillpoint account' });
  return { app, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, password = 'secret-password') {
  await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('signup page', () => {
  test('checks name, email and password length before sending', async () => {
    const { app, user } = await openSignup();
    await user.type(screen.getByLabelText('Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters.')).toBeInTheDocument();
    expect(app.fake.called('signUp')).toHaveLength(0);
  });

  test('an existing account is reported in plain words', async () => {
    const { app, user } = await openSignup();
    app.fake.answers.signUp = () =>
      Promise.resolve({
        data: { user: null, session: null },
        error: authError('user_already_exists', 'User already registered', 422),
      });
    await fill(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
  });

  test('a password the server finds weak names the rule', async () => {
    const { app, user } = await openSignup();
    app.fake.answers.signUp = () =>
      Promise.resolve({
        data: { user: null, session: null },
        error: Object.assign(authError('weak_password', 'Password should be at least 6 characters.', 422), {
          reasons: ['characters'],
        }),
      });
    await fill(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password must include lowercase and uppercase letters, digits and symbols.',
    );
  });

  test('a new account continues to onboarding', async () => {
    const { app, user } = await openSignup();
    const session = makeSession(
      makeUser('ada@example.com', { user_metadata: { full_name: 'Ada Lovelace' } }),
    );
    app.fake.answers.signUp = () => {
      app.fake.emit('SIGNED_IN', session);
      return Promise.resolve({ data: { user: session.user, session }, error: null });
    };
    await fill(user);
    expect(await screen.findByRole('heading', { name: 'Set up Tillpoint' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, ada@example.com')).toBeInTheDocument();
  });

  test('when the server asks for email confirmation, the page says to check the inbox', async () => {
    const { app, user } = await openSignup();
    app.fake.answers.signUp = () =>
      Promise.resolve({ data: { user: makeUser('ada@example.com'), session: null }, error: null });
    await fill(user);
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('We sent a link to ada@example.com.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a new link.');
    expect(app.fake.called('resend')).toEqual([
      [
        {
          type: 'signup',
          email: 'ada@example.com',
          options: { emailRedirectTo: expect.stringMatching(/\/auth\/callback$/) as unknown },
        },
      ],
    ]);
  });

  test('a resend that fails says why and keeps the page', async () => {
    const { app, user } = await openSignup();
    app.fake.answers.signUp = () =>
      Promise.resolve({ data: { user: makeUser('ada@example.com'), session: null }, error: null });
    app.fake.answers.resend = () =>
      Promise.resolve({ data: null, error: authError('over_email_send_rate_limit', 'rate limited', 429) });
    await fill(user);
    await user.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
  });
});

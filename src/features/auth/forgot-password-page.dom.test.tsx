// Forgot password: checks the address, asks for a link back to /auth/callback, answers the same for any address.
import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../tests/support/render-app';

describe('forgot password page', () => {
  test('sends a reset link that returns to /auth/callback, and says to check the inbox', async () => {
    const app = renderApp('/forgot-password');
    const calls: unknown[][] = [];
    const auth = app.supabase.auth as unknown as Record<string, unknown>;
    auth.resetPasswordForEmail = (...args: unknown[]) => {
      calls.push(args);
      return Promise.resolve({ data: {}, error: null });
    };
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Reset your password' });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/If an account exists for someone@example.com/)).toBeInTheDocument();
    expect(calls).toEqual([
      ['someone@example.com', { redirectTo: `${window.location.origin}/auth/callback?next=reset` }],
    ]);
  });
});

import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import type { Supabase } from '../data/remote/supabase-client';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { guard } from './-guard';

type ResetPasswordForEmail = Supabase['auth']['resetPasswordForEmail'];

export const Route = createFileRoute('/forgot-password')({
  beforeLoad: (options) => guard('/forgot-password', options),
  component: ForgotPassword,
});

function ForgotPassword() {
  const { loadSupabase } = Route.useRouteContext();
  // supabase-js loads when the form is sent, not with the page (a guest page).
  const auth = useMemo(
    () => ({
      resetPasswordForEmail: async (...args: Parameters<ResetPasswordForEmail>) =>
        (await loadSupabase()).auth.resetPasswordForEmail(...args),
    }),
    [loadSupabase],
  );
  return <ForgotPasswordPage auth={auth} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { guard } from './-guard';

export const Route = createFileRoute('/forgot-password')({
  beforeLoad: (options) => guard('/forgot-password', options),
  component: ForgotPassword,
});

function ForgotPassword() {
  const { supabase } = Route.useRouteContext();
  return <ForgotPasswordPage auth={supabase.auth} />;
}

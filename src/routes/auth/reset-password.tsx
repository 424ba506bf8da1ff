import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../features/auth/reset-password-page';
import { guard } from '../-guard';

// Reached from a recovery link once /auth/callback has exchanged it for a (recovery) session.
export const Route = createFileRoute('/auth/reset-password')({
  beforeLoad: async (options) => {
    await guard('/auth/reset-password', options);
    return { supabase: await options.context.loadSupabase() };
  },
  component: ResetPassword,
});

function ResetPassword() {
  const { supabase } = Route.useRouteContext();
  return <ResetPasswordPage auth={supabase.auth} />;
}

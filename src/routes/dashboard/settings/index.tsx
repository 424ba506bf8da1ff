import { createFileRoute } from '@tanstack/react-router';
import { AccountSecurity } from '../../../features/auth/account-security/account-security';

export const Route = createFileRoute('/dashboard/settings/')({
  component: AccountSecurityPage,
});

function AccountSecurityPage() {
  const { supabase, checkPassword, auth } = Route.useRouteContext();
  const email = auth.getState().user?.email ?? null;
  return <AccountSecurity auth={supabase.auth} current={{ check: checkPassword, email }} />;
}

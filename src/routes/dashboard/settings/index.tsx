import { createFileRoute } from '@tanstack/react-router';
import { AccountSecurity } from '../../../features/auth/account-security/account-security';

export const Route = createFileRoute('/dashboard/settings/')({
  component: AccountSecurityPage,
});

function AccountSecurityPage() {
  const { supabase } = Route.useRouteContext();
  return <AccountSecurity auth={supabase.auth} />;
}

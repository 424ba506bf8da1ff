import { createFileRoute } from '@tanstack/react-router';
import { AccountSecurity } from '../../features/auth/account-security/account-security';
import { PageHeader } from '../../ui/layout';

export const Route = createFileRoute('/dashboard/settings')({
  component: Settings,
});

function Settings() {
  const { supabase, membership } = Route.useRouteContext();
  return (
    <>
      <PageHeader
        title="Settings"
        description={membership ? `Your account at ${membership.companyName}.` : 'Your account.'}
      />
      <AccountSecurity auth={supabase.auth} />
    </>
  );
}

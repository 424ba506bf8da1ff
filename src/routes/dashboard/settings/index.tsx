import { createFileRoute } from '@tanstack/react-router';
import { AccountSecurity } from '../../../features/auth/account-security/account-security';
import { YourLanguage } from '../../../features/shop-settings/your-language';
import { languageWrites } from '../../../data/remote/languages';

export const Route = createFileRoute('/dashboard/settings/')({
  component: AccountSecurityPage,
});

function AccountSecurityPage() {
  const { supabase, checkPassword, auth, membership } = Route.useRouteContext();
  const user = auth.getState().user;
  const email = user?.email ?? null;
  // The person's staff row in this shop is their user id ([STAFF-1]): the shared till's lock screen follows it.
  const own = user && membership ? { companyId: membership.companyId, staffId: user.id } : null;
  return (
    <div className="settings-grid">
      <AccountSecurity auth={supabase.auth} current={{ check: checkPassword, email }} />
      <YourLanguage
        device={{ storage: window.localStorage, browserLanguages: navigator.languages }}
        save={(language) => languageWrites(supabase).saveOwnLanguage(language, own)}
      />
    </div>
  );
}

// Account security in settings: password, two-step verification and linked Google sign-in.
import { useLingui } from '@lingui/react/macro';
import { Card } from '../../../ui/layout';
import type { AccountAuth } from './account-queries';
import { ChangePassword } from './change-password';
import { GoogleLink } from './google-link';
import { TwoStep } from './two-step';
import type { CurrentPasswordPort } from './current-password';
import '../auth.css';

export function AccountSecurity({ auth, current }: { auth: AccountAuth; current: CurrentPasswordPort }) {
  const { t } = useLingui();
  return (
    <div className="settings-grid">
      <Card title={t`Password`}>
        <ChangePassword auth={auth} current={current} />
      </Card>
      <Card title={t`Two-step verification`}>
        <TwoStep auth={auth} current={current} />
      </Card>
      <Card title={t`Google sign-in`}>
        <GoogleLink auth={auth} />
      </Card>
    </div>
  );
}

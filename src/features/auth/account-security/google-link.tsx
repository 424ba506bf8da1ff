// Link a Google account for signing in, or unlink it (never the only way in: GoTrue refuses that).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { plainAuthError, toAuthFailure } from '../auth-errors';
import { identitiesQuery, type AccountAuth } from './account-queries';

export function GoogleLink({ auth }: { auth: AccountAuth }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const identities = useQuery(identitiesQuery(auth));
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (identities.isPending) return <Spinner label={t`Loading sign-in methods`} />;
  if (identities.isError) return <Alert>{plainAuthError(toAuthFailure(identities.error))}</Alert>;
  const google = identities.data.find((identity) => identity.provider === 'google');

  async function link() {
    setBusy(true);
    setFailure(null);
    const { error } = await auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: `${window.location.origin}/auth/callback?redirect=/dashboard/settings` },
    });
    if (error) {
      setBusy(false);
      setFailure(plainAuthError(toAuthFailure(error)));
    }
  }

  async function unlink() {
    if (!google) return;
    setBusy(true);
    setFailure(null);
    const { error } = await auth.unlinkIdentity(google);
    setBusy(false);
    if (error) setFailure(plainAuthError(toAuthFailure(error)));
    await queryClient.invalidateQueries({ queryKey: identitiesQuery(auth).queryKey });
  }

  const email: unknown = google?.identity_data?.email;
  return (
    <div className="settings-section">
      {failure ? <Alert>{failure}</Alert> : null}
      {google ? (
        <>
          <p>
            {typeof email === 'string' ? (
              <Trans>Google is linked ({email}). You can sign in with it instead of your password.</Trans>
            ) : (
              <Trans>Google is linked. You can sign in with it instead of your password.</Trans>
            )}
          </p>
          <Button variant="secondary" isDisabled={busy} onPress={() => void unlink()}>
            <Trans>Unlink Google</Trans>
          </Button>
        </>
      ) : (
        <>
          <p>
            <Trans>Link your Google account to sign in with one click.</Trans>
          </p>
          <Button variant="secondary" isDisabled={busy} onPress={() => void link()}>
            <Trans>Link Google</Trans>
          </Button>
        </>
      )}
    </div>
  );
}

// Sign in with email and password or Google; asks for the authenticator code when the account has one. On a
// till, 'Pair this device' takes a manager's one-time code instead (issue 33), and a till whose pairing a
// manager revoked says so, with the sales that wait on it for a manager or an owner to sign in and send.
import { useState, type SyntheticEvent } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { Form } from 'react-aria-components';
import { plural, t as tNow } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { safeRedirect } from '../../lib/safe-redirect';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { AuthPanel } from '../../ui/layout';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { useAuth } from './auth-context';
import { plainAuthError } from './auth-errors';
import { GoogleButton } from './google-button';
import { PairDeviceForm, type PairDevice } from './pair-device-form';
import { SecondFactorForm } from './second-factor-form';
import { emailProblem, passwordProblem } from './validation';
import './auth.css';

export interface UnpairedTill {
  /** Sales and refunds still only on this device; null while counting. */
  unsyncedSales: number | null;
}

export function LoginPage({
  redirect,
  pair,
  unpaired = null,
  onSignedIn,
}: {
  redirect: string | null;
  pair?: PairDevice;
  unpaired?: UnpairedTill | null;
  /** After a person (not a till) signed in here. */
  onSignedIn?: () => void;
}) {
  const { t } = useLingui();
  const { store, loading, failure, needsSecondFactor, user } = useAuth();
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: string | null; password?: string | null }>({});
  const [pairing, setPairing] = useState(false);

  const goOn = () => {
    onSignedIn?.();
    router.history.push(safeRedirect(redirect));
  };

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const found = { email: emailProblem(email), password: passwordProblem(password) };
    setProblems(found);
    if (found.email || found.password) return;
    const result = await store.signIn(email.trim(), password);
    if (result.success && !store.getState().needsSecondFactor) goOn();
  }

  if (needsSecondFactor && user) {
    return (
      <AuthPanel
        title={t`Two-step verification`}
        subtitle={t`Open your authenticator app and enter the code for Tillpoint.`}
      >
        <SecondFactorForm onVerified={goOn} />
      </AuthPanel>
    );
  }

  if (pairing && pair) {
    return (
      <AuthPanel
        title={t`Pair this device`}
        subtitle={t`Make this tablet a till of your shop with a manager’s code.`}
      >
        <PairDeviceForm
          pair={pair}
          onCancel={() => {
            setPairing(false);
          }}
        />
      </AuthPanel>
    );
  }

  // Signed in: the next screen may take a moment to load (its databases open), and until it shows, the form
  // stays hidden so no one sees it under the bar's "Welcome" and signs in twice (issue 34).
  if (user && !needsSecondFactor) {
    return (
      <AuthPanel title={t`Signed in`} subtitle={t`Opening your shop.`}>
        <Spinner label={t`Opening`} />
      </AuthPanel>
    );
  }

  return (
    <AuthPanel
      title={t`Sign in to Tillpoint`}
      subtitle={t`Welcome back. Sign in to open your till or dashboard.`}
      footer={
        <p>
          <Trans>
            New to Tillpoint?{' '}
            <Link to="/signup" search={redirect ? { redirect } : {}} className="touch-link">
              Create an account
            </Link>
          </Trans>
        </p>
      }
    >
      {unpaired ? <Alert>{unpairedSentence(unpaired)}</Alert> : null}
      {failure ? <Alert>{plainAuthError(failure)}</Alert> : null}
      <Form className="auth-form" onSubmit={(event) => void submit(event)} validationBehavior="aria">
        <TextField
          label={t`Email`}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={problems.email ?? null}
          autoFocus
        />
        <TextField
          label={t`Password`}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={problems.password ?? null}
        />
        <div className="auth-form__row">
          <Link to="/forgot-password" className="auth-form__link touch-link">
            <Trans>Forgot password?</Trans>
          </Link>
        </div>
        <Button type="submit" size="lg" wide isDisabled={loading}>
          {loading ? t`Signing in…` : t`Sign in`}
        </Button>
      </Form>
      <div className="auth-divider" role="separator">
        <span>
          <Trans>or</Trans>
        </span>
      </div>
      <GoogleButton redirect={redirect} />
      {pair ? (
        <Button
          variant="secondary"
          wide
          className="auth-form__pair"
          onPress={() => {
            setPairing(true);
          }}
        >
          <Trans>Pair this device</Trans>
        </Button>
      ) : null}
    </AuthPanel>
  );
}

/** [DEV-11] What a till a manager unpaired says, and what is left on it to hand over. Whole sentences, so
 * each language orders its own words. */
export function unpairedSentence({ unsyncedSales }: UnpairedTill): string {
  if (unsyncedSales === null) {
    return tNow`This till was unpaired by a manager: sign in to hand over its unsynced sales. A manager can pair it again.`;
  }
  if (unsyncedSales === 0) {
    return tNow`This till was unpaired by a manager: nothing on it is waiting to sync. A manager can pair it again.`;
  }
  return plural(unsyncedSales, {
    one: 'This till was unpaired by a manager: sign in to hand over # unsynced sale. A manager can pair it again.',
    other:
      'This till was unpaired by a manager: sign in to hand over # unsynced sales. A manager can pair it again.',
  });
}

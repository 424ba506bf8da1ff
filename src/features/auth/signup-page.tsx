// Create an account: name, email, password. A new account has no shop yet, so it continues to onboarding.
import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Form } from 'react-aria-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { AuthPanel } from '../../ui/layout';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { useAuth } from './auth-context';
import { plainAuthError } from './auth-errors';
import { GoogleButton } from './google-button';
import { emailProblem, MIN_PASSWORD_LENGTH, passwordProblem } from './validation';
import './auth.css';

interface Problems {
  fullName?: string | null;
  email?: string | null;
  password?: string | null;
}

export function SignupPage({ redirect }: { redirect: string | null }) {
  const { t } = useLingui();
  const { store, loading, failure } = useAuth();
  const navigate = useNavigate();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [confirmationSent, setConfirmationSent] = useState(false);
  const [resent, setResent] = useState(false);
  // Signed in at once (no confirmation needed): the form must not come back, editable, while shop setup loads.
  const [continuing, setContinuing] = useState(false);

  const min = MIN_PASSWORD_LENGTH;

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const found: Problems = {
      fullName: fullName.trim() === '' ? t`Enter your name.` : null,
      email: emailProblem(email),
      password: passwordProblem(password, { forNewPassword: true }),
    };
    setProblems(found);
    if (found.fullName || found.email || found.password) return;
    const result = await store.signUp({ email: email.trim(), password, fullName: fullName.trim() });
    if (!result.success) return;
    if (store.getState().user) {
      setContinuing(true);
      await navigate({ to: '/onboarding' });
    } else setConfirmationSent(true);
  }

  if (continuing) {
    return (
      <AuthPanel title={t`Account created`} subtitle={t`Next, set up your shop.`}>
        <Spinner label={t`Opening shop setup`} />
      </AuthPanel>
    );
  }

  if (confirmationSent) {
    const address = email.trim();
    return (
      <AuthPanel title={t`Check your email`} subtitle={t`We sent a link to ${address}.`}>
        <p>
          <Trans>Open it on this device to confirm your address, then you can set up your shop.</Trans>
        </p>
        {failure ? <Alert>{plainAuthError(failure)}</Alert> : null}
        {resent ? (
          <p role="status">
            <Trans>We sent a new link. It replaces the one before.</Trans>
          </p>
        ) : null}
        <Button
          variant="secondary"
          wide
          isDisabled={loading}
          onPress={() => {
            void store.resendConfirmation(email.trim()).then((result) => {
              setResent(result.success);
            });
          }}
        >
          <Trans>Send the link again</Trans>
        </Button>
        <Link to="/login" className="button button--secondary button--wide">
          <Trans>Back to sign in</Trans>
        </Link>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel
      title={t`Create your Tillpoint account`}
      subtitle={t`Free to start. Set up your shop in a minute.`}
      footer={
        <p>
          <Trans>
            Already have an account?{' '}
            <Link to="/login" search={redirect ? { redirect } : {}} className="touch-link">
              Sign in
            </Link>
          </Trans>
        </p>
      }
    >
      {failure ? <Alert>{plainAuthError(failure)}</Alert> : null}
      <Form className="auth-form" onSubmit={(event) => void submit(event)} validationBehavior="aria">
        <TextField
          label={t`Full name`}
          name="fullName"
          autoComplete="name"
          value={fullName}
          onChange={setFullName}
          error={problems.fullName ?? null}
          autoFocus
        />
        <TextField
          label={t`Email`}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={problems.email ?? null}
        />
        <TextField
          label={t`Password`}
          name="password"
          type="password"
          autoComplete="new-password"
          description={t`At least ${min} characters.`}
          value={password}
          onChange={setPassword}
          error={problems.password ?? null}
        />
        <Button type="submit" size="lg" wide isDisabled={loading}>
          {loading ? t`Creating account…` : t`Create account`}
        </Button>
      </Form>
      <div className="auth-divider" role="separator">
        <span>
          <Trans>or</Trans>
        </span>
      </div>
      <GoogleButton redirect={redirect} />
    </AuthPanel>
  );
}

// Sign in with email and password or Google; asks for the authenticator code when the account has one.
import { useState, type SyntheticEvent } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { Form } from 'react-aria-components';
import { safeRedirect } from '../../lib/safe-redirect';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { AuthPanel } from '../../ui/layout';
import { TextField } from '../../ui/text-field';
import { useAuth } from './auth-context';
import { plainAuthError } from './auth-errors';
import { GoogleButton } from './google-button';
import { SecondFactorForm } from './second-factor-form';
import { emailProblem, passwordProblem } from './validation';
import './auth.css';

export function LoginPage({ redirect }: { redirect: string | null }) {
  const { store, loading, failure, needsSecondFactor, user } = useAuth();
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: string | null; password?: string | null }>({});

  const goOn = () => {
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
        title="Two-step verification"
        subtitle="Open your authenticator app and enter the code for Tillpoint."
      >
        <SecondFactorForm onVerified={goOn} />
      </AuthPanel>
    );
  }

  return (
    <AuthPanel
      title="Sign in to Tillpoint"
      subtitle="Welcome back. Sign in to open your till or dashboard."
      footer={
        <p>
          New to Tillpoint?{' '}
          <Link to="/signup" search={redirect ? { redirect } : {}}>
            Create an account
          </Link>
        </p>
      }
    >
      {failure ? <Alert>{plainAuthError(failure)}</Alert> : null}
      <Form className="auth-form" onSubmit={(event) => void submit(event)} validationBehavior="aria">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={problems.email ?? null}
          autoFocus
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={problems.password ?? null}
        />
        <div className="auth-form__row">
          <Link to="/forgot-password" className="auth-form__link">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" wide isDisabled={loading}>
          {loading ? 'Signing in…' : 'Sign in'}
        </Button>
      </Form>
      <div className="auth-divider" role="separator">
        <span>or</span>
      </div>
      <GoogleButton redirect={redirect} />
    </AuthPanel>
  );
}

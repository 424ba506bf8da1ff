// Ask for a password-reset link. The answer is the same whether or not the address has an account, so the
// page cannot be used to find out who has one.
import { useState, type SyntheticEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Form } from 'react-aria-components';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { AuthPanel } from '../../ui/layout';
import { TextField } from '../../ui/text-field';
import { plainAuthError, toAuthFailure } from './auth-errors';
import { emailProblem } from './validation';
import './auth.css';

type RecoverAuth = Pick<SupabaseClient['auth'], 'resetPasswordForEmail'>;

export function ForgotPasswordPage({ auth }: { auth: RecoverAuth }) {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found);
    if (found) return;
    setSending(true);
    setFailure(null);
    const { error } = await auth.resetPasswordForEmail(email.trim(), {
      redirectTo: `${window.location.origin}/auth/callback?next=reset`,
    });
    setSending(false);
    if (error) setFailure(plainAuthError(toAuthFailure(error)));
    else setSent(true);
  }

  if (sent) {
    const address = email.trim();
    return (
      <AuthPanel title={t`Check your email`}>
        <Alert tone="success">
          <Trans>If an account exists for {address}, we have sent it a link to choose a new password.</Trans>
        </Alert>
        <p>
          <Trans>The link works once and expires soon. Open it on this device.</Trans>
        </p>
        <Link to="/login" className="button button--secondary button--wide">
          <Trans>Back to sign in</Trans>
        </Link>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel
      title={t`Reset your password`}
      subtitle={t`Enter the email you sign in with and we will send you a link to choose a new password.`}
      footer={
        <Link to="/login" className="touch-link">
          <Trans>Back to sign in</Trans>
        </Link>
      }
    >
      {failure ? <Alert>{failure}</Alert> : null}
      <Form className="auth-form" onSubmit={(event) => void submit(event)} validationBehavior="aria">
        <TextField
          label={t`Email`}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={problem}
          autoFocus
        />
        <Button type="submit" size="lg" wide isDisabled={sending}>
          {sending ? t`Sending…` : t`Send reset link`}
        </Button>
      </Form>
    </AuthPanel>
  );
}

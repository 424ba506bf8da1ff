// The end of a recovery link: the user holds a recovery session and chooses a new password.
import { useState, type SyntheticEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Form } from 'react-aria-components';
import { useLingui } from '@lingui/react/macro';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { AuthPanel } from '../../ui/layout';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import { plainAuthError, toAuthFailure } from './auth-errors';
import { MIN_PASSWORD_LENGTH, passwordProblem } from './validation';
import './auth.css';

type UpdateAuth = Pick<SupabaseClient['auth'], 'updateUser'>;

export function ResetPasswordPage({ auth }: { auth: UpdateAuth }) {
  const { t } = useLingui();
  const min = MIN_PASSWORD_LENGTH;
  const navigate = useNavigate();
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const found = passwordProblem(password, { forNewPassword: true });
    setProblem(found);
    if (found) return;
    setSaving(true);
    setFailure(null);
    const { error } = await auth.updateUser({ password });
    setSaving(false);
    if (error) {
      setFailure(plainAuthError(toAuthFailure(error)));
      return;
    }
    toast(t`Your password has been changed.`);
    await navigate({ to: '/dashboard' });
  }

  return (
    <AuthPanel title={t`Choose a new password`} subtitle={t`You will use it the next time you sign in.`}>
      {failure ? <Alert>{failure}</Alert> : null}
      <Form className="auth-form" onSubmit={(event) => void submit(event)} validationBehavior="aria">
        <TextField
          label={t`New password`}
          name="password"
          type="password"
          autoComplete="new-password"
          description={t`At least ${min} characters.`}
          value={password}
          onChange={setPassword}
          error={problem}
          autoFocus
        />
        <Button type="submit" size="lg" wide isDisabled={saving}>
          {saving ? t`Saving…` : t`Save new password`}
        </Button>
      </Form>
    </AuthPanel>
  );
}

// Change the password of the signed-in account.
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { plainAuthError, toAuthFailure } from '../auth-errors';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '../validation';
import type { AccountAuth } from './account-queries';

export function ChangePassword({ auth }: { auth: AccountAuth }) {
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<{ password?: string | null; confirm?: string | null }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const found = {
      password: passwordProblem(password, { forNewPassword: true }),
      confirm: confirm === password ? null : 'The two passwords do not match.',
    };
    setProblems(found);
    if (found.password || found.confirm) return;
    setSaving(true);
    setFailure(null);
    const { error } = await auth.updateUser({ password });
    setSaving(false);
    if (error) {
      setFailure(plainAuthError(toAuthFailure(error)));
      return;
    }
    setPassword('');
    setConfirm('');
    toast('Your password has been changed.');
  }

  return (
    <Form className="auth-form" onSubmit={(event) => void submit(event)} validationBehavior="aria">
      {failure ? <Alert>{failure}</Alert> : null}
      <TextField
        label="New password"
        name="new-password"
        type="password"
        autoComplete="new-password"
        description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        value={password}
        onChange={setPassword}
        error={problems.password ?? null}
      />
      <TextField
        label="Confirm new password"
        name="confirm-password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        error={problems.confirm ?? null}
      />
      <Button type="submit" isDisabled={saving}>
        {saving ? 'Saving…' : 'Change password'}
      </Button>
    </Form>
  );
}

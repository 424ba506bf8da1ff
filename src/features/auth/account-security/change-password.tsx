// Change the password of the signed-in account: the current password first ([ACCOUNT-1]), checked with a
// fresh sign-in and sent along (`current_password`) for a server that enforces it. An account that has no
// password yet (it signs in with Google only) sets one without it, as GoTrue allows.
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { plainAuthError, toAuthFailure } from '../auth-errors';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '../validation';
import { identitiesQuery, type AccountAuth } from './account-queries';
import { currentPasswordProblem, type CurrentPasswordPort } from './current-password';

export function ChangePassword({ auth, current }: { auth: AccountAuth; current: CurrentPasswordPort }) {
  const { t } = useLingui();
  const min = MIN_PASSWORD_LENGTH;
  const toast = useToast();
  const identities = useQuery(identitiesQuery(auth));
  // Until the identities are read, assume a password exists: asking once too often is the safe side.
  const hasPassword = identities.data?.some((identity) => identity.provider === 'email') ?? true;
  const [existing, setExisting] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<{
    existing?: string | null;
    password?: string | null;
    confirm?: string | null;
  }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const found = {
      existing: hasPassword && existing === '' ? t`Type your current password.` : null,
      password: passwordProblem(password, { forNewPassword: true }),
      confirm: confirm === password ? null : t`The two passwords do not match.`,
    };
    setProblems(found);
    if (found.existing || found.password || found.confirm) return;
    setSaving(true);
    setFailure(null);
    const wrong = hasPassword ? await currentPasswordProblem(current.check, current.email, existing) : null;
    if (wrong) {
      setSaving(false);
      setExisting('');
      setProblems({ existing: wrong });
      return;
    }
    const { error } = await auth.updateUser(
      hasPassword ? { password, current_password: existing } : { password },
    );
    setSaving(false);
    if (error) {
      setFailure(plainAuthError(toAuthFailure(error)));
      return;
    }
    setExisting('');
    setPassword('');
    setConfirm('');
    toast(t`Your password has been changed.`);
  }

  return (
    <Form className="auth-form" onSubmit={(event) => void submit(event)} validationBehavior="aria">
      {failure ? <Alert>{failure}</Alert> : null}
      {hasPassword ? (
        <TextField
          label={t`Current password`}
          name="current-password"
          type="password"
          autoComplete="current-password"
          value={existing}
          onChange={setExisting}
          error={problems.existing ?? null}
        />
      ) : (
        <p>
          <Trans>
            This account signs in with Google and has no password yet: set one to sign in with your email too.
          </Trans>
        </p>
      )}
      <TextField
        label={t`New password`}
        name="new-password"
        type="password"
        autoComplete="new-password"
        description={t`At least ${min} characters.`}
        value={password}
        onChange={setPassword}
        error={problems.password ?? null}
      />
      <TextField
        label={t`Confirm new password`}
        name="confirm-password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        error={problems.confirm ?? null}
      />
      <Button type="submit" isDisabled={saving}>
        {saving ? t`Saving…` : t`Change password`}
      </Button>
    </Form>
  );
}

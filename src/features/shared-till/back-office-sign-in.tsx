// 'Back office: sign in' on a shared till (issue 33, [COUNTER-2]): the account this till is signed in as
// types its own email and password, checked by a fresh sign-in with the server, and the back office opens
// (the counter locks first). A PIN never opens it; another account's sign-in belongs on its own device, so
// this till's sync session is never swapped here. Offline the password cannot be checked, and it says so.
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PasswordCheck } from '../../data/remote/password-check';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/text-field';
import type { BackOffice } from './back-office';
import './shared-till.css';

export interface TillAccount {
  userId: string;
  email: string;
}

export function BackOfficeSignIn({
  account,
  checkPassword,
  office,
  isOpen,
  onOpenChange,
  onOpened,
}: {
  account: TillAccount;
  checkPassword: PasswordCheck;
  office: BackOffice;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onOpened: () => void;
}) {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    setFailure(null);
    if (email.trim().toLowerCase() !== account.email.toLowerCase()) {
      const tillEmail = account.email;
      setFailure(
        t`This till is signed in as ${tillEmail}, and only that account opens its back office. Use your own device for your own account.`,
      );
      return;
    }
    if (password === '') {
      setFailure(t`Type the password of that account.`);
      return;
    }
    setChecking(true);
    const verdict = await checkPassword(account.email, password);
    setChecking(false);
    setPassword('');
    if (!verdict.ok) {
      setFailure(verdict.reason === 'wrong' ? t`That password is not right.` : verdict.message);
      return;
    }
    office.open(account);
    setEmail('');
    onOpened();
  }

  const tillEmail = account.email;
  return (
    <Dialog title={t`Back office: sign in`} isOpen={isOpen} onOpenChange={onOpenChange}>
      <p>
        <Trans>
          A PIN opens the counter only. Settings, Staff, Products, Insights and Activity need the account this
          till is signed in as: <strong>{tillEmail}</strong>. The counter locks while the back office is open.
        </Trans>
      </p>
      <Form className="back-office-form" onSubmit={(event) => void submit(event)} validationBehavior="aria">
        {failure ? <Alert>{failure}</Alert> : null}
        <TextField
          label={t`Email`}
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
          autoFocus
        />
        <TextField
          label={t`Password`}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <Button type="submit" isDisabled={checking}>
          {checking ? t`Checking…` : t`Open back office`}
        </Button>
      </Form>
    </Dialog>
  );
}

// Enrolment step: scan the QR code (or type the secret) into an authenticator app, then confirm with a code.
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { plainAuthError, toAuthFailure } from '../auth-errors';
import { codeProblem } from '../validation';
import type { AccountAuth } from './account-queries';
import { qrImageSource } from './qr-image';

export interface Enrolment {
  factorId: string;
  qrCode: string;
  secret: string;
}

export function TotpEnrolment({
  auth,
  enrolment,
  onDone,
  onCancel,
}: {
  auth: AccountAuth;
  enrolment: Enrolment;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const secret = enrolment.secret;
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const found = codeProblem(code);
    setProblem(found);
    if (found) return;
    setBusy(true);
    setFailure(null);
    const { error } = await auth.mfa.challengeAndVerify({ factorId: enrolment.factorId, code: code.trim() });
    setBusy(false);
    if (error) setFailure(plainAuthError(toAuthFailure(error)));
    else onDone();
  }

  return (
    <div className="settings-section totp">
      <ol className="totp__steps">
        <li>
          <Trans>Open your authenticator app and add an account.</Trans>
        </li>
        <li>
          <Trans>Scan this QR code, or type the secret key.</Trans>
        </li>
        <li>
          <Trans>Enter the 6-digit code the app shows.</Trans>
        </li>
      </ol>
      <img
        className="totp__qr"
        src={qrImageSource(enrolment.qrCode)}
        alt={t`QR code to add Tillpoint to your authenticator app`}
      />
      <p className="totp__secret">
        <Trans>
          Secret key: <code data-testid="totp-secret">{secret}</code>
        </Trans>
      </p>
      {failure ? <Alert>{failure}</Alert> : null}
      <Form className="auth-form" onSubmit={(event) => void submit(event)} validationBehavior="aria">
        <TextField
          label={t`Authentication code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={setCode}
          error={problem}
        />
        <div className="button-row">
          <Button type="submit" isDisabled={busy}>
            {busy ? t`Checking…` : t`Confirm and turn on`}
          </Button>
          <Button variant="ghost" onPress={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </Form>
    </div>
  );
}

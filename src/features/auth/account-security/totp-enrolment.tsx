// Enrolment step: scan the QR code (or type the secret) into an authenticator app, then confirm with a code.
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
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
        <li>Open your authenticator app and add an account.</li>
        <li>Scan this QR code, or type the secret key.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        className="totp__qr"
        src={qrImageSource(enrolment.qrCode)}
        alt="QR code to add Tillpoint to your authenticator app"
      />
      <p className="totp__secret">
        Secret key: <code data-testid="totp-secret">{enrolment.secret}</code>
      </p>
      {failure ? <Alert>{failure}</Alert> : null}
      <Form className="auth-form" onSubmit={(event) => void submit(event)} validationBehavior="aria">
        <TextField
          label="Authentication code"
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
            {busy ? 'Checking…' : 'Confirm and turn on'}
          </Button>
          <Button variant="ghost" onPress={onCancel}>
            Cancel
          </Button>
        </div>
      </Form>
    </div>
  );
}

// Two-step verification with an authenticator app: enrol (QR code + secret, confirmed with a code) or turn off.
// Either asks for the current password first ([ACCOUNT-1]): a signed-in screen alone never changes how the
// account signs in.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Spinner } from '../../../ui/spinner';
import { useToast } from '../../../ui/toast';
import { plainAuthError, toAuthFailure } from '../auth-errors';
import { factorsQuery, type AccountAuth } from './account-queries';
import { TotpEnrolment, type Enrolment } from './totp-enrolment';
import { TextField } from '../../../ui/text-field';
import { currentPasswordProblem, type CurrentPasswordPort } from './current-password';

export function TwoStep({ auth, current }: { auth: AccountAuth; current: CurrentPasswordPort }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const toast = useToast();
  const factors = useQuery(factorsQuery(auth));
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The current password typed to turn it on (null until asked) or off. */
  const [existing, setExisting] = useState<string | null>(null);
  const [wrong, setWrong] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: factorsQuery(auth).queryKey });

  if (factors.isPending) return <Spinner label={t`Loading two-step verification`} />;
  if (factors.isError) return <Alert>{plainAuthError(toAuthFailure(factors.error))}</Alert>;
  const all = factors.data;
  const verified = all.find((factor) => factor.status === 'verified');

  /** True once the typed current password checked out; otherwise says why under the field. */
  async function confirmed(): Promise<boolean> {
    const problem = await currentPasswordProblem(current.check, current.email, existing ?? '');
    setWrong(problem);
    setExisting('');
    return problem === null;
  }

  async function turnOn() {
    setBusy(true);
    setFailure(null);
    if (!(await confirmed())) {
      setBusy(false);
      return;
    }
    setExisting(null);
    try {
      // A half-finished earlier attempt would clash with the new one; it was never usable, so drop it.
      for (const stale of all.filter((factor) => factor.status !== 'verified')) {
        await auth.mfa.unenroll({ factorId: stale.id });
      }
      const { data, error } = await auth.mfa.enroll({
        factorType: 'totp',
        friendlyName: 'Authenticator app', // a data key GoTrue stores, never shown
      });
      if (error) throw error;
      setEnrolment({ factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret });
    } catch (error) {
      setFailure(plainAuthError(toAuthFailure(error)));
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    if (!verified) return;
    setBusy(true);
    setFailure(null);
    if (!(await confirmed())) {
      setBusy(false);
      return;
    }
    const { error } = await auth.mfa.unenroll({ factorId: verified.id });
    setBusy(false);
    setConfirmOff(false);
    setExisting(null);
    if (error) setFailure(plainAuthError(toAuthFailure(error)));
    else toast(t`Two-step verification is off.`);
    await refresh();
  }

  if (enrolment) {
    return (
      <TotpEnrolment
        auth={auth}
        enrolment={enrolment}
        onDone={() => {
          setEnrolment(null);
          toast(t`Two-step verification is on.`);
          void refresh();
        }}
        onCancel={() => {
          void auth.mfa.unenroll({ factorId: enrolment.factorId }).then(refresh);
          setEnrolment(null);
        }}
      />
    );
  }

  return (
    <div className="settings-section">
      {failure ? <Alert>{failure}</Alert> : null}
      {verified ? (
        <>
          <p>
            <Trans>
              <span className="badge badge--on">On</span> Signing in asks for a code from your authenticator
              app.
            </Trans>
          </p>
          <Button
            variant="danger"
            isDisabled={busy}
            onPress={() => {
              setExisting('');
              setWrong(null);
              setConfirmOff(true);
            }}
          >
            <Trans>Turn off two-step verification</Trans>
          </Button>
          <Dialog title={t`Turn off two-step verification?`} isOpen={confirmOff} onOpenChange={setConfirmOff}>
            <p>
              <Trans>Anyone who learns your password will be able to sign in as you.</Trans>
            </p>
            <CurrentPassword value={existing ?? ''} onChange={setExisting} error={wrong} />
            <div className="dialog__actions">
              <Button
                variant="secondary"
                onPress={() => {
                  setConfirmOff(false);
                }}
              >
                <Trans>Keep it on</Trans>
              </Button>
              <Button variant="danger" isDisabled={busy} onPress={() => void turnOff()}>
                <Trans>Turn off</Trans>
              </Button>
            </div>
          </Dialog>
        </>
      ) : (
        <>
          <p>
            <Trans>
              <span className="badge">Off</span> Protect your account with a code from an authenticator app
              (Google Authenticator, 1Password, Authy…) as well as your password.
            </Trans>
          </p>
          {existing === null ? (
            <Button
              isDisabled={busy}
              onPress={() => {
                setExisting('');
                setWrong(null);
              }}
            >
              <Trans>Turn on two-step verification</Trans>
            </Button>
          ) : (
            <>
              <CurrentPassword value={existing} onChange={setExisting} error={wrong} />
              <div className="dialog__actions">
                <Button
                  variant="secondary"
                  onPress={() => {
                    setExisting(null);
                  }}
                >
                  <Trans>Cancel</Trans>
                </Button>
                <Button isDisabled={busy} onPress={() => void turnOn()}>
                  <Trans>Continue</Trans>
                </Button>
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}

function CurrentPassword({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Current password`}
      name="current-password"
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={onChange}
      error={error}
      autoFocus
    />
  );
}

// Settings → Staff, "Your security keys" (issue 33, SPEC [PASSKEY-T8]): a signed-in manager or owner adds a
// security key or passkey to their own name (named, so they can tell their keys apart) and removes one. The
// browser makes the key (WebAuthn, ES256 only, the registration challenge of src/domain/passkey.ts); the
// server checks it and keeps its public key, which every till of the shop then receives to check approvals
// offline. Nothing secret leaves the key.
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { msg, t as translate } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { uuidBytes, type WebAuthnFailure, type WebAuthnPort } from '../../data/devices/webauthn';
import { SettingsError } from '../../data/remote/shop-settings';
import type { StaffPasskey, StaffPasskeys } from '../../data/remote/staff-passkeys';
import { registrationChallenge } from '../../domain/passkey';
import { dateFormat, screenLocale } from '../../lib/i18n/intl';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useOnline } from '../../ui/use-online';
import { useSave } from './use-save';

const CREATE_WORDS: Record<WebAuthnFailure, MessageDescriptor> = {
  cancelled: msg`Adding the key was cancelled or timed out. Nothing was added.`,
  unsupported: msg`This browser cannot use security keys.`,
  exists: msg`This security key is added already.`,
  failed: msg`The security key could not be added. Try again.`,
};

/** [PASSKEY-T8] A key's name, trimmed: 1 to 60 characters. */
export function keyNameProblem(name: string): string | null {
  const length = name.trim().length;
  return length >= 1 && length <= 60
    ? null
    : translate`Name the key in 1 to 60 characters, for example “Blue key”.`;
}

export function SecurityKeys({
  companyId,
  staffId,
  personName,
  passkeys,
  webauthn,
}: {
  companyId: string;
  staffId: string;
  personName: string;
  passkeys: StaffPasskeys;
  webauthn: WebAuthnPort;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const queryKey = ['staff-passkeys', companyId, staffId];
  const keys = useQuery({ queryKey, queryFn: () => passkeys.list(staffId) });
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey });
  };
  const removal = useSave(refresh);
  const remove = (key: StaffPasskey) => {
    setNotice(null);
    const name = key.name;
    void removal.save(() => passkeys.remove(key.id), t`${name} is removed.`);
  };
  return (
    <section className="settings-section" aria-labelledby="security-keys-title">
      <h2 id="security-keys-title" className="section-title">
        <Trans>Your security keys</Trans>
      </h2>
      <p className="settings-section__note">
        <Trans>
          Approve at a shared till by touching a security key or passkey: an approval nobody can make without
          the key, checked by the till at once and by the server after sync.
        </Trans>
      </p>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {removal.done ? <Alert tone="success">{removal.done}</Alert> : null}
      {removal.error ? <Alert>{removal.error}</Alert> : null}
      {keys.isError ? (
        <Alert>
          <Trans>Your security keys could not be loaded.</Trans> {keys.error.message}
        </Alert>
      ) : null}
      {keys.data && keys.data.length > 0 ? (
        <ul className="settings-list" aria-label={t`Your security keys`}>
          {keys.data.map((key) => {
            const name = key.name;
            const date = addedOn(key.created_at);
            return (
              <li key={key.id} className="settings-list__row">
                <span className="settings-list__name">{name}</span>
                <span className="settings-list__detail">
                  <Trans>Added {date}</Trans>
                </span>
                <span className="settings-list__actions">
                  <Button
                    variant="danger"
                    aria-label={t`Remove ${name}`}
                    isDisabled={removal.busy}
                    onPress={() => {
                      remove(key);
                    }}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      ) : keys.data ? (
        <p>
          <Trans>You have no security key yet.</Trans>
        </p>
      ) : null}
      {adding ? (
        <AddKeyForm
          add={async (name) => {
            const challenge = await registrationChallenge(companyId, staffId);
            const made = await webauthn.createCredential({
              challenge,
              rpId: window.location.hostname,
              userId: uuidBytes(staffId),
              userName: personName,
              displayName: personName,
            });
            if (!made.ok) throw new SettingsError(t(CREATE_WORDS[made.failure]));
            await passkeys.register(staffId, { ...made.value, name });
          }}
          onDone={(name) => {
            setAdding(false);
            setNotice(t`${name} is added.`);
            refresh();
          }}
          onCancel={() => {
            setAdding(false);
          }}
        />
      ) : (
        <Button
          variant="secondary"
          onPress={() => {
            setNotice(null);
            setAdding(true);
          }}
        >
          <Trans>Add a security key</Trans>
        </Button>
      )}
    </section>
  );
}

function addedOn(iso: string): string {
  return dateFormat(screenLocale(), { year: 'numeric', month: 'short', day: 'numeric' }).format(
    new Date(iso),
  );
}

/** Asks the key's name, then the browser for the key; a refusal (the browser's or the server's) keeps the name. */
function AddKeyForm({
  add,
  onDone,
  onCancel,
}: {
  /** Makes and registers the key; the browser's or the server's refusal is a SettingsError in words. */
  add: (name: string) => Promise<void>;
  onDone: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const online = useOnline();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, error, save } = useSave(() => undefined);
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const found =
      keyNameProblem(name) ??
      (online ? null : t`You are offline: security keys are saved on the server. Connect, then try again.`);
    setProblem(found);
    if (found !== null) return;
    const trimmed = name.trim();
    if (await save(() => add(trimmed), '')) onDone(trimmed);
  };
  const message = problem ?? error;
  return (
    <Form
      className="settings-form"
      aria-label={t`Add a security key`}
      onSubmit={(event) => void submit(event)}
    >
      <TextField label={t`Key name`} name="key-name" value={name} onChange={setName} autoFocus />
      {message ? <Alert>{message}</Alert> : null}
      <div className="button-row">
        <Button type="submit" isDisabled={busy}>
          {busy ? <Trans>Touch the security key…</Trans> : <Trans>Add key</Trans>}
        </Button>
        <Button variant="secondary" onPress={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </Form>
  );
}

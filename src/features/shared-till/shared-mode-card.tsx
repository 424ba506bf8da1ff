// Settings → This till → Shared mode (issue 18): an owner or a manager puts this device into shared mode
// (staff switch by PIN; the device keeps their session to sync) or takes it out, and may give this till its
// own idle minutes. A device setting in the ledger, so it works offline; logged as a 'shared_mode' event.
// Turning it off asks for the signed-in account's password first (issue 33, [COUNTER-3]): with the till
// in shared mode anyone who reaches this card did so through the back office, and leaving shared mode hands
// the whole device back to that account, so it is checked again, online.
import { useCallback, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { readSharedMode, writeSharedMode } from '../../data/local/shared-till-meta';
import type { PasswordCheck } from '../../data/remote/password-check';
import { TextField } from '../../ui/text-field';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { logActivity, type SharedTillDeps } from './shared-till-deps';
import { isManager, type StaffRole } from './till-session';

export function SharedModeCard({
  deps,
  role,
  email,
  checkPassword,
}: {
  deps: SharedTillDeps;
  role: StaffRole;
  /** The signed-in account, whose password turns shared mode off. */
  email: string | null;
  checkPassword: PasswordCheck;
}) {
  const { t } = useLingui();
  const { ledger } = deps.commandDeps;
  const read = useCallback(() => readSharedMode(ledger), [ledger]);
  const setting = readyValue(useLiveQuery(read));
  const [idle, setIdle] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  /** Null until 'Turn shared mode off' is pressed; then the password typed to confirm it. */
  const [password, setPassword] = useState<string | null>(null);
  if (!setting) return null;
  const idleText = idle ?? (setting.idleMinutes === null ? '' : String(setting.idleMinutes));

  if (!isManager(role)) {
    return (
      <section className="shared-mode" aria-labelledby="shared-mode-title">
        <h3 id="shared-mode-title">
          <Trans>Shared mode</Trans>
        </h3>
        <p>
          {setting.on ? (
            <Trans>On: staff switch at this till by PIN. An owner or a manager turns it on or off.</Trans>
          ) : (
            <Trans>Off. An owner or a manager turns it on or off.</Trans>
          )}
        </p>
      </section>
    );
  }

  async function turnOff() {
    if (password === null) {
      setPassword('');
      setMessage(null);
      return;
    }
    if (!email) {
      setMessage({ tone: 'error', text: t`This account has no password to check: shared mode stays on.` });
      return;
    }
    const verdict = await checkPassword(email, password);
    setPassword('');
    if (!verdict.ok) {
      const text =
        verdict.reason === 'wrong'
          ? t`That password is not right. Shared mode is still on.`
          : verdict.message;
      setMessage({ tone: 'error', text });
      return;
    }
    setPassword(null);
    await save(false);
  }

  async function save(on: boolean) {
    const trimmed = idleText.trim();
    const minutes = trimmed === '' ? null : Number(trimmed);
    if (minutes !== null && (!Number.isInteger(minutes) || minutes < 0 || minutes > 720)) {
      setMessage({
        tone: 'error',
        text: t`Idle minutes are a whole number from 0 (never) to 720, or empty.`,
      });
      return;
    }
    await writeSharedMode(ledger, {
      on,
      idleMinutes: minutes,
      changedBy: deps.userId,
      changedAt: new Date(deps.now()).toISOString(),
    });
    if (on !== setting?.on) await logActivity(deps, 'shared_mode', { on }, null);
    setIdle(null);
    setMessage({
      tone: 'success',
      text: on ? t`Shared mode is on. The register asks who is selling.` : t`Shared mode is off.`,
    });
  }

  return (
    <section className="shared-mode" aria-labelledby="shared-mode-title">
      <h3 id="shared-mode-title">
        <Trans>Shared mode</Trans>
      </h3>
      <p>
        {setting.on
          ? t`On: the register locks and staff switch by PIN. This device stays signed in as you to sync.`
          : t`Off: the register sells as the signed-in user.`}
      </p>
      <label className="field">
        <span className="field__label">
          <Trans>Lock after idle minutes on this till</Trans>
        </span>
        <input
          className="field__input"
          name="idle-minutes"
          inputMode="numeric"
          placeholder={t`The shop's setting`}
          value={idleText}
          onChange={(event) => {
            setIdle(event.target.value);
          }}
        />
      </label>
      {setting.on && password !== null ? (
        <TextField
          label={email ? t`Password of ${email}` : t`Password of this account`}
          name="shared-mode-password"
          type="password"
          autoComplete="current-password"
          description={t`Turning shared mode off hands this device back to the account. Type its password, then press 'Turn shared mode off' again.`}
          value={password}
          onChange={setPassword}
          autoFocus
        />
      ) : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="shared-mode__actions">
        {setting.on ? (
          <>
            <Button onPress={() => void save(true)}>
              <Trans>Save</Trans>
            </Button>
            <Button variant="secondary" onPress={() => void turnOff()}>
              <Trans>Turn shared mode off</Trans>
            </Button>
          </>
        ) : (
          <Button onPress={() => void save(true)}>
            <Trans>Turn shared mode on</Trans>
          </Button>
        )}
      </div>
    </section>
  );
}

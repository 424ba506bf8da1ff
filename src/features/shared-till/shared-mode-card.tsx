// Settings → This till → Shared mode (issue 18): an owner or a manager puts this device into shared mode
// (staff switch by PIN; the device keeps their session to sync) or takes it out, and may give this till its
// own idle minutes. A device setting in the ledger, so it works offline; logged as a 'shared_mode' event.
import { useCallback, useState } from 'react';
import { readSharedMode, writeSharedMode } from '../../data/local/shared-till-meta';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { logActivity, type SharedTillDeps } from './shared-till-deps';
import { isManager, type StaffRole } from './till-session';

export function SharedModeCard({ deps, role }: { deps: SharedTillDeps; role: StaffRole }) {
  const { ledger } = deps.commandDeps;
  const read = useCallback(() => readSharedMode(ledger), [ledger]);
  const setting = readyValue(useLiveQuery(read));
  const [idle, setIdle] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  if (!setting) return null;
  const idleText = idle ?? (setting.idleMinutes === null ? '' : String(setting.idleMinutes));

  if (!isManager(role)) {
    return (
      <section className="shared-mode" aria-labelledby="shared-mode-title">
        <h3 id="shared-mode-title">Shared mode</h3>
        <p>
          {setting.on ? 'On: staff switch at this till by PIN.' : 'Off.'} An owner or a manager turns it on or
          off.
        </p>
      </section>
    );
  }

  async function save(on: boolean) {
    const trimmed = idleText.trim();
    const minutes = trimmed === '' ? null : Number(trimmed);
    if (minutes !== null && (!Number.isInteger(minutes) || minutes < 0 || minutes > 720)) {
      setMessage({ tone: 'error', text: 'Idle minutes are a whole number from 0 (never) to 720, or empty.' });
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
      text: on ? 'Shared mode is on. The register asks who is selling.' : 'Shared mode is off.',
    });
  }

  return (
    <section className="shared-mode" aria-labelledby="shared-mode-title">
      <h3 id="shared-mode-title">Shared mode</h3>
      <p>
        {setting.on
          ? 'On: the register locks and staff switch by PIN. This device stays signed in as you to sync.'
          : 'Off: the register sells as the signed-in user.'}
      </p>
      <label className="field">
        <span className="field__label">Lock after idle minutes on this till</span>
        <input
          className="field__input"
          name="idle-minutes"
          inputMode="numeric"
          placeholder="The shop's setting"
          value={idleText}
          onChange={(event) => {
            setIdle(event.target.value);
          }}
        />
      </label>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="shared-mode__actions">
        {setting.on ? (
          <>
            <Button onPress={() => void save(true)}>Save</Button>
            <Button variant="secondary" onPress={() => void save(false)}>
              Turn shared mode off
            </Button>
          </>
        ) : (
          <Button onPress={() => void save(true)}>Turn shared mode on</Button>
        )}
      </div>
    </section>
  );
}

// Pick a person, type their PIN on a keypad (or the keyboard), and the PIN is checked on this device with
// their lockout ([PIN-3], [PIN-5]). Shared by the lock screen ('Unlock') and manager approval ('Approve').
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lockoutMessage, type PinLock } from '../../domain/pin-lockout';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { checkPin, storedLock, type TillPerson } from './pin-check';
import { logActivity, type SharedTillDeps } from './shared-till-deps';

const ROLE_NAMES = { owner: msg`Owner`, manager: msg`Manager`, cashier: msg`Cashier` } as const;

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

export interface PinEntryProps {
  deps: SharedTillDeps;
  people: readonly TillPerson[];
  /** What the list asks: "Who is selling?", "Which manager approves?". */
  question: string;
  submitLabel: string;
  onRight: (person: TillPerson, key: string) => void | Promise<void>;
  /** Shown under a locked-out person's message (the lock screen offers a manager's clear). */
  lockedOutAction?: (person: TillPerson, cleared: () => void) => ReactNode;
  /** Starts on this person (the approval dialog with one manager). */
  initial?: TillPerson | null;
  /** [PIN-6] Said when the PIN must be checked online and there is no connection. */
  offlineMessage?: string;
}

export function PinEntry({
  deps,
  people,
  question,
  submitLabel,
  onRight,
  lockedOutAction,
  initial = null,
  offlineMessage,
}: PinEntryProps) {
  const { t } = useLingui();
  const [picked, setPicked] = useState<TillPerson | null>(initial);
  if (picked === null) {
    if (people.length === 0) {
      return (
        <Alert tone="warning" title={t`Nobody here has a PIN yet`}>
          <Trans>Set PINs in Settings → Staff; this till gets them at its next sync.</Trans>
        </Alert>
      );
    }
    return (
      <fieldset className="pin-people">
        <legend className="pin-people__question">{question}</legend>
        <ul className="pin-people__list">
          {people.map((person) => (
            <li key={person.id}>
              <Button
                variant="secondary"
                size="lg"
                wide
                onPress={() => {
                  setPicked(person);
                }}
              >
                {person.name}
                <span className="pin-people__role"> · {t(ROLE_NAMES[person.role])}</span>
              </Button>
            </li>
          ))}
        </ul>
      </fieldset>
    );
  }
  return (
    <PinPad
      key={picked.id}
      deps={deps}
      person={picked}
      submitLabel={submitLabel}
      onRight={onRight}
      onBack={
        people.length > 1
          ? () => {
              setPicked(null);
            }
          : null
      }
      lockedOutAction={lockedOutAction}
      offlineMessage={
        offlineMessage ?? t`This till checks this PIN online: connect to the internet and try again.`
      }
    />
  );
}

function PinPad({
  deps,
  person,
  submitLabel,
  onRight,
  onBack,
  lockedOutAction,
  offlineMessage,
}: {
  deps: SharedTillDeps;
  person: TillPerson;
  submitLabel: string;
  onRight: PinEntryProps['onRight'];
  onBack: (() => void) | null;
  lockedOutAction: PinEntryProps['lockedOutAction'];
  offlineMessage: string;
}) {
  const { t } = useLingui();
  const [pin, setPin] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { ledger } = deps.commandDeps;
  // A lockout stored before this screen opened (another try, before a reload) is said at once; read live,
  // so a manager's clear shows as soon as it is written.
  const readLock = useCallback(() => storedLock(ledger, person.id), [ledger, person.id]);
  const stored = readyValue(useLiveQuery(readLock)) ?? null;
  // The lockout the last try answered (the server's too, [PIN-6]); cleared with the message.
  const [answered, setAnswered] = useState<PinLock | null>(null);
  const lock = message === null ? (answered ?? stored) : null;
  const lockText = useLockCountdown(lock, deps.now);

  async function submit() {
    if (busy || pin === '') return;
    setBusy(true);
    const outcome = await checkPin(ledger, person, pin, deps.now, deps.checkPinOnline);
    setPin('');
    setBusy(false);
    const lockNow = outcome.kind === 'wrong' || outcome.kind === 'locked' ? outcome.lock : undefined;
    setAnswered(lockNow ?? null);
    if (outcome.kind === 'right') {
      setMessage(null);
      // One event for a run of misses that ended in a right PIN ([PIN-5]; docs/shared-till.md "Activity").
      if (outcome.misses > 0) {
        void logActivity(
          deps,
          'pin_failed',
          { staff_id: person.id, name: person.name, misses: outcome.misses },
          null,
        );
      }
      await onRight(person, outcome.key);
      return;
    }
    // A lockout is said by the countdown, never as the frozen words of the moment it began.
    setMessage(lockNow ? null : outcome.kind === 'offline' ? offlineMessage : outcome.message);
    if (outcome.kind === 'wrong' && outcome.lockedOut) {
      void logActivity(
        deps,
        'pin_lockout',
        { staff_id: person.id, name: person.name, failures: outcome.failures },
        null,
      );
    }
  }

  const type = (digit: string) => {
    setPin((value) => (value + digit).slice(0, 6));
  };
  const shown = message ?? lockText;
  const name = person.name;
  const lockedOut = lockText !== null;
  return (
    <form
      className="pin-pad"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="pin-pad__who">
        {person.name} <span className="pin-people__role">· {t(ROLE_NAMES[person.role])}</span>
      </p>
      <label className="field pin-pad__field">
        <span className="field__label">
          <Trans>PIN</Trans>
        </span>
        <input
          className="field__input pin-pad__input"
          name="pin"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          autoFocus
          value={pin}
          onChange={(event) => {
            setPin(event.target.value.replace(/[^0-9]/g, '').slice(0, 6));
          }}
        />
      </label>
      {shown ? (
        <Alert tone="error">
          <p>{shown}</p>
          {lockedOut
            ? lockedOutAction?.(person, () => {
                setMessage(null);
                setAnswered(null);
              })
            : null}
        </Alert>
      ) : null}
      <div className="pin-pad__keys" role="group" aria-label={t`Keypad`}>
        {KEYS.map((digit) => (
          <DigitKey
            key={digit}
            digit={digit}
            onPress={() => {
              type(digit);
            }}
          />
        ))}
        <Button
          variant="ghost"
          aria-label={t`Delete`}
          onPress={() => {
            setPin((value) => value.slice(0, -1));
          }}
        >
          ⌫
        </Button>
        <DigitKey
          digit="0"
          onPress={() => {
            type('0');
          }}
        />
        <Button type="submit" isDisabled={busy || pin.length < 4}>
          {busy ? t`Checking…` : submitLabel}
        </Button>
      </div>
      {onBack ? (
        <Button variant="ghost" onPress={onBack}>
          <Trans>Not {name}?</Trans>
        </Button>
      ) : null}
    </form>
  );
}

/**
 * [COUNTER-13] A lockout's words as of now, read again at each second of the wait it says, so "wait 28 s"
 * counts down and the message goes when the wait is over.
 */
function useLockCountdown(lock: PinLock | null, now: () => number): string | null {
  const until = lock?.until ?? null;
  // The pad's last look at the clock, for which lockout, and how many looks (so an unmoved clock is looked
  // at again rather than never).
  const [look, setLook] = useState(() => ({ until, at: now(), count: 0 }));
  const fresh = look.until === until;
  const left = until === null ? 0 : until - look.at;
  useEffect(() => {
    if (until === null || (fresh && left <= 0)) return undefined;
    // A new lockout is looked at once; then at the next moment the whole seconds shown change.
    const timer = setTimeout(
      () => {
        setLook((last) => ({ until, at: now(), count: last.count + 1 }));
      },
      fresh ? left % 1000 || 1000 : 0,
    );
    return () => {
      clearTimeout(timer);
    };
  }, [until, fresh, left, look.count, now]);
  return lock === null ? null : lockoutMessage(lock, look.at);
}

function DigitKey({ digit, onPress }: { digit: string; onPress: () => void }) {
  return (
    <Button variant="secondary" size="lg" onPress={onPress}>
      {digit}
    </Button>
  );
}

// Checking a typed PIN on a shared till with this person's lockout on this till (SPEC [PIN-3], [PIN-5]):
// a locked person is not tried at all, a wrong PIN is counted and stored before the answer is shown (a
// reload cannot reset the count), a right one forgets the misses. A person whose PIN material this device
// does not hold ([STAFF-14]) is checked online, with the lockout the server keeps ([PIN-6]).
import { plural, t } from '@lingui/core/macro';
import { readLockout, writeLockout } from '../../data/local/shared-till-meta';
import type { LedgerDb } from '../../data/local/ledger-db';
import type { MirrorStaff } from '../../data/local/mirror-db';
import {
  afterRightPin,
  afterWrongPin,
  lockRemainingMs,
  lockoutMessage,
  PIN_TRIES,
  wrongPinMessage,
  type PinLock,
} from '../../domain/pin-lockout';
import type { OnlinePinCheck } from '../../data/remote/staff-pin-check';
import { pinProblem, unlockWithPin, type PinCheck, type PinKdf } from '../../domain/staff-pin';
import type { StaffRole } from './till-session';

/** A person the lock screen lists: active, with a PIN set. */
export interface TillPerson {
  id: string;
  name: string;
  role: StaffRole;
  /** What checks their PIN on this device, or null: this device checks it online ([STAFF-14]). */
  check: PinCheck | null;
}

/** The row's derivation; rows pulled before pin_kdf existed are PBKDF2 with pin_iterations. */
function kdfOf(row: MirrorStaff): PinKdf | null {
  if (row.pin_kdf) return row.pin_kdf;
  return row.pin_iterations ? { name: 'pbkdf2-sha256', iterations: row.pin_iterations } : null;
}

function checkOf(row: MirrorStaff): PinCheck | null {
  const kdf = kdfOf(row);
  return row.pin_salt && row.pin_verifier && kdf
    ? { salt: row.pin_salt, kdf, verifier: row.pin_verifier }
    : null;
}

export function tillPeopleOf(rows: readonly MirrorStaff[]): TillPerson[] {
  return rows
    .filter((row) => row.active && !row.deleted_at && (row.pin_set === true || checkOf(row) !== null))
    .map((row) => ({ id: row.id, name: row.name, role: row.role, check: checkOf(row) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export type PinOutcome =
  | {
      kind: 'right';
      key: string;
      /** Wrong PINs before this right one: a failed run to log. */ misses: number;
    }
  | {
      kind: 'wrong';
      message: string;
      lockedOut: boolean;
      failures: number;
      /** [COUNTER-13] The lockout this miss began, for the pad to count down. */
      lock?: PinLock;
    }
  | { kind: 'locked'; message: string; lock: PinLock }
  /** [PIN-6] This device checks the person's PIN online and has no connection. */
  | { kind: 'offline' };

/** [COUNTER-13] This person's lockout on this till, stored before the pad opened; null: none. */
export async function storedLock(ledger: LedgerDb, personId: string): Promise<PinLock | null> {
  const { lockedUntil } = await readLockout(ledger, personId);
  return lockedUntil === null ? null : { until: lockedUntil, wrong: false, clearable: true };
}

export async function checkPin(
  ledger: LedgerDb,
  person: TillPerson,
  pin: string,
  now: () => number,
  online?: OnlinePinCheck,
): Promise<PinOutcome> {
  if (person.check === null) return checkOnline(ledger, person, pin, now, online);
  const before = await readLockout(ledger, person.id);
  const wait = lockRemainingMs(before, now());
  if (wait > 0 && before.lockedUntil !== null) {
    const lock = { until: before.lockedUntil, wrong: false, clearable: true };
    return { kind: 'locked', message: lockoutMessage(lock, now()) ?? '', lock };
  }
  const key = await unlockWithPin(pin, person.check);
  if (key !== null) {
    await writeLockout(ledger, person.id, afterRightPin());
    return { kind: 'right', key, misses: before.failures };
  }
  const after = afterWrongPin(before, now());
  await writeLockout(ledger, person.id, after);
  return {
    kind: 'wrong',
    message: wrongPinMessage(after, now()),
    lockedOut: after.lockedUntil !== null,
    failures: after.failures,
    ...(after.lockedUntil === null
      ? {}
      : { lock: { until: after.lockedUntil, wrong: true, clearable: true } }),
  };
}

/**
 * [PIN-6] The server's answer for a person this device holds no PIN material for: the lockout is the
 * server's (this till's own count is not consulted), and no connection means no check at all.
 */
async function checkOnline(
  ledger: LedgerDb,
  person: TillPerson,
  pin: string,
  now: () => number,
  online: OnlinePinCheck | undefined,
): Promise<PinOutcome> {
  if (pinProblem(pin) !== null)
    return { kind: 'wrong', message: t`Wrong PIN.`, lockedOut: false, failures: 0 };
  const answer = online ? await online(person.id, pin) : ({ kind: 'offline' } as const);
  switch (answer.kind) {
    case 'right': {
      const before = await readLockout(ledger, person.id);
      await writeLockout(ledger, person.id, afterRightPin());
      return { kind: 'right', key: answer.key, misses: before.failures };
    }
    case 'wrong': {
      // Counted here too, so a run of misses that ends in a right PIN is logged as on an offline check.
      const before = await readLockout(ledger, person.id);
      await writeLockout(ledger, person.id, { failures: before.failures + 1, lockedUntil: null });
      const left = answer.triesLeft;
      return {
        kind: 'wrong',
        message: plural(left, { one: 'Wrong PIN. # try left.', other: 'Wrong PIN. # tries left.' }),
        lockedOut: false,
        failures: before.failures + 1,
      };
    }
    case 'locked': {
      // The server's lockout: a manager's PIN on this till does not clear it.
      const lock = { until: answer.until, wrong: false, clearable: false };
      return {
        kind: 'wrong',
        message: lockoutMessage(lock, now()) ?? t`Too many tries.`,
        lockedOut: true,
        failures: PIN_TRIES,
        lock,
      };
    }
    case 'offline':
      return { kind: 'offline' };
  }
}

/** [PIN-5] A manager's PIN clears someone's lockout on this till. */
export async function clearLockout(ledger: LedgerDb, personId: string): Promise<void> {
  await writeLockout(ledger, personId, afterRightPin());
}

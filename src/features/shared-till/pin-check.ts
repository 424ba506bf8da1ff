// Checking a typed PIN on a shared till with this person's lockout on this till (SPEC [PIN-3], [PIN-5]):
// a locked person is not tried at all, a wrong PIN is counted and stored before the answer is shown (a
// reload cannot reset the count), a right one forgets the misses.
import { readLockout, writeLockout } from '../../data/local/shared-till-meta';
import type { LedgerDb } from '../../data/local/ledger-db';
import type { MirrorStaff } from '../../data/local/mirror-db';
import {
  afterRightPin,
  afterWrongPin,
  lockRemainingMs,
  wrongPinMessage,
  formatWait,
} from '../../domain/pin-lockout';
import { unlockWithPin } from '../../domain/staff-pin';
import type { StaffRole } from './till-session';

/** A person the lock screen lists: active, with a PIN set. */
export interface TillPerson {
  id: string;
  name: string;
  role: StaffRole;
  salt: string;
  iterations: number;
  verifier: string;
}

export function tillPeopleOf(rows: readonly MirrorStaff[]): TillPerson[] {
  return rows
    .filter((row) => row.active && !row.deleted_at && row.pin_verifier && row.pin_salt && row.pin_iterations)
    .map((row) => ({
      id: row.id,
      name: row.name,
      role: row.role,
      salt: row.pin_salt ?? '',
      iterations: row.pin_iterations ?? 0,
      verifier: row.pin_verifier ?? '',
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export type PinOutcome =
  | {
      kind: 'right';
      key: string;
      /** Wrong PINs before this right one: a failed run to log. */ misses: number;
    }
  | { kind: 'wrong'; message: string; lockedOut: boolean; failures: number }
  | { kind: 'locked'; message: string };

export async function lockedMessage(ledger: LedgerDb, personId: string, now: number): Promise<string | null> {
  const wait = lockRemainingMs(await readLockout(ledger, personId), now);
  return wait > 0 ? `Too many tries: wait ${formatWait(wait)}, or ask a manager to clear it.` : null;
}

export async function checkPin(
  ledger: LedgerDb,
  person: TillPerson,
  pin: string,
  now: () => number,
): Promise<PinOutcome> {
  const before = await readLockout(ledger, person.id);
  const wait = lockRemainingMs(before, now());
  if (wait > 0) {
    return {
      kind: 'locked',
      message: `Too many tries: wait ${formatWait(wait)}, or ask a manager to clear it.`,
    };
  }
  const key = await unlockWithPin(pin, person);
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
  };
}

/** [PIN-5] A manager's PIN clears someone's lockout on this till. */
export async function clearLockout(ledger: LedgerDb, personId: string): Promise<void> {
  await writeLockout(ledger, personId, afterRightPin());
}

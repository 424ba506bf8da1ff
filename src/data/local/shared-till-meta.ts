// A shared till's device state in the ledger's `meta` store (issue 18): whether this device is in shared
// mode (with its own idle minutes), and each person's PIN lockout on this till. The ledger is the device's
// durable store, so both hold offline, across reloads and power cuts; neither is synced.
import { NO_LOCKOUT, type PinLockout } from '../../domain/pin-lockout';
import type { LedgerDb } from './ledger-db';

export interface SharedModeSetting {
  on: boolean;
  /** This till's idle minutes before it locks; null follows the shop's `lock_idle_minutes`. */
  idleMinutes: number | null;
  /** The owner or manager who last changed it, and when. */
  changedBy: string | null;
  changedAt: string | null;
}

export const SHARED_MODE_OFF: SharedModeSetting = {
  on: false,
  idleMinutes: null,
  changedBy: null,
  changedAt: null,
};

interface MetaRow {
  key: string;
  value: unknown;
}

const SHARED_MODE_KEY = 'shared_mode';
const lockoutKey = (staffId: string) => `pin_lockout:${staffId}`;

/** The same `meta` store the outbox keeps its seq in, read as the key/value rows this module adds. */
function metaRows(ledger: LedgerDb) {
  return ledger.table<MetaRow, string>('meta');
}

function isSetting(value: unknown): value is SharedModeSetting {
  return typeof value === 'object' && value !== null && typeof (value as { on?: unknown }).on === 'boolean';
}

export async function readSharedMode(ledger: LedgerDb): Promise<SharedModeSetting> {
  const row = await metaRows(ledger).get(SHARED_MODE_KEY);
  return isSetting(row?.value) ? { ...SHARED_MODE_OFF, ...row.value } : SHARED_MODE_OFF;
}

export async function writeSharedMode(ledger: LedgerDb, setting: SharedModeSetting): Promise<void> {
  await metaRows(ledger).put({ key: SHARED_MODE_KEY, value: setting });
}

function isLockout(value: unknown): value is PinLockout {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { failures?: unknown }).failures === 'number'
  );
}

/** [PIN-5] This person's wrong PINs and lock on this till. */
export async function readLockout(ledger: LedgerDb, staffId: string): Promise<PinLockout> {
  const row = await metaRows(ledger).get(lockoutKey(staffId));
  return isLockout(row?.value) ? row.value : NO_LOCKOUT;
}

export async function writeLockout(ledger: LedgerDb, staffId: string, state: PinLockout): Promise<void> {
  if (state.failures === 0 && state.lockedUntil === null) await metaRows(ledger).delete(lockoutKey(staffId));
  else await metaRows(ledger).put({ key: lockoutKey(staffId), value: state });
}

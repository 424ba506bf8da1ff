// A shared till for dom tests (issue 18): a ledger with a registered till on fake-indexeddb, a mirror with
// the shop's staff (two with a PIN who may unlock, one inactive, one without a PIN), a till session already
// in shared mode and deps with a pinned clock. PINs here use 1,000 PBKDF2 iterations so the tests stay
// quick; the arithmetic is the same as with the real 100,000.
import { pinnedIds } from '../../domain/ids';
import { makePinSecret } from '../../domain/staff-pin';
import {
  addTerminal,
  COMPANY_A,
  freshLedger,
  freshMirror,
  testDeps,
} from '../../../tests/support/ledger-fixtures';
import type { SharedTillDeps } from './shared-till-deps';
import { TillSession } from './till-session';

const ITERATIONS = 1000;
const PEOPLE = [
  { id: 'a6000000-0000-4000-8000-000000000001', name: 'Cara', role: 'cashier', pin: '4444', active: true },
  {
    id: 'a6000000-0000-4000-8000-000000000002',
    name: 'Max Manager',
    role: 'manager',
    pin: '2222',
    active: true,
  },
  {
    id: 'a6000000-0000-4000-8000-000000000003',
    name: 'Gone Gary',
    role: 'cashier',
    pin: '5555',
    active: false,
  },
  {
    id: 'a6000000-0000-4000-8000-000000000004',
    name: 'No-PIN Nia',
    role: 'cashier',
    pin: null,
    active: true,
  },
] as const;
export const [CARA, MAX] = PEOPLE;

export async function world() {
  const ledger = freshLedger();
  const mirror = freshMirror();
  const terminal = await addTerminal(ledger);
  const keys = new Map<string, string>();
  for (const [index, person] of PEOPLE.entries()) {
    const secret = person.pin
      ? await makePinSecret(
          person.pin,
          `d50000000000000000000000000000${String(index).padStart(2, '0')}`,
          ITERATIONS,
        )
      : null;
    if (secret) keys.set(person.id, secret.key);
    await mirror.staff.put({
      id: person.id,
      company_id: COMPANY_A,
      user_id: null,
      name: person.name,
      role: person.role,
      active: person.active,
      pin_salt: secret?.salt ?? null,
      pin_iterations: secret?.iterations ?? null,
      pin_verifier: secret?.verifier ?? null,
    });
  }
  const now = Date.parse('2026-11-26T09:00:00Z');
  const session = new TillSession();
  session.setShared(true);
  const deps: SharedTillDeps = {
    commandDeps: testDeps(ledger, pinnedIds()),
    mirror,
    companyId: COMPANY_A,
    userId: 'd0000000-0000-4000-8000-000000000002',
    session,
    now: () => now,
  };
  return {
    deps,
    ledger,
    terminal,
    session,
    keys,
    activity: async () =>
      (await ledger.outbox.orderBy('seq').toArray()).filter((op) => op.name === 'activity.record'),
  };
}

// The staff of a shared till's dom tests (issue 18): a cashier, a manager, someone deactivated and someone
// without a PIN, put in a mirror with real verifiers. PINs use 1,000 PBKDF2 iterations so the tests stay
// quick; the arithmetic is the same as with the real 100,000.
import { makePinSecret } from '../../domain/staff-pin';
import type { MirrorDb } from '../../data/local/mirror-db';
import type { AtCounter } from './till-session';

const ITERATIONS = 1000;

export const PEOPLE = [
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

/** Puts the staff in `mirror` for `companyId`; answers each PIN's key by staff id. */
export async function putStaff(mirror: MirrorDb, companyId: string): Promise<Map<string, string>> {
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
      company_id: companyId,
      user_id: null,
      name: person.name,
      role: person.role,
      active: person.active,
      pin_salt: secret?.salt ?? null,
      pin_iterations: secret?.iterations ?? null,
      pin_verifier: secret?.verifier ?? null,
    });
  }
  return keys;
}

/** `person` at the counter, with the key their PIN unlocks. */
export function atCounter(person: (typeof PEOPLE)[number], keys: ReadonlyMap<string, string>): AtCounter {
  return { id: person.id, name: person.name, role: person.role, key: keys.get(person.id) ?? '' };
}

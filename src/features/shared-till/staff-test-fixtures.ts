// The staff of a shared till's dom tests (issue 18): a cashier, a manager, someone deactivated and someone
// without a PIN, put in a mirror with real verifiers. PINs use Argon2id at 1 MiB so the tests stay quick;
// the parameters are stored beside the salt, so the arithmetic is the same as with the real PIN_KDF.
import { makePinSecret, type PinKdf } from '../../domain/staff-pin';
import type { MirrorDb } from '../../data/local/mirror-db';
import type { AtCounter } from './till-session';

/** Cheaper than PIN_KDF: the server would refuse it ([STAFF-15]), a dom test's mirror does not. */
export const TEST_KDF: PinKdf = { name: 'argon2id', m: 1024, t: 1, p: 1 };

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
          TEST_KDF,
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
      pin_iterations: null,
      pin_kdf: secret?.kdf ?? null,
      pin_set: secret !== null,
      pin_verifier: secret?.verifier ?? null,
    });
  }
  return keys;
}

/** `person` at the counter, with the key their PIN unlocks. */
export function atCounter(person: (typeof PEOPLE)[number], keys: ReadonlyMap<string, string>): AtCounter {
  return { id: person.id, name: person.name, role: person.role, key: keys.get(person.id) ?? '' };
}

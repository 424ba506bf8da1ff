// The demo PINs in supabase/seed.sql are what makePinSecret derives (docs/shared-till.md): the seed stores
// fixed salts, Argon2id keys and verifiers so the demo tills unlock with 1111, 2222, 3333 and 4444, and this test keeps
// the two from drifting apart.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { DEMO } from '../../tests/support/demo';
import { makePinSecret, PIN_KDF } from './staff-pin';

const seed = readFileSync(fileURLToPath(new URL('../../supabase/seed.sql', import.meta.url)), 'utf8');

/** The (staff id, salt, key, verifier) rows of the seed's PIN table, by staff id. */
function seededPins(): Map<string, { salt: string; key: string; verifier: string }> {
  const rows = new Map<string, { salt: string; key: string; verifier: string }>();
  const row = /\('([0-9a-f-]{36})'::uuid, '([0-9a-f]{32})',\s*'([0-9a-f]{64})',\s*'([0-9a-f]{64})'\)/g;
  for (const [, staffId = '', salt = '', key = '', verifier = ''] of seed.matchAll(row)) {
    rows.set(staffId, { salt, key, verifier });
  }
  return rows;
}

describe('demo PINs', () => {
  test('[PIN-2] the seed uses the derivation of new PINs, PIN_KDF', () => {
    expect(PIN_KDF).toEqual({ name: 'argon2id', m: 32768, t: 2, p: 1 });
    expect(seed).toContain(`pin_kdf = '{"name": "argon2id", "m": 32768, "t": 2, "p": 1}'`);
  });

  test.each(Object.entries(DEMO.pins))(
    'the seed holds what makePinSecret derives for %s',
    async (_who, { staffId, pin, salt }) => {
      const seeded = seededPins().get(staffId);
      expect(seeded).toBeDefined();
      const { salt: derivedSalt, key, verifier } = await makePinSecret(pin, salt);
      expect(seeded).toEqual({ salt: derivedSalt, key, verifier });
    },
  );
});

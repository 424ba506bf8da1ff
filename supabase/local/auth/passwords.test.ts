import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { checkPasswordStrength, hashPassword, verifyPassword } from './passwords';

// Starting PGlite takes seconds on a busy machine; give it room outside the tests' own timeout.
let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create({ extensions: { pgcrypto } });
  await pg.exec('create extension if not exists pgcrypto');
}, 60_000);
afterAll(() => pg.close());

test('verifies the $2a$ hashes pgcrypto makes for seed.sql', async () => {
  const { rows } = await pg.query<{ hash: string }>("select crypt('demo-password', gen_salt('bf')) as hash");
  const hash = rows[0]?.hash ?? '';
  expect(hash).toMatch(/^\$2a\$/);
  expect(await verifyPassword('demo-password', hash)).toBe(true);
  expect(await verifyPassword('wrong-password', hash)).toBe(false);
}, 20_000);

test('hashes with bcrypt cost 10 and verifies its own hashes', async () => {
  const hash = await hashPassword('secret-1');
  expect(hash).toMatch(/^\$2[ab]\$10\$/);
  expect(await verifyPassword('secret-1', hash)).toBe(true);
});

test('a missing or foreign hash never verifies', async () => {
  expect(await verifyPassword('x', null)).toBe(false);
  expect(await verifyPassword('x', 'plain-text')).toBe(false);
});

test('passwords shorter than 6 characters are weak_password with reason length', () => {
  expect(() => {
    checkPasswordStrength('12345');
  }).toThrow(
    expect.objectContaining({ code: 'weak_password', extra: { weak_password: { reasons: ['length'] } } }),
  );
  expect(() => {
    checkPasswordStrength('123456');
  }).not.toThrow();
});

// The server's pure customer-value helpers ([VAL-1], [VAL-26]) against what the till computes with Node's and
// the browser's own crypto: a code normalises, hashes and a customer's account id derives alike on both sides.
// The three functions are taken out of their migration and loaded alone into an in-memory PGlite (they need
// nothing else), so this runs in a second rather than after every migration.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const HELPERS = ['customer_value_account_id', 'normalise_value_code', 'value_code_hash'];
const COMPANY = 'd1000000-0000-4000-8000-00000000000a';
let db: PGlite;

beforeAll(async () => {
  const sql = readFileSync(
    new URL('../../supabase/migrations/20261211000000_value_ledger.sql', import.meta.url),
    'utf8',
  );
  const functions = HELPERS.map((name) => {
    const found = new RegExp(`create function private\\.${name}\\([\\s\\S]*?\\n\\$\\$;`).exec(sql);
    if (!found) throw new Error(`no ${name} in the migration`);
    return found[0];
  });
  db = new PGlite();
  await db.exec(`create schema private; ${functions.join('\n')}`);
});

afterAll(async () => {
  await db.close();
});

async function one(sql: string, params: unknown[]): Promise<unknown> {
  const result = await db.query<{ value: unknown }>(`select ${sql} as value`, params);
  return result.rows[0]?.value;
}

describe('[VAL-26] codes', () => {
  test.each([
    ['GIFT-DEMO-0001', 'GIFTDEMO0001'],
    ['gift demo 0001', 'GIFTDEMO0001'],
    [' 7KQ2-M9XD\t-4HPA-R3TW\r\n', '7KQ2M9XD4HPAR3TW'],
    ['ABCDEFGH', 'ABCDEFGH'],
    ['A'.repeat(32), 'A'.repeat(32)],
    ['A'.repeat(33), null],
    ['ABC-DEFG', null],
    ['STRAßE12', null],
    ['ÉCOLE-0001', null],
    ['GIFT_DEMO_0001', null],
    ['', null],
  ])('[VAL-26] %j normalises to %j', async (code, expected) => {
    expect(await one('private.normalise_value_code($1)', [code])).toBe(expected);
  });

  test('[VAL-26] the stored hash is SHA-256 of the shop and the normalised code, however the code was typed', async () => {
    const expected = createHash('sha256')
      .update(`tillpoint:value-code:v1:${COMPANY}:GIFTDEMO0001`, 'utf8')
      .digest('hex');
    expect(await one('private.value_code_hash($1, $2)', [COMPANY, 'GIFT-DEMO-0001'])).toBe(expected);
    expect(await one('private.value_code_hash($1, $2)', [COMPANY, 'gift demo 0001'])).toBe(expected);
    expect(await one('private.value_code_hash($1, $2)', [crypto.randomUUID(), 'GIFT-DEMO-0001'])).not.toBe(
      expected,
    );
    expect(await one('private.value_code_hash($1, $2)', [COMPANY, 'short'])).toBeNull();
  });
});

test('[VAL-1] a customer’s account id is md5(customer ‖ ":" ‖ kind) read as a uuid', async () => {
  const customer = 'd4700000-0000-4000-8000-000000000001';
  for (const kind of ['store_credit', 'loyalty', 'on_account']) {
    const hex = createHash('md5').update(`${customer}:${kind}`).digest('hex');
    const uuid = [
      hex.slice(0, 8),
      hex.slice(8, 12),
      hex.slice(12, 16),
      hex.slice(16, 20),
      hex.slice(20),
    ].join('-');
    expect(await one('private.customer_value_account_id($1, $2)', [customer, kind])).toBe(uuid);
  }
});

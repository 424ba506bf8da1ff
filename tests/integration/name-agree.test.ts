// [INPUT-1] [INPUT-2] The till and the server read a name alike: src/domain/name-text.ts's cleanName and
// nameProblem beside the migration's private.clean_name and private.checked_name, in an in-memory PGlite,
// on generated names mixing letters, accents to compose, spaces of every kind, control and invisible
// characters, joiners and direction overrides.
import type { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cleanName, nameProblem } from '../../src/domain/name-text';
import { migrationAlone } from '../support/migration-alone';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const WHAT = "A product's name";

let db: PGlite;

beforeAll(async () => {
  db = await migrationAlone('20261204003200_name_rules.sql');
  // The one helper the rules use from 20261121000200_op_helpers.sql.
  await db.exec(`create function private.reject(p_code text, p_message text) returns void
    language plpgsql as $$ begin raise exception '%', p_message using errcode = 'P0001', hint = p_code; end $$;`);
});

afterAll(async () => {
  await db.close();
});

/** What the server stores, or its refusal's sentence (with the app's full stop). */
async function server(name: string): Promise<{ stored: string } | { refused: string }> {
  try {
    const result = await db.query<{ name: string }>('select private.checked_name($1, $2) as name', [
      name,
      WHAT,
    ]);
    return { stored: result.rows[0]?.name ?? '' };
  } catch (error) {
    return { refused: `${(error as Error).message}.` };
  }
}

const PIECES = [
  'a',
  'Z',
  'é',
  'e\u0301',
  'ß',
  'ا',
  'ن',
  '字',
  '7',
  '.',
  '-',
  "'",
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\u00a0',
  '\u2003',
  '\u3000',
  '\u0001',
  '\u0007',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u00ad',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u2060',
  '\ufeff',
  '\u061c',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\u3164',
  '\ufe0f',
  '👩',
  '👩\u200d💻',
];

const nameArb = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((parts) => parts.join(''));

test('[INPUT-1] [INPUT-2] cleanName and nameProblem agree with the server on generated names', async () => {
  await fc.assert(
    fc.asyncProperty(nameArb, async (name) => {
      const problem = nameProblem(name, 'product');
      expect(await server(name)).toEqual(
        problem === null ? { stored: cleanName(name) } : { refused: problem },
      );
    }),
    { numRuns: RUNS, seed: Number(process.env.PROPERTY_SEED ?? 20261204) },
  );
});

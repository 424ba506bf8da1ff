// [MOD-4] The till and the server price a modified line alike: src/domain/modifier-pricing.ts's
// modifiedUnitPrice and the migration's private.modified_unit_price, run in an in-memory PGlite on the same
// generated base prices and deltas — none, negative ones, ones that take the price below zero, the largest.
import type { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { modifiedUnitPrice } from '../../src/domain/modifier-pricing';
import { migrationAlone } from '../support/migration-alone';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

let db: PGlite;

beforeAll(async () => {
  db = await migrationAlone('20261201000210_modifier_rules.sql');
});

afterAll(async () => {
  await db.close();
});

async function serverPrice(base: number, deltas: number[]): Promise<number> {
  const result = await db.query<{ price: string }>(
    'select private.modified_unit_price($1::bigint, $2::bigint[])::text as price',
    [String(base), `{${deltas.join(',')}}`],
  );
  return Number(result.rows[0]?.price);
}

const MAX = 1_000_000_000_000;
const baseArb = fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: MAX }));
const deltaArb = fc.oneof(fc.integer({ min: -500, max: 500 }), fc.integer({ min: -MAX, max: MAX }));

test('[MOD-4] the till and the server work out the same unit price for every choice', async () => {
  const edges: [number, number[]][] = [
    [320, []],
    [320, [50, 60]],
    [20, [-30]],
    [0, [-1, 1]],
    [MAX, Array.from({ length: 20 }, () => MAX)],
    [0, Array.from({ length: 20 }, () => -MAX)],
  ];
  for (const [base, deltas] of edges) {
    expect(await serverPrice(base, deltas)).toBe(
      modifiedUnitPrice(
        base,
        deltas.map((priceDelta) => ({ priceDelta })),
      ),
    );
  }
  await fc.assert(
    fc.asyncProperty(baseArb, fc.array(deltaArb, { maxLength: 20 }), async (base, deltas) => {
      const till = modifiedUnitPrice(
        base,
        deltas.map((priceDelta) => ({ priceDelta })),
      );
      expect(await serverPrice(base, deltas)).toBe(till);
    }),
    { numRuns: RUNS },
  );
});

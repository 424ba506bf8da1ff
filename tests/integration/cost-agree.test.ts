// [COST-2] The till and the server move a product's cost alike on a receive: src/domain/cost.ts's
// costAfterReceive and the migration's private.cost_after_receive, run in an in-memory PGlite on the same
// generated receipts — last cost and moving average, stock owed, no old cost, no unit cost, halves.
import type { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { costAfterReceive, type Receipt } from '../../src/domain/cost';
import { toNumericString } from '../../src/domain/quantity';
import { migrationAlone } from '../support/migration-alone';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

let db: PGlite;

beforeAll(async () => {
  db = await migrationAlone('20261130000100_cost_rules.sql');
});

afterAll(async () => {
  await db.close();
});

async function serverCost(receipt: Receipt): Promise<number | null> {
  const result = await db.query<{ cost: string | null }>(
    'select private.cost_after_receive($1, $2::numeric, $3::bigint, $4::numeric, $5::bigint)::text as cost',
    [
      receipt.method,
      toNumericString(receipt.onHand),
      receipt.oldCost === null ? null : String(receipt.oldCost),
      toNumericString(receipt.quantity),
      receipt.unitCost === null ? null : String(receipt.unitCost),
    ],
  );
  const cost = result.rows[0]?.cost ?? null;
  return cost === null ? null : Number(cost);
}

const costArb = fc.option(
  fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1_000_000_000_000 })),
  { freq: 5 },
);
const quantityArb = fc.oneof(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 999_999_999_999 }));

const receiptArb: fc.Arbitrary<Receipt> = fc.record({
  method: fc.constantFrom('last' as const, 'average' as const),
  onHand: fc.oneof(
    fc.integer({ min: -5000, max: 5000 }),
    fc.integer({ min: -1_000_000, max: 999_999_999_999 }),
  ),
  oldCost: costArb,
  quantity: quantityArb,
  unitCost: costArb,
});

test('[COST-2] the till and the server work out the same cost after every receive', async () => {
  // Exact halves first, then generated receipts.
  const halves: Receipt[] = [
    { method: 'average', onHand: 1000, oldCost: 100, quantity: 1000, unitCost: 101 },
    { method: 'average', onHand: 1500, oldCost: 1, quantity: 500, unitCost: 0 },
  ];
  for (const receipt of halves) expect(await serverCost(receipt)).toBe(costAfterReceive(receipt));
  await fc.assert(
    fc.asyncProperty(receiptArb, async (receipt) => {
      expect(await serverCost(receipt), JSON.stringify(receipt)).toBe(costAfterReceive(receipt));
    }),
    { numRuns: RUNS },
  );
});

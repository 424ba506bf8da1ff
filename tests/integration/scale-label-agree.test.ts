// [SCALE-4] The till and the server read a scale's label alike: the same codes, the same layouts, the same
// answer (item code and price or weight, or the same error code) from src/domain/embedded-barcode.ts and
// from the migration's private.read_scale_label, run in an in-memory PGlite. Labels are generated for every
// layout a scale can print, then misread one digit at a time, and plain 13-digit codes are thrown in too.
import type { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  makeEmbeddedBarcode,
  readEmbeddedBarcode,
  scaleLayoutsRow,
  validateLayout,
  valueDigits,
  type EmbeddedLayout,
} from '../../src/domain/embedded-barcode';
import { migrationAlone } from '../support/migration-alone';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

let db: PGlite;

beforeAll(async () => {
  db = await migrationAlone('20261129000100_scale_labels.sql');
});

afterAll(async () => {
  await db.close();
});

const currencyArb = fc.constantFrom(['EUR', 2] as const, ['JPY', 0] as const, ['KWD', 3] as const);

const layoutsArb = (currency: string) =>
  fc
    .uniqueArray(
      fc.record({
        prefix: fc.integer({ min: 20, max: 29 }).map(String),
        kind: fc.constantFrom<EmbeddedLayout['kind']>('price', 'weight'),
        itemDigits: fc.integer({ min: 4, max: 6 }),
        decimals: fc.integer({ min: 0, max: 3 }),
        valueCheckDigit: fc.boolean(),
      }),
      { selector: (layout) => layout.prefix, minLength: 1, maxLength: 4 },
    )
    .map((layouts) => layouts.filter((layout) => validateLayout(layout, currency).ok))
    .filter((layouts) => layouts.length > 0);

/** A label one of the layouts prints, sometimes with one digit misread, or any 13 digits starting with 2. */
const codeArb = (layouts: EmbeddedLayout[]) =>
  fc.oneof(
    fc
      .record({
        layout: fc.constantFrom(...layouts),
        item: fc.nat(999_999),
        value: fc.nat(99_999),
        misread: fc.option(fc.tuple(fc.nat(12), fc.integer({ min: 1, max: 9 }))),
      })
      .map(({ layout, item, value, misread }) => {
        const code = makeEmbeddedBarcode(
          layout,
          String(item % 10 ** layout.itemDigits),
          value % 10 ** valueDigits(layout),
        );
        if (!misread) return code;
        const [at, shift] = misread;
        return code.slice(0, at) + String((Number(code[at]) + shift) % 10) + code.slice(at + 1);
      }),
    fc.stringMatching(/^2\d{12}$/),
    fc.stringMatching(/^\d{8,14}$/),
  );

async function serverRead(code: string, layouts: EmbeddedLayout[], minorUnits: number) {
  const result = await db.query<{ read: Record<string, unknown> }>(
    'select private.read_scale_label($1, $2, $3) as read',
    [code, JSON.stringify(scaleLayoutsRow(layouts)), minorUnits],
  );
  return result.rows[0]?.read;
}

test('[SCALE-4] the till and the server read every label alike', async () => {
  await fc.assert(
    fc.asyncProperty(
      currencyArb.chain(([currency, minor]) =>
        layoutsArb(currency).chain((layouts) =>
          fc.record({
            currency: fc.constant(currency),
            minor: fc.constant(minor),
            layouts: fc.constant(layouts),
            codes: fc.array(codeArb(layouts), { minLength: 1, maxLength: 8 }),
          }),
        ),
      ),
      async ({ currency, minor, layouts, codes }) => {
        for (const code of codes) {
          const till = readEmbeddedBarcode(code, layouts, currency);
          const expected = till.ok
            ? {
                ok: true,
                item_code: till.value.itemCode,
                ...(till.value.price === null ? { weight: till.value.weight } : { price: till.value.price }),
              }
            : { ok: false, code: till.error.code };
          expect(await serverRead(code, layouts, minor), code).toEqual(expected);
        }
      },
    ),
    { numRuns: RUNS },
  );
});

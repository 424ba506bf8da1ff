import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { choicesOf, chosenVariant, noPicks, pick, type Picks, type VariantOption } from './variant-choice';

// The demo T-shirt, with M / Black not on sale.
const tshirt: VariantOption[] = [
  { id: 's-blue', values: ['S', 'Blue'] },
  { id: 's-black', values: ['S', 'Black'] },
  { id: 'm-blue', values: ['M', 'Blue'] },
  { id: 'l-blue', values: ['L', 'Blue'] },
  { id: 'l-black', values: ['L', 'Black'] },
];

const enabled = (picks: Picks) =>
  choicesOf(2, tshirt, picks).map((values) => values.filter((v) => v.enabled).map((v) => v.value));

describe('[VAR-C1] choices', () => {
  test('every value in grid order, all enabled before anything is picked', () => {
    expect(enabled(noPicks(2))).toEqual([
      ['S', 'M', 'L'],
      ['Blue', 'Black'],
    ]);
  });

  test('a combination not on sale is disabled once the other option is picked', () => {
    expect(enabled(['M', null])).toEqual([['S', 'M', 'L'], ['Blue']]);
    expect(enabled([null, 'Black'])).toEqual([
      ['S', 'L'],
      ['Blue', 'Black'],
    ]);
  });
});

describe('[VAR-C2] [VAR-C3] picking', () => {
  test('Size then Colour names one variant', () => {
    const picks = pick(tshirt, pick(tshirt, noPicks(2), 0, 'L'), 1, 'Black');
    expect(chosenVariant(tshirt, picks)?.id).toBe('l-black');
  });

  test('a pick that leaves one variant chooses it at once (M comes only in Blue)', () => {
    expect(chosenVariant(tshirt, pick(tshirt, noPicks(2), 0, 'M'))?.id).toBe('m-blue');
    expect(chosenVariant(tshirt, pick(tshirt, noPicks(2), 0, 'S'))).toBeUndefined();
  });

  test('a pick that does not go with an earlier one drops the earlier one', () => {
    expect(pick(tshirt, ['M', null], 1, 'Black')).toEqual([null, 'Black']);
  });

  test('picking the same value again takes it back', () => {
    expect(pick(tshirt, ['S', null], 0, 'S')).toEqual([null, null]);
  });

  test('nothing picked chooses nothing', () => {
    expect(chosenVariant(tshirt, noPicks(2))).toBeUndefined();
  });
});

// Up to three options of up to four values; any subset of the combinations on sale.
const gridArb = fc.integer({ min: 1, max: 3 }).chain((options) =>
  fc
    .uniqueArray(fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: options, maxLength: options }), {
      selector: (values) => values.join('|'),
      minLength: 1,
      maxLength: 20,
    })
    .map((combos) => ({
      options,
      variants: combos.map((values, at) => ({ id: `v${at}`, values })),
    })),
);

describe('[VAR-C1] [VAR-C2] [VAR-C3] properties', () => {
  test('tapping enabled values always leads to exactly one variant on sale, with the picked values', () => {
    fc.assert(
      fc.property(
        gridArb,
        fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
        ({ options, variants }, taps) => {
          let picks = noPicks(options);
          for (const tap of taps) {
            if (chosenVariant(variants, picks)) break;
            const enabledValues = choicesOf(options, variants, picks).flatMap((values, option) =>
              values.filter((v) => v.enabled && !v.picked).map((v) => ({ option, value: v.value })),
            );
            const next = enabledValues[tap % enabledValues.length];
            if (!next) break;
            picks = pick(variants, picks, next.option, next.value);
            // [VAR-C2] The picks always lead somewhere.
            expect(
              variants.some((variant) => picks.every((p, at) => p === null || variant.values[at] === p)),
            ).toBe(true);
          }
          const chosen = chosenVariant(variants, picks);
          if (chosen) {
            expect(picks.every((p, at) => p === null || chosen.values[at] === p)).toBe(true);
            expect(variants).toContain(chosen);
          }
        },
      ),
    );
  });

  test('with every option picked, the chosen variant is the one with exactly those values', () => {
    fc.assert(
      fc.property(gridArb, ({ options, variants }) => {
        for (const variant of variants) {
          expect(chosenVariant(variants, variant.values)?.id).toBe(variant.id);
        }
        // A combination no variant has is never chosen, and none of its values needs to be enabled together.
        const missing = Array.from({ length: options }, () => 'z');
        expect(chosenVariant(variants, missing)).toBeUndefined();
      }),
    );
  });
});

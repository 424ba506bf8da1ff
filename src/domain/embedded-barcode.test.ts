import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  gs1CheckDigit,
  labelledItem,
  makeEmbeddedBarcode,
  readEmbeddedBarcode,
  validateLayout,
  validateLayouts,
  valueCheckDigit,
  valueDigits,
  weightForPrice,
  type EmbeddedLayout,
} from './embedded-barcode';
import type { ProductSnapshot } from './cart';
import { extendPrice } from './quantity';

/** The common European deli scale: 2 + 5-digit item + 5-digit price in cents + check. */
const priceLabels: EmbeddedLayout = {
  prefix: '21',
  kind: 'price',
  itemDigits: 5,
  decimals: 2,
  valueCheckDigit: false,
};
/** Grams: 2 + 5-digit item + 5-digit weight (3 decimals of a kg) + check. */
const weightLabels: EmbeddedLayout = {
  prefix: '22',
  kind: 'weight',
  itemDigits: 5,
  decimals: 3,
  valueCheckDigit: false,
};
/** A 4-digit price behind GS1's price verifier digit. */
const verifiedPrice: EmbeddedLayout = {
  prefix: '23',
  kind: 'price',
  itemDigits: 5,
  decimals: 2,
  valueCheckDigit: true,
};

const layoutArb: fc.Arbitrary<EmbeddedLayout> = fc
  .record({
    prefix: fc.integer({ min: 20, max: 29 }).map(String),
    kind: fc.constantFrom<EmbeddedLayout['kind']>('price', 'weight'),
    itemDigits: fc.integer({ min: 4, max: 6 }),
    decimals: fc.integer({ min: 0, max: 2 }),
    valueCheckDigit: fc.boolean(),
  })
  .filter((layout) => validateLayout(layout, 'EUR').ok);

const labelArb = layoutArb.chain((layout) =>
  fc.record({
    layout: fc.constant(layout),
    item: fc.integer({ min: 0, max: 10 ** layout.itemDigits - 1 }).map(String),
    value: fc.integer({ min: 1, max: 10 ** valueDigits(layout) - 1 }),
  }),
);

describe('check digits', () => {
  test('[SCALE-1] the GS1 check digit of real EAN-13 codes', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(gs1CheckDigit('950110153100')).toBe(0);
    expect(gs1CheckDigit('629104150021')).toBe(3);
  });

  test('[SCALE-2] the price verifier digit of GS1 §7.9.3’s examples', () => {
    expect(valueCheckDigit('2875')).toBe(9);
    expect(valueCheckDigit('14685')).toBe(6);
  });

  test('[SCALE-2] a verifier digit catches any one wrong digit of the price', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{4,5}$/),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (value, at, shift) => {
          const i = at % value.length;
          const misread = value.slice(0, i) + String((Number(value[i]) + shift) % 10) + value.slice(i + 1);
          expect(valueCheckDigit(misread)).not.toBe(valueCheckDigit(value));
        },
      ),
    );
  });
});

describe('reading a label', () => {
  test('[SCALE-4] a price label gives the item code and the price in minor units', () => {
    const read = readEmbeddedBarcode(makeEmbeddedBarcode(priceLabels, '00042', 235), [priceLabels], 'EUR');
    expect(read).toMatchObject({ ok: true, value: { itemCode: '00042', price: 235, weight: null } });
  });

  test('[SCALE-4] a weight label gives the weight in thousandths of a kilogram', () => {
    const code = makeEmbeddedBarcode(weightLabels, '00042', 1255);
    expect(code).toBe('2200042012551');
    const read = readEmbeddedBarcode(code, [weightLabels], 'EUR');
    expect(read.ok && read.value).toMatchObject({ itemCode: '00042', price: null, weight: 1255 });
  });

  test('[SCALE-4] decimals scale to the currency: a yen price has none, a 1-decimal weight is tenths of a kg', () => {
    const yen = { ...priceLabels, decimals: 0 };
    const read = readEmbeddedBarcode(makeEmbeddedBarcode(yen, '7', 480), [yen], 'JPY');
    expect(read.ok && read.value.price).toBe(480);
    const tenths = { ...weightLabels, decimals: 1 };
    const weighed = readEmbeddedBarcode(makeEmbeddedBarcode(tenths, '7', 12), [tenths], 'EUR');
    expect(weighed.ok && weighed.value.weight).toBe(1200);
  });

  test('[SCALE-4] a label with a price verifier digit is read, and a misread price is refused', () => {
    const code = makeEmbeddedBarcode(verifiedPrice, '00042', 2875);
    expect(code.slice(7, 12)).toBe('92875');
    expect(readEmbeddedBarcode(code, [verifiedPrice], 'EUR')).toMatchObject({
      ok: true,
      value: { price: 2875 },
    });
    // The price read as 2876 with a check digit that still fits the whole code: only the verifier sees it.
    const body = `${code.slice(0, 11)}6`;
    const forged = `${body}${gs1CheckDigit(body)}`;
    expect(readEmbeddedBarcode(forged, [verifiedPrice], 'EUR')).toMatchObject({
      ok: false,
      error: { code: 'value_check_digit' },
    });
  });

  test('[SCALE-4] what a label carries comes back exactly, for any layout a scale can print', () => {
    fc.assert(
      fc.property(labelArb, ({ layout, item, value }) => {
        const read = readEmbeddedBarcode(makeEmbeddedBarcode(layout, item, value), [layout], 'EUR');
        if (!read.ok) throw new Error(read.error.message);
        expect(read.value.itemCode).toBe(item.padStart(layout.itemDigits, '0'));
        const expected =
          layout.kind === 'price' ? value * 10 ** (2 - layout.decimals) : value * 10 ** (3 - layout.decimals);
        expect(layout.kind === 'price' ? read.value.price : read.value.weight).toBe(expected);
      }),
    );
  });

  test('[SCALE-4] one misread digit anywhere is refused, never read as another item or price', () => {
    fc.assert(
      fc.property(
        labelArb,
        fc.nat(12),
        fc.integer({ min: 1, max: 9 }),
        ({ layout, item, value }, at, shift) => {
          const code = makeEmbeddedBarcode(layout, item, value);
          const misread = code.slice(0, at) + String((Number(code[at]) + shift) % 10) + code.slice(at + 1);
          const read = readEmbeddedBarcode(misread, [layout], 'EUR');
          expect(read.ok).toBe(false);
        },
      ),
    );
  });

  test('[SCALE-4] what is not a label, or not set up, says what was read', () => {
    expect(readEmbeddedBarcode('4006381333931', [priceLabels], 'EUR')).toMatchObject({
      ok: false,
      error: { code: 'not_embedded' },
    });
    expect(readEmbeddedBarcode('21000420023', [priceLabels], 'EUR')).toMatchObject({
      ok: false,
      error: { code: 'not_embedded' },
    });
    const elsewhere = makeEmbeddedBarcode({ ...priceLabels, prefix: '24' }, '42', 235);
    const unknown = readEmbeddedBarcode(elsewhere, [priceLabels], 'EUR');
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) {
      expect(unknown.error.code).toBe('no_layout');
      expect(unknown.error.message).toContain('Labels starting 24 are not set up for this shop');
      expect(unknown.error.message).toContain(elsewhere);
    }
    const empty = readEmbeddedBarcode(makeEmbeddedBarcode(weightLabels, '42', 0), [weightLabels], 'EUR');
    expect(empty).toMatchObject({ ok: false, error: { code: 'zero_value' } });
    expect(!empty.ok && empty.error.message).toContain('item 00042');
    const torn = readEmbeddedBarcode('2100042002350', [priceLabels], 'EUR');
    expect(torn).toMatchObject({ ok: false, error: { code: 'check_digit' } });
  });
});

describe('layouts', () => {
  test('[SCALE-3] a layout must fit on a label and in the currency', () => {
    expect(validateLayout(priceLabels, 'EUR').ok).toBe(true);
    expect(validateLayout({ ...priceLabels, prefix: '19' }, 'EUR')).toMatchObject({
      error: { code: 'prefix' },
    });
    expect(validateLayout({ ...priceLabels, itemDigits: 7 }, 'EUR')).toMatchObject({
      error: { code: 'item_digits' },
    });
    expect(validateLayout({ ...priceLabels, decimals: 2 }, 'JPY')).toMatchObject({
      error: { code: 'decimals' },
    });
    expect(validateLayout({ ...weightLabels, decimals: 4 }, 'EUR')).toMatchObject({
      error: { code: 'decimals' },
    });
    expect(validateLayout({ ...verifiedPrice, itemDigits: 4 }, 'EUR').ok).toBe(true);
    expect(validateLayout({ ...verifiedPrice, itemDigits: 6 }, 'EUR')).toMatchObject({
      error: { code: 'value_check_digit' },
    });
    expect(validateLayouts([priceLabels, { ...weightLabels, prefix: '21' }], 'EUR')).toMatchObject({
      error: { code: 'duplicate_prefix' },
    });
  });
});

describe('what a label rings up', () => {
  const bananas: ProductSnapshot = {
    productId: 'bananas',
    name: 'Bananas',
    sku: null,
    unitPrice: 199,
    taxRate: 2000,
    weighed: true,
  };
  const read = (code: string) => {
    const result = readEmbeddedBarcode(code, [priceLabels, weightLabels], 'EUR');
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  };

  test('[SCALE-6] a price label on a weighed product is the weight that price buys, to the gram', () => {
    // 2.35 at 1.99 / kg: 1.181 kg, and 1.99 × 1.181 = 2.35019 → 2.35.
    const code = makeEmbeddedBarcode(priceLabels, '4', 235);
    expect(labelledItem(read(code), bananas)).toEqual({
      ok: true,
      value: { product: { ...bananas, scaleLabel: code }, quantity: 1181 },
    });
  });

  test('[SCALE-6] a price label on a product sold by the piece, or with no price, is one pack at the label’s price', () => {
    const pack = labelledItem(read(makeEmbeddedBarcode(priceLabels, '4', 235)), {
      ...bananas,
      weighed: false,
    });
    expect(pack).toMatchObject({ ok: true, value: { product: { unitPrice: 235 }, quantity: 1000 } });
    const free = labelledItem(read(makeEmbeddedBarcode(priceLabels, '4', 235)), { ...bananas, unitPrice: 0 });
    expect(free).toMatchObject({
      ok: true,
      value: { product: { unitPrice: 235, weighed: false }, quantity: 1000 },
    });
  });

  test('[SCALE-6] the weight found always comes to exactly the label’s price; none is found only above a cent a gram', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999 }),
        fc.integer({ min: 1, max: 500_000 }),
        (price, perKg) => {
          const weight = weightForPrice(price, perKg);
          if (weight === null) expect(perKg).toBeGreaterThan(1000);
          else {
            expect(weight).toBeGreaterThan(0);
            expect(extendPrice(perKg, weight)).toBe(price);
          }
        },
      ),
    );
  });

  test('[SCALE-6] a weight label on a product sold by the piece is refused and says so', () => {
    const code = makeEmbeddedBarcode(weightLabels, '4', 1255);
    const refused = labelledItem(read(code), { ...bananas, weighed: false });
    expect(refused).toMatchObject({ ok: false, error: { code: 'sold_by_piece' } });
    expect(refused.ok ? '' : refused.error.message).toContain(`label ${code} has a weight`);
  });
});

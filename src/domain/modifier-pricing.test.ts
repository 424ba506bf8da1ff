import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addProduct, overridePrice, setLineModifiers } from './cart-edit';
import { priceCart, type Cart, type ProductSnapshot } from './cart';
import {
  checkModifierChoice,
  chosenModifiers,
  groupRuleText,
  modifiedUnitPrice,
  modifierKey,
  optionLabel,
  problemText,
  type ModifierGroup,
} from './modifier-pricing';
import { lineModifierArgs, parseSaleRecord, buildSaleRecord } from './sale-record';
import { eurInclusive } from './test-arbitraries';

const milk: ModifierGroup = {
  id: 'g-milk',
  name: 'Milk',
  minChoices: 1,
  maxChoices: 1,
  options: [
    { id: 'o-whole', name: 'Whole', priceDelta: 0 },
    { id: 'o-oat', name: 'Oat', priceDelta: 50 },
    { id: 'o-soy', name: 'Soy', priceDelta: 50 },
  ],
};
const extras: ModifierGroup = {
  id: 'g-extras',
  name: 'Extras',
  minChoices: 0,
  maxChoices: 2,
  options: [
    { id: 'o-shot', name: 'Extra shot', priceDelta: 60 },
    { id: 'o-vanilla', name: 'Vanilla syrup', priceDelta: 40 },
    { id: 'o-small', name: 'Small cup', priceDelta: -30 },
  ],
};
const latteGroups = [milk, extras];
const latte: ProductSnapshot = {
  productId: 'p-latte',
  name: 'Latte',
  sku: 'COF-LAT',
  unitPrice: 320,
  taxRate: 2000,
  weighed: false,
};

function withModifiers(product: ProductSnapshot, optionIds: string[]): ProductSnapshot {
  const chosen = chosenModifiers(latteGroups, optionIds);
  return {
    ...product,
    basePrice: product.unitPrice,
    modifiers: chosen,
    unitPrice: modifiedUnitPrice(product.unitPrice, chosen),
  };
}

const deltaArb = fc.integer({ min: -100_000, max: 100_000 });
const groupArb: fc.Arbitrary<ModifierGroup> = fc
  .tuple(
    fc.integer({ min: 1, max: 4 }),
    fc.integer({ min: 0, max: 4 }),
    fc.array(deltaArb, { minLength: 1, maxLength: 5 }),
  )
  .chain(([max, minSeed, deltas]) =>
    fc.uuid().map((id) => ({
      id,
      name: `Group ${id.slice(0, 4)}`,
      minChoices: Math.min(minSeed, max),
      maxChoices: max,
      options: deltas.map((priceDelta, index) => ({
        id: `${id}-${index}`,
        name: `Option ${index}`,
        priceDelta,
      })),
    })),
  );

describe('[MOD-4] modifiedUnitPrice', () => {
  test('base price plus the deltas', () => {
    expect(modifiedUnitPrice(320, [{ priceDelta: 50 }, { priceDelta: 60 }])).toBe(430);
    expect(modifiedUnitPrice(320, [])).toBe(320);
    expect(modifiedUnitPrice(320, [{ priceDelta: -30 }])).toBe(290);
  });

  test('never below zero', () => {
    expect(modifiedUnitPrice(20, [{ priceDelta: -30 }])).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(deltaArb, { maxLength: 20 }),
        (base, deltas) => {
          const price = modifiedUnitPrice(
            base,
            deltas.map((priceDelta) => ({ priceDelta })),
          );
          const exact = base + deltas.reduce((a, b) => a + b, 0);
          expect(price).toBe(exact < 0 ? 0 : exact);
          expect(price).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  test('the order of the choices does not change the price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(deltaArb, { maxLength: 20 }),
        (base, deltas) => {
          const chosen = deltas.map((priceDelta) => ({ priceDelta }));
          expect(modifiedUnitPrice(base, [...chosen].reverse())).toBe(modifiedUnitPrice(base, chosen));
        },
      ),
    );
  });
});

describe('[MOD-3] checkModifierChoice', () => {
  test('a required group asks to be chosen, in words', () => {
    const problems = checkModifierChoice(latteGroups, ['o-shot']);
    expect(problems).toEqual([{ code: 'too_few', groupId: 'g-milk', groupName: 'Milk', missing: 1 }]);
    expect(problemText(problems)).toBe('Choose Milk.');
    expect(checkModifierChoice(latteGroups, ['o-oat', 'o-shot'])).toEqual([]);
  });

  test('more than a group allows, and options of other products, are problems', () => {
    expect(checkModifierChoice(latteGroups, ['o-oat', 'o-soy'])).toEqual([
      { code: 'too_many', groupId: 'g-milk', groupName: 'Milk', extra: 1 },
    ]);
    expect(checkModifierChoice(latteGroups, ['o-oat', 'elsewhere'])).toEqual([
      { code: 'unknown_option', optionId: 'elsewhere' },
    ]);
    expect(problemText([{ code: 'too_many', groupId: 'g', groupName: 'Extras', extra: 1 }])).toBe(
      'Take 1 off Extras.',
    );
  });

  test('valid exactly when every group’s count is within min..max and every option is the product’s', () => {
    fc.assert(
      fc.property(
        fc.array(groupArb, { maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        (groups, picks, stranger) => {
          const all = groups.flatMap((group) => group.options.map((option) => option.id));
          const chosen = all.length === 0 ? [] : picks.map((pick) => all[pick % all.length] ?? '');
          const ids = stranger ? [...chosen, 'not-an-option'] : chosen;
          const unique = new Set(chosen);
          const valid =
            !stranger &&
            groups.every((group) => {
              const count = group.options.filter((option) => unique.has(option.id)).length;
              return count >= group.minChoices && count <= group.maxChoices;
            });
          expect(checkModifierChoice(groups, ids).length === 0).toBe(valid);
        },
      ),
    );
  });

  test('rules in words', () => {
    expect(groupRuleText(milk)).toBe('Choose 1');
    expect(groupRuleText(extras)).toBe('Choose up to 2');
    expect(groupRuleText({ minChoices: 1, maxChoices: 3 })).toBe('Choose 1 to 3');
  });
});

describe('[CART-2] [MOD-3] lines with modifiers', () => {
  test('the same modifiers add to the line; different ones never merge', () => {
    let cart: Cart = { lines: [] };
    cart = addProduct(cart, withModifiers(latte, ['o-oat', 'o-shot']), 1000, 'l1');
    cart = addProduct(cart, withModifiers(latte, ['o-shot', 'o-oat']), 1000, 'l2');
    cart = addProduct(cart, withModifiers(latte, ['o-soy']), 1000, 'l3');
    cart = addProduct(cart, latte, 1000, 'l4');
    expect(cart.lines.map((line) => [line.lineId, line.quantity, line.unitPrice])).toEqual([
      ['l1', 2000, 430],
      ['l3', 1000, 370],
      ['l4', 1000, 320],
    ]);
    expect(modifierKey(cart.lines[0]?.modifiers)).toBe('o-oat,o-shot');
  });

  test('priceCart totals the modified prices; editing the modifiers reprices from the base price', () => {
    let cart: Cart = { lines: [] };
    cart = addProduct(cart, withModifiers(latte, ['o-oat', 'o-shot']), 2000, 'l1');
    expect(priceCart(cart, eurInclusive).totals.total).toBe(860);
    cart = setLineModifiers(cart, 'l1', chosenModifiers(latteGroups, ['o-whole', 'o-vanilla']));
    expect(cart.lines[0]).toMatchObject({ unitPrice: 360, basePrice: 320 });
    expect(priceCart(cart, eurInclusive).totals.total).toBe(720);
  });

  test('the sale carries the base price and each option, and its arithmetic checks out', () => {
    let cart: Cart = { lines: [] };
    cart = addProduct(cart, withModifiers(latte, ['o-oat', 'o-shot']), 1000, 'l1');
    const line = cart.lines[0];
    if (!line) throw new Error('no line');
    expect(lineModifierArgs(line)).toEqual({
      base_price: 320,
      modifiers: [
        { option_id: 'o-oat', price_delta: 50, name: 'Oat' },
        { option_id: 'o-shot', price_delta: 60, name: 'Extra shot' },
      ],
    });
    // A cashier's price: the base price sent is what is left of it after the modifiers.
    const overridden = overridePrice(cart, 'l1', 400).lines[0];
    if (!overridden) throw new Error('no line');
    expect(lineModifierArgs(overridden).base_price).toBe(290);
    expect(() => overridePrice(cart, 'l1', 100)).toThrow(/modifiers add 110/);

    let n = 0;
    const ids = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
    const built = buildSaleRecord(
      cart,
      [{ method: 'card', amount: 430 }],
      {
        saleId: ids(),
        terminalId: ids(),
        shiftId: null,
        cashierId: null,
        receiptNo: 'T1-000001',
        occurredAt: new Date('2026-12-01T09:00:00Z'),
        rules: eurInclusive,
      },
      ids,
    );
    if (!built.ok) throw new Error(built.error.message);
    const sale = JSON.parse(JSON.stringify(built.value)) as Record<string, unknown> & {
      lines: Record<string, unknown>[];
    };
    // The product's and the options' ids are the server's UUIDs in a real sale.
    Object.assign(sale.lines[0] ?? {}, { product_id: ids() });
    for (const modifier of (sale.lines[0]?.modifiers ?? []) as Record<string, unknown>[]) {
      modifier.option_id = ids();
    }
    expect(parseSaleRecord(sale, eurInclusive)).toMatchObject({ ok: true });
    Object.assign(sale.lines[0] ?? {}, { base_price: 300 });
    expect(parseSaleRecord(sale, eurInclusive)).toMatchObject({
      ok: false,
      error: { code: 'modifier_price_mismatch' },
    });
  });
});

describe('[MOD-3] options in words', () => {
  test('an option reads with its delta, none when it adds nothing', () => {
    expect(optionLabel('Oat', 50, 'EUR')).toBe('Oat +0.50');
    expect(optionLabel('Small cup', -30, 'EUR')).toBe('Small cup -0.30');
    expect(optionLabel('Whole', 0, 'EUR')).toBe('Whole');
    expect(optionLabel('Oat', 50, 'JPY')).toBe('Oat +50');
  });
});

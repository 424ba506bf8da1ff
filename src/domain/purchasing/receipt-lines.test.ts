import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { costAfterPreview } from './cost-preview';
import { documentStatusWords, PURCHASE_ORDER_STATUSES } from './document-status';
import {
  lineQuestions,
  parseArrived,
  questionWords,
  readTypedLine,
  receiptUnitCost,
  stillToCome,
  type ReceiptLineDraft,
  type ReceiptQuestion,
} from './receipt-lines';
import { seenReceived } from './seen-received';
import { mayCount, mayReceive, purchasingSettingsOf } from './settings';

const carrots = { id: 'p-carrots', name: 'Organic carrots', supplierId: 's-fresh', weighed: false };
const fresh = { id: 's-fresh', name: 'Fresh Fields Produce' };
const orderLine = { quantity: 24_000, received: 0, held: 0, cancelled: 0, unitCost: 60, offSupplier: false };

function firstWords(questions: readonly ReceiptQuestion[]): string {
  const [first] = questions;
  return first ? questionWords(first, 'EUR').text : '';
}

function draft(change: Partial<ReceiptLineDraft> = {}): ReceiptLineDraft {
  return {
    product: carrots,
    orderLine,
    seenReceived: 0,
    arrived: 12_000,
    typedCost: null,
    productCost: 50,
    ...change,
  };
}

describe('still to come and seen_received', () => {
  test('[PUR-2] still to come is quantity less received, held and cancelled, never below zero', () => {
    expect(stillToCome({ quantity: 24_000, received: 12_000, held: 0, cancelled: 0 })).toBe(12_000);
    expect(stillToCome({ quantity: 24_000, received: 20_000, held: 12_000, cancelled: 0 })).toBe(0);
    fc.assert(
      fc.property(fc.nat(10 ** 9), fc.nat(10 ** 9), fc.nat(10 ** 9), fc.nat(10 ** 9), (q, r, h, c) => {
        const rest = stillToCome({ quantity: q, received: r, held: h, cancelled: c });
        expect(rest).toBeGreaterThanOrEqual(0);
        expect(rest + r + h + c).toBeGreaterThanOrEqual(q);
      }),
    );
  });

  test('[PUR-T2] seen_received adds this till’s unreflected receipts of the line to the pulled figures', () => {
    const local = [
      { lineId: 'l1', quantity: 5_000, reflected: false },
      { lineId: 'l1', quantity: 7_000, reflected: true },
      { lineId: 'l2', quantity: 3_000, reflected: false },
      { lineId: null, quantity: 1_000, reflected: false },
    ];
    expect(seenReceived('l1', { received: 7_000, held: 2_000 }, local)).toBe(14_000);
  });

  test('[PUR-T2] a pull that reflects a receipt never changes seen_received when its figures include it', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(10 ** 6), { maxLength: 8 }), fc.nat(8), (quantities, reflectedCount) => {
        const n = Math.min(reflectedCount, quantities.length);
        // Before the pull: nothing reflected, pulled figures 0. After: the first n reflected, in `received`.
        const before = quantities.map((quantity) => ({ lineId: 'l', quantity, reflected: false }));
        const after = quantities.map((quantity, index) => ({ lineId: 'l', quantity, reflected: index < n }));
        const pulled = quantities.slice(0, n).reduce((a, b) => a + b, 0);
        expect(seenReceived('l', { received: pulled, held: 0 }, after)).toBe(
          seenReceived('l', { received: 0, held: 0 }, before),
        );
      }),
    );
  });
});

describe('[PUR-T3] arrived now', () => {
  test('reads comma or point, blank as nothing', () => {
    expect(parseArrived('12', carrots)).toEqual({ ok: true, value: 12_000 });
    expect(parseArrived(' ', carrots)).toEqual({ ok: true, value: 0 });
    expect(parseArrived('2,5', { name: 'Bananas', weighed: true })).toEqual({ ok: true, value: 2_500 });
  });

  test('refuses a word, a negative number and a fraction of a piece in words', () => {
    expect(parseArrived('twelve', carrots)).toMatchObject({
      ok: false,
      error: { message: 'Enter a number, like 12 or 2.5' },
    });
    expect(parseArrived('-3', carrots)).toMatchObject({
      ok: false,
      error: { message: 'A quantity cannot be below zero' },
    });
    expect(parseArrived('2.5', carrots)).toMatchObject({
      ok: false,
      error: { message: 'Organic carrots is counted in whole units' },
    });
    expect(parseArrived('1.2345', { name: 'Bananas', weighed: true })).toMatchObject({ ok: false });
  });

  test('any whole number typed reads back as itself', () => {
    fc.assert(
      fc.property(fc.nat(999_999_999), (n) => {
        expect(parseArrived(String(n), carrots)).toEqual({ ok: true, value: n * 1000 });
      }),
    );
  });
});

describe('the questions before posting', () => {
  test('[PUR-T4] asks when more will have arrived than was ordered', () => {
    const asked = lineQuestions(draft({ seenReceived: 6_000, arrived: 30_000 }), fresh, 20);
    expect(asked).toEqual([
      { kind: 'over', productId: carrots.id, ordered: 24_000, arriving: 30_000, total: 36_000 },
    ]);
    expect(firstWords(asked)).toBe('You ordered 24; with these 30, 36 will have arrived. Receive 30?');
    expect(lineQuestions(draft({ seenReceived: 12_000, arrived: 12_000 }), fresh, 20)).toEqual([]);
  });

  test('[PUR-T4] asks exactly when seen + arrived exceeds ordered − cancelled', () => {
    fc.assert(
      fc.property(
        fc.nat(10 ** 6),
        fc.nat(10 ** 6),
        fc.integer({ min: 1, max: 10 ** 6 }),
        (seen, cancelled, arrived) => {
          const line = { ...orderLine, cancelled: Math.min(cancelled, orderLine.quantity) };
          const asked = lineQuestions(draft({ orderLine: line, seenReceived: seen, arrived }), fresh, 20);
          const over = seen + arrived > line.quantity - line.cancelled;
          expect(asked.some((question) => question.kind === 'over')).toBe(over);
        },
      ),
    );
  });

  test('[PUR-T5] a product not on the order, and one another supplier sells', () => {
    const coffee = { id: 's-bean', name: 'Bean & Leaf Coffee' };
    const asked = lineQuestions(draft({ orderLine: null }), coffee, 20);
    expect(asked.map((question) => questionWords(question, 'EUR').text)).toEqual([
      'Organic carrots is not on this order. Add it to this delivery?',
      'Bean & Leaf Coffee does not supply Organic carrots. Add it anyway?',
    ]);
    // A product with no supplier is always allowed.
    const free = { ...carrots, supplierId: null };
    expect(lineQuestions(draft({ product: free }), coffee, 20)).toEqual([]);
  });

  test('[PUR-T6] a unit cost beyond the threshold asks, in the direction it moved', () => {
    const more = lineQuestions(draft({ typedCost: 120 }), fresh, 20);
    expect(firstWords(more)).toBe('The order said €0.60; €1.20 is 100 % more. Keep €1.20?');
    const less = lineQuestions(draft({ typedCost: 30 }), fresh, 20);
    expect(firstWords(less)).toBe('The order said €0.60; €0.30 is 50 % less. Keep €0.30?');
    expect(lineQuestions(draft({ typedCost: 72 }), fresh, 20)).toEqual([]);
    // Nothing arrived: nothing to ask.
    expect(lineQuestions(draft({ arrived: 0, typedCost: 500, orderLine: null }), fresh, 20)).toEqual([]);
  });

  test('[PUR-T6] empty cost: the order line’s; an extra line: the product’s; else none', () => {
    expect(receiptUnitCost(draft())).toBe(60);
    expect(receiptUnitCost(draft({ typedCost: 65 }))).toBe(65);
    expect(receiptUnitCost(draft({ orderLine: null }))).toBe(50);
    expect(receiptUnitCost(draft({ orderLine: null, productCost: null }))).toBeNull();
  });
});

describe('[PUR-T9] cost after', () => {
  test('the worked example: 6 on hand at 50, 20 arrive at 60, average → 58', () => {
    expect(
      costAfterPreview({ method: 'average', onHand: 6_000, oldCost: 50, arrived: 20_000, unitCost: 60 }),
    ).toBe(58);
    expect(
      costAfterPreview({ method: 'last', onHand: 6_000, oldCost: 50, arrived: 20_000, unitCost: 60 }),
    ).toBe(60);
    expect(
      costAfterPreview({ method: undefined, onHand: 6_000, oldCost: 50, arrived: 0, unitCost: 60 }),
    ).toBe(50);
  });
});

describe('[PUR-T16] status words', () => {
  test('every purchase order state has words, never the code', () => {
    for (const status of PURCHASE_ORDER_STATUSES) {
      expect(documentStatusWords('purchase_order', status)).not.toContain('_');
    }
    expect(documentStatusWords('transfer', 'in_transit')).toBe('In transit');
    expect(documentStatusWords('stocktake', 'approved')).toBe('Approved');
  });
});

describe('[PUR-T1] who may receive and count', () => {
  test('managers and owners always; cashiers only when the shop says so; defaults when no row', () => {
    const none = purchasingSettingsOf(undefined);
    expect(mayReceive('manager', none)).toBe(true);
    expect(mayReceive('owner', none)).toBe(true);
    expect(mayReceive('cashier', none)).toBe(false);
    expect(mayCount('cashier', none)).toBe(false);
    expect(mayReceive(null, none)).toBe(false);
    const open = purchasingSettingsOf({
      cashiers_receive: true,
      cashiers_count: false,
      receipt_cost_flag_pct: 5,
    });
    expect(mayReceive('cashier', open)).toBe(true);
    expect(mayCount('cashier', open)).toBe(false);
    expect(open.receiptCostFlagPct).toBe(5);
    expect(open.blindCounts).toBe(true);
  });
});

describe('[PUR-T3] [PUR-T6] readTypedLine: a typed line, read the same at the till and in the back office', () => {
  const typed = { product: { ...carrots, cost: 50 }, orderLine, seenReceived: 12_000 };
  test('a quantity and a cost read into the draft', () => {
    expect(readTypedLine({ ...typed, arrivedText: '6', costText: '0,62' }, 'EUR')).toMatchObject({
      draft: { arrived: 6_000, typedCost: 62, seenReceived: 12_000, productCost: 50 },
      arrivedError: null,
      costError: null,
    });
  });
  test('bad fields are named and arrive as nothing; an empty cost is no cost typed', () => {
    const read = readTypedLine({ ...typed, arrivedText: 'six', costText: '' }, 'EUR');
    expect(read).toMatchObject({ draft: { arrived: 0, typedCost: null }, costError: null });
    expect(read.arrivedError).toBe('Enter a number, like 12 or 2.5');
    expect(readTypedLine({ ...typed, arrivedText: '1', costText: 'cheap' }, 'EUR').costError).not.toBeNull();
  });
});

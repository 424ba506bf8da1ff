import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { countsToSend, markSent, setCount, type CountLine } from './count-lines';
import { balances, inTransit } from './transfer-balance';

function idsFrom(prefix: string) {
  let n = 0;
  return () => `${prefix}${++n}`;
}

describe('[PUR-T12] [PUR-T13] counting', () => {
  test('a scan adds one, typing sets, a zone is a pile of its own', () => {
    const newId = idsFrom('c');
    let lines: CountLine[] = [];
    lines = setCount(lines, { productId: 'p', zone: '', counted: 1000, add: true, at: 't1', newId });
    lines = setCount(lines, { productId: 'p', zone: '', counted: 1000, add: true, at: 't2', newId });
    lines = setCount(lines, { productId: 'p', zone: 'Window', counted: 5000, at: 't3', newId });
    expect(lines.map((line) => [line.id, line.zone, line.counted, line.countedAt])).toEqual([
      ['c1', '', 2000, 't2'],
      ['c2', 'Window', 5000, 't3'],
    ]);
  });

  test('a line sent and changed again goes as a new line replacing the old one', () => {
    const newId = idsFrom('c');
    let lines = setCount([], { productId: 'p', zone: '', counted: 3000, at: 't1', newId });
    expect(countsToSend(lines)).toEqual([
      { id: 'c1', productId: 'p', zone: null, counted: 3000, countedAt: 't1', replaces: null },
    ]);
    lines = markSent(lines);
    expect(countsToSend(lines)).toEqual([]);
    lines = setCount(lines, { productId: 'p', zone: '', counted: 4000, at: 't2', newId });
    lines = setCount(lines, { productId: 'p', zone: '', counted: 1000, add: true, at: 't3', newId });
    expect(countsToSend(lines)).toEqual([
      { id: 'c2', productId: 'p', zone: null, counted: 5000, countedAt: 't3', replaces: 'c1' },
    ]);
  });

  test('whatever the changes and sends, each pile has one line in force and its last number', () => {
    const step = fc.record({
      product: fc.constantFrom('a', 'b'),
      zone: fc.constantFrom('', 'Back'),
      counted: fc.nat(50),
      add: fc.boolean(),
      send: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const newId = idsFrom('c');
        let lines: CountLine[] = [];
        const sent: ReturnType<typeof countsToSend> = [];
        const truth = new Map<string, number>();
        steps.forEach((s, index) => {
          const key = `${s.product}|${s.zone}`;
          truth.set(key, (s.add ? (truth.get(key) ?? 0) : 0) + s.counted);
          lines = setCount(lines, {
            productId: s.product,
            zone: s.zone,
            counted: s.counted,
            add: s.add,
            at: `t${index}`,
            newId,
          });
          if (s.send) {
            sent.push(...countsToSend(lines));
            lines = markSent(lines);
          }
        });
        sent.push(...countsToSend(lines));
        const replaced = new Set(sent.map((line) => line.replaces).filter((id) => id !== null));
        const inForce = sent.filter((line) => !replaced.has(line.id));
        expect(new Set(sent.map((line) => line.id)).size).toBe(sent.length);
        expect(
          new Map(inForce.map((line) => [`${line.productId}|${line.zone ?? ''}`, line.counted])),
        ).toEqual(truth);
      }),
    );
  });
});

describe('[PUR-30] transfer balance', () => {
  test('in transit is what the other parts leave, and the parts balance', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), fc.nat(1000), fc.nat(1000), fc.nat(1000), (a, b, c, d, e) => {
        const line = { sent: a + b + c + d + e, received: a, damaged: b, lost: c, returned: d };
        expect(inTransit(line)).toBe(e);
        expect(balances({ ...line, inTransit: inTransit(line) })).toBe(true);
      }),
    );
  });
});

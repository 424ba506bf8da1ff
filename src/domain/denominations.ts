// The notes and coins of a currency, largest first, in minor units: what a cashier counts the drawer by
// and what quick-tender buttons round up to. Currencies not listed get a plain 1-2-5 series, which is
// close enough for counting and never wrong for arithmetic (a count is just value × pieces).
import { currencyExponent } from './currency';
import type { Minor } from './money';

export interface Denomination {
  value: Minor;
  kind: 'note' | 'coin';
}

function set(notes: readonly number[], coins: readonly number[]): Denomination[] {
  return [
    ...notes.map((value) => ({ value, kind: 'note' as const })),
    ...coins.map((value) => ({ value, kind: 'coin' as const })),
  ];
}

const known: Readonly<Record<string, Denomination[]>> = {
  EUR: set([50000, 20000, 10000, 5000, 2000, 1000, 500], [200, 100, 50, 20, 10, 5, 2, 1]),
  USD: set([10000, 5000, 2000, 1000, 500, 200, 100], [100, 50, 25, 10, 5, 1]).filter(
    // The dollar coin and the dollar note are both 100; count them together as a note.
    (denomination, index, all) => all.findIndex((other) => other.value === denomination.value) === index,
  ),
  GBP: set([5000, 2000, 1000, 500], [200, 100, 50, 20, 10, 5, 2, 1]),
  CHF: set([100000, 20000, 10000, 5000, 2000, 1000], [500, 200, 100, 50, 20, 10, 5]),
  JPY: set([10000, 5000, 2000, 1000], [500, 100, 50, 10, 5, 1]),
  SEK: set([100000, 50000, 20000, 10000, 5000, 2000], [1000, 500, 200, 100]),
};

/** A 1-2-5 series from the minor unit up to 500 major units; 5 major units and up are notes. */
function fallback(currency: string): Denomination[] {
  const minorPerMajor = 10 ** currencyExponent(currency);
  const values: number[] = [];
  for (let decade = 1; decade <= 100 * minorPerMajor; decade *= 10) {
    values.push(decade, 2 * decade, 5 * decade);
  }
  return values
    .sort((a, b) => b - a)
    .map((value) => ({ value, kind: value >= 5 * minorPerMajor ? 'note' : 'coin' }));
}

/** [CASHUP-2] The denominations of a currency, largest first. */
export function denominationsOf(currency: string): Denomination[] {
  return known[currency] ?? fallback(currency);
}

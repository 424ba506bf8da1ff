// How a receipt line's quantity and price read (issue 34, [WORDS-6]): a product sold by measure says its unit
// on both sides — "1.181 kg × €1.99/kg" — on the paper, the slip on screen and the public page alike; a piece
// reads "2 × €2.50" as before.
import { formatQuantity, type Milli } from './quantity';

/** The units a product may be sold by besides pieces (products.unit, [SCHEMA]); anything else reads as pieces. */
const MEASURES = new Set(['kg', 'g', 'l', 'm']);

/** A product's unit when it is a measure; null for pieces ('each', unknown or missing). */
export function measureOf(unit: string | null | undefined): string | null {
  return unit && MEASURES.has(unit) ? unit : null;
}

/** A product's measure as its lines read: its unit, or kg for a weighed product priced 'each'; null for pieces. */
export function productMeasure(product: {
  unit?: string | null | undefined;
  weighed: boolean;
}): string | null {
  return measureOf(product.unit) ?? (product.weighed ? 'kg' : null);
}

/** "1.181 kg", "2". */
export function quantityText(quantity: Milli, unit: string | null | undefined, locale?: string): string {
  const measure = measureOf(unit);
  return `${formatQuantity(quantity, locale)}${measure ? ` ${measure}` : ''}`;
}

/** "€1.99/kg", "€2.50". */
export function unitPriceText(price: string, unit: string | null | undefined): string {
  const measure = measureOf(unit);
  return measure ? `${price}/${measure}` : price;
}

// Cost and margin (issue 21): what a receive does to a product's cost, what a line of a sale cost, and what
// stock is worth. The server applies the same receive rule in SQL (private.cost_after_receive, migration
// 20261130000100_cost_rules.sql); tests/integration/cost-agree.test.ts runs both on the same inputs.
import { mulDivRound, type Minor } from './money';
import { MILLI_PER_UNIT, type Milli } from './quantity';

/** How a receive's unit cost moves a product's cost: the last cost paid, or a moving average. */
export type CostMethod = 'last' | 'average';

export const COST_METHODS: readonly CostMethod[] = ['last', 'average'];

export function isCostMethod(value: unknown): value is CostMethod {
  return value === 'last' || value === 'average';
}

export interface Receipt {
  method: CostMethod;
  /** What the shop held before the receive, in thousandths (may be negative). */
  onHand: Milli;
  /** The product's cost before the receive; null when it had none. */
  oldCost: Minor | null;
  /** What was received, in thousandths (> 0). */
  quantity: Milli;
  /** The receive's unit cost; null when none was given. */
  unitCost: Minor | null;
}

/**
 * [COST-2] The product's cost after a receive. No unit cost: the cost stays. 'last': the unit cost.
 * 'average': (on-hand × old cost + received × unit cost) ÷ (on-hand + received), rounded half-up to a minor
 * unit, exactly (BigInt); with nothing on hand (≤ 0) or no old cost, the unit cost.
 */
export function costAfterReceive(receipt: Receipt): Minor | null {
  const { method, onHand, oldCost, quantity, unitCost } = receipt;
  if (unitCost === null) return oldCost;
  if (method === 'last' || oldCost === null || onHand <= 0) return unitCost;
  if (quantity <= 0) throw new RangeError('A receive brings in more than zero.');
  const numerator = BigInt(onHand) * BigInt(oldCost) + BigInt(quantity) * BigInt(unitCost);
  const denominator = BigInt(onHand) + BigInt(quantity);
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** [VALUE-1] What `quantity` of something at `unitCost` each is worth: rounded once, half-up; null unknown. */
export function costOf(unitCost: Minor | null | undefined, quantity: Milli): Minor | null {
  if (unitCost === null || unitCost === undefined) return null;
  return mulDivRound(unitCost, quantity, MILLI_PER_UNIT);
}

export interface StockValue {
  /** Σ on-hand × cost over products with a cost and stock above zero. */
  atCost: Minor;
  /** Σ on-hand × price over products with stock above zero. */
  atPrice: Minor;
  /** Products holding stock with no cost: their value at cost is unknown, not zero. */
  withoutCost: number;
}

/**
 * [VALUE-1] Stock value of a list of products: each product's positive on-hand at its cost and at its price
 * (a negative level is stock owed, not stock held, so it adds nothing).
 */
export function stockValue(
  rows: readonly { onHand: Milli; cost: Minor | null | undefined; price: Minor }[],
): StockValue {
  let atCost = 0;
  let atPrice = 0;
  let withoutCost = 0;
  for (const row of rows) {
    if (row.onHand <= 0) continue;
    atPrice += mulDivRound(row.price, row.onHand, MILLI_PER_UNIT);
    const cost = costOf(row.cost, row.onHand);
    if (cost === null) withoutCost += 1;
    else atCost += cost;
  }
  return { atCost, atPrice, withoutCost };
}

export interface MarginFigures {
  /** Net sales excluding tax (sales minus refunds), every line. */
  netSales: Minor;
  /** The part of netSales whose lines have a known cost. */
  costedNet: Minor;
  /** Cost of the lines sold (refunds taking back their share). */
  costTotal: Minor;
  /** Net sales of lines with no known cost: left out of the margin, never counted as free. */
  uncostedNet: Minor;
}

/**
 * [REP-11] Gross margin = costed net − cost; its percentage (basis points, half-up) is of the costed net
 * only, so lines without a cost never show as 100 % margin. Null when no sale had a known cost.
 */
export function grossMargin(figures: MarginFigures): { margin: Minor; marginBp: number | null } {
  const margin = figures.costedNet - figures.costTotal;
  return {
    margin,
    marginBp: figures.costedNet === 0 ? null : mulDivRound(margin, 10_000, figures.costedNet),
  };
}

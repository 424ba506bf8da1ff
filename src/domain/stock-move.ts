// The `stock.move` command's argument (supabase/SPEC.md §3.4): one of five reasons, each with its own
// fields, and the signed delta it makes. Counts travel as counted and expected (what the till showed), so
// the server books their difference and it commutes with other tills' sales ([STOCK-5]).
import { z } from 'zod';
import { money, optionalText, quantity, time, uuid } from './command-fields';
import { parseArgs } from './op-args';
import { fromNumeric, MAX_QUANTITY_MILLI, type Milli } from './quantity';
import type { Result } from './result';

/** [OPS-8] A signed quantity (adjustments, counts): at most three decimals, below 10^9 in size. */
export const signedQuantity = z.union([
  z
    .number()
    .refine((value) => Math.abs(value) * 1000 <= MAX_QUANTITY_MILLI, 'A quantity is below 10^9.')
    .refine(
      (value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6,
      'A quantity has at most 3 decimals.',
    ),
  z.string().regex(/^-?[0-9]{1,9}(\.[0-9]{1,3})?$/, 'A quantity has at most 3 decimals.'),
]);

const common = {
  id: uuid,
  store_id: uuid,
  product_id: uuid,
  occurred_at: time,
  note: optionalText(2000),
  terminal_id: uuid.nullable().optional(),
};

export const stockMoveSchema = z.discriminatedUnion('reason', [
  // [COST-3] A receive may say what each unit cost; the server moves the product's cost by the shop's method.
  z.strictObject({ ...common, reason: z.literal('receive'), quantity, unit_cost: money.optional() }),
  z.strictObject({ ...common, reason: z.literal('waste'), quantity }),
  z.strictObject({
    ...common,
    reason: z.literal('adjust'),
    delta: signedQuantity.refine((value) => Number(value) !== 0, 'An adjustment is not zero.'),
  }),
  z.strictObject({
    ...common,
    reason: z.literal('count'),
    counted: signedQuantity,
    expected: signedQuantity,
  }),
  z.strictObject({ ...common, reason: z.literal('transfer'), quantity, to_store_id: uuid }),
]);

export type StockMoveArgs = z.infer<typeof stockMoveSchema>;

export function parseStockMove(input: unknown): Result<StockMoveArgs, 'invalid_args'> {
  const parsed = parseArgs(stockMoveSchema, input, 'stock movement');
  if (parsed.ok && parsed.value.reason === 'transfer' && parsed.value.to_store_id === parsed.value.store_id) {
    return { ok: false, error: { code: 'invalid_args', message: 'A transfer goes to another store.' } };
  }
  return parsed;
}

/**
 * [CMD-STOCK] The signed change a movement makes at its own store, in thousandths: +quantity received,
 * −quantity wasted or sent away, the adjustment's delta, counted − expected (0 when they agree).
 */
export function stockMoveDelta(args: StockMoveArgs): Milli {
  switch (args.reason) {
    case 'receive':
      return fromNumeric(args.quantity);
    case 'waste':
    case 'transfer':
      return -fromNumeric(args.quantity);
    case 'adjust':
      return fromNumeric(args.delta);
    case 'count':
      return fromNumeric(args.counted) - fromNumeric(args.expected);
  }
}

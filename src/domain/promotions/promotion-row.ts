// [PROMO-T5] From a pulled `promotions` row (snake_case, as stored: /work/notes/promo-contract.md) to the
// engine's `Promotion`. Only active, live rows go to the engine; a row whose rule or slots do not read is left
// out (null), never guessed at and never a crash: a till keeps selling with the promotions it can read.
import { z } from 'zod';
import type { ItemSet, Promotion, PromotionRule } from './promotion-types';

const int = z.int();
const ids = z.array(z.string());
const itemSet = z
  .object({ product_ids: ids.default([]), category_ids: ids.default([]) })
  .transform((set): ItemSet => ({ productIds: set.product_ids, categoryIds: set.category_ids }));
const off = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent'), rate: int }),
  z.object({ kind: z.literal('amount'), amount: int }),
]);

/** [PROMO-1] A stored rule (snake_case keys) read as the engine's; the back office decodes with it too. */
export const storedRuleSchema = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('percent_off'), items: itemSet.nullable().default(null), rate: int })
    .transform((r): PromotionRule => ({ kind: r.kind, items: r.items, rate: r.rate })),
  z
    .object({ kind: z.literal('amount_off'), items: itemSet.nullable().default(null), amount: int })
    .transform((r): PromotionRule => ({ kind: r.kind, items: r.items, amount: r.amount })),
  z
    .object({ kind: z.literal('basket_threshold'), min_spend: int, off })
    .transform((r): PromotionRule => ({ kind: r.kind, minSpend: r.min_spend, off: r.off })),
  z
    .object({
      kind: z.literal('buy_x_get_y'),
      buy: itemSet,
      buy_quantity: int,
      get: itemSet.nullable().default(null),
      get_quantity: int,
      get_rate: int.default(10_000),
      repeat: z.boolean().default(true),
    })
    .transform((r): PromotionRule => ({
      kind: r.kind,
      buy: r.buy,
      buyQuantity: r.buy_quantity,
      get: r.get,
      getQuantity: r.get_quantity,
      getRate: r.get_rate,
      repeat: r.repeat,
    })),
  z
    .object({
      kind: z.literal('mix_match'),
      items: itemSet,
      quantity: int,
      price: int,
      repeat: z.boolean().default(true),
    })
    .transform((r): PromotionRule => ({ ...r })),
  z
    .object({
      kind: z.literal('bundle_price'),
      components: z.array(z.object({ items: itemSet, quantity: int })),
      price: int,
      repeat: z.boolean().default(true),
    })
    .transform((r): PromotionRule => ({ ...r })),
  z
    .object({ kind: z.literal('fixed_price'), items: itemSet, unit_price: int })
    .transform((r): PromotionRule => ({ kind: r.kind, items: r.items, unitPrice: r.unit_price })),
]);

/** [PROMO-2] Stored weekly slots are the engine's as they are. */
export const storedSlotsSchema = z.array(z.object({ days: z.array(int), from: int, to: int }));

const row = z.object({
  id: z.string(),
  status: z.string(),
  deleted_at: z.string().nullable().optional(),
  priority: int,
  combinable: z.boolean(),
  starts_at: z.string().nullable().default(null),
  ends_at: z.string().nullable().default(null),
  slots: storedSlotsSchema.default([]),
  store_ids: ids.nullable().default([]),
  customers_only: z.boolean().default(false),
  coupon_only: z.boolean().default(false),
  rule: storedRuleSchema,
});

/** [PROMO-T5] The engine's promotion of a pulled row; null when it is not active, deleted, or unreadable. */
export function promotionOfRow(input: unknown): Promotion | null {
  const parsed = row.safeParse(input);
  if (!parsed.success) return null;
  const r = parsed.data;
  if (r.status !== 'active' || (r.deleted_at ?? null) !== null) return null;
  return {
    id: r.id,
    priority: r.priority,
    combinable: r.combinable,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    slots: r.slots,
    storeIds: r.store_ids ?? [],
    customersOnly: r.customers_only,
    couponOnly: r.coupon_only,
    rule: r.rule,
  };
}

/** [PROMO-1] The engine's rule as stored: its camelCase keys in snake_case, nothing else renamed. */
export function storedRuleOf(rule: PromotionRule): unknown {
  return snakeKeys(rule);
}

/** camelCase keys to snake_case, all the way down; values (ids among them) untouched. */
export function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
      snakeKeys(inner),
    ]),
  );
}

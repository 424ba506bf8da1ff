// Promotions and coupons as the server stores them (migration 20261210000000_promotions.sql,
// /work/notes/promo-contract.md "Stored shapes"): `rule` is the engine's PromotionRule with its keys in
// snake_case, mechanically (`minSpend` → `min_spend`, nothing else renamed), `slots` the engine's WeeklySlot
// list. This module turns one into the other and decodes rows, so a row the server holds reads back exactly.
import { z } from 'zod';
import { storedRuleOf, storedRuleSchema, storedSlotsSchema } from '../../domain/promotions/promotion-row';
import type { Promotion, PromotionRule } from '../../domain/promotions/promotion-types';
import type { Json } from './database.types';
import { decode, toJson } from './decode';

const whole = z.number();

export type PromotionStatus = 'draft' | 'active' | 'paused' | 'ended';

export const PROMOTION_COLUMNS =
  'id, name, status, priority, combinable, starts_at, ends_at, slots, store_ids, customers_only, coupon_only, rule, updated_at';

const rowSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['draft', 'active', 'paused', 'ended']),
  priority: whole,
  combinable: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  slots: z.unknown(),
  store_ids: z.array(z.string()),
  customers_only: z.boolean(),
  coupon_only: z.boolean(),
  rule: z.unknown(),
  updated_at: z.string(),
});

/** A promotion as the back office reads it: the engine's fields, plus its name and status. */
export interface PromotionRow extends Promotion {
  name: string;
  status: PromotionStatus;
  updatedAt: string;
}

/** The columns a save writes, as stored. */
export interface PromotionFields {
  name: string;
  priority: number;
  combinable: boolean;
  starts_at: string | null;
  ends_at: string | null;
  slots: StoredJson;
  store_ids: string[];
  customers_only: boolean;
  coupon_only: boolean;
  rule: StoredJson;
}

/** A jsonb column that is never null. */
export type StoredJson = NonNullable<Json>;

function stored(value: unknown): StoredJson {
  const json = toJson(value);
  if (json === null) throw new TypeError('A promotion column cannot be null.');
  return json;
}

/** The engine's rule as stored: its keys in snake_case. */
export function storedRule(rule: PromotionRule): StoredJson {
  return stored(storedRuleOf(rule));
}

/** A stored rule as the engine's (the till's own reading of it); throws on a shape the app does not know. */
export function ruleOfStored(value: unknown): PromotionRule {
  return decode(storedRuleSchema, value, 'promotions.rule');
}

/** What a save sends for a promotion the form checked. */
export function promotionFields(name: string, promotion: Promotion): PromotionFields {
  return {
    name,
    priority: promotion.priority,
    combinable: promotion.combinable,
    starts_at: promotion.startsAt,
    ends_at: promotion.endsAt,
    slots: stored(promotion.slots),
    store_ids: [...promotion.storeIds],
    customers_only: promotion.customersOnly,
    coupon_only: promotion.couponOnly,
    rule: storedRule(promotion.rule),
  };
}

export function promotionOfRow(value: unknown): PromotionRow {
  const row = decode(rowSchema, value, 'promotions');
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    priority: row.priority,
    combinable: row.combinable,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    slots: decode(storedSlotsSchema, row.slots, 'promotions.slots'),
    storeIds: row.store_ids,
    customersOnly: row.customers_only,
    couponOnly: row.coupon_only,
    rule: ruleOfStored(row.rule),
    updatedAt: row.updated_at,
  };
}

export const COUPON_COLUMNS = 'id, code, max_uses, uses, expires_at, active, batch_id, created_at';

const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  max_uses: whole.nullable(),
  uses: whole,
  expires_at: z.string().nullable(),
  active: z.boolean(),
  batch_id: z.string().nullable(),
  created_at: z.string(),
});
export type CouponRow = z.infer<typeof couponSchema>;

export function couponsOfRows(value: unknown): CouponRow[] {
  return decode(z.array(couponSchema), value, 'coupons');
}

// The server's insight functions (supabase/SPEC.md §6.1 [INS-1]..[INS-5]) as typed query options. Each answers
// one view as one jsonb object, decoded here so a changed answer fails loudly instead of showing zeros. The
// queries persist (meta.persist) like the dashboard's, so Insights opened offline shows the figures it last
// loaded, dated by the query's dataUpdatedAt.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { decode } from './decode';
import { ReportError } from './reports';
import type { Supabase } from './supabase-client';

const money = z.number().int();
const count = z.number().int().nonnegative();
/** Quantities, rates and per-day figures are numerics: JSON numbers, or null where they cannot be worked out. */
const figure = z.number();

const salesFigures = z.object({
  net_total: money,
  net_sales: money,
  costed_net: money,
  cost_total: money,
  margin: money,
  uncosted_net: money,
});

/** A period's or a day's sales, refunds and baskets; the averages are null with no sale. */
const basketFigures = {
  sales_count: count,
  sales_total: money,
  refunds_count: count,
  refunds_total: money,
  items: figure,
  average_basket: money.nullable(),
  items_per_basket: figure.nullable(),
};

export const salesInsightSchema = z.object({
  totals: salesFigures.extend({ ...basketFigures, discount_total: money }),
  categories: z.array(
    salesFigures.extend({ category_id: z.string().nullable(), name: z.string(), quantity: figure }),
  ),
  products: z.array(
    salesFigures.extend({
      product_id: z.string().nullable(),
      name: z.string(),
      category: z.string().nullable(),
      quantity: figure,
    }),
  ),
  days: z.array(z.object({ day: z.string(), ...basketFigures })),
  people: z.array(
    z.object({
      cashier_id: z.string(),
      name: z.string(),
      sales_count: count,
      discounted_sales: count,
      discount_total: money,
      refunds_count: count,
      refunds_total: money,
    }),
  ),
});

export const heatmapSchema = z.object({
  cells: z.array(
    z.object({ weekday: z.number().int(), hour: z.number().int(), sales_count: count, net_total: money }),
  ),
});

const stockValue = { value_at_cost: money.nullable(), value_at_price: money };

export const inventoryInsightSchema = z.object({
  totals: z.object({
    products: count,
    in_stock: count,
    value_at_cost: money,
    value_at_price: money,
    uncosted_in_stock: count,
    dead: count,
    to_reorder: count,
    /** [PUR-38] Orders ordered or partly received, what is still to come of them, and what is between stores. */
    open_orders: count.default(0),
    on_order_units: figure.default(0),
    on_order_value: money.default(0),
    on_order_uncosted: figure.default(0),
    in_transit_units: figure.default(0),
    in_transit_value: money.default(0),
  }),
  products: z.array(
    z.object({
      product_id: z.string(),
      name: z.string(),
      sku: z.string().nullable(),
      on_hand: figure,
      sold: figure,
      ...stockValue,
      sell_through_pct: figure.nullable(),
      days_of_cover: figure.nullable(),
      dead: z.boolean(),
    }),
  ),
  dead: z.array(
    z.object({
      product_id: z.string(),
      name: z.string(),
      sku: z.string().nullable(),
      on_hand: figure,
      ...stockValue,
    }),
  ),
  reorder: z.array(
    z.object({
      product_id: z.string(),
      name: z.string(),
      sku: z.string().nullable(),
      supplier: z.string().nullable(),
      /** [INS-10] The product's supplier (a variant's parent's when it has none), null for none. */
      supplier_id: z.string().nullable(),
      supplier_name: z.string().nullable(),
      /** The lead time used: the supplier's, else the page's. */
      lead_days: count,
      unit_cost: money.nullable(),
      on_hand: figure,
      /** [PUR-38] Still to come on open orders, and on its way from another store: part of the position. */
      on_order: figure.default(0),
      in_transit: figure.default(0),
      per_day: figure,
      reorder_level: figure.nullable(),
      reorder_point: figure,
      order_quantity: figure,
      order_cost: money.nullable(),
    }),
  ),
  settings: z.object({
    days: count,
    dead_days: count,
    lead_days: count,
    cover_days: count,
    has_supplier: z.boolean(),
  }),
});

const customerRow = { customer_id: z.string(), name: z.string(), visits: count };

export const customersInsightSchema = z.object({
  totals: z.object({
    customers: count,
    new: count,
    returning: count,
    repeat: count,
    repeat_rate_pct: figure.nullable(),
    visits: count,
    visits_per_customer: figure.nullable(),
    net_total: money,
    customer_net: money,
    customer_share_pct: figure.nullable(),
  }),
  top: z.array(z.object({ ...customerRow, net_spend: money, last_visit: z.string().nullable() })),
  lapsed: z.array(z.object({ ...customerRow, first_visit: z.string(), last_visit: z.string() })),
});

export type SalesInsight = z.infer<typeof salesInsightSchema>;
export type Heatmap = z.infer<typeof heatmapSchema>;
export type InventoryInsight = z.infer<typeof inventoryInsightSchema>;
export type CustomersInsight = z.infer<typeof customersInsightSchema>;

const insights = {
  insight_sales: salesInsightSchema,
  insight_heatmap: heatmapSchema,
  insight_inventory: inventoryInsightSchema,
  insight_customers: customersInsightSchema,
} as const;

export type InsightName = keyof typeof insights;
export type InsightOf<Name extends InsightName> = z.infer<(typeof insights)[Name]>;

export interface Period {
  from: string;
  to: string;
}

/** One insight over one period; the refusal ([INS-1]) as a ReportError, as the reports' are. */
export function insightQuery<Name extends InsightName>(
  supabase: Supabase,
  name: Name,
  companyId: string,
  period: Period,
) {
  return queryOptions({
    queryKey: ['reports', 'insights', name, companyId, period.from, period.to],
    queryFn: async (): Promise<InsightOf<Name>> => {
      const { data, error } = await supabase.rpc(name, {
        p_company: companyId,
        p_from: period.from,
        p_to: period.to,
      });
      if (error) throw new ReportError(error.message, error.code);
      // The schema is the one named: TypeScript cannot narrow the map's union by the generic name.
      return decode<unknown>(insights[name], data, name) as InsightOf<Name>;
    },
    staleTime: 5 * 60 * 1000,
    retry: false,
    meta: { persist: true },
  });
}

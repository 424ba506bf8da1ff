// What each promotion gave over a range of sale times (issue 36's report): its uses, the discount given and
// the value of the sales it touched, from the server's `promotion_report` ([PROMO-20]: managers and owners
// only), which reads `sale_promotions` (written by apply_ops with the till's amount and the server's).
//
// Which amount: the till's (`till_amount`) is what the customer got and paid for ([PROMO-13], the sale is
// kept as recorded); the server's (`server_amount`) is beside it, so a manager sees where they differ.
// A promotion the cashier took off a sale ([PROMO-3]) is counted apart, not as a use.
import { z } from 'zod';
import type { Result } from '../../domain/result';
import { decode } from './decode';
import { read } from './promotion-writes';
import type { Supabase } from './supabase-client';

export interface PromotionFigures {
  promotionId: string;
  /** Sales the promotion was applied to (not taken off). */
  uses: number;
  /** Minor units: what the tills gave. */
  discount: number;
  /** Minor units: what the server worked out for the same sales. */
  serverDiscount: number;
  /** Minor units: the totals of the sales it was applied to. */
  salesTotal: number;
  /** Sales where the cashier took it off. */
  removed: number;
}

const reportSchema = z.array(
  z.object({
    promotion_id: z.string(),
    uses: z.number(),
    discount_given: z.number(),
    server_amount: z.number(),
    sales_total: z.number(),
    removed_count: z.number(),
  }),
);

/**
 * Figures per promotion for sales that occurred in [from, to) (ISO instants), from the server's
 * `promotion_report` ([PROMO-20]): one call, worked out where the rows are, and refused in the server's words
 * for a cashier or another shop's member.
 */
export async function promotionReport(
  supabase: Supabase,
  companyId: string,
  from: string,
  to: string,
): Promise<Result<PromotionFigures[]>> {
  return read(
    () => supabase.rpc('promotion_report', { p_company: companyId, p_from: from, p_to: to }),
    (data) =>
      decode(reportSchema, data, 'promotion_report')
        .map((row) => ({
          promotionId: row.promotion_id,
          uses: row.uses,
          discount: row.discount_given,
          serverDiscount: row.server_amount,
          salesTotal: row.sales_total,
          removed: row.removed_count,
        }))
        .sort((a, b) => b.discount - a.discount || a.promotionId.localeCompare(b.promotionId)),
  );
}

export type PromotionReportSource = typeof promotionReport;

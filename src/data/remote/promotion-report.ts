// What each promotion gave over a range of sale times (issue 36's report): its uses, the discount given and
// the value of the sales it touched. Read from `sale_promotions` (managers read it; written by apply_ops with
// the till's amount and the server's) and the sales in the range, through supabase-js. One function, so a
// server-side `promotion_report(p_company, p_from, p_to)` can replace it without the screen changing.
//
// Which amount: the till's (`till_amount`) is what the customer got and paid for ([PROMO-13], the sale is
// kept as recorded); the server's (`server_amount`) is beside it, so a manager sees where they differ.
// A promotion the cashier took off a sale ([PROMO-3]) is counted apart, not as a use.
import { z } from 'zod';
import { err, ok, type Result } from '../../domain/result';
import { decode } from './decode';
import { describeServerError, type ServerError } from './product-writes';
import { promotionsNeedConnection } from './promotion-writes';
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

/** Rows per page: PostgREST answers at most 1,000 rows a request. */
const PAGE = 1000;
/** Sale ids per `in` filter: the ids go in the request's address. */
const IDS = 150;

const usageSchema = z.array(
  z.object({
    sale_id: z.string(),
    promotion_id: z.string(),
    till_amount: z.number(),
    server_amount: z.number(),
    removed: z.boolean(),
  }),
);
const saleSchema = z.array(z.object({ id: z.string(), total: z.number() }));

interface Page {
  data: unknown;
  error: ServerError | null;
}

async function allPages(request: (from: number, to: number) => PromiseLike<Page>): Promise<unknown[]> {
  const rows: unknown[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await request(from, from + PAGE - 1);
    if (error) throw new RefusedError(error);
    const page: unknown[] = Array.isArray(data) ? (data as unknown[]) : [];
    rows.push(...page);
    if (page.length < PAGE) return rows;
  }
}

class RefusedError extends Error {
  constructor(readonly serverError: ServerError) {
    super(serverError.message);
    this.name = 'RefusedError';
  }
}

/**
 * Figures per promotion for sales that occurred in [from, to) (ISO instants). A sale is recorded after it
 * occurred, so rows created before `from` cannot be of a sale in the range: that bounds the first read.
 */
export async function promotionReport(
  supabase: Supabase,
  companyId: string,
  from: string,
  to: string,
): Promise<Result<PromotionFigures[]>> {
  try {
    const usage = decode(
      usageSchema,
      await allPages((first, last) =>
        supabase
          .from('sale_promotions')
          .select('sale_id, promotion_id, till_amount, server_amount, removed')
          .eq('company_id', companyId)
          .gte('created_at', from)
          .order('id')
          .range(first, last),
      ),
      'sale_promotions',
    );
    const saleIds = [...new Set(usage.map((row) => row.sale_id))];
    const totals = new Map<string, number>();
    for (let at = 0; at < saleIds.length; at += IDS) {
      const ids = saleIds.slice(at, at + IDS);
      const sales = decode(
        saleSchema,
        await allPages((first, last) =>
          supabase
            .from('sales')
            .select('id, total')
            .eq('company_id', companyId)
            .in('id', ids)
            .gte('occurred_at', from)
            .lt('occurred_at', to)
            .order('id')
            .range(first, last),
        ),
        'sales',
      );
      for (const sale of sales) totals.set(sale.id, sale.total);
    }
    const byPromotion = new Map<string, PromotionFigures>();
    for (const row of usage) {
      const total = totals.get(row.sale_id);
      if (total === undefined) continue;
      const figures = byPromotion.get(row.promotion_id) ?? {
        promotionId: row.promotion_id,
        uses: 0,
        discount: 0,
        serverDiscount: 0,
        salesTotal: 0,
        removed: 0,
      };
      if (row.removed) figures.removed += 1;
      else {
        figures.uses += 1;
        figures.discount += row.till_amount;
        figures.serverDiscount += row.server_amount;
        figures.salesTotal += total;
      }
      byPromotion.set(row.promotion_id, figures);
    }
    return ok(
      [...byPromotion.values()].sort(
        (a, b) => b.discount - a.discount || a.promotionId.localeCompare(b.promotionId),
      ),
    );
  } catch (error) {
    if (error instanceof RefusedError) return err('refused', describeServerError(error.serverError));
    if (error instanceof Error && error.name === 'ServerAnswerError') throw error;
    return err('offline', promotionsNeedConnection());
  }
}

export type PromotionReportSource = typeof promotionReport;

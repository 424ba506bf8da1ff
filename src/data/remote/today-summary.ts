// "Today at a glance" for managers and owners, from the server's report functions (supabase/SPEC.md REP-2,
// REP-9): today's sales and refunds in the shop's own time zone, and how many products are low on stock.
import { queryOptions } from '@tanstack/react-query';
import type { Supabase } from './supabase-client';

export interface TodaySummary {
  salesCount: number;
  refundsCount: number;
  /** Minor units: sales minus refunds. */
  netTotal: number;
  lowStockCount: number;
}

export class ReportError extends Error {
  constructor(
    message: string,
    /** PostgREST code: 42501 when the caller's role may not see reports. */
    readonly code: string,
  ) {
    super(message);
    this.name = 'ReportError';
  }
}

/** bigint columns: JSON numbers from PostgREST, but tolerate strings from other gateways. */
interface DayRow {
  sales_count: number | string;
  refunds_count: number | string;
  net_total: number | string;
}

/** The calendar day it is now in `timeZone`, as YYYY-MM-DD. */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10); // an unknown zone: fall back to UTC
  }
}

export function todaySummaryQuery(supabase: Supabase, companyId: string, day: string) {
  return queryOptions({
    queryKey: ['reports', 'today', companyId, day],
    queryFn: async (): Promise<TodaySummary> => {
      const [days, lowStock] = await Promise.all([
        supabase.rpc('report_sales_by_day', { p_company: companyId, p_from: day, p_to: day }),
        supabase.rpc('report_low_stock', { p_company: companyId }),
      ]);
      const failed = days.error ?? lowStock.error;
      if (failed) throw new ReportError(failed.message, failed.code);
      const rows = (days.data ?? []) as DayRow[];
      return {
        salesCount: rows.reduce((n, row) => n + Number(row.sales_count), 0),
        refundsCount: rows.reduce((n, row) => n + Number(row.refunds_count), 0),
        netTotal: rows.reduce((n, row) => n + Number(row.net_total), 0),
        lowStockCount: ((lowStock.data ?? []) as unknown[]).length,
      };
    },
    staleTime: 60 * 1000,
  });
}

// The server's report functions (supabase/SPEC.md [REP-1]..[REP-9]) as typed query options: "today at a
// glance" (today, the same day last week, by hour, top products, payment mix, low stock) and a manager's
// range report (by day, cashier and terminal). Both persist (meta.persist), so a dashboard opened offline
// shows the last figures it loaded, dated by the query's dataUpdatedAt.
import { queryOptions } from '@tanstack/react-query';
import { addDays } from '../../lib/calendar';
import { callRpc, type Supabase } from './supabase-client';

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

export interface DayFigures {
  day: string;
  salesCount: number;
  salesTotal: number;
  refundsCount: number;
  refundsTotal: number;
  taxTotal: number;
  /** Minor units: sales minus refunds. */
  netTotal: number;
}

export interface HourFigures {
  hour: number;
  salesCount: number;
  netTotal: number;
}

export interface ProductFigures {
  productId: string;
  name: string;
  quantity: number;
  netTotal: number;
}

export interface TenderFigures {
  method: string;
  count: number;
  netAmount: number;
}

export interface LowStockRow {
  storeId: string;
  productId: string;
  name: string;
  sku: string | null;
  onHand: number;
  reorderLevel: number | null;
}

export interface PersonFigures {
  id: string | null;
  name: string;
  salesCount: number;
  refundsCount: number;
  netTotal: number;
}

export interface Glance {
  today: DayFigures;
  lastWeek: DayFigures;
  hours: HourFigures[];
  topProducts: ProductFigures[];
  paymentMix: TenderFigures[];
  lowStock: LowStockRow[];
}

export interface RangeReport {
  from: string;
  to: string;
  days: DayFigures[];
  cashiers: PersonFigures[];
  terminals: PersonFigures[];
  paymentMix: TenderFigures[];
  topProducts: ProductFigures[];
}

type Row = Record<string, unknown>;

/** bigint and numeric columns arrive as JSON numbers from PostgREST; tolerate strings from other gateways. */
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

async function rpc(supabase: Supabase, name: string, args: Record<string, unknown>): Promise<Row[]> {
  const answer = await callRpc(supabase, name, args);
  if (answer.error) throw new ReportError(answer.error.message, answer.error.code);
  return Array.isArray(answer.data) ? (answer.data as Row[]) : [];
}

function dayFigures(row: Row | undefined, day: string): DayFigures {
  return {
    day: text(row?.day, day),
    salesCount: num(row?.sales_count),
    salesTotal: num(row?.sales_total),
    refundsCount: num(row?.refunds_count),
    refundsTotal: num(row?.refunds_total),
    taxTotal: num(row?.tax_total),
    netTotal: num(row?.net_total),
  };
}

const products = (rows: Row[]): ProductFigures[] =>
  rows.map((row) => ({
    productId: text(row.product_id, ''),
    name: text(row.name, 'Unnamed product'),
    quantity: num(row.quantity),
    netTotal: num(row.net_total),
  }));

const tenders = (rows: Row[]): TenderFigures[] =>
  rows.map((row) => ({
    method: text(row.method, 'other'),
    count: num(row.payments_count),
    netAmount: num(row.net_amount),
  }));

export function glanceQuery(supabase: Supabase, companyId: string, day: string) {
  const range = (from: string, to: string) => ({ p_company: companyId, p_from: from, p_to: to });
  return queryOptions({
    queryKey: ['reports', 'glance', companyId, day],
    queryFn: async (): Promise<Glance> => {
      const lastWeekDay = addDays(day, -7);
      const [today, lastWeek, hours, top, mix, low] = await Promise.all([
        rpc(supabase, 'report_sales_by_day', range(day, day)),
        rpc(supabase, 'report_sales_by_day', range(lastWeekDay, lastWeekDay)),
        rpc(supabase, 'report_sales_by_hour', range(day, day)),
        rpc(supabase, 'report_top_products', { ...range(day, day), p_limit: 5 }),
        rpc(supabase, 'report_payment_mix', range(day, day)),
        rpc(supabase, 'report_low_stock', { p_company: companyId }),
      ]);
      return {
        today: dayFigures(today[0], day),
        lastWeek: dayFigures(lastWeek[0], lastWeekDay),
        hours: hours.map((row) => ({
          hour: num(row.hour),
          salesCount: num(row.sales_count),
          netTotal: num(row.net_total),
        })),
        topProducts: products(top),
        paymentMix: tenders(mix),
        lowStock: low.map((row) => ({
          storeId: text(row.store_id, ''),
          productId: text(row.product_id, ''),
          name: text(row.name, 'Unnamed product'),
          sku: typeof row.sku === 'string' ? row.sku : null,
          onHand: num(row.on_hand),
          reorderLevel: row.reorder_level === null ? null : num(row.reorder_level),
        })),
      };
    },
    staleTime: 60 * 1000,
    meta: { persist: true },
  });
}

export function rangeReportQuery(supabase: Supabase, companyId: string, from: string, to: string) {
  const range = { p_company: companyId, p_from: from, p_to: to };
  return queryOptions({
    queryKey: ['reports', 'range', companyId, from, to],
    queryFn: async (): Promise<RangeReport> => {
      const [days, cashiers, terminals, mix, top] = await Promise.all([
        rpc(supabase, 'report_sales_by_day', range),
        rpc(supabase, 'report_sales_by_cashier', range),
        rpc(supabase, 'report_sales_by_terminal', range),
        rpc(supabase, 'report_payment_mix', range),
        rpc(supabase, 'report_top_products', { ...range, p_limit: 20 }),
      ]);
      return {
        from,
        to,
        days: days.map((row) => dayFigures(row, from)),
        cashiers: cashiers.map((row) => ({
          id: typeof row.cashier_id === 'string' ? row.cashier_id : null,
          name: text(row.display_name, 'Unknown cashier'),
          salesCount: num(row.sales_count),
          refundsCount: num(row.refunds_count),
          netTotal: num(row.net_total),
        })),
        terminals: terminals.map((row) => ({
          id: typeof row.terminal_id === 'string' ? row.terminal_id : null,
          name: `${text(row.code, '?')} ${text(row.name, '')}`.trim(),
          salesCount: num(row.sales_count),
          refundsCount: num(row.refunds_count),
          netTotal: num(row.net_total),
        })),
        paymentMix: tenders(mix),
        topProducts: products(top),
      };
    },
    staleTime: 60 * 1000,
    meta: { persist: true },
  });
}

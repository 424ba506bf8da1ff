// The server's report functions (supabase/SPEC.md [REP-1]..[REP-9]) as typed query options: "today at a
// glance" (today, the same day last week, by hour, top products, payment mix, low stock) and a manager's
// range report (by day, cashier and terminal). Both persist (meta.persist), so a dashboard opened offline
// shows the last figures it loaded, dated by the query's dataUpdatedAt.
import { queryOptions, skipToken } from '@tanstack/react-query';
import type { MarginFigures as CostFigures } from '../../domain/cost';
import { addDays } from '../../lib/calendar';
import type { Database } from './database.types';
import type { Supabase } from './supabase-client';
import { t } from '@lingui/core/macro';

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

/** [REP-11] Gross margin over a range: net sales excluding tax, cost of the lines sold, uncosted revenue. */
export interface MarginFigures extends CostFigures {
  /** Sale lines with no known cost (their revenue is uncostedNet). */
  uncostedLines: number;
}

export interface Glance {
  today: DayFigures;
  /** Today's gross margin ([REP-11]). */
  margin: MarginFigures;
  lastWeek: DayFigures;
  hours: HourFigures[];
  topProducts: ProductFigures[];
  paymentMix: TenderFigures[];
  /**
   * [FLAGUI-6] Of today's card takings, the tenders no reader payment of the shop stands behind (an external
   * terminal's); absent in figures cached before it was asked.
   */
  unverifiedCard?: { count: number; amount: number };
  lowStock: LowStockRow[];
}

/** [MOD-8] One modifier option sold over a range: net quantity (refunds take theirs back) and what it added. */
export interface ModifierFigures {
  optionId: string;
  group: string;
  option: string;
  quantity: number;
  deltaTotal: number;
}

export interface RangeReport {
  from: string;
  to: string;
  days: DayFigures[];
  margin: MarginFigures;
  cashiers: PersonFigures[];
  terminals: PersonFigures[];
  paymentMix: TenderFigures[];
  topProducts: ProductFigures[];
  /** Absent in a report cached before modifiers were counted. */
  modifiers?: ModifierFigures[];
}

type Functions = Database['public']['Functions'];
type ReportName = Extract<keyof Functions, `report_${string}`>;
type Returned<Name extends ReportName> = Functions[Name]['Returns'][number];
/**
 * A row of a report function as generated, except the `Nullable` columns: the generator marks every
 * `returns table` column non-null, and these can be null (an outer join, a nullable product column).
 */
type ReportRow<Name extends ReportName, Nullable extends keyof Returned<Name> = never> = Omit<
  Returned<Name>,
  Nullable
> & { [Column in Nullable]: Returned<Name>[Column] | null };

/** A report function's rows, or its refusal as a ReportError. */
function rowsOf<Row>(answer: { data: Row[] | null; error: { message: string; code: string } | null }): Row[] {
  if (answer.error) throw new ReportError(answer.error.message, answer.error.code);
  return answer.data ?? [];
}

/** A day's figures; a day with no row (none asked for it) counts as zero sales, not as missing. */
function dayFigures(row: ReportRow<'report_sales_by_day'> | undefined, day: string): DayFigures {
  if (!row)
    return { day, salesCount: 0, salesTotal: 0, refundsCount: 0, refundsTotal: 0, taxTotal: 0, netTotal: 0 };
  return {
    day: row.day,
    salesCount: row.sales_count,
    salesTotal: row.sales_total,
    refundsCount: row.refunds_count,
    refundsTotal: row.refunds_total,
    taxTotal: row.tax_total,
    netTotal: row.net_total,
  };
}

/** The margin row; none (a server without report_margin, or no answer) counts as no sales. */
function marginFigures(row: ReportRow<'report_margin'> | undefined): MarginFigures {
  return {
    netSales: row?.net_sales ?? 0,
    costedNet: row?.costed_net ?? 0,
    costTotal: row?.cost_total ?? 0,
    uncostedNet: row?.uncosted_net ?? 0,
    uncostedLines: row?.uncosted_lines ?? 0,
  };
}

const products = (rows: ReportRow<'report_top_products'>[]): ProductFigures[] =>
  rows.map((row) => ({
    productId: row.product_id,
    name: row.name,
    quantity: row.quantity,
    netTotal: row.net_total,
  }));

const tenders = (rows: ReportRow<'report_payment_mix'>[]): TenderFigures[] =>
  rows.map((row) => ({ method: row.method, count: row.payments_count, netAmount: row.net_amount }));

const lowStock = (rows: ReportRow<'report_low_stock', 'sku' | 'reorder_level'>[]): LowStockRow[] =>
  rows.map((row) => ({
    storeId: row.store_id,
    productId: row.product_id,
    name: row.name,
    sku: row.sku,
    onHand: row.on_hand,
    reorderLevel: row.reorder_level,
  }));

const cashiers = (rows: ReportRow<'report_sales_by_cashier', 'display_name'>[]): PersonFigures[] =>
  rows.map((row) => ({
    id: row.cashier_id,
    name: row.display_name ?? t`Unknown cashier`,
    salesCount: row.sales_count,
    refundsCount: row.refunds_count,
    netTotal: row.net_total,
  }));

const terminals = (rows: ReportRow<'report_sales_by_terminal'>[]): PersonFigures[] =>
  rows.map((row) => ({
    id: row.terminal_id,
    name: `${row.code} ${row.name}`.trim(),
    salesCount: row.sales_count,
    refundsCount: row.refunds_count,
    netTotal: row.net_total,
  }));

export function glanceQuery(supabase: Supabase, companyId: string, day: string) {
  const range = (from: string, to: string) => ({ p_company: companyId, p_from: from, p_to: to });
  return queryOptions({
    queryKey: ['reports', 'glance', companyId, day],
    queryFn: async (): Promise<Glance> => {
      const lastWeekDay = addDays(day, -7);
      const [today, lastWeek, hours, top, mix, low, margin, unverified] = await Promise.all([
        supabase.rpc('report_sales_by_day', range(day, day)).then(rowsOf),
        supabase.rpc('report_sales_by_day', range(lastWeekDay, lastWeekDay)).then(rowsOf),
        supabase.rpc('report_sales_by_hour', range(day, day)).then(rowsOf),
        supabase.rpc('report_top_products', { ...range(day, day), p_limit: 5 }).then(rowsOf),
        supabase.rpc('report_payment_mix', range(day, day)).then(rowsOf),
        supabase.rpc('report_low_stock', { p_company: companyId }).then(rowsOf),
        supabase.rpc('report_margin', range(day, day)).then(rowsOf),
        supabase.rpc('report_card_unverified', range(day, day)).then(rowsOf),
      ]);
      return {
        today: dayFigures(today[0], day),
        lastWeek: dayFigures(lastWeek[0], lastWeekDay),
        margin: marginFigures(margin[0]),
        hours: hours.map((row) => ({ hour: row.hour, salesCount: row.sales_count, netTotal: row.net_total })),
        topProducts: products(top),
        paymentMix: tenders(mix),
        unverifiedCard: { count: unverified[0]?.payments_count ?? 0, amount: unverified[0]?.amount ?? 0 },
        lowStock: lowStock(low),
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
      const [days, cashierRows, terminalRows, mix, top, margin, modifierRows] = await Promise.all([
        supabase.rpc('report_sales_by_day', range).then(rowsOf),
        supabase.rpc('report_sales_by_cashier', range).then(rowsOf),
        supabase.rpc('report_sales_by_terminal', range).then(rowsOf),
        supabase.rpc('report_payment_mix', range).then(rowsOf),
        supabase.rpc('report_top_products', { ...range, p_limit: 20 }).then(rowsOf),
        supabase.rpc('report_margin', range).then(rowsOf),
        supabase.rpc('report_modifiers', range).then(rowsOf),
      ]);
      return {
        from,
        to,
        days: days.map((row) => dayFigures(row, from)),
        margin: marginFigures(margin[0]),
        cashiers: cashiers(cashierRows),
        terminals: terminals(terminalRows),
        paymentMix: tenders(mix),
        topProducts: products(top),
        modifiers: modifierRows.map((row) => ({
          optionId: row.option_id,
          group: row.group_name,
          option: row.option_name,
          quantity: row.quantity,
          deltaTotal: row.delta_total,
        })),
      };
    },
    staleTime: 60 * 1000,
    meta: { persist: true },
  });
}

/** [REP-10] How often a customer came and what they spent, net of refunds. */
export interface CustomerTotals {
  customerId: string;
  visits: number;
  netSpend: number;
  /** The last sale, ISO; null when the customer only has refunds. */
  lastVisit: string | null;
}

export type ReadCustomerTotals = () => Promise<CustomerTotals[]>;

export async function fetchCustomerTotals(supabase: Supabase, companyId: string): Promise<CustomerTotals[]> {
  const rows = rowsOf<ReportRow<'report_customer_totals', 'last_visit'>>(
    await supabase.rpc('report_customer_totals', { p_company: companyId }),
  );
  return rows.map((row) => ({
    customerId: row.customer_id,
    visits: row.visits,
    netSpend: row.net_spend,
    lastVisit: row.last_visit,
  }));
}

/** The customer list's figures; persisted, so a manager offline still sees the last ones loaded. */
export function customerTotalsQuery(companyId: string, read: ReadCustomerTotals | null) {
  return queryOptions({
    queryKey: ['reports', 'customer-totals', companyId] as const,
    queryFn: read ?? skipToken,
    staleTime: 60 * 1000,
    retry: false,
    meta: { persist: true },
  });
}

// The server's sales (supabase/SPEC.md §3.1–3.2) for the back office, read through supabase-js (RLS:
// members of the company): a customer's purchases, and pages of every till's sales with their lines and
// tenders. Needs the network; the screens show this device's own sales without it.
import { queryOptions, skipToken } from '@tanstack/react-query';
import { fromNumeric, type Milli } from '../../domain/quantity';
import type { Page, PageRequest } from './stock-movements';
import type { Supabase } from './supabase-client';

/** A sale or refund as the lists show it; bigint columns arrive as JSON numbers (or strings elsewhere). */
export interface ServerSaleSummary {
  id: string;
  terminal_id: string;
  cashier_id: string;
  customer_id: string | null;
  kind: 'sale' | 'refund';
  refund_of: string | null;
  receipt_no: string;
  subtotal: number;
  discount_total: number;
  tax_total: number;
  rounding: number;
  total: number;
  occurred_at: string;
  note: string | null;
}

export const SALE_COLUMNS =
  'id, terminal_id, cashier_id, customer_id, kind, refund_of, receipt_no, subtotal, discount_total, tax_total, rounding, total, occurred_at, note';

type Money = number | string;
export type SaleRow = Omit<
  ServerSaleSummary,
  'subtotal' | 'discount_total' | 'tax_total' | 'rounding' | 'total'
> &
  Record<'subtotal' | 'discount_total' | 'tax_total' | 'rounding' | 'total', Money>;

export function saleSummary(row: SaleRow): ServerSaleSummary {
  return {
    ...row,
    subtotal: Number(row.subtotal),
    discount_total: Number(row.discount_total),
    tax_total: Number(row.tax_total),
    rounding: Number(row.rounding),
    total: Number(row.total),
  };
}

/** One customer's sales and refunds at every till, newest first (at most `limit`). */
export async function fetchCustomerSales(
  supabase: Supabase,
  companyId: string,
  customerId: string,
  limit = 200,
): Promise<ServerSaleSummary[]> {
  const { data, error } = await supabase
    .from('sales')
    .select(SALE_COLUMNS)
    .eq('company_id', companyId)
    .eq('customer_id', customerId)
    .order('occurred_at', { ascending: false })
    .limit(limit)
    .overrideTypes<SaleRow[], { merge: false }>();
  if (error) throw new Error(error.message);
  return data.map(saleSummary);
}

export interface ServerSaleLine {
  id: string;
  line_no: number;
  name: string;
  sku: string | null;
  /** Thousandths. */
  quantity: Milli;
  unit_price: number;
  discount: number;
  tax_rate_bp: number;
  tax: number;
  total: number;
}

export interface ServerPayment {
  id: string;
  method: 'cash' | 'card' | 'other';
  amount: number;
  tendered: number | null;
  change: number | null;
  reference: string | null;
}

export interface ServerSale extends ServerSaleSummary {
  lines: ServerSaleLine[];
  payments: ServerPayment[];
}

export interface SaleFilter {
  /** Inclusive lower and exclusive upper bounds of `occurred_at` (ISO). */
  from?: string;
  to?: string;
  terminalId?: string;
  cashierId?: string;
  kind?: 'sale' | 'refund';
}

type LineRow = Omit<ServerSaleLine, 'quantity' | 'unit_price' | 'discount' | 'tax' | 'total'> &
  Record<'quantity' | 'unit_price' | 'discount' | 'tax' | 'total', Money>;
type PaymentRow = Omit<ServerPayment, 'amount' | 'tendered' | 'change'> & {
  amount: Money;
  tendered: Money | null;
  change: Money | null;
};
type SaleWithRows = SaleRow & { sale_lines: LineRow[] | null; payments: PaymentRow[] | null };

const LINE_COLUMNS = 'id, line_no, name, sku, quantity, unit_price, discount, tax_rate_bp, tax, total';
const PAYMENT_COLUMNS = 'id, method, amount, tendered, change, reference';

/** A page of the company's sales at every till, newest first, with their lines and tenders. */
export async function fetchSales(
  supabase: Supabase,
  companyId: string,
  filter: SaleFilter,
  page: PageRequest,
): Promise<Page<ServerSale>> {
  let query = supabase
    .from('sales')
    .select(`${SALE_COLUMNS}, sale_lines(${LINE_COLUMNS}), payments(${PAYMENT_COLUMNS})`, { count: 'exact' })
    .eq('company_id', companyId);
  if (filter.from) query = query.gte('occurred_at', filter.from);
  if (filter.to) query = query.lt('occurred_at', filter.to);
  if (filter.terminalId) query = query.eq('terminal_id', filter.terminalId);
  if (filter.cashierId) query = query.eq('cashier_id', filter.cashierId);
  if (filter.kind) query = query.eq('kind', filter.kind);
  const { data, error, count } = await query
    .order('occurred_at', { ascending: false })
    .order('id', { ascending: false })
    .range(page.offset, page.offset + page.size - 1)
    .overrideTypes<SaleWithRows[], { merge: false }>();
  if (error) throw new Error(error.message);
  return {
    rows: data.map(({ sale_lines, payments, ...row }) => ({
      ...saleSummary(row),
      lines: (sale_lines ?? [])
        .map((line) => ({
          ...line,
          quantity: fromNumeric(line.quantity),
          unit_price: Number(line.unit_price),
          discount: Number(line.discount),
          tax: Number(line.tax),
          total: Number(line.total),
        }))
        .sort((a, b) => a.line_no - b.line_no),
      payments: (payments ?? []).map((payment) => ({
        ...payment,
        amount: Number(payment.amount),
        tendered: payment.tendered === null ? null : Number(payment.tendered),
        change: payment.change === null ? null : Number(payment.change),
      })),
    })),
    total: count ?? data.length,
  };
}

/** The read behind a sales page: fetchSales bound to a client and a company by the route; tests pass fakes. */
export type ReadSales = (filter: SaleFilter, page: PageRequest) => Promise<Page<ServerSale>>;

/** One key and one read for a page of the server's sales, wherever it is asked for; no read, no query. */
export function salesQuery(companyId: string, read: ReadSales | null, filter: SaleFilter, page: PageRequest) {
  return queryOptions({
    queryKey: ['sales', companyId, filter, page.offset, page.size] as const,
    queryFn: read ? () => read(filter, page) : skipToken,
    retry: false,
  });
}

export type ReadCustomerSales = (customerId: string) => Promise<ServerSaleSummary[]>;

/** One key and one read for a customer's purchases at every till. */
export function customerSalesQuery(companyId: string, read: ReadCustomerSales | null, customerId: string) {
  return queryOptions({
    queryKey: ['customer-sales', companyId, customerId] as const,
    queryFn: read ? () => read(customerId) : skipToken,
    retry: false,
  });
}

// The server's sales (supabase/SPEC.md §3.1–3.2) for the back office, read through supabase-js (RLS:
// members of the company): a customer's purchases. Needs the network; the screens show this device's own
// sales without it.
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

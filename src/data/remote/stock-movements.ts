// The server's stock movements (supabase/SPEC.md §3.4) for the back office: every till's movements of a
// company read through supabase-js (RLS: members of the company), filtered and paged with an exact count.
// Needs the network; the stock screen shows this device's own movements without it.
import { queryOptions, skipToken } from '@tanstack/react-query';
import { fromNumeric, type Milli } from '../../domain/quantity';
import type { Supabase } from './supabase-client';

export interface ServerStockMovement {
  id: string;
  store_id: string;
  product_id: string;
  /** Thousandths, signed. */
  delta: Milli;
  reason: string;
  terminal_id: string | null;
  note: string | null;
  occurred_at: string;
}

export interface StockMovementFilter {
  productId?: string;
  reason?: string;
  terminalId?: string;
  /** Inclusive lower and exclusive upper bounds of `occurred_at` (ISO). */
  from?: string;
  to?: string;
}

/** Which slice of a long list to fetch. */
export interface PageRequest {
  offset: number;
  size: number;
}

/**
 * The first page of a back-office list with no filter: what a route loader starts fetching, with the key
 * the screen then reads, so the list is there when the screen opens.
 */
export const FIRST_PAGE: PageRequest = { offset: 0, size: 50 };

export interface Page<T> {
  rows: T[];
  /** Every row matching the filter (not only this page). */
  total: number;
}

export async function fetchStockMovements(
  supabase: Supabase,
  companyId: string,
  filter: StockMovementFilter,
  page: PageRequest,
): Promise<Page<ServerStockMovement>> {
  let query = supabase
    .from('stock_movements')
    .select('id, store_id, product_id, delta, reason, terminal_id, note, occurred_at', { count: 'exact' })
    .eq('company_id', companyId);
  if (filter.productId) query = query.eq('product_id', filter.productId);
  if (filter.reason) query = query.eq('reason', filter.reason);
  if (filter.terminalId) query = query.eq('terminal_id', filter.terminalId);
  if (filter.from) query = query.gte('occurred_at', filter.from);
  if (filter.to) query = query.lt('occurred_at', filter.to);
  const { data, error, count } = await query
    .order('occurred_at', { ascending: false })
    .order('id', { ascending: false })
    .range(page.offset, page.offset + page.size - 1);
  if (error) throw new Error(error.message);
  return {
    rows: data.map((row) => ({ ...row, delta: fromNumeric(row.delta) })),
    total: count ?? data.length,
  };
}

/** The read behind a movements page: fetchStockMovements bound by the route; tests pass fakes. */
export type ReadStockMovements = (
  filter: StockMovementFilter,
  page: PageRequest,
) => Promise<Page<ServerStockMovement>>;

/** One key and one read for a page of the server's stock movements. */
export function stockMovementsQuery(
  companyId: string,
  read: ReadStockMovements | null,
  filter: StockMovementFilter,
  page: PageRequest,
) {
  return queryOptions({
    queryKey: ['stock-movements', companyId, filter, page.offset, page.size] as const,
    queryFn: read ? () => read(filter, page) : skipToken,
    retry: false,
  });
}

// The server's sales (supabase/SPEC.md §3.1–3.2) for the back office, read through supabase-js (RLS:
// members of the company): a customer's purchases, and pages of every till's sales with their lines and
// tenders. Needs the network; the screens show this device's own sales without it.
import { queryOptions, skipToken } from '@tanstack/react-query';
import { z } from 'zod';
import { paymentMethod } from '../../domain/command-fields';
import { fromNumeric, type Milli } from '../../domain/quantity';
import { productMeasure } from '../../domain/receipt-line-words';
import type { Database } from './database.types';
import { decode } from './decode';
import type { Page, PageRequest } from './stock-movements';
import type { Supabase } from './supabase-client';
import type { TenderMethod } from '../../domain/tender';

/** A sale or refund as the lists show it. */
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

type Tables = Database['public']['Tables'];
/** `sales.kind` and `payments.method` are text under a check constraint: one of these words. */
const saleKind = z.enum(['sale', 'refund']);

type SaleColumns = Pick<Tables['sales']['Row'], keyof ServerSaleSummary>;

function saleSummary(row: SaleColumns): ServerSaleSummary {
  return { ...row, kind: decode(saleKind, row.kind, 'a sale') };
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
    .limit(limit);
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
  /** [MOD-4] The options the line was sold with and what each added per unit, in the till's order. */
  modifiers?: { name: string | null; price_delta: number }[];
  /** [WORDS-6] The unit of a product sold by measure ('kg' for a weighed one); null for pieces. */
  unit?: string | null;
}

export interface ServerPayment {
  id: string;
  method: TenderMethod;
  amount: number;
  tendered: number | null;
  change: number | null;
  reference: string | null;
}

/** Whether the server could verify who sold and who approved (issue 18); unverified ones are flagged. */
export interface SaleVerification {
  cashierVerified: boolean;
  approvedBy: string | null;
  approvalAction: string | null;
  /** null when nothing needed approving. */
  approvalVerified: boolean | null;
}

export interface ServerSale extends ServerSaleSummary {
  lines: ServerSaleLine[];
  payments: ServerPayment[];
  /** Absent only in tests' hand-made sales; the server's read always fills it. */
  verification?: SaleVerification;
}

export interface SaleFilter {
  /** One sale (its own page in the back office). */
  id?: string;
  /** Inclusive lower and exclusive upper bounds of `occurred_at` (ISO). */
  from?: string;
  to?: string;
  terminalId?: string;
  cashierId?: string;
  kind?: 'sale' | 'refund';
}

const LINE_COLUMNS =
  'id, line_no, name, sku, quantity, unit_price, discount, tax_rate_bp, tax, total, sale_line_modifiers(option_name, price_delta, position), products(unit, weighed)';
const PAYMENT_COLUMNS = 'id, method, amount, tendered, change, reference';
const VERIFICATION_COLUMNS = 'cashier_verified, approved_by, approval_action, approval_verified';

/** [WORDS-6] A line's measure as the receipt reads it: the product's unit, or kg for a weighed product. */
function lineUnit(product: { unit: string; weighed: boolean } | null): string | null {
  return product ? productMeasure(product) : null;
}

/** A page of the company's sales at every till, newest first, with their lines and tenders. */
export async function fetchSales(
  supabase: Supabase,
  companyId: string,
  filter: SaleFilter,
  page: PageRequest,
): Promise<Page<ServerSale>> {
  let query = supabase
    .from('sales')
    .select(
      `${SALE_COLUMNS}, ${VERIFICATION_COLUMNS}, sale_lines(${LINE_COLUMNS}), payments(${PAYMENT_COLUMNS})` as const,
      {
        count: 'exact',
      },
    )
    .eq('company_id', companyId);
  if (filter.id) query = query.eq('id', filter.id);
  if (filter.from) query = query.gte('occurred_at', filter.from);
  if (filter.to) query = query.lt('occurred_at', filter.to);
  if (filter.terminalId) query = query.eq('terminal_id', filter.terminalId);
  if (filter.cashierId) query = query.eq('cashier_id', filter.cashierId);
  if (filter.kind) query = query.eq('kind', filter.kind);
  const { data, error, count } = await query
    .order('occurred_at', { ascending: false })
    .order('id', { ascending: false })
    .range(page.offset, page.offset + page.size - 1);
  if (error) throw new Error(error.message);
  return {
    rows: data.map(
      ({
        sale_lines,
        payments,
        cashier_verified,
        approved_by,
        approval_action,
        approval_verified,
        ...row
      }) => ({
        ...saleSummary(row),
        verification: {
          cashierVerified: cashier_verified,
          approvedBy: approved_by,
          approvalAction: approval_action,
          approvalVerified: approval_verified,
        },
        lines: sale_lines
          .map(({ sale_line_modifiers, products, ...line }) => ({
            ...line,
            quantity: fromNumeric(line.quantity),
            unit: lineUnit(products),
            modifiers: [...sale_line_modifiers]
              .sort((a, b) => a.position - b.position)
              .map((modifier) => ({ name: modifier.option_name, price_delta: modifier.price_delta })),
          }))
          .sort((a, b) => a.line_no - b.line_no),
        payments: payments.map((payment) => ({
          ...payment,
          method: decode(paymentMethod, payment.method, 'a payment'),
        })),
      }),
    ),
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

/** The read behind a sale's own page: one sale of the company with its lines and tenders, or null. */
export type ReadSale = (saleId: string) => Promise<ServerSale | null>;

export function saleQuery(companyId: string, read: ReadSale | null, saleId: string) {
  return queryOptions({
    queryKey: ['sale', companyId, saleId] as const,
    queryFn: read ? () => read(saleId) : skipToken,
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

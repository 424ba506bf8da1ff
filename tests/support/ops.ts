// Outbox ops as a till sends them to apply_ops (supabase/SPEC.md §3), built with the till's own arithmetic
// from src/domain ([SALE-5]: extended = round(price × quantity), tax per line, half away from zero) — no
// copy of it here, so a test can never agree with the server while the till disagrees.
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { v7 as uuidv7 } from 'uuid';
import { mulDivRound } from '../../src/domain/money';
import { extendPrice, fromNumeric } from '../../src/domain/quantity';
import { taxLine } from '../../src/domain/tax';
import type { Product, Terminal } from './shop';

export interface Op {
  op_id: string;
  name: string;
  args: Record<string, unknown>;
  terminal_id?: string;
  seq?: number;
}

export interface Answer {
  op_id: string | null;
  status: 'applied' | 'duplicate' | 'rejected';
  txid?: string;
  error?: { code: string; message: string };
  warnings?: { code: string; product_id: string; store_id: string; on_hand: number }[];
  result?: Record<string, number>;
  replayed?: boolean;
}

export function op(name: string, args: Record<string, unknown>): Op {
  return { op_id: uuidv7(), name, args };
}

/** The tax of a line amount in the company's price terms (src/domain/tax.ts taxLine). */
export function lineTax(amount: number, rate: number, inclusive: boolean): number {
  return taxLine(amount, rate, inclusive ? 'inclusive' : 'exclusive').tax;
}

export interface LineSpec {
  product: Pick<Product, 'id' | 'name' | 'price' | 'tax_rate_bp'>;
  /** Units, up to three decimals. */
  quantity: number;
  discount?: number;
}

export interface SaleSpec {
  terminal: Terminal;
  lines: LineSpec[];
  inclusive?: boolean;
  tender?: 'cash' | 'card';
  shiftId?: string;
  customerId?: string;
  cashierId?: string;
}

export interface SaleLineArgs {
  id: string;
  product_id: string;
  name: string;
  quantity: number;
  unit_price: number;
  discount: number;
  tax_rate_bp: number;
  tax: number;
  total: number;
}

export function saleArgs(
  spec: SaleSpec,
): Record<string, unknown> & { id: string; total: number; lines: SaleLineArgs[] } {
  const inclusive = spec.inclusive ?? true;
  const lines = spec.lines.map((line): SaleLineArgs => {
    const extended = extendPrice(line.product.price, fromNumeric(line.quantity));
    const discount = line.discount ?? 0;
    const amount = extended - discount;
    const tax = lineTax(amount, line.product.tax_rate_bp, inclusive);
    return {
      id: uuidv7(),
      product_id: line.product.id,
      name: line.product.name,
      quantity: line.quantity,
      unit_price: line.product.price,
      discount,
      tax_rate_bp: line.product.tax_rate_bp,
      tax,
      total: inclusive ? amount : amount + tax,
    };
  });
  const total = lines.reduce((sum, line) => sum + line.total, 0);
  const tender = spec.tender ?? 'card';
  const payment =
    tender === 'cash'
      ? {
          id: uuidv7(),
          method: 'cash',
          amount: total,
          tendered: Math.ceil(total / 500) * 500,
          change: Math.ceil(total / 500) * 500 - total,
        }
      : { id: uuidv7(), method: 'card', amount: total, reference: 'TEST' };
  return {
    id: uuidv7(),
    terminal_id: spec.terminal.id,
    receipt_no: spec.terminal.nextReceipt(),
    occurred_at: new Date().toISOString(),
    ...(spec.shiftId ? { shift_id: spec.shiftId } : {}),
    ...(spec.customerId ? { customer_id: spec.customerId } : {}),
    ...(spec.cashierId ? { cashier_id: spec.cashierId } : {}),
    tax_total: lines.reduce((sum, line) => sum + line.tax, 0),
    total,
    lines,
    payments: total > 0 ? [payment] : [],
  };
}

export function saleOp(spec: SaleSpec): Op {
  return op('sale.record', saleArgs(spec));
}

/** A refund of whole lines (or `quantity` of each) of an earlier sale, paid back in cash. */
export function refundOp(
  terminal: Terminal,
  sale: { id: string; lines: SaleLineArgs[] },
  pick: { line: number; quantity?: number; total?: number; tax?: number }[],
): Op {
  const lines = pick.map(({ line, quantity, total, tax }) => {
    const original = sale.lines[line];
    if (!original) throw new Error(`sale has no line ${line}`);
    const qty = quantity ?? original.quantity;
    const share = (amount: number) => mulDivRound(amount, fromNumeric(qty), fromNumeric(original.quantity));
    return {
      id: uuidv7(),
      refund_of_line_id: original.id,
      quantity: qty,
      total: total ?? share(original.total),
      tax: tax ?? share(original.tax),
    };
  });
  const total = lines.reduce((sum, line) => sum + line.total, 0);
  return op('sale.refund', {
    id: uuidv7(),
    terminal_id: terminal.id,
    refund_of: sale.id,
    receipt_no: terminal.nextReceipt(),
    occurred_at: new Date().toISOString(),
    tax_total: lines.reduce((sum, line) => sum + line.tax, 0),
    total,
    lines,
    payments: total > 0 ? [{ id: uuidv7(), method: 'cash', amount: total }] : [],
  });
}

export function receiveOp(storeId: string, productId: string, quantity: number): Op {
  return op('stock.move', {
    id: uuidv7(),
    store_id: storeId,
    product_id: productId,
    reason: 'receive',
    quantity,
    occurred_at: new Date().toISOString(),
  });
}

/** Calls apply_ops and returns its answers; a whole-call error throws with its code. */
export async function applyOps(client: SupabaseClient, ops: readonly unknown[]): Promise<Answer[]> {
  const result: { data: unknown; error: PostgrestError | null } = await client.rpc('apply_ops', { ops });
  if (result.error) {
    throw Object.assign(new Error(result.error.message), {
      code: result.error.code,
      hint: result.error.hint,
    });
  }
  return result.data as Answer[];
}

export async function onHand(client: SupabaseClient, storeId: string, productId: string): Promise<number> {
  const { data, error } = await client
    .from('stock_levels')
    .select('on_hand')
    .eq('store_id', storeId)
    .eq('product_id', productId)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data ? Number(data.on_hand) : 0;
}

/** How many rows of `table` the client sees whose `column` is `value` (or one of `value`). */
export async function countRows(
  client: SupabaseClient,
  table: string,
  column: string,
  value: string | readonly string[],
): Promise<number> {
  const query = client.from(table).select('*', { count: 'exact', head: true });
  const { count, error } = await (typeof value === 'string'
    ? query.eq(column, value)
    : query.in(column, value));
  if (error) throw new Error(error.message);
  return count ?? 0;
}

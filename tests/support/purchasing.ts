// Purchase orders and transfers for stack tests (supabase/SPEC.md [PUR-1]…[PUR-30]): the documents a test
// receives against, made as the service role so each test file depends only on the ops it tests, and the
// reads its assertions need.
import { v7 as uuidv7 } from 'uuid';
import { op, type Op } from './ops';
import { must, type Product, type Shop } from './shop';
import { serviceClient } from './supabase';

export interface OrderLine {
  id: string;
  product: Product;
  quantity: number;
  unitCost: number | null;
}

export interface Order {
  id: string;
  number: string;
  storeId: string;
  lines: OrderLine[];
}

/** A supplier of the shop: its id. */
export async function addSupplier(shop: Shop, name: string): Promise<string> {
  return must<{ id: string }>(
    await shop.manager.client
      .from('suppliers')
      .insert({ company_id: shop.companyId, name })
      .select('id')
      .single(),
    `supplier ${name}`,
  ).id;
}

/** The shop's purchasing settings ([PUR-8]), written as the service role. */
export async function setPurchasingSettings(shop: Shop, settings: Record<string, unknown>): Promise<void> {
  must(
    await serviceClient()
      .from('purchasing_settings')
      .upsert({ company_id: shop.companyId, ...settings })
      .select('company_id'),
    'purchasing_settings',
  );
}

let orderCount = 0;

/** An `ordered` purchase order of `lines` (product, quantity, unit cost) to `supplierId` for the shop's store. */
export async function makeOrder(
  shop: Shop,
  supplierId: string,
  lines: { product: Product; quantity: number; unitCost?: number | null }[],
  storeId = shop.storeId,
): Promise<Order> {
  const service = serviceClient();
  const id = uuidv7();
  const number = `PO-T${String(++orderCount).padStart(4, '0')}`;
  must(
    await service
      .from('purchase_orders')
      .insert({
        id,
        company_id: shop.companyId,
        store_id: storeId,
        supplier_id: supplierId,
        number,
        status: 'ordered',
        ordered_at: new Date().toISOString(),
        ordered_via: 'phone',
      })
      .select('id'),
    'purchase_orders',
  );
  const made = lines.map((line) => ({
    id: uuidv7(),
    product: line.product,
    quantity: line.quantity,
    unitCost: line.unitCost ?? null,
  }));
  must(
    await service
      .from('purchase_order_lines')
      .insert(
        made.map((line, position) => ({
          id: line.id,
          company_id: shop.companyId,
          purchase_order_id: id,
          store_id: storeId,
          product_id: line.product.id,
          position,
          quantity: line.quantity,
          unit_cost: line.unitCost,
        })),
      )
      .select('id'),
    'purchase_order_lines',
  );
  return { id, number, storeId, lines: made };
}

export interface ReceiptLineSpec {
  line?: OrderLine;
  product?: Product;
  quantity: number | string;
  unitCost?: number | null;
  seen?: number;
}

/** A `purchase_order.receive` op as a till (terminalId) or the back office (companyId) sends it. */
export function receiveOrderOp(
  order: Order,
  where: { terminalId: string } | { companyId: string },
  lines: ReceiptLineSpec[],
  extra: Record<string, unknown> = {},
): Op {
  return op('purchase_order.receive', {
    id: uuidv7(),
    purchase_order_id: order.id,
    ...('terminalId' in where ? { terminal_id: where.terminalId } : { company_id: where.companyId }),
    occurred_at: new Date().toISOString(),
    lines: lines.map((line) => ({
      id: uuidv7(),
      purchase_order_line_id: line.line?.id ?? null,
      product_id: (line.product ?? line.line?.product)?.id,
      quantity: line.quantity,
      ...(line.unitCost === undefined ? {} : { unit_cost: line.unitCost }),
      seen_received: line.seen ?? 0,
    })),
    ...extra,
  });
}

export function settleOp(
  receiptLineId: string,
  action: 'accept' | 'drop',
  reason = 'checked the delivery',
): Op {
  return op('purchase_order.settle', {
    id: uuidv7(),
    receipt_line_id: receiptLineId,
    action,
    reason,
    occurred_at: new Date().toISOString(),
  });
}

/** Rows of `table` whose `column` is `value`, as the service role reads them. */
export async function rowsOf(
  table: string,
  column: string,
  value: string,
): Promise<Record<string, unknown>[]> {
  return must<Record<string, unknown>[]>(
    await serviceClient().from(table).select('*').eq(column, value),
    `read ${table}`,
  );
}

export async function rowOf(table: string, id: string): Promise<Record<string, unknown>> {
  return must<Record<string, unknown>>(
    await serviceClient().from(table).select('*').eq('id', id).single(),
    `read ${table}`,
  );
}

/** The shop's flags of `kind`, as the service role reads them. */
export async function flagsOf(
  shop: Shop,
  kind: string,
): Promise<{ dedupe_key: string; detail: Record<string, unknown> }[]> {
  return must(
    await serviceClient()
      .from('flags')
      .select('dedupe_key, detail')
      .eq('company_id', shop.companyId)
      .eq('kind', kind),
    'read flags',
  );
}

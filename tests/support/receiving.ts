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
  const number = `PO-${String(9000 + ++orderCount)}`;
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

export interface TransferLine {
  id: string;
  product: Product;
  quantity: number;
}

export interface Transfer {
  id: string;
  fromStoreId: string;
  toStoreId: string;
  lines: TransferLine[];
}

/** A `transfer.save` op creating a draft of `lines` from one store to another, and the transfer it makes. */
export function saveTransferOp(
  shop: Shop,
  fromStoreId: string,
  toStoreId: string,
  lines: { product: Product; quantity: number }[],
): { op: Op; transfer: Transfer } {
  const transfer: Transfer = {
    id: uuidv7(),
    fromStoreId,
    toStoreId,
    lines: lines.map((line) => ({ id: uuidv7(), product: line.product, quantity: line.quantity })),
  };
  return {
    transfer,
    op: op('transfer.save', {
      id: transfer.id,
      company_id: shop.companyId,
      from_store_id: fromStoreId,
      to_store_id: toStoreId,
      lines: transfer.lines.map((line) => ({
        id: line.id,
        product_id: line.product.id,
        quantity: line.quantity,
      })),
    }),
  };
}

/** A `transfer.send` op from a till of the sending store; `sent` per line (absent: the drafted quantity). */
export function sendTransferOp(transfer: Transfer, terminalId: string, sent?: number[]): Op {
  return op('transfer.send', {
    id: uuidv7(),
    transfer_id: transfer.id,
    terminal_id: terminalId,
    occurred_at: new Date().toISOString(),
    lines: transfer.lines.map((line, i) => ({ transfer_line_id: line.id, sent: sent?.[i] ?? line.quantity })),
  });
}

/** A `transfer.receive` op from a till of the receiving store. */
export function receiveTransferOp(
  transfer: Transfer,
  terminalId: string,
  lines: { line: TransferLine; received: number | string; damaged?: number | string; seen?: number }[],
): Op {
  return op('transfer.receive', {
    id: uuidv7(),
    transfer_id: transfer.id,
    terminal_id: terminalId,
    occurred_at: new Date().toISOString(),
    lines: lines.map((line) => ({
      id: uuidv7(),
      transfer_line_id: line.line.id,
      received: line.received,
      damaged: line.damaged ?? 0,
      seen_received: line.seen ?? 0,
    })),
  });
}

export function closeTransferOp(
  transfer: Transfer,
  action: 'close' | 'cancel',
  remainder?: 'lost' | 'returned',
): Op {
  return op('transfer.close', {
    id: transfer.id,
    action,
    ...(remainder ? { remainder } : {}),
    reason: 'end of the week',
    occurred_at: new Date().toISOString(),
  });
}

export function settleTransferOp(receiptLineId: string, action: 'accept' | 'drop'): Op {
  return op('transfer.settle', {
    id: uuidv7(),
    receipt_line_id: receiptLineId,
    action,
    reason: 'checked with the sender',
    occurred_at: new Date().toISOString(),
  });
}

export interface LineFigures {
  sent: number;
  received: number;
  damaged: number;
  held: number;
  lost: number;
  returned: number;
}

/** A transfer line's figures as the server keeps them. */
export async function transferLineFigures(lineId: string): Promise<LineFigures> {
  const row = await rowOf('transfer_lines', lineId);
  const n = (key: string) => Number(row[key]);
  return {
    sent: n('sent'),
    received: n('received'),
    damaged: n('damaged'),
    held: n('held'),
    lost: n('lost'),
    returned: n('returned'),
  };
}

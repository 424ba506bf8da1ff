// Purchase orders, receipts and transfers written straight into the tables as the service role, for tests of
// what reads them (Insights' on-order figures, the purchasing reports) with hand-worked figures. The ops that
// write them (supabase/SPEC.md [PUR-11]…[PUR-30]) are tested on their own; the line totals here are still
// kept by the schema's triggers, from the receipt lines, as the ops leave them.
import { v7 as uuidv7 } from 'uuid';
import { must } from './shop';
import { serviceClient } from './supabase';

const service = serviceClient();
let numbers = 0;

async function insert(table: string, rows: Record<string, unknown>[]): Promise<void> {
  must<unknown>(await service.from(table).insert(rows), `insert ${table}`);
}

export interface DocumentLine {
  productId: string;
  quantity: number;
  unitCost?: number | null;
}

/** A purchase order with its lines; answers the order's id and each line's id, in order. */
export async function insertOrder(order: {
  companyId: string;
  storeId: string;
  supplierId: string;
  status: string;
  lines: DocumentLine[];
}): Promise<{ id: string; lineIds: string[] }> {
  const id = uuidv7();
  await insert('purchase_orders', [
    {
      id,
      company_id: order.companyId,
      store_id: order.storeId,
      supplier_id: order.supplierId,
      number: `PO-${String(9000 + ++numbers)}`,
      status: order.status,
    },
  ]);
  const lineIds = order.lines.map(() => uuidv7());
  await insert(
    'purchase_order_lines',
    order.lines.map((line, position) => ({
      id: lineIds[position],
      company_id: order.companyId,
      purchase_order_id: id,
      store_id: order.storeId,
      product_id: line.productId,
      position,
      quantity: line.quantity,
      unit_cost: line.unitCost ?? null,
    })),
  );
  return { id, lineIds };
}

/** One receipt of an order: posted quantities (and held ones) per line; answers the receipt's id. */
export async function insertOrderReceipt(receipt: {
  companyId: string;
  storeId: string;
  orderId: string;
  occurredAt: string;
  lines: {
    orderLineId: string | null;
    productId: string;
    posted: number;
    held?: number;
    unitCost?: number | null;
    settled?: 'accepted' | 'dropped';
  }[];
}): Promise<string> {
  const id = uuidv7();
  await insert('purchase_receipts', [
    {
      id,
      company_id: receipt.companyId,
      purchase_order_id: receipt.orderId,
      store_id: receipt.storeId,
      occurred_at: receipt.occurredAt,
    },
  ]);
  await insert(
    'purchase_receipt_lines',
    receipt.lines.map((line, position) => ({
      id: uuidv7(),
      company_id: receipt.companyId,
      receipt_id: id,
      purchase_order_id: receipt.orderId,
      store_id: receipt.storeId,
      purchase_order_line_id: line.orderLineId,
      product_id: line.productId,
      position,
      quantity: line.posted + (line.held ?? 0),
      unit_cost: line.unitCost ?? null,
      posted: line.posted,
      held: line.held ?? 0,
      settled: line.settled ?? null,
      settled_at: line.settled ? receipt.occurredAt : null,
    })),
  );
  return id;
}

/** A transfer whose lines were sent as drafted; answers its id and each line's id, in order. */
export async function insertTransfer(transfer: {
  companyId: string;
  fromStoreId: string;
  toStoreId: string;
  status: string;
  sentAt: string | null;
  lines: DocumentLine[];
}): Promise<{ id: string; number: string; lineIds: string[] }> {
  const id = uuidv7();
  const number = `TR-${String(9000 + ++numbers)}`;
  await insert('transfers', [
    {
      id,
      company_id: transfer.companyId,
      from_store_id: transfer.fromStoreId,
      to_store_id: transfer.toStoreId,
      number,
      status: transfer.status,
      sent_at: transfer.sentAt,
    },
  ]);
  const lineIds = transfer.lines.map(() => uuidv7());
  await insert(
    'transfer_lines',
    transfer.lines.map((line, position) => ({
      id: lineIds[position],
      company_id: transfer.companyId,
      transfer_id: id,
      from_store_id: transfer.fromStoreId,
      to_store_id: transfer.toStoreId,
      product_id: line.productId,
      position,
      quantity: line.quantity,
      sent: transfer.sentAt ? line.quantity : 0,
    })),
  );
  return { id, number, lineIds };
}

/** One arrival of a transfer at its receiving store: received (posted) per line. */
export async function insertTransferReceipt(receipt: {
  companyId: string;
  transferId: string;
  storeId: string;
  occurredAt: string;
  lines: { transferLineId: string; productId: string; received: number }[];
}): Promise<void> {
  const id = uuidv7();
  await insert('transfer_receipts', [
    {
      id,
      company_id: receipt.companyId,
      transfer_id: receipt.transferId,
      store_id: receipt.storeId,
      occurred_at: receipt.occurredAt,
    },
  ]);
  await insert(
    'transfer_receipt_lines',
    receipt.lines.map((line, position) => ({
      id: uuidv7(),
      company_id: receipt.companyId,
      receipt_id: id,
      transfer_id: receipt.transferId,
      transfer_line_id: line.transferLineId,
      store_id: receipt.storeId,
      product_id: line.productId,
      position,
      received: line.received,
      posted: line.received,
    })),
  );
}

/** A supplier of the shop; answers its id. */
export async function insertSupplier(companyId: string, name: string): Promise<string> {
  return must<{ id: string }>(
    await service.from('suppliers').insert({ company_id: companyId, name }).select('id').single(),
    `supplier ${name}`,
  ).id;
}

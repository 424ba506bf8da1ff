// Purchasing documents for stack tests (supabase/SPEC.md [PUR-1]…[PUR-8]), written as the server writes them:
// by the service role, which apply_ops' handlers stand in for, so a test of pulls or reads needs no op.
import type { SupabaseClient } from '@supabase/supabase-js';
import { v7 as uuidv7 } from 'uuid';
import { must, type Shop } from './shop';

export async function addSupplier(service: SupabaseClient, shop: Shop, name: string): Promise<string> {
  return must<{ id: string }>(
    await service.from('suppliers').insert({ company_id: shop.companyId, name }).select('id').single(),
    `supplier ${name}`,
  ).id;
}

/**
 * A document number of the server's shape ([PUR-7]). The server's drawer is private; documents written here
 * take numbers far above any an op of the same test would draw, so the two never meet.
 */
let drawn = 100_000;
function nextNumber(prefix: 'PO' | 'TR' | 'ST'): string {
  drawn += 1;
  return `${prefix}-${String(drawn)}`;
}

export interface DocumentIds {
  id: string;
  lineIds: string[];
}

export async function insertPurchaseOrder(
  service: SupabaseClient,
  shop: Shop,
  options: { storeId: string; supplierId: string; productIds: string[]; status?: string },
): Promise<DocumentIds> {
  const id = uuidv7();
  must<unknown>(
    await service.from('purchase_orders').insert({
      id,
      company_id: shop.companyId,
      store_id: options.storeId,
      supplier_id: options.supplierId,
      number: nextNumber('PO'),
      status: options.status ?? 'ordered',
    }),
    'purchase order',
  );
  const lineIds = options.productIds.map(() => uuidv7());
  must<unknown>(
    await service.from('purchase_order_lines').insert(
      options.productIds.map((productId, position) => ({
        id: lineIds[position],
        company_id: shop.companyId,
        purchase_order_id: id,
        store_id: options.storeId,
        product_id: productId,
        position,
        quantity: 10,
      })),
    ),
    'purchase order lines',
  );
  return { id, lineIds };
}

export async function insertPurchaseReceipt(
  service: SupabaseClient,
  shop: Shop,
  order: { id: string; storeId: string; lineId: string; productId: string },
  quantity: number,
): Promise<DocumentIds> {
  const id = uuidv7();
  must<unknown>(
    await service.from('purchase_receipts').insert({
      id,
      company_id: shop.companyId,
      purchase_order_id: order.id,
      store_id: order.storeId,
      occurred_at: new Date().toISOString(),
    }),
    'purchase receipt',
  );
  const lineId = uuidv7();
  must<unknown>(
    await service.from('purchase_receipt_lines').insert({
      id: lineId,
      company_id: shop.companyId,
      receipt_id: id,
      purchase_order_id: order.id,
      store_id: order.storeId,
      purchase_order_line_id: order.lineId,
      product_id: order.productId,
      quantity,
      posted: quantity,
    }),
    'purchase receipt line',
  );
  return { id, lineIds: [lineId] };
}

export async function insertTransfer(
  service: SupabaseClient,
  shop: Shop,
  options: { from: string; to: string; productIds: string[] },
): Promise<DocumentIds> {
  const id = uuidv7();
  must<unknown>(
    await service.from('transfers').insert({
      id,
      company_id: shop.companyId,
      from_store_id: options.from,
      to_store_id: options.to,
      number: nextNumber('TR'),
      status: 'in_transit',
    }),
    'transfer',
  );
  const lineIds = options.productIds.map(() => uuidv7());
  must<unknown>(
    await service.from('transfer_lines').insert(
      options.productIds.map((productId, position) => ({
        id: lineIds[position],
        company_id: shop.companyId,
        transfer_id: id,
        from_store_id: options.from,
        to_store_id: options.to,
        product_id: productId,
        position,
        quantity: 5,
        sent: 5,
      })),
    ),
    'transfer lines',
  );
  return { id, lineIds };
}

export async function insertTransferReceipt(
  service: SupabaseClient,
  shop: Shop,
  transfer: { id: string; to: string; lineId: string; productId: string },
  received: number,
): Promise<DocumentIds> {
  const id = uuidv7();
  must<unknown>(
    await service.from('transfer_receipts').insert({
      id,
      company_id: shop.companyId,
      transfer_id: transfer.id,
      store_id: transfer.to,
      occurred_at: new Date().toISOString(),
    }),
    'transfer receipt',
  );
  const lineId = uuidv7();
  must<unknown>(
    await service.from('transfer_receipt_lines').insert({
      id: lineId,
      company_id: shop.companyId,
      receipt_id: id,
      transfer_id: transfer.id,
      transfer_line_id: transfer.lineId,
      store_id: transfer.to,
      product_id: transfer.productId,
      received,
      posted: received,
    }),
    'transfer receipt line',
  );
  return { id, lineIds: [lineId] };
}

export async function insertStocktake(
  service: SupabaseClient,
  shop: Shop,
  options: { storeId: string; productId: string; counted: number },
): Promise<DocumentIds> {
  const id = uuidv7();
  const now = new Date().toISOString();
  must<unknown>(
    await service.from('stocktakes').insert({
      id,
      company_id: shop.companyId,
      store_id: options.storeId,
      number: nextNumber('ST'),
      scope: 'all',
      opened_at: now,
    }),
    'stocktake',
  );
  const lineId = uuidv7();
  must<unknown>(
    await service.from('stocktake_lines').insert({
      id: lineId,
      company_id: shop.companyId,
      stocktake_id: id,
      store_id: options.storeId,
      product_id: options.productId,
      counted: options.counted,
      counted_at: now,
    }),
    'stocktake line',
  );
  return { id, lineIds: [lineId] };
}

// The back office's reads of purchase orders (issue 38, [PUR-1]…[PUR-3], [PUR-7]) and of [PUR-39]'s report
// 'Received by supplier' straight from the server through supabase-js, as a manager (RLS: members read the
// documents, managers the history and the report). Every change is an op queued through the outbox
// (src/data/ops/purchase-order-*.ts); this module only reads.
import { err, ok, type Result } from '../../domain/result';
import { fromNumeric } from '../../domain/quantity';
import { mulDivRound } from '../../domain/money';
import { t } from '@lingui/core/macro';
import { describeServerError } from './product-writes';
import { supplierBookOf } from './supplier-writes';
import type { Supabase } from './supabase-client';

/** The screens' shapes (src/features/purchase-orders/purchase-orders-deps.ts), kept structurally equal. */
type OrderStatus = 'draft' | 'ordered' | 'partly_received' | 'received' | 'closed' | 'cancelled';
type OrderFilter = 'open' | 'drafts' | 'received' | 'all';

const FILTERS: Record<OrderFilter, readonly OrderStatus[] | null> = {
  open: ['ordered', 'partly_received'],
  drafts: ['draft'],
  received: ['received', 'closed'],
  all: null,
};

/** The most orders one list shows: the newest first. */
const LIST_LIMIT = 200;

function statusOf(value: string): OrderStatus {
  const known: readonly string[] = ['draft', 'ordered', 'partly_received', 'received', 'closed', 'cancelled'];
  return (known.includes(value) ? value : 'draft') as OrderStatus;
}

function needsConnection(): string {
  return t`Purchase orders are read from the server: connect to see them.`;
}

async function reading<T>(read: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await read());
  } catch (error) {
    if (error instanceof ReadRefused) return err('refused', error.message);
    return err('offline', needsConnection());
  }
}

class ReadRefused extends Error {}

function must<T>(answer: { data: T | null; error: { message: string; code?: string } | null }): T {
  if (answer.error) throw new ReadRefused(describeServerError(answer.error));
  if (answer.data === null) throw new ReadRefused(t`The server answered nothing.`);
  return answer.data;
}

export function purchaseOrdersRemote(supabase: Supabase, companyId: string) {
  const names = async (table: 'stores' | 'suppliers', ids: readonly string[]) => {
    if (ids.length === 0) return new Map<string, string>();
    const rows = must(
      await supabase
        .from(table)
        .select('id, name')
        .in('id', [...new Set(ids)]),
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  };
  return {
    list: (filter: OrderFilter) =>
      reading(async () => {
        let query = supabase
          .from('purchase_orders')
          .select('id, number, status, expected_on, ordered_at, supplier_id, store_id')
          .eq('company_id', companyId);
        const statuses = FILTERS[filter];
        if (statuses) query = query.in('status', [...statuses]);
        const orders = must(await query.order('created_at', { ascending: false }).limit(LIST_LIMIT));
        const ids = orders.map((order) => order.id);
        const lines =
          ids.length === 0
            ? []
            : must(
                await supabase
                  .from('purchase_order_lines')
                  .select('purchase_order_id, quantity, unit_cost')
                  .in('purchase_order_id', ids)
                  .is('removed_at', null),
              );
        const totals = new Map<string, number>();
        for (const line of lines) {
          if (line.unit_cost === null) continue;
          const cost = mulDivRound(fromNumeric(line.quantity), line.unit_cost, 1000);
          totals.set(line.purchase_order_id, (totals.get(line.purchase_order_id) ?? 0) + cost);
        }
        const suppliers = await names(
          'suppliers',
          orders.map((order) => order.supplier_id),
        );
        const stores = await names(
          'stores',
          orders.map((order) => order.store_id),
        );
        return orders.map((order) => ({
          id: order.id,
          number: order.number,
          supplierName: suppliers.get(order.supplier_id) ?? '',
          storeName: stores.get(order.store_id) ?? '',
          status: statusOf(order.status),
          expectedOn: order.expected_on,
          orderedAt: order.ordered_at,
          totalCost: totals.get(order.id) ?? 0,
        }));
      }),

    get: (orderId: string) =>
      reading(async () => {
        const order = (
          await supabase
            .from('purchase_orders')
            .select('id, number, status, expected_on, ordered_at, supplier_id, store_id, note, version')
            .eq('company_id', companyId)
            .eq('id', orderId)
            .maybeSingle()
        ).data;
        if (!order) return null;
        const [lines, receiptLines, receipts, events] = await Promise.all([
          supabase
            .from('purchase_order_lines')
            .select('id, product_id, quantity, unit_cost, off_supplier, received, held, cancelled')
            .eq('purchase_order_id', orderId)
            .is('removed_at', null)
            .order('position'),
          supabase
            .from('purchase_receipt_lines')
            .select('id, purchase_order_line_id, product_id, held')
            .eq('purchase_order_id', orderId)
            .gt('held', 0)
            .is('settled', null),
          supabase.from('purchase_receipts').select('id').eq('purchase_order_id', orderId),
          supabase
            .from('stock_document_events')
            .select('id, kind, from_status, to_status, occurred_at, staff_id')
            .eq('document_kind', 'purchase_order')
            .eq('document_id', orderId)
            .order('seq'),
        ]);
        const eventRows = events.error ? [] : events.data;
        const staffNames = await staffNamesOf(
          supabase,
          eventRows.flatMap((event) => (event.staff_id ? [event.staff_id] : [])),
        );
        return {
          id: order.id,
          number: order.number,
          storeId: order.store_id,
          supplierId: order.supplier_id,
          status: statusOf(order.status),
          expectedOn: order.expected_on,
          note: order.note ?? '',
          version: order.version,
          orderedAt: order.ordered_at,
          lines: must(lines).map((line) => ({
            id: line.id,
            productId: line.product_id,
            quantity: fromNumeric(line.quantity),
            unitCost: line.unit_cost,
            offSupplier: line.off_supplier,
            received: fromNumeric(line.received),
            held: fromNumeric(line.held),
            cancelled: fromNumeric(line.cancelled),
          })),
          heldLines: must(receiptLines).map((line) => ({
            id: line.id,
            orderLineId: line.purchase_order_line_id,
            productId: line.product_id,
            held: fromNumeric(line.held),
          })),
          receiptIds: must(receipts).map((receipt) => receipt.id),
          events: eventRows.map((event) => ({
            id: event.id,
            kind: event.kind,
            fromStatus: event.from_status,
            toStatus: event.to_status,
            occurredAt: event.occurred_at,
            who: event.staff_id ? (staffNames.get(event.staff_id) ?? null) : null,
          })),
        };
      }),

    received: (from: string, to: string, filter: { storeId: string | null; supplierId: string | null }) =>
      reading(async () =>
        must(
          await supabase.rpc('report_received', {
            p_company: companyId,
            p_from: from,
            p_to: to,
            ...(filter.storeId ? { p_store: filter.storeId } : {}),
            ...(filter.supplierId ? { p_supplier: filter.supplierId } : {}),
          }),
        ).map((row) => ({
          supplierId: row.supplier_id,
          supplierName: row.supplier_name,
          productId: row.product_id,
          name: row.name,
          sku: (row.sku as string | null) ?? null,
          quantity: fromNumeric(row.quantity),
          costValue: row.cost_value,
          uncostedQuantity: fromNumeric(row.uncosted_quantity),
          receipts: row.receipts,
        })),
      ),

    suppliers: async () => {
      const listed = await supplierBookOf(supabase).list(companyId);
      if (!listed.ok) return listed;
      return ok(
        listed.value.map((supplier) => ({
          id: supplier.id,
          name: supplier.name,
          leadTimeDays: supplier.lead_time_days,
        })),
      );
    },
  };
}

async function staffNamesOf(supabase: Supabase, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { data } = await supabase
    .from('staff')
    .select('id, name')
    .in('id', [...new Set(ids)]);
  return new Map((data ?? []).map((row) => [row.id, row.name]));
}

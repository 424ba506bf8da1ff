// The reads the purchase order editor and its print view share: the order (null for a new one), the
// shop's suppliers and stores, and the products an order may take, keyed so the lists and the editor share
// the cache. An order saved on this device and not on the server yet is shown from what was saved.
import { useQuery } from '@tanstack/react-query';
import { useMirrorRead } from '../../ui/use-mirror-read';
import type { SaveOrderInput } from '../../data/ops/purchase-order-save';
import { quantityText } from '../../domain/quantity';
import { costText, type OrderForm } from './order-draft';
import type { OrderDetail, PurchaseOrdersDeps } from './purchase-orders-deps';

/** What this device saved of an order since the page opened: the form and the version it now has. */
export interface SavedHere {
  form: OrderForm;
  version: number;
  status: OrderDetail['status'];
}

const savedHere = new Map<string, SavedHere>();

export function rememberSaved(orderId: string, saved: SavedHere): void {
  savedHere.set(orderId, saved);
}

/**
 * A draft queued elsewhere (Insights' 'Draft order') as the editor would have saved it: opened before the
 * server has it, the editor shows it from here.
 */
export function rememberQueued(input: SaveOrderInput, currency: string): void {
  rememberSaved(input.id, {
    version: 1,
    status: 'draft',
    form: {
      supplierId: input.supplierId,
      storeId: input.storeId,
      expectedOn: input.expectedOn ?? '',
      note: input.note,
      lines: input.lines.map((line) => ({
        id: line.id,
        productId: line.productId,
        quantityText: quantityText(line.quantity),
        unitCostText: costText(line.unitCost, currency),
        offSupplier: line.offSupplier ?? false,
        received: 0,
        held: 0,
        cancelled: 0,
      })),
    },
  });
}

export function savedOnThisDevice(orderId: string): SavedHere | undefined {
  return savedHere.get(orderId);
}

export function orderQueryKey(companyId: string, orderId: string) {
  return ['purchase-order', companyId, orderId] as const;
}

export function useOrderData(deps: PurchaseOrdersDeps, orderId: string | null) {
  const order = useQuery({
    queryKey: orderQueryKey(deps.companyId, orderId ?? ''),
    enabled: orderId !== null,
    queryFn: async () => {
      const read = await deps.remote.get(orderId ?? '');
      if (!read.ok) throw new Error(read.error.message);
      return read.value;
    },
  });
  const suppliers = useOrderSuppliers(deps);
  const stores = useOrderStores(deps);
  const products = useMirrorRead(deps.products);
  return { order, suppliers, stores, products };
}

/** The shop's suppliers as the server has them (the editor's and the report's, one cache). */
export function useOrderSuppliers(deps: PurchaseOrdersDeps) {
  return useQuery({
    queryKey: ['purchase-order-suppliers', deps.companyId],
    queryFn: async () => {
      const read = await deps.remote.suppliers();
      if (!read.ok) throw new Error(read.error.message);
      return read.value;
    },
  });
}

/** The shop's stores as the mirror has them. */
export function useOrderStores(deps: PurchaseOrdersDeps) {
  return useMirrorRead(deps.stores);
}

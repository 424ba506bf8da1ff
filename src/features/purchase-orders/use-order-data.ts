// The reads the purchase order editor and its print view share: the order (null for a new one), the
// shop's suppliers and stores, and the products an order may take, keyed so the lists and the editor share
// the cache. An order saved on this device and not on the server yet is shown from what was saved.
import { useQuery } from '@tanstack/react-query';
import type { OrderForm } from './order-draft';
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
  const suppliers = useQuery({
    queryKey: ['purchase-order-suppliers', deps.companyId],
    queryFn: async () => {
      const read = await deps.remote.suppliers();
      if (!read.ok) throw new Error(read.error.message);
      return read.value;
    },
  });
  const stores = useQuery({ queryKey: ['purchase-order-stores', deps.companyId], queryFn: deps.stores });
  const products = useQuery({
    queryKey: ['purchase-order-products', deps.companyId],
    queryFn: deps.products,
  });
  return { order, suppliers, stores, products };
}

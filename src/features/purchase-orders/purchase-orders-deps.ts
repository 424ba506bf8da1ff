// What the purchase order screens need, as ports (issue 38, docs/purchasing.md piece E): the shop, the
// ledger's command deps (every change is an op queued through the outbox, so it works offline and the server
// decides, [PUR-11]…[PUR-20]), the products as last pulled, and the server's reads of orders, suppliers and
// stores, and [PUR-39]'s report 'Received by supplier'. The route builds them from the app's services; tests pass fakes.
import type { CommandDeps } from '../../data/local/command-deps';
import type { Milli } from '../../domain/quantity';
import type { Result } from '../../domain/result';

export const ORDER_STATUSES = [
  'draft',
  'ordered',
  'partly_received',
  'received',
  'closed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A row of the orders list. */
export interface OrderSummary {
  id: string;
  /** PO-0007; null for a draft the server has not numbered yet. */
  number: string | null;
  supplierName: string;
  storeName: string;
  status: OrderStatus;
  expectedOn: string | null;
  orderedAt: string | null;
  /** Σ quantity × unit cost over the lines with a cost, minor units. */
  totalCost: number;
}

export interface OrderLineRow {
  id: string;
  productId: string;
  quantity: Milli;
  unitCost: number | null;
  offSupplier: boolean;
  received: Milli;
  held: Milli;
  cancelled: Milli;
}

/** A receipt line with a quantity held for a manager to settle ([PUR-19], [PUR-20]). */
export interface HeldReceiptLine {
  id: string;
  orderLineId: string | null;
  productId: string;
  held: Milli;
}

export interface OrderEvent {
  id: string;
  kind: string;
  fromStatus: string | null;
  toStatus: string | null;
  occurredAt: string;
  /** Who, as the server recorded it (a staff member's or a user's name), when it is known. */
  who: string | null;
}

export interface OrderDetail {
  id: string;
  number: string | null;
  storeId: string;
  supplierId: string;
  status: OrderStatus;
  expectedOn: string | null;
  note: string;
  version: number;
  orderedAt: string | null;
  lines: OrderLineRow[];
  heldLines: HeldReceiptLine[];
  /** The order's receipts the server has: their quantities are in the lines' received and held ([PUR-T2]). */
  receiptIds: string[];
  events: OrderEvent[];
}

export interface SupplierChoice {
  id: string;
  name: string;
  leadTimeDays: number;
}

export interface StoreChoice {
  id: string;
  name: string;
}

/** A product an order may take: tracked, not a variant parent ([PUR-12]). */
export interface OrderProduct {
  id: string;
  name: string;
  sku: string | null;
  weighed: boolean;
  cost: number | null;
  supplierId: string | null;
}

export type OrderFilter = 'open' | 'drafts' | 'received' | 'all';

/** [PUR-39] What came in from one supplier of one product in the report's days. */
export interface ReceivedRow {
  supplierId: string;
  supplierName: string;
  productId: string;
  name: string;
  sku: string | null;
  quantity: Milli;
  /** Σ round(quantity × unit cost) over the receipt lines with a cost, minor units. */
  costValue: number;
  /** What came in with no unit cost (not in costValue). */
  uncostedQuantity: Milli;
  receipts: number;
}

/** The report's optional filters: null is every store, every supplier. */
export interface ReceivedFilter {
  storeId: string | null;
  supplierId: string | null;
}

export interface PurchaseOrdersRemote {
  list: (filter: OrderFilter) => Promise<Result<OrderSummary[]>>;
  /** null: no such order of this shop (or not on the server yet). */
  get: (orderId: string) => Promise<Result<OrderDetail | null>>;
  suppliers: () => Promise<Result<SupplierChoice[]>>;
  /** [PUR-39] 'Received by supplier' over the shop's days `from`…`to` (YYYY-MM-DD, both included). */
  received: (from: string, to: string, filter: ReceivedFilter) => Promise<Result<ReceivedRow[]>>;
}

export interface PurchaseOrdersDeps {
  companyId: string;
  shopName: string;
  currency: string;
  timeZone: string;
  commandDeps: CommandDeps;
  remote: PurchaseOrdersRemote;
  stores: () => Promise<StoreChoice[]>;
  products: () => Promise<OrderProduct[]>;
  /** [PUR-15] Mails the order to its supplier now (online only); a draft becomes ordered. */
  sendToSupplier: (orderId: string) => Promise<Result<{ status: string }>>;
  /** Saves a file the browser offers to download (the reports' 'Export CSV'). */
  download: (name: string, content: string, type: string) => void;
}

// What the register's stock screens read from this device (issue 38): the purchase orders this store can
// receive and, for one order, its lines as the till sees them — the pulled figures, what this till took in
// that no pull has brought back yet ([PUR-T2]), each product's on-hand here ([ONHAND-1]) and cost. All of it
// from the mirror and the ledger, so receiving works with no network.
import { isReceivable } from '../../domain/purchasing/document-status';
import { seenReceived, type LocalReceiptLine } from '../../domain/purchasing/seen-received';
import { purchasingSettingsOf, type PurchasingSettings } from '../../domain/purchasing/settings';
import { stillToCome } from '../../domain/purchasing/receipt-lines';
import { inTransit } from '../../domain/purchasing/transfer-balance';
import { fromNumeric, type Milli } from '../../domain/quantity';
import type { Minor } from '../../domain/money';
import type { LedgerDb } from './ledger-db';
import type {
  MirrorDb,
  MirrorProduct,
  MirrorPurchaseOrder,
  MirrorPurchaseOrderLine,
  MirrorTransfer,
} from './mirror-db';
import { onHandByProduct } from './stock-on-hand';

const live = (row: { deleted_at?: string | null }) => row.deleted_at === null || row.deleted_at === undefined;

/** [PUR-8] The shop's purchasing settings as last pulled (defaults before the first pull). */
export async function purchasingSettingsFor(
  mirror: MirrorDb,
  companyId: string,
): Promise<PurchasingSettings> {
  return purchasingSettingsOf(await mirror.purchasingSettings.get(companyId));
}

export interface OrderSummary {
  id: string;
  number: string | null;
  status: string;
  supplierName: string | null;
  expectedOn: string | null;
}

/** 'Orders to receive': this store's orders sent to their supplier and not closed, soonest expected first. */
export async function ordersToReceive(mirror: MirrorDb, storeId: string): Promise<OrderSummary[]> {
  const orders = await mirror.purchaseOrders.where('store_id').equals(storeId).toArray();
  const open = orders.filter((order) => live(order) && isReceivable(order.status));
  const suppliers = await mirror.suppliers.bulkGet(open.map((order) => order.supplier_id));
  return open
    .map((order, index) => ({
      id: order.id,
      number: order.number,
      status: order.status,
      supplierName: textOf(suppliers[index]?.name),
      expectedOn: order.expected_on ?? null,
    }))
    .sort(
      (a, b) =>
        (a.expectedOn ?? '9999').localeCompare(b.expectedOn ?? '9999') ||
        (a.number ?? '').localeCompare(b.number ?? ''),
    );
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export interface ReceivingLine {
  orderLineId: string;
  product: MirrorProduct;
  quantity: Milli;
  received: Milli;
  held: Milli;
  cancelled: Milli;
  unitCost: Minor | null;
  offSupplier: boolean;
  /** [PUR-T2] What this till believes has arrived against the line. */
  seenReceived: Milli;
}

export interface ReceivingOrder {
  order: MirrorPurchaseOrder;
  supplier: { id: string; name: string } | null;
  lines: ReceivingLine[];
  /** This store's on-hand per product as the till sees it ([ONHAND-1]), for 'Cost after'. */
  onHand: Map<string, Milli>;
  /** `companies.cost_method` as pulled. */
  costMethod: unknown;
  /** [PUR-19] seen_received of a product not on the order: its extra lines on this order's receipts so far. */
  extraSeen: (productId: string) => Milli;
}

/**
 * Where each of this device's receipts stands: one the server refused (it applied none of it) was never
 * seen; one a pull brought back (`pulled`, in the same order) is reflected; any other is this till's alone.
 */
function receiptStates(
  receipts: readonly { id: string; sync: string }[],
  pulled: readonly unknown[],
): Map<string, 'refused' | 'reflected' | 'local'> {
  return new Map(
    receipts.map((receipt, index) => [
      receipt.id,
      receipt.sync === 'attention' ? 'refused' : pulled[index] !== undefined ? 'reflected' : 'local',
    ]),
  );
}

/** This device's receipts of an order that no pull has brought back (and the server has not refused). */
export async function unreflectedReceiptLines(
  ledger: LedgerDb,
  mirror: MirrorDb,
  orderId: string,
): Promise<(LocalReceiptLine & { productId: string })[]> {
  const [receipts, lines] = await Promise.all([
    ledger.purchaseReceipts.where('purchase_order_id').equals(orderId).toArray(),
    ledger.purchaseReceiptLines.where('purchase_order_id').equals(orderId).toArray(),
  ]);
  const state = receiptStates(
    receipts,
    await mirror.purchaseReceipts.bulkGet(receipts.map((receipt) => receipt.id)),
  );
  return lines.flatMap((line) => {
    const seen = state.get(line.receipt_id);
    return seen === undefined || seen === 'refused'
      ? []
      : [
          {
            lineId: line.purchase_order_line_id,
            productId: line.product_id,
            quantity: line.quantity,
            reflected: seen === 'reflected',
          },
        ];
  });
}

/**
 * [PUR-19] What has arrived of each product not on the order, as the server counts it for an extra line:
 * its pulled extra receipt lines (posted, and held unless dropped) and this till's unreflected ones.
 */
async function extrasSeen(
  mirror: MirrorDb,
  orderId: string,
  local: readonly (LocalReceiptLine & { productId: string })[],
): Promise<Map<string, Milli>> {
  const seen = new Map<string, Milli>();
  const add = (productId: string, quantity: Milli) =>
    seen.set(productId, (seen.get(productId) ?? 0) + quantity);
  const receipts = await mirror.purchaseReceipts.where('purchase_order_id').equals(orderId).primaryKeys();
  const lines = await mirror.purchaseReceiptLines.where('receipt_id').anyOf(receipts).toArray();
  for (const line of lines) {
    if (line.purchase_order_line_id !== null && line.purchase_order_line_id !== undefined) continue;
    const held = line.settled === 'dropped' ? 0 : numeric(line.held);
    add(String(line.product_id), numeric(line.posted) + held);
  }
  for (const line of local) if (line.lineId === null && !line.reflected) add(line.productId, line.quantity);
  return seen;
}

function numeric(value: unknown): Milli {
  return typeof value === 'string' || typeof value === 'number' ? fromNumeric(value) : 0;
}

/** One order as 'Receive stock' shows it; null when the mirror does not hold it. */
export async function orderForReceiving(
  ledger: LedgerDb,
  mirror: MirrorDb,
  orderId: string,
): Promise<ReceivingOrder | null> {
  const order = await mirror.purchaseOrders.get(orderId);
  if (!order || !live(order)) return null;
  const [rows, supplier, company, local, onHand] = await Promise.all([
    mirror.purchaseOrderLines.where('purchase_order_id').equals(orderId).toArray(),
    mirror.suppliers.get(order.supplier_id),
    mirror.companies.get(order.company_id),
    unreflectedReceiptLines(ledger, mirror, orderId),
    onHandByProduct(ledger, mirror, order.store_id),
  ]);
  // A draft's line a later save left out is kept, marked `removed_at` ([PUR-11]): not a line of the order.
  const lineRows = rows
    .filter((row) => live(row) && (row.removed_at === null || row.removed_at === undefined))
    .sort((a, b) => a.position - b.position);
  const products = await mirror.products.bulkGet(lineRows.map((row) => row.product_id));
  const lines = lineRows.flatMap((row, index) => {
    const product = products[index];
    return product ? [receivingLine(row, product, local)] : [];
  });
  const supplierName = textOf(supplier?.name);
  const extras = await extrasSeen(mirror, orderId, local);
  return {
    order,
    supplier: supplier && supplierName !== null ? { id: supplier.id, name: supplierName } : null,
    lines,
    onHand,
    costMethod: company?.cost_method,
    extraSeen: (productId) => extras.get(productId) ?? 0,
  };
}

function receivingLine(
  row: MirrorPurchaseOrderLine,
  product: MirrorProduct,
  local: readonly LocalReceiptLine[],
): ReceivingLine {
  const received = fromNumeric(row.received);
  const held = fromNumeric(row.held);
  return {
    orderLineId: row.id,
    product,
    quantity: fromNumeric(row.quantity),
    received,
    held,
    cancelled: fromNumeric(row.cancelled),
    unitCost: row.unit_cost,
    offSupplier: row.off_supplier === true,
    seenReceived: seenReceived(row.id, { received, held }, local),
  };
}

/** [PUR-2] What is still to come on a line, as this till sees it (its own receipts counted). */
export function stillToComeHere(line: ReceivingLine): Milli {
  return Math.max(0, stillToCome(line) - (line.seenReceived - line.received - line.held));
}

// ---- Transfers at the till ([PUR-T10], [PUR-T11]) ----

export interface TransferSummary {
  id: string;
  number: string | null;
  status: string;
  /** The other store's name: where it comes from (to receive) or goes to (to send); null when unknown. */
  otherStoreName: string | null;
}

async function transferSummaries(
  mirror: MirrorDb,
  rows: readonly MirrorTransfer[],
  otherStore: (row: MirrorTransfer) => string,
): Promise<TransferSummary[]> {
  const stores = await mirror.stores.bulkGet(rows.map(otherStore));
  return rows
    .map((row, index) => ({
      id: row.id,
      number: row.number,
      status: row.status,
      otherStoreName: textOf(stores[index]?.name),
    }))
    .sort((a, b) => (a.number ?? '').localeCompare(b.number ?? ''));
}

/** [PUR-T11] 'Transfers to receive': on their way to this store and not closed. */
export async function transfersToReceive(mirror: MirrorDb, storeId: string): Promise<TransferSummary[]> {
  const rows = await mirror.transfers.toArray();
  const coming = rows.filter(
    (row) =>
      live(row) &&
      row.to_store_id === storeId &&
      (row.status === 'in_transit' || row.status === 'partly_received'),
  );
  return transferSummaries(mirror, coming, (row) => row.from_store_id);
}

/** [PUR-T10] 'Send transfer': this store's drafts that this till has not sent already. */
export async function transfersToSend(
  ledger: LedgerDb,
  mirror: MirrorDb,
  storeId: string,
): Promise<TransferSummary[]> {
  const [rows, sends] = await Promise.all([mirror.transfers.toArray(), ledger.transferSends.toArray()]);
  const sentHere = new Set(sends.filter((send) => send.sync !== 'attention').map((send) => send.transfer_id));
  const drafts = rows.filter(
    (row) => live(row) && row.from_store_id === storeId && row.status === 'draft' && !sentHere.has(row.id),
  );
  return transferSummaries(mirror, drafts, (row) => row.to_store_id);
}

export interface TransferLineHere {
  transferLineId: string;
  product: MirrorProduct;
  /** The drafted quantity. */
  quantity: Milli;
  sent: Milli;
  /** [PUR-T2] What this till believes has arrived (received + damaged + held, and its own unreflected). */
  seenReceived: Milli;
  /** [PUR-30] What the till believes is still on the way. */
  inTransit: Milli;
}

export interface TransferHere {
  transfer: MirrorTransfer;
  otherStoreName: string | null;
  lines: TransferLineHere[];
}

/** This device's transfer receipts that no pull has brought back (and the server has not refused). */
async function unreflectedTransferLines(
  ledger: LedgerDb,
  mirror: MirrorDb,
  transferId: string,
): Promise<LocalReceiptLine[]> {
  const [receipts, lines] = await Promise.all([
    ledger.transferReceipts.where('transfer_id').equals(transferId).toArray(),
    ledger.transferReceiptLines.where('transfer_id').equals(transferId).toArray(),
  ]);
  const state = receiptStates(
    receipts,
    await mirror.transferReceipts.bulkGet(receipts.map((receipt) => receipt.id)),
  );
  return lines.flatMap((line) => {
    const seen = state.get(line.receipt_id);
    return seen === undefined || seen === 'refused'
      ? []
      : [
          {
            lineId: line.transfer_line_id,
            quantity: line.received + line.damaged,
            reflected: seen === 'reflected',
          },
        ];
  });
}

/** One transfer as the till's transfer screens show it; null when the mirror does not hold it. */
export async function transferHere(
  ledger: LedgerDb,
  mirror: MirrorDb,
  transferId: string,
  storeId: string,
): Promise<TransferHere | null> {
  const transfer = await mirror.transfers.get(transferId);
  if (!transfer || !live(transfer)) return null;
  const otherStoreId = transfer.to_store_id === storeId ? transfer.from_store_id : transfer.to_store_id;
  const [rows, local, otherStore] = await Promise.all([
    mirror.transferLines.where('transfer_id').equals(transferId).toArray(),
    unreflectedTransferLines(ledger, mirror, transferId),
    mirror.stores.get(otherStoreId),
  ]);
  const lineRows = rows.filter(live).sort((a, b) => a.position - b.position);
  const products = await mirror.products.bulkGet(lineRows.map((row) => row.product_id));
  const lines = lineRows.flatMap((row, index) => {
    const product = products[index];
    if (!product) return [];
    const sent = fromNumeric(row.sent);
    // The server's received line figure counts what is held; damaged arrived too ([PUR-27]).
    const pulled = {
      received: fromNumeric(row.received) + fromNumeric(row.damaged),
      held: fromNumeric(row.held),
    };
    const seen = seenReceived(row.id, pulled, local);
    const figures = {
      sent,
      received: seen,
      damaged: 0,
      lost: fromNumeric(row.lost),
      returned: fromNumeric(row.returned),
    };
    return [
      {
        transferLineId: row.id,
        product,
        quantity: fromNumeric(row.quantity),
        sent,
        seenReceived: seen,
        inTransit: inTransit(figures),
      },
    ];
  });
  return { transfer, otherStoreName: textOf(otherStore?.name), lines };
}

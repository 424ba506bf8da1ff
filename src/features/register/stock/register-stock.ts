// Purchasing at the register (issue 38): what 'Receive stock' is given. Everything is read from this
// device's mirror and ledger, and a delivery is posted as `purchase_order.receive` signed by the person at
// the counter, so receiving works offline. Online, posting first asks for a pull so `seen_received` is the
// server's ([PUR-T8]); if that fails or takes too long, it posts with what the till knows.
import type { SignCashier } from '../../../domain/cashier-stamp';
import type { IdGenerator } from '../../../domain/ids';
import type { CountLine, CountToSend } from '../../../domain/purchasing/count-lines';
import type { Milli } from '../../../domain/quantity';
import {
  mayCount,
  mayReceive,
  type CounterRole,
  type PurchasingSettings,
} from '../../../domain/purchasing/settings';
import type { Result } from '../../../domain/result';
import type { CommandDeps } from '../../../data/local/command-deps';
import type {
  LedgerPurchaseReceipt,
  LedgerStocktakeCount,
  LedgerTransferReceipt,
  LedgerTransferSend,
  TerminalIdentity,
} from '../../../data/local/ledger-types';
import type { MirrorDb, MirrorStocktake } from '../../../data/local/mirror-db';
import {
  orderForReceiving,
  ordersToReceive,
  purchasingSettingsFor,
  transferHere,
  transfersToReceive,
  transfersToSend,
  type OrderSummary,
  type ReceivingOrder,
  type TransferHere,
  type TransferSummary,
} from '../../../data/local/purchasing-reads';
import { receiveTransfer, type ReceiveTransferInput } from '../../../data/ops/transfer-receive';
import { sendTransfer, type SendTransferInput } from '../../../data/ops/transfer-send';
import { onHandByProduct } from '../../../data/local/stock-on-hand';
import { countedHere, openStocktakes } from '../../../data/local/stocktake-reads';
import { receivePurchaseOrder, type ReceiveLineInput } from '../../../data/ops/purchase-order-receive';
import { sendCounts } from '../../../data/ops/stocktake-count';

export interface RegisterStock {
  settings: () => Promise<PurchasingSettings>;
  /** [PUR-T1] The person at the counter's role now (on a shared till, whoever unlocked it). */
  counterRole: () => CounterRole | null;
  ordersToReceive: () => Promise<OrderSummary[]>;
  order: (orderId: string) => Promise<ReceivingOrder | null>;
  /** The name of a supplier of the shop, for [PUR-T5]'s question; null when the till does not know it. */
  supplierName: (supplierId: string) => Promise<string | null>;
  /** [PUR-T8] Online: a pull of the order's lines before posting, bounded in time; offline it does nothing. */
  refresh: () => Promise<void>;
  /** [PUR-T7] Posts one delivery. */
  receive: (orderId: string, lines: readonly ReceiveLineInput[]) => Promise<Result<LedgerPurchaseReceipt>>;
  /** [PUR-T11] Transfers on their way to this store. */
  transfersToReceive: () => Promise<TransferSummary[]>;
  /** [PUR-T10] This store's drafted transfers not sent from this till yet. */
  transfersToSend: () => Promise<TransferSummary[]>;
  transfer: (transferId: string) => Promise<TransferHere | null>;
  /** [PUR-T11] Posts one arrival of a transfer. */
  receiveTransfer: (
    transferId: string,
    lines: ReceiveTransferInput['lines'],
  ) => Promise<Result<LedgerTransferReceipt>>;
  /** [PUR-T10] Sends a drafted transfer; this store's on-hand falls at once. */
  sendTransfer: (
    transferId: string,
    lines: SendTransferInput['lines'],
  ) => Promise<Result<LedgerTransferSend>>;
  /** [PUR-T12] 'Count stock': this store's open stocktakes, and this till's counts of one already sent. */
  openStocktakes: () => Promise<MirrorStocktake[]>;
  countedHere: (stocktakeId: string) => Promise<CountLine[]>;
  /** [PUR-T14] This store's on-hand as the till sees it: pulled levels and its pending deltas. */
  onHand: () => Promise<Map<string, Milli>>;
  /** A new id for a count line (the till's, [PUR-6]). */
  newId: () => string;
  /** [PUR-T13] Queues one `stocktake.count`. */
  sendCounts: (stocktakeId: string, lines: readonly CountToSend[]) => Promise<Result<LedgerStocktakeCount>>;
}

export interface RegisterStockSources {
  commandDeps: CommandDeps;
  mirror: MirrorDb;
  terminal: TerminalIdentity;
  ids: IdGenerator;
  counterRole: () => CounterRole | null;
  /** Who took the delivery in: the register's `signCashier` on a shared till, else the signed-in user. */
  sign: SignCashier;
  /** Asks the sync engine for a cycle now; absent: no refresh. */
  syncNow?: () => void;
  online?: () => boolean;
}

/** How long posting waits for the pull of [PUR-T8] before it posts with the mirror's view. */
export const REFRESH_WAIT_MS = 4000;
const REFRESH_POLL_MS = 200;

async function pulledAt(mirror: MirrorDb): Promise<string | null> {
  return (await mirror.cursors.get('purchase_order_lines'))?.pulled_at ?? null;
}

export function registerStockFor(sources: RegisterStockSources): RegisterStock {
  const { commandDeps, mirror, terminal } = sources;
  return {
    settings: () => purchasingSettingsFor(mirror, terminal.company_id),
    counterRole: sources.counterRole,
    ordersToReceive: () => ordersToReceive(mirror, terminal.store_id),
    order: (orderId) => orderForReceiving(commandDeps.ledger, mirror, orderId),
    supplierName: async (supplierId) => {
      const name = (await mirror.suppliers.get(supplierId))?.name;
      return typeof name === 'string' ? name : null;
    },
    refresh: async () => {
      const { syncNow, online } = sources;
      if (!syncNow || online?.() === false) return;
      const before = await pulledAt(mirror);
      syncNow();
      // The pull of the order lines ends when its cursor moves; a pull that fails or drags is not waited for.
      for (let waited = 0; waited < REFRESH_WAIT_MS; waited += REFRESH_POLL_MS) {
        await new Promise((resolve) => setTimeout(resolve, REFRESH_POLL_MS));
        if ((await pulledAt(mirror)) !== before) return;
      }
    },
    receive: async (orderId, lines) => {
      const receiptId = sources.ids();
      const stamp = await sources.sign('purchase_order.receive', receiptId);
      return receivePurchaseOrder(commandDeps, { terminal, orderId, receiptId, lines, stamp });
    },
    transfersToReceive: () => transfersToReceive(mirror, terminal.store_id),
    transfersToSend: () => transfersToSend(commandDeps.ledger, mirror, terminal.store_id),
    transfer: (transferId) => transferHere(commandDeps.ledger, mirror, transferId, terminal.store_id),
    receiveTransfer: async (transferId, lines) => {
      const receiptId = sources.ids();
      const stamp = await sources.sign('transfer.receive', receiptId);
      return receiveTransfer(commandDeps, { terminal, transferId, receiptId, lines, stamp });
    },
    sendTransfer: async (transferId, lines) => {
      const id = sources.ids();
      const stamp = await sources.sign('transfer.send', id);
      return sendTransfer(commandDeps, { terminal, transferId, id, lines, stamp });
    },
    openStocktakes: () => openStocktakes(mirror, terminal.store_id),
    countedHere: (stocktakeId) => countedHere(commandDeps.ledger, stocktakeId),
    newId: () => sources.ids(),
    onHand: () => onHandByProduct(commandDeps.ledger, mirror, terminal.store_id),
    sendCounts: async (stocktakeId, lines) => {
      const id = sources.ids();
      const stamp = await sources.sign('stocktake.count', id);
      return sendCounts(commandDeps, { terminal, stocktakeId, id, lines, stamp });
    },
  };
}

/** [PUR-T1] Whether 'Receive stock' is offered to the person at the counter. */
export async function mayReceiveHere(stock: RegisterStock): Promise<boolean> {
  return mayReceive(stock.counterRole(), await stock.settings());
}

/** [PUR-T1] Whether 'Count stock' is offered to the person at the counter. */
export async function mayCountHere(stock: RegisterStock): Promise<boolean> {
  return mayCount(stock.counterRole(), await stock.settings());
}

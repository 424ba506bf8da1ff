// What the transfer screens need, as ports (issue 38, docs/purchasing.md "Transfers"): the shop, the
// ledger's command deps (every change is an op queued through the outbox, so it works offline and the server
// decides, [PUR-25]…[PUR-29]), the stores and products as last pulled, and the server's reads of transfers
// and of what is in transit ([PUR-40]). The route builds them from the app's services; tests pass fakes.
import type { CommandDeps } from '../../data/local/command-deps';
import type { Milli } from '../../domain/quantity';
import type { Result } from '../../domain/result';

export interface StoreChoice {
  id: string;
  name: string;
}

/** A product a transfer may move: tracked, not a variant parent (the purchase order pages' choice). */
export interface TransferProduct {
  id: string;
  name: string;
  sku: string | null;
  weighed: boolean;
}

export interface TransferEvent {
  id: string;
  kind: string;
  fromStatus: string | null;
  toStatus: string | null;
  occurredAt: string;
  /** Who, as the server recorded it (a staff member's or a user's name), when it is known. */
  who: string | null;
}

export type TransferFilter = 'open' | 'drafts' | 'done' | 'all';

/** A row of the transfers list; the figures are sums over its lines. */
export interface TransferSummary {
  id: string;
  number: string;
  fromStoreId: string;
  toStoreId: string;
  status: string;
  sentAt: string | null;
  sent: Milli;
  inTransit: Milli;
  received: Milli;
}

export interface TransferLineRow {
  id: string;
  productId: string;
  quantity: Milli;
  sent: Milli;
  received: Milli;
  damaged: Milli;
  lost: Milli;
  returned: Milli;
  held: Milli;
  inTransit: Milli;
}

/** A receipt line with a quantity held for a manager to settle ([PUR-27], [PUR-28]). */
export interface HeldTransferLine {
  id: string;
  transferLineId: string;
  productId: string;
  held: Milli;
}

export interface TransferDetail {
  id: string;
  number: string;
  fromStoreId: string;
  toStoreId: string;
  status: string;
  note: string;
  version: number;
  sentAt: string | null;
  lines: TransferLineRow[];
  heldLines: HeldTransferLine[];
  events: TransferEvent[];
}

/** A line of [PUR-40]'s report. */
export interface InTransitLine {
  transferId: string;
  number: string;
  fromStoreId: string;
  toStoreId: string;
  productId: string;
  name: string;
  sku: string | null;
  sentAt: string | null;
  inTransit: Milli;
  /** Minor units. */
  valueAtCost: number;
  daysInTransit: number;
}

export interface TransfersRemote {
  list: (filter: TransferFilter) => Promise<Result<TransferSummary[]>>;
  /** null: no such transfer of this shop (or not on the server yet). */
  get: (transferId: string) => Promise<Result<TransferDetail | null>>;
  inTransit: (storeId: string | null) => Promise<Result<InTransitLine[]>>;
  /** Every store of the shop, deleted ones too (an old transfer still names them). */
  storeNames: () => Promise<Result<StoreChoice[]>>;
}

export interface TransfersDeps {
  companyId: string;
  currency: string;
  timeZone: string;
  commandDeps: CommandDeps;
  remote: TransfersRemote;
  stores: () => Promise<StoreChoice[]>;
  /** Tracked products and variants (not a variant parent): what a transfer can move. */
  products: () => Promise<TransferProduct[]>;
}

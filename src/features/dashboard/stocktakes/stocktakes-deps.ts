// What the stocktake screens need, as ports (issue 38, docs/purchasing.md "Stocktakes"): the shop, the
// ledger's command deps (opening, approving and cancelling are ops queued through the outbox, so the server
// decides, [PUR-31], [PUR-34], [PUR-35]), and the server's reads: the list, the review [PUR-37] and the
// variances report [PUR-41]. The route builds them from the app's services; tests pass fakes.
import type { CommandDeps } from '../../../data/local/command-deps';
import type { StocktakeScope } from '../../../data/ops/stocktake-open';
import type { Milli } from '../../../domain/quantity';
import type { Result } from '../../../domain/result';

export type StocktakeStatus = 'open' | 'approved' | 'cancelled';

/** A row of the stocktakes list. */
export interface StocktakeSummary {
  id: string;
  number: string;
  storeName: string;
  scope: StocktakeScope;
  /** The category's or supplier's name of a narrowed scope. */
  scopeName: string | null;
  status: StocktakeStatus;
  openedAt: string;
  approvedAt: string | null;
}

/** One till's count of a product ([PUR-32]). */
export interface CountRow {
  id: string;
  counted: Milli;
  zone: string | null;
  terminalId: string | null;
  countedAt: string;
  replaced: boolean;
  late: boolean;
}

/** A product's figures by [PUR-33]'s rule. */
export interface ProductFigures {
  productId: string;
  name: string;
  sku: string | null;
  expected: Milli;
  counted: Milli;
  variance: Milli;
  /** Minor units; null for a product without a cost. */
  varianceValue: number | null;
}

/** A product of the review, with the counts it was added up from. */
export interface ReviewLine extends ProductFigures {
  counts: CountRow[];
}

export interface StocktakeReview {
  id: string;
  number: string;
  storeId: string;
  scope: StocktakeScope;
  /** The category or supplier of a narrowed scope. */
  scopeId: string | null;
  status: StocktakeStatus;
  openedAt: string;
  approvedAt: string | null;
  note: string | null;
  lines: ReviewLine[];
  notCounted: { productId: string; name: string; sku: string | null; onHand: Milli }[];
  outOfScope: ReviewLine[];
  unsyncedTills: { terminalId: string; name: string; lastSyncedAt: string | null }[];
}

/** A row of [PUR-41]'s report. */
export interface VarianceRow extends ProductFigures {
  stocktakeId: string;
  number: string;
  storeId: string;
  approvedAt: string;
}

export interface Named {
  id: string;
  name: string;
}

export interface StocktakesRemote {
  list: () => Promise<Result<StocktakeSummary[]>>;
  review: (stocktakeId: string) => Promise<Result<StocktakeReview>>;
  /** [PUR-41] between two instants (the first included, the second not). */
  variances: (from: string, to: string) => Promise<Result<VarianceRow[]>>;
  suppliers: () => Promise<Result<Named[]>>;
}

export interface StocktakesDeps {
  companyId: string;
  currency: string;
  timeZone: string;
  commandDeps: CommandDeps;
  remote: StocktakesRemote;
  stores: () => Promise<Named[]>;
  categories: () => Promise<Named[]>;
  /** The tills' names, for the counts per till. */
  terminals: () => Promise<Named[]>;
  download: (name: string, content: string, type: string) => void;
}

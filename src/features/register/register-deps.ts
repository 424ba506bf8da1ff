// What the register screen is given (issue 7). Everything it touches arrives here, explicitly, so the screen
// runs the same against the app's databases and against fake-indexeddb in a dom test: the catalog already
// in memory, this till's identity, the company's pricing rules, the cart store, and a `completeSale` that
// writes the sale in one ledger transaction.
import type { Cart, PricedCart, PricingRules } from '../../domain/cart';
import type { IdGenerator } from '../../domain/ids';
import type { ProductSearchIndex } from '../../domain/product-search';
import type { Milli } from '../../domain/quantity';
import type { Result } from '../../domain/result';
import type { Settlement, Tender } from '../../domain/tender';
import type { CartStore } from '../../data/local/cart-store';
import type { TerminalIdentity } from '../../data/local/ledger-types';
import type { MirrorProduct } from '../../data/local/mirror-db';
import type { BurstOptions } from './scanner-burst';

export interface RegisterCategory {
  id: string;
  name: string;
}

export interface RegisterCatalog {
  index: ProductSearchIndex<MirrorProduct>;
  /** Every product on sale, in name order: the list before anything is typed. */
  products: readonly MirrorProduct[];
  categories: readonly RegisterCategory[];
}

export interface CompletedSale {
  saleId: string;
  receiptNo: string;
  occurredAt: string;
  priced: PricedCart;
  settlement: Settlement;
  /** The cart as sold, for the receipt (note, customer). */
  cart: Cart;
}

export type CompleteSale = (cart: Cart, tenders: readonly Tender[]) => Promise<Result<CompletedSale>>;

export interface RegisterDeps {
  catalog: RegisterCatalog;
  rules: PricingRules;
  terminal: TerminalIdentity;
  cartStore: CartStore;
  completeSale: CompleteSale;
  /** On-hand per product at this till's store (mirror + pending deltas), asked again after each sale. */
  stockLevels: () => Promise<ReadonlyMap<string, Milli>>;
  ids: IdGenerator;
  /** Scanner timing; tests on a busy machine may allow slower bursts. */
  scanner?: BurstOptions;
  /** A millisecond clock for the scanner (performance.now by default). */
  now?: () => number;
}

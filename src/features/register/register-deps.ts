// What the register screen is given (issue 7). Everything it touches arrives here, explicitly, so the screen
// runs the same against the app's databases and against fake-indexeddb in a dom test: the catalog already
// in memory, this till's identity, the company's pricing rules, the cart store, and a `completeSale` that
// writes the sale in one ledger transaction.
import type { ModifierCatalog } from '../../data/local/modifier-catalog';
import type { PromotionCatalog } from '../../data/local/promotion-catalog';
import type { EmbeddedLayout } from '../../domain/embedded-barcode';
import type { Cart, PricedCart, PricingRules } from '../../domain/cart';
import type { IdGenerator } from '../../domain/ids';
import type { Minor } from '../../domain/money';
import type { ProductSearchIndex } from '../../domain/product-search';
import type { Milli } from '../../domain/quantity';
import type { Result } from '../../domain/result';
import type { Approval, AskApproval } from '../../domain/cashier-stamp';
import type { Settlement, Tender } from '../../domain/tender';
import type { ReceiptDoc } from '../../domain/receipt-doc';
import type { TaxMode } from '../../domain/tax';
import type { CartStore } from '../../data/local/cart-store';
import type { TerminalIdentity } from '../../data/local/ledger-types';
import type { MirrorProduct } from '../../data/local/mirror-db';
import type { SaleHistory } from './history/sale-history-deps';
import type { Live } from '../../ui/use-live-query';
import type { BurstOptions } from './scanner/scanner-burst';
import type { PrintOutcome } from '../../ui/print-job';
import type { CardPayment } from '../../data/remote/card-payments';
import type { SimulatorControls } from '../../data/remote/reader-simulator';
import type { TillCardReader } from '../../data/local/till-card-reader';
import type { RegisterValue } from './value/register-value';
import type { AccountPayments } from './value/account-payment';
import type { RegisterStock } from './stock/register-stock';

export type { PrintOutcome };

export interface RegisterCategory {
  id: string;
  name: string;
}

export interface RegisterCatalog {
  /** Search over `products`: built once the register has painted, or by the first scan or query before. */
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
  /**
   * The ledger had this cart's sale already (the till lost power after recording it, before clearing the
   * cart): nothing was recorded again, and the receipt shown is the one recorded then.
   */
  alreadyRecorded?: boolean;
}

/** What the signed-in member may do here: owners and managers also edit the catalogue at the counter. */
export type RegisterRole = 'owner' | 'manager' | 'cashier';

export interface NewProductInput {
  name: string;
  price: Minor;
  taxRateBp: number;
  barcode: string;
  categoryId: string | null;
}

/**
 * Catalogue changes a manager makes at the counter (quick keys, a product for an unknown barcode). No op
 * queues product edits, so these go to the server directly: they need a connection and say so plainly.
 */
export interface CatalogEdits {
  setQuickKey: (product: MirrorProduct, quickKey: number | null) => Promise<Result<MirrorProduct>>;
  addProduct: (input: NewProductInput) => Promise<Result<MirrorProduct>>;
}

export interface CustomerSummary {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
}

/** The company's customers as this device knows them (mirror + made here), and new ones made offline. */
export interface CustomerBook {
  search: (query: string) => Promise<readonly CustomerSummary[]>;
  get: (id: string) => Promise<CustomerSummary | undefined>;
  create: (input: { name: string; phone: string; email: string }) => Promise<Result<CustomerSummary>>;
}

/**
 * 'Email receipt' after a sale ([RCPT-15]): queues the `receipt.email` op (offline too), and follows the
 * ledger row the sync's receipt mailer marks sent (src/data/sync/receipt-mailer.ts).
 */
export interface ReceiptMail {
  queue: (saleId: string, email: string) => Promise<Result<{ id: string }>>;
  /** The queued mail as the ledger has it: sent when `sent_at` is set, `send_error` after a failed try. */
  watch: (id: string) => Live<{ sent_at: string | null; send_error: string | null } | null>;
  /** Whether the device is online now (the browser's flag). */
  online: () => boolean;
}

/** Records the sale of `cart`, priced once by the screen (`priced`, with the register's rules). */
export type CompleteSale = (
  cart: Cart,
  priced: PricedCart,
  tenders: readonly Tender[],
) => Promise<Result<CompletedSale>>;

/** How the shop's amounts and times read on a printed receipt. */
export interface ReceiptLook {
  currency: string;
  taxMode: TaxMode;
  when: (iso: string) => string;
}

/**
 * The till's receipt printer (issue 19; the printing feature's TillPrinter, wired by the route). Printing
 * never throws and never touches the sale: it answers ok or what went wrong, in words.
 */
export interface RegisterPrinter {
  /** A printer is set on this device; without one, 'Print' opens the browser's print dialog. */
  isSet: () => boolean;
  /** After a sale: the receipts and the drawer kick as the device's settings say; else one copy. */
  printReceipt: (
    doc: ReceiptDoc,
    look: ReceiptLook,
    options: { afterSale: boolean; cash: boolean; gesture: boolean },
  ) => Promise<PrintOutcome>;
  openDrawer: (options: { gesture: boolean }) => Promise<PrintOutcome>;
}

/**
 * This till's card reader (issue 20; `payment/card-reader-wiring.ts`). 'Card' pays on it when one is known
 * and the device is online; every call may throw a CardPaymentError (`unreachable` offline).
 */
export interface RegisterCardReader {
  /** The reader as this device last heard (no network): null when none is assigned or nothing was heard. */
  known: () => TillCardReader | null;
  /** Asks the server which reader is this till's and remembers the answer on the device. */
  refresh: () => Promise<TillCardReader | null>;
  /** `start_payment` on this till's reader, in the shop's currency, for the cart's sale id. */
  start: (saleId: string, amount: Minor) => Promise<CardPayment>;
  get: (paymentId: string, refresh: boolean) => Promise<CardPayment>;
  cancel: (paymentId: string) => Promise<CardPayment>;
  /** The local stack's controls of its simulated readers; absent against a real project. */
  simulator?: ReaderSimulator;
  /** How often an unfinished payment is asked about, in ms (about a second). */
  pollMs?: number;
}

/** Present a test card to a simulated reader, or make it time out (the local stack's /local/v1/stripe). */
export type ReaderSimulator = SimulatorControls;

export interface RegisterDeps {
  /** [VAL-12] Customer value: gift cards, and the attached customer's credit, points and account. */
  value?: RegisterValue;
  /** [PUR-T1] Purchasing at the counter (issue 38): 'Receive stock'. */
  stock?: RegisterStock;
  /** [VAL-18] 'Take a payment' on an attached customer's account on credit. */
  accountPayments?: AccountPayments;
  catalog: RegisterCatalog;
  rules: PricingRules;
  /** The shop's scale label layouts (SCALE-3); empty when it sells nothing from a scale. */
  scaleLayouts?: readonly EmbeddedLayout[];
  terminal: TerminalIdentity;
  cartStore: CartStore;
  completeSale: CompleteSale;
  /** On-hand per product at this till's store (mirror + pending deltas), asked again after each sale. */
  stockLevels: () => Promise<ReadonlyMap<string, Milli>>;
  ids: IdGenerator;
  /**
   * Tells the counter when a pull has changed the company's products (prices, new or archived products), with
   * the products on sale; returns stop. Absent in tests that keep a fixed catalog.
   */
  watchProducts?: (onChange: (products: readonly MirrorProduct[]) => void) => () => void;
  /** Calls back when a pull changed the modifier catalogue; answers stop (issue 34, the first visit). */
  watchModifiers?: (onChange: () => void) => () => void;
  /**
   * Issue 36: the shop's promotions and coupons as this device has them ([PROMO-T5]), read at start and again
   * when a pull changes them (`watchPromotions`); absent, the counter has no deals and no 'Coupon' field.
   */
  promotions?: {
    load: () => Promise<PromotionCatalog>;
    watch?: (onChange: () => void) => () => void;
    /** [PROMO-T6] This till's sales not yet sent that used a code. */
    pendingUses: (code: string) => Promise<number>;
    /** The shop's time zone and the till's clock: a deal's hours are read in them ([PROMO-2]). */
    timeZone: string;
    now: () => Date;
  };
  /** Calls back when a pull brought stock levels; answers stop ([PSTOCK-T3]: stock shown is never stale). */
  watchStock?: (onChange: () => void) => () => void;
  /** Scanner timing; tests on a busy machine may allow slower bursts. */
  scanner?: BurstOptions;
  /** A millisecond clock for the scanner (performance.now by default). */
  now?: () => number;
  /** Cashier when absent: no catalogue editing. */
  role?: RegisterRole;
  /** Present when this till can reach the server's catalogue (managers' quick keys and new products). */
  catalogEdits?: CatalogEdits;
  customers?: CustomerBook;
  /** 'Email receipt' at the receipt after a sale; absent, the receipt has no such button. */
  receiptMail?: ReceiptMail;
  /** This till's past sales: receipts read live, reprints and refunds (sale-history-deps.ts). */
  history: SaleHistory;
  /**
   * A shared till (issue 18): a manager's approval by PIN when the shop asks for one (removing a line), told
   * when the cashier leaves a sale's receipt (the till may lock after each sale) and when a line goes.
   */
  approve?: AskApproval;
  onSaleDone?: () => void;
  /** `eventId` is the row the approval (if any) was signed for: the `activity.record` op's id. */
  onLineRemoved?: (
    eventId: string,
    line: { name: string; quantity: Milli; total: Minor },
    approval: Approval | null,
  ) => void;
  /** This till's receipt printer and cash drawer (issue 19); absent, receipts print through the browser. */
  printer?: RegisterPrinter;
  /** This till's card reader (issue 20); absent, 'Card' is always taken on an external terminal. */
  cardReader?: RegisterCardReader;
  /** The shop's modifier catalogue from the mirror ([MOD-3]); absent, products are added without asking. */
  modifiers?: () => Promise<ModifierCatalog>;
  /** Records a 'No sale' (the drawer opened without a sale) as an `activity.record` op, signed for `eventId`. */
  recordNoSale?: (
    eventId: string,
    approval: Approval | null,
    drawerOpened: boolean,
  ) => Promise<Result<unknown>>;
}

// The rows of the ledger: what only this device knows until it syncs (DESIGN §5), as the till recorded it.
import type { TenderMethod } from '../../domain/tender';
import type { EntryKind } from '../../domain/value/kinds';

/** Where a business row stands with the server. */
export type SyncState = 'pending' | 'synced' | 'attention';

export interface OpError {
  code: string;
  message: string;
}

/** The business row an op made or changed, so its answer can mark it synced or "needs attention". */
export interface EntityRef {
  table:
    | 'sales'
    | 'customers'
    | 'stockMovements'
    | 'shifts'
    | 'cashMovements'
    | 'activityEvents'
    | 'receiptEmails'
    | 'valueEntries'
    | 'purchaseReceipts'
    | 'transferSends'
    | 'transferReceipts'
    | 'stocktakeCounts';
  id: string;
}

/**
 * One business command waiting for the server (DESIGN §6). `pending` ops are pushed in `seq` order; `held`
 * ops were refused for who sent them (not a member, role too low, a server too old) and wait for another
 * user, or until `held_until`.
 */
export interface OutboxRow {
  op_id: string;
  terminal_id: string | null;
  /** Device-wide, increasing: the FIFO order. */
  seq: number;
  /** The op's name (src/data/ops/registry.ts); as stored, so possibly one another version of the app wrote. */
  name: string;
  args: Record<string, unknown>;
  created_at: string;
  state: 'pending' | 'held';
  attempts: number;
  last_error: OpError | null;
  /** The company the op is for: it is pushed only while a member of that company is signed in. */
  company_id: string;
  entity: EntityRef | null;
  held_by: string | null;
  held_until: number | null;
}

export interface DeadLetterRow extends Omit<OutboxRow, 'state' | 'held_by' | 'held_until'> {
  error: OpError;
  failed_at: string;
}

export interface DeviceMeta {
  key: 'device';
  /** The last op seq handed out. */
  op_seq: number;
}

/** This device's registered till for one company, and its own receipt counter ([RCPT-3]). */
export interface TerminalIdentity {
  company_id: string;
  id: string;
  code: string;
  name: string;
  store_id: string;
  /** The last receipt counter handed out (0 before the first sale). */
  receipt_counter: number;
  registered_at: string;
}

interface Synced {
  op_id: string;
  /**
   * As stored. A sale stores only 'attention' or the state it was recorded with; whether it synced is read
   * from the outbox (sale-sync.ts), so read sales through the ledger's reads, not this field.
   */
  sync: SyncState;
  error: OpError | null;
}

export interface LedgerSale extends Synced {
  id: string;
  company_id: string;
  terminal_id: string;
  store_id: string;
  kind: 'sale' | 'refund';
  refund_of: string | null;
  receipt_no: string;
  shift_id: string | null;
  cashier_id: string | null;
  customer_id: string | null;
  occurred_at: string;
  subtotal: number | null;
  discount_total: number | null;
  tax_total: number;
  rounding: number;
  total: number;
  note: string | null;
  /** [RCPT-10] The token of the receipt's public page (`/r/<token>`); absent on refunds and older sales. */
  receipt_token?: string;
  /**
   * [VAL-35] The points the till worked out for the sale ([VAL-13], `pointsEarned`) and the customer's points
   * after it as the till knew them, for the receipt; absent without a customer or with loyalty off. (Issue 37:
   * the sale command fills it.) On a refund, [VAL-17] the points it took back (`unearned`).
   */
  loyalty?: { earned?: number; unearned?: number; balance_after?: number | null } | null;
  /** [VAL-14] Points the customer spent as a discount on the sale, and what they took off; absent without. */
  loyalty_discount?: { points: number; amount: number } | null;
}

export interface LedgerSaleLine {
  id: string;
  sale_id: string;
  line_no: number;
  product_id: string | null;
  refund_of_line_id: string | null;
  sku: string | null;
  name: string | null;
  /** Thousandths. */
  quantity: number;
  unit_price: number | null;
  discount: number;
  tax_rate_bp: number | null;
  tax: number;
  total: number;
  /**
   * [MOD-4] The options the line was sold with, per unit, as the sale sent them (not indexed: rows written
   * before issue 21 simply have none).
   */
  modifiers?: { option_id: string; name: string | null; price_delta: number }[];
  /**
   * [PROMO-T4] Each promotion's part of `discount`, as the sale sent it (not indexed: absent on lines without
   * any, and on rows written before issue 36). Names are the mirror's (`loadPromotionCatalog(...).names`).
   */
  promotions?: { promotion_id: string; amount: number }[];
  /**
   * [VAL-11] [VAL-35] A gift-card line's card: its account, its last four, and its full code only on the sale that
   * issued it and only until that sale has synced (docs/customer-value.md, open question 11), for the receipt
   * to print once. Absent on other lines. (Issue 37: the sale command fills it.)
   */
  gift_card?: { account_id: string; code?: string | null; code_last4?: string | null } | null;
}

export interface LedgerPayment {
  id: string;
  sale_id: string;
  method: TenderMethod;
  amount: number;
  tendered: number | null;
  change: number | null;
  reference: string | null;
  /** [WORDS-2] The card's brand and last four digits, when a reader reported them; absent otherwise. */
  card_brand?: string | null;
  card_last4?: string | null;
  /**
   * [VAL-12] [VAL-35] A value tender's account (a gift card's; a customer's derived account otherwise), the card's
   * last four, the balance left after it as the till knew it (money, or points for `loyalty`), and the points a
   * `loyalty` tender spent. Absent on cash, card and other. (Issue 37: the sale and refund commands fill them.)
   */
  account_id?: string | null;
  code_last4?: string | null;
  balance_after?: number | null;
  points?: number | null;
}

export interface LedgerCustomer extends Synced {
  id: string;
  company_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  note: string | null;
  updated_at: string;
}

/**
 * A stock delta this device made (a sale line, a refund, a manual movement). It counts towards on-hand
 * until a pull has surely brought it in: `txid` is the server transaction that applied it, and
 * `settled` turns 1 once the mirror's stock levels were pulled past that txid (DESIGN §5).
 */
export interface LedgerStockMovement extends Synced {
  id: string;
  company_id: string;
  store_id: string;
  product_id: string;
  /** Thousandths, signed. */
  delta: number;
  reason: 'sale' | 'refund' | 'receive' | 'adjust' | 'count' | 'waste' | 'transfer';
  occurred_at: string;
  txid: string | null;
  settled: 0 | 1;
}

/**
 * The server transaction that applied an op, kept until a pull of stock levels has gone past it: the op's
 * stock deltas read their txid here ([ONHAND-2]) instead of each movement row being rewritten when the op is
 * answered (a replay of 10,000 sales rewrote 30,000 rows, with their indexes, for it).
 */
export interface AppliedOp {
  op_id: string;
  txid: string;
}

export interface LedgerShift extends Synced {
  id: string;
  company_id: string;
  terminal_id: string;
  cashier_id: string | null;
  opened_at: string;
  opening_float: number;
  closed_at: string | null;
  counted_cash: number | null;
  note: string | null;
  /** What the server answered at close: expected cash and the difference. */
  result: Record<string, number> | null;
  /** [SHIFT-7] The manager who approved the close's cash difference on this till (absent before #9). */
  approved_by?: string | null;
}

/** A shared till's event (issue 18): a switch, a lock, a failed PIN run, an approval, a voided line. */
export interface LedgerActivityEvent extends Synced {
  id: string;
  company_id: string;
  terminal_id: string;
  staff_id: string | null;
  kind: string;
  detail: Record<string, unknown>;
  occurred_at: string;
}

/**
 * [RCPT-15] A receipt to mail. The address is kept on the device only until the mail went ([RCPT-16]): the
 * server keeps a hash of it.
 */
export interface LedgerReceiptEmail extends Synced {
  id: string;
  company_id: string;
  sale_id: string;
  email: string | null;
  created_at: string;
  sent_at: string | null;
  /** Why the last try to send failed, in words; null while it has not failed. */
  send_error: string | null;
}

export interface LedgerCashMovement extends Synced {
  id: string;
  company_id: string;
  terminal_id: string;
  shift_id: string;
  kind: 'pay_in' | 'pay_out';
  amount: number;
  reason: string | null;
  occurred_at: string;
}

/**
 * [VAL-32] One of this device's customer value entries (a gift card issued or spent, an account payment, a
 * manager's adjustment), kept until a pull of the balances reflects it, as stock deltas are ([ONHAND-2]).
 * `delta` is minor units, or whole points on a loyalty account; signed as the server's ([VAL-6]).
 */
export interface LedgerValueEntry extends Synced {
  id: string;
  company_id: string;
  account_id: string;
  kind: EntryKind;
  delta: number;
  terminal_id: string | null;
  shift_id: string | null;
  /** How an account payment was paid ([VAL-18]); a cash one is in its shift's expected cash ([VAL-34]). */
  tender_method: string | null;
  occurred_at: string;
  txid: string | null;
  settled: 0 | 1;
  /** The sale (or refund) that wrote it, when one did. */
  sale_id?: string | null;
  /**
   * [VAL-11] An `issue` entry keeps its new card's `code_hash` and last four (never the code), so a card this
   * till sold is found by its code here before any pull brings the account.
   */
  code_hash?: string | null;
  code_last4?: string | null;
}

/**
 * [PUR-T7] A delivery this till took in against a purchase order (issue 38), as its op sent it: kept for the
 * sync page and for `seen_received` ([PUR-T2]) until a pull brings the receipt back. Its lines are rows of
 * `purchaseReceiptLines`, its stock deltas `receive` rows of `stockMovements` (ids = the lines' ids).
 */
export interface LedgerPurchaseReceipt extends Synced {
  id: string;
  company_id: string;
  purchase_order_id: string;
  store_id: string;
  terminal_id: string | null;
  occurred_at: string;
}

/** One line of a delivery: quantities in thousandths, the unit cost in minor units (null: none sent). */
export interface LedgerPurchaseReceiptLine {
  id: string;
  receipt_id: string;
  purchase_order_id: string;
  purchase_order_line_id: string | null;
  product_id: string;
  quantity: number;
  unit_cost: number | null;
  seen_received: number;
}

/**
 * [PUR-T10] A transfer this till sent (`id` is the op's). What each line sent is its `transfer` stock
 * movement (−sent, id = the transfer line's id).
 */
export interface LedgerTransferSend extends Synced {
  id: string;
  company_id: string;
  transfer_id: string;
  store_id: string;
  occurred_at: string;
}

/** [PUR-T11] One arrival of a transfer at this till's store; its lines are `transferReceiptLines`. */
export interface LedgerTransferReceipt extends Synced {
  id: string;
  company_id: string;
  transfer_id: string;
  store_id: string;
  occurred_at: string;
}

/** One line of a transfer's arrival, in thousandths; +received is its `transfer` stock movement. */
export interface LedgerTransferReceiptLine {
  id: string;
  receipt_id: string;
  transfer_id: string;
  transfer_line_id: string;
  product_id: string;
  received: number;
  damaged: number;
  seen_received: number;
}

/** [PUR-T13] One 'Send counts' of a stocktake (`id` is the op's); counts move no stock until approval. */
export interface LedgerStocktakeCount extends Synced {
  id: string;
  company_id: string;
  stocktake_id: string;
  occurred_at: string;
}

/** One count line as sent ([PUR-32]), in thousandths. */
export interface LedgerStocktakeCountLine {
  id: string;
  count_id: string;
  stocktake_id: string;
  product_id: string;
  counted: number;
  zone: string | null;
  counted_at: string;
  replaces: string | null;
}

// Why the server refused or held an op, in the person's language, for the Sync page's lists (issue 35). The
// server's `error.message` is English written for a developer and stays in the ledger as it came; what a
// person reads is chosen by the stable `error.code` (apply_ops' rejections, supabase/SPEC.md §3), with the
// code itself after it for whoever supports the shop.
import { msg } from '@lingui/core/macro';
import { type CodeWords, unknownRefusal, wordsOf } from '../refusal-words';

const OP_ERRORS: CodeWords = {
  rejected: msg`The server refused this operation.`,
  not_signed_in: msg`It waits for someone to sign in on this till.`,
  not_member: msg`It waits for a member of this shop to sign in on this till.`,
  insufficient_role: msg`It waits for a manager or the owner to sign in on this till.`,
  unknown_op: msg`The server does not know this kind of operation yet; the till tries again later.`,
  server_error: msg`The server had a problem with it; the till tries again later.`,
  op_id_conflict: msg`Its id was already used by another operation; the till sends it again under a new one.`,
  invalid_args: msg`The server could not read it: it was written by another version of the app.`,
  invalid_op: msg`The server could not read it: it was written by another version of the app.`,
  total_mismatch: msg`The sale’s total does not add up on the server.`,
  line_total_mismatch: msg`A line’s total does not add up on the server.`,
  tax_mismatch: msg`The tax does not add up on the server.`,
  rounding_mismatch: msg`The cash rounding does not add up on the server.`,
  payments_mismatch: msg`The payments do not add up to the sale’s total.`,
  change_mismatch: msg`The change given does not add up on the server.`,
  modifier_price_mismatch: msg`An option’s price differs from the server’s.`,
  discount_too_large: msg`A discount is larger than the price.`,
  currency_mismatch: msg`The sale's currency is not the shop's.`,
  refund_exceeds_sale: msg`The refund is more than is left of the sale.`,
  invalid_receipt_no: msg`The receipt number is not this till’s.`,
  invalid_quantity: msg`A quantity is not allowed.`,
  duplicate_id: msg`Its id is already used by something else on the server.`,
  unknown_terminal: msg`The server does not know this till.`,
  unknown_store: msg`The store is no longer one of the shop’s stores.`,
  unknown_sale: msg`The server does not know the sale it refers to.`,
  unknown_sale_line: msg`The server does not know the sale line it refers to.`,
  unknown_shift: msg`The server does not know the shift it refers to.`,
  shift_already_open: msg`This till already has an open shift on the server.`,
  shift_open: msg`The shift is still open on the server.`,
  shift_closed: msg`The shift is already closed on the server.`,
  unknown_product: msg`A product is no longer in the shop’s catalogue.`,
  untracked_product: msg`A product does not keep stock.`,
  unknown_modifier: msg`An option is no longer in the shop’s catalogue.`,
  unknown_customer: msg`The customer is no longer on the server.`,
  unknown_cashier: msg`The cashier is not on the shop’s staff list.`,
  unknown_staff: msg`The person is no longer on the shop’s staff list.`,
  staff_inactive: msg`The cashier is deactivated.`,
  unknown_card_payment: msg`The server has no record of that card payment.`,
  unknown_reader: msg`That card reader is no longer registered to this shop.`,
  invalid_email: msg`That email address does not look right.`,
  rate_limited: msg`Too many receipts were mailed in the last hour.`,
  // Customer value (issue 37): account payments and balance adjustments ([VAL-18], [VAL-19]).
  duplicate_receipt_no: msg`The receipt number is already used by another sale or payment.`,
  no_account: msg`The customer has no account to pay into.`,
  unknown_account: msg`The server does not know this gift card or account.`,
  account_void: msg`The gift card or account is void: nothing more can change on it.`,
  // Purchasing and stock control (issue 38, [PUR-43]): purchase orders, transfers, stocktakes.
  unknown_purchase_order: msg`The server does not know this purchase order.`,
  unknown_transfer: msg`The server does not know this transfer.`,
  unknown_stocktake: msg`The server does not know this stocktake.`,
  unknown_supplier: msg`The supplier is not one of the shop’s suppliers.`,
  unknown_category: msg`The category is not one of the shop’s categories.`,
  stale_document: msg`Someone changed this document since you opened it: open it again.`,
  wrong_status: msg`The document’s state no longer allows this change.`,
  empty_document: msg`The document has no products on it.`,
  duplicate_line: msg`A product is on the document twice: one line per product.`,
  variant_parent: msg`A product with variants was chosen: choose one of its variants.`,
  product_not_from_supplier: msg`A product is not from this supplier.`,
  same_store: msg`A transfer must go to another store.`,
  wrong_store: msg`This till is not at the document’s store.`,
  held_quantities: msg`Some quantities are held: accept or drop them first.`,
  nothing_held: msg`Nothing is held on this line.`,
  already_settled: msg`This held quantity was already accepted or dropped.`,
  stocktake_overlap: msg`Another open stocktake of this store already counts these products.`,
  no_supplier_email: msg`The supplier has no email address.`,
  // The till's own codes for a send that failed before the server answered in words (push.ts).
  network: msg`The till could not reach the server; it tries again.`,
};

/** The till's code for a server's bare HTTP error (`http_500`): a 5xx is the server's problem, retried. */
function httpWords(code: string): string | undefined {
  return /^http_5\d\d$/.test(code) ? wordsOf(OP_ERRORS, 'server_error') : undefined;
}

/** The Sync page's words for an op's last error: the app's sentence for its code, and the code. */
export function opErrorWords(error: { code: string; message: string }): string {
  const code = error.code;
  const known = wordsOf(OP_ERRORS, code) ?? httpWords(code);
  // The code in brackets is no word to translate: it is what support asks for.
  return known === undefined ? unknownRefusal(code) : `${known} (${code})`;
}

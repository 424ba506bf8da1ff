// Every outbox operation, each defined once in its own module (define-op.ts). What the rest of the app
// knows about ops is read from here: their names, the sync page's words, and the ledger tables an answer
// may touch. To add an operation, see docs/adding-an-operation.md.
import type { LedgerDb } from '../local/ledger-db';
import { accountPayment } from './account-payment';
import { activityRecord } from './activity-record';
import { cashMove } from './cash-move';
import { customerUpsert } from './customer-upsert';
import { purchaseOrderClose } from './purchase-order-close';
import { purchaseOrderOrder } from './purchase-order-order';
import { purchaseOrderSave } from './purchase-order-save';
import { purchaseOrderSettle } from './purchase-order-settle';
import { receiptEmail } from './receipt-email';
import type { OpEntry } from './define-op';
import { saleRecord } from './sale-record';
import { transferClose } from './transfer-close';
import { transferSave } from './transfer-save';
import { transferSettle } from './transfer-settle';
import { saleRefund } from './sale-refund';
import { shiftClose } from './shift-close';
import { shiftOpen } from './shift-open';
import { stockMove } from './stock-move';
import { stocktakeApprove } from './stocktake-approve';
import { stocktakeCancel } from './stocktake-cancel';
import { stocktakeOpen } from './stocktake-open';
import { valueAdjust } from './value-adjust';
import { purchaseOrderReceive } from './purchase-order-receive';
import { stocktakeCount } from './stocktake-count';
import { transferReceive } from './transfer-receive';
import { transferSend } from './transfer-send';
import { t } from '@lingui/core/macro';

/** The ops of supabase/SPEC.md §3, in the order the SPEC lists them. */
export const OPS = [
  saleRecord,
  saleRefund,
  customerUpsert,
  stockMove,
  shiftOpen,
  shiftClose,
  cashMove,
  activityRecord,
  receiptEmail,
  accountPayment,
  valueAdjust,
  // Issue 38 ([PUR-10]): purchase orders, transfers and stocktakes. The till sends receive, send, the transfer's
  // receive and count ([PUR-T15]); the back office the rest.
  purchaseOrderSave,
  purchaseOrderOrder,
  purchaseOrderClose,
  purchaseOrderReceive,
  purchaseOrderSettle,
  transferSave,
  transferSend,
  transferReceive,
  transferSettle,
  transferClose,
  stocktakeOpen,
  stocktakeCount,
  stocktakeApprove,
  stocktakeCancel,
] as const;

export type OpName = (typeof OPS)[number]['name'];

export const OP_NAMES: readonly OpName[] = OPS.map((op) => op.name);

const BY_NAME: ReadonlyMap<string, OpEntry> = new Map(OPS.map((op) => [op.name, op]));

/** The definition of a stored op's name, if this version of the app knows it. */
export function opEntry(name: string): OpEntry | undefined {
  return BY_NAME.get(name);
}

/** What a stored op is, as a person would say it ("Sale T1-000004", not `sale.record`). */
export function opTitle(op: { name: string; args: unknown }): string {
  return opEntry(op.name)?.describe(op.args) ?? t`Operation`;
}

/**
 * The ledger tables applying an answer may touch: the outbox and its dead letters, the device meta, every
 * op's business row, and the stock movements that follow their op's fate. A transaction applying answers
 * must include them all.
 */
export function answerTables(ledger: LedgerDb) {
  const names = new Set([
    'outbox',
    'deadLetters',
    'meta',
    'stockMovements',
    'appliedOps',
    ...OPS.flatMap((op) => (op.entity === null ? [] : [op.entity])),
  ] as const);
  return [...names].map((name) => ledger[name]);
}

// What the register's receipts, "Recent sales" and refunds are given (issue 7): live reads of this till's
// sales from the ledger and the refund command. Built by sale-history-wiring.ts from the app's databases,
// and the same against fake-indexeddb in dom tests.
import type { RefundTender } from '../../../domain/sale-refund';
import type { SoldLine } from '../../../domain/refund';
import type { Result } from '../../../domain/result';
import type { LedgerSale } from '../../../data/local/ledger-types';
import type { RefundedQuantity, SaleForReceipt } from '../../../data/local/sale-history';
import type { Live } from '../../../ui/use-live-query';
import type { CustomerBook } from '../register-deps';

/** A past sale with what can still be refunded of it ([REFUND-2]). */
export interface RefundableSale {
  sale: LedgerSale;
  soldLines: SoldLine[];
  alreadyRefunded: RefundedQuantity[];
  /** Method of the largest original tender: where the money goes back by default. */
  defaultMethod: RefundTender['method'];
  /**
   * The PaymentIntents of the sale's card tenders taken on a reader, when this till can refund through
   * Stripe ([CARD-22]); empty otherwise.
   */
  cardIntents: string[];
  /** The refund's own id, made once per form: a retry (to the card too) is the same refund. */
  refundId: string;
  /** [VAL-15] The gift card the sale was paid with: a refund may go back onto it. */
  giftCardPaid?: { accountId: string; last4: string | null } | null;
  /** [VAL-15] Part of the sale was charged to the customer's account: a refund may go back onto it. */
  paidOnAccount?: boolean;
}

export interface RefundRequest {
  saleId: string;
  quantities: readonly { originalLineId: string; quantity: number }[];
  tender: RefundTender;
  reason: string | null;
  restock: boolean;
  /** RefundableSale.refundId: the same refund however often it is tried. */
  refundId?: string;
  /** A card refund sent back to the sale's card through Stripe first ([CARD-22]); online only. */
  backToCard?: boolean;
  /** [VAL-15] A customer attached to the refund at the counter (for store credit); the sale's by default. */
  customerId?: string | null;
}

export interface RecordedRefund {
  refundId: string;
  receiptNo: string;
}

export interface SaleHistory {
  /** This till's sales and refunds, newest first. */
  recent: () => Live<LedgerSale[]>;
  /** One sale with its receipt names; null when this device does not have it. */
  receipt: (saleId: string) => Live<SaleForReceipt | null>;
  findByReceiptNo: (receiptNo: string) => Promise<LedgerSale | null>;
  refundable: (saleId: string) => Promise<RefundableSale | null>;
  refund: (request: RefundRequest) => Promise<Result<RecordedRefund>>;
  /** [VAL-15] The shop's customers, to attach one to a refund onto store credit; absent: not offered. */
  customers?: CustomerBook;
}

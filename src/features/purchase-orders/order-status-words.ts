// A purchase order's status as a person reads it ([PUR-T16]: from one function, never the server's codes).
import { documentStatusWords } from '../../domain/purchasing/document-status';
import type { OrderStatus } from './purchase-orders-deps';

export function orderStatusWords(status: OrderStatus): string {
  return documentStatusWords('purchase_order', status);
}

/** An event with no status (a document's creation) reads as nothing; an unknown one as sent. */
export function statusWordsOf(status: string | null): string {
  return status === null ? '' : documentStatusWords('purchase_order', status);
}

// [PUR-T16] The states of the three documents of issue 38 and the words a person reads for them. Every
// screen says a status through `documentStatusWords`, never by showing the server's code. The words carry the
// context 'document status': 'Received' is an order's state here, not a column or a heading elsewhere.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const PURCHASE_ORDER_STATUSES = [
  'draft',
  'ordered',
  'partly_received',
  'received',
  'closed',
  'cancelled',
] as const;
export const TRANSFER_STATUSES = [
  'draft',
  'in_transit',
  'partly_received',
  'received',
  'closed',
  'cancelled',
] as const;
export const STOCKTAKE_STATUSES = ['open', 'approved', 'cancelled'] as const;

export type DocumentKind = 'purchase_order' | 'transfer' | 'stocktake';

const WORDS: Record<string, MessageDescriptor> = {
  draft: msg({ message: 'Draft', context: 'document status' }),
  ordered: msg({ message: 'Ordered', context: 'document status' }),
  in_transit: msg({ message: 'In transit', context: 'document status' }),
  partly_received: msg({ message: 'Partly received', context: 'document status' }),
  received: msg({ message: 'Received', context: 'document status' }),
  closed: msg({ message: 'Closed', context: 'document status' }),
  cancelled: msg({ message: 'Cancelled', context: 'document status' }),
  open: msg({ message: 'Open', context: 'document status' }),
  approved: msg({ message: 'Approved', context: 'document status' }),
};

const STATUSES: Record<DocumentKind, readonly string[]> = {
  purchase_order: PURCHASE_ORDER_STATUSES,
  transfer: TRANSFER_STATUSES,
  stocktake: STOCKTAKE_STATUSES,
};

/**
 * [PUR-T16] A document's status in the screens' language. A status this version of the app does not know
 * for that kind (a newer server's) reads as the code itself, so nothing shows blank.
 */
export function documentStatusWords(kind: DocumentKind, status: string): string {
  const words = STATUSES[kind].includes(status) ? WORDS[status] : undefined;
  return words ? i18n._(words) : status;
}

/** The purchase orders a till offers to receive: sent to the supplier and not yet closed ([PUR-T1]). */
export function isReceivable(status: string): boolean {
  return status === 'ordered' || status === 'partly_received';
}

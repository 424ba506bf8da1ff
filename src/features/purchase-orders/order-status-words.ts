// A purchase order's status as a person reads it ([PUR-T16]: from one function, never the server's codes).
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OrderStatus } from './purchase-orders-deps';

const WORDS = {
  draft: msg`Draft`,
  ordered: msg`Ordered`,
  partly_received: msg`Partly received`,
  received: msg`Received`,
  closed: msg`Closed`,
  cancelled: msg`Cancelled`,
} as const;

export function orderStatusWords(status: OrderStatus): string {
  return i18n._(WORDS[status]);
}

/** A status the server sent that this version does not know is shown as sent, never a crash. */
export function statusWordsOf(status: string | null): string {
  if (status === null) return '';
  return status in WORDS ? orderStatusWords(status as OrderStatus) : status;
}

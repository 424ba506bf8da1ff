// [VAL-12] The four tenders that spend customer value, and what each spends: a gift card names its card (and
// carries the code as typed); store credit, points and an account on credit need the sale's customer and name
// no account — the server takes the customer's derived one ([VAL-1]). Each writes one entry: `charge` for an
// account on credit, `redeem` for the rest.
import type { TenderMethod } from '../tender';
import type { EntryKind, ValueKind } from './kinds';

export const VALUE_TENDER_METHODS = ['gift_card', 'store_credit', 'on_account', 'loyalty'] as const;
export type ValueTenderMethod = (typeof VALUE_TENDER_METHODS)[number];

export function isValueMethod(method: TenderMethod): method is ValueTenderMethod {
  return (VALUE_TENDER_METHODS as readonly string[]).includes(method);
}

/** The kind of account a value tender spends; the names are the same, by design. */
export function accountKindOf(method: ValueTenderMethod): ValueKind {
  return method;
}

/** Store credit, points and an account on credit are the customer's: no customer, no tender. */
export function needsCustomer(method: ValueTenderMethod): boolean {
  return method !== 'gift_card';
}

/** The entry a value tender writes on a sale ([VAL-6]). */
export function spendEntryKind(method: ValueTenderMethod): Extract<EntryKind, 'redeem' | 'charge'> {
  return method === 'on_account' ? 'charge' : 'redeem';
}

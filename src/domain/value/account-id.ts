// [VAL-1] A customer's store credit, points and account on credit have ids every till and the server derive
// alike: md5(customer id ‖ ':' ‖ kind) read as a uuid — `private.customer_value_account_id`. Two tills that
// open one customer's store credit offline therefore name one account, and the server's upsert makes it once.
// A gift card's id is the till's own UUIDv7, drawn when the card is sold.
import { md5 } from 'hash-wasm';
import type { ValueKind } from './kinds';

export type CustomerValueKind = Exclude<ValueKind, 'gift_card'>;

/** [VAL-1] The id of `customerId`'s account of `kind`, as Postgres reads md5(…)::uuid. */
export async function customerAccountId(customerId: string, kind: CustomerValueKind): Promise<string> {
  return md5Uuid(`${customerId.toLowerCase()}:${kind}`);
}

/** `md5(text)::uuid`, as the server derives an entry's id (a refund's `unearn`: md5(refund id ‖ ':unearn')). */
export async function md5Uuid(text: string): Promise<string> {
  const hex = await md5(text);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

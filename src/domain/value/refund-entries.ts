// [VAL-15] [VAL-16] [VAL-17] The customer value entries a refund writes on this till, the server's own: a
// refund tender onto a gift card or a customer's account is one `refund` entry (+amount, +points), with the
// payment's id; a refunded gift-card line takes its value back off the card (`unissue`, −the line's total,
// the refund line's id); the points taken back are one `unearn` on the customer's points (md5(refund ‖
// ':unearn')). The till keeps them until a pull reflects them, so the customer's store credit is spendable
// here at once, offline too.
import type { SaleRefundArgs } from '../sale-refund-schema';
import type { CustomerValueKind } from './account-id';
import type { EntryKind } from './kinds';
import { isValueMethod } from './tenders';

export interface RefundValueAccounts {
  /** The refund's customer's accounts by kind ([VAL-1]'s derived ids); empty without a customer. */
  customer: Partial<Record<CustomerValueKind, string>>;
  /** The card each gift-card line of the original sale sold, by the original line's id. */
  giftCards: ReadonlyMap<string, string>;
  /** The points account the original sale earned on, and the id of the `unearn` entry; null: none. */
  unearn: { accountId: string; entryId: string } | null;
}

export interface RefundValueEntry {
  id: string;
  account_id: string;
  kind: Extract<EntryKind, 'refund' | 'unissue' | 'unearn'>;
  delta: number;
  tender_method: string | null;
}

export function refundValueEntries(
  args: Pick<SaleRefundArgs, 'lines' | 'payments' | 'loyalty'>,
  accounts: RefundValueAccounts,
): RefundValueEntry[] {
  const entries: RefundValueEntry[] = [];
  for (const line of args.lines) {
    const card = accounts.giftCards.get(line.refund_of_line_id);
    if (card !== undefined && line.total > 0) {
      entries.push({
        id: line.id,
        account_id: card,
        kind: 'unissue',
        delta: -line.total,
        tender_method: null,
      });
    }
  }
  for (const payment of args.payments ?? []) {
    if (!isValueMethod(payment.method)) continue;
    const account = payment.method === 'gift_card' ? payment.account_id : accounts.customer[payment.method];
    // No account known (a gift card not named, a customer not given): the server flags or refuses it.
    if (account === undefined) continue;
    entries.push({
      id: payment.id,
      account_id: account,
      kind: 'refund',
      delta: payment.points ?? payment.amount,
      tender_method: payment.method,
    });
  }
  const unearned = args.loyalty?.unearned ?? 0;
  if (unearned > 0 && accounts.unearn !== null) {
    entries.push({
      id: accounts.unearn.entryId,
      account_id: accounts.unearn.accountId,
      kind: 'unearn',
      delta: -unearned,
      tender_method: null,
    });
  }
  return entries;
}

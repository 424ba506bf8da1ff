// [VAL-1], [VAL-2], [VAL-6] The words of customer value as the server spells them: the four kinds of account,
// their status and the kinds of ledger entry. Gift cards, store credit and accounts on credit are money in
// minor units; loyalty is whole points.

export const VALUE_KINDS = ['gift_card', 'store_credit', 'loyalty', 'on_account'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

/** `blocked` and `void` accounts spend nothing ([VAL-20]); `void` is final. */
export type AccountStatus = 'active' | 'blocked' | 'void';

export type EntryKind =
  | 'issue'
  | 'load'
  | 'redeem'
  | 'charge'
  | 'refund'
  | 'unissue'
  | 'earn'
  | 'unearn'
  | 'payment'
  | 'adjust'
  | 'void'
  | 'expire';

/** [VAL-2] Loyalty counts points; the three others count money in the shop's currency. */
export function countsPoints(kind: ValueKind): boolean {
  return kind === 'loyalty';
}

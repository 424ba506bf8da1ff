// [VAL-35] What a sale's receipt reads that its op does not carry, worked out when the sale is recorded: each
// value tender's account, card and balance after it, a gift-card line's card (its code in full only on the sale
// that issues it), and the points the sale earned with the customer's points after it — all as the till knew
// them then. The server keeps its own figures; these are for the paper the customer takes home.
import { codeLast4, normaliseValueCode } from '../../domain/value/code';
import { accountKindOf, isValueMethod } from '../../domain/value/tenders';
import type { SaleRecordArgs } from '../../domain/sale-record-schema';
import type { LedgerPayment, LedgerSaleLine } from '../local/ledger-types';
import type { ReceiptFacts } from './sale-ledger';
import type { SaleValueKeys } from './sale-value-entries';

/** The last four of a code as typed, drawn or scanned; null when it is no code. */
function last4Of(code: string | undefined): string | null {
  if (code === undefined) return null;
  const read = normaliseValueCode(code);
  return read.ok ? codeLast4(read.value) : null;
}

/** The sale's tenders' and its row's receipt facts, walking the tenders in order (two on one card add up). */
export function saleReceiptFacts(args: SaleRecordArgs, keys: SaleValueKeys): ReceiptFacts {
  const left = new Map(Object.entries(keys.balances ?? {}));
  const payments: Record<string, Partial<LedgerPayment>> = {};
  for (const payment of args.payments ?? []) {
    const method = payment.method;
    if (!isValueMethod(method)) continue;
    const kind = accountKindOf(method);
    const account = kind === 'gift_card' ? payment.account_id : keys.customerAccounts[kind];
    if (account === undefined) continue;
    const spent = method === 'loyalty' ? (payment.points ?? 0) : payment.amount;
    // Without a balance read for the sale, what the till showed stands (available = balance but on credit).
    const before = left.get(account) ?? (kind === 'on_account' ? undefined : payment.balance_seen);
    const after = before === undefined ? null : before - spent;
    if (after !== null) left.set(account, after);
    payments[payment.id] = {
      account_id: account,
      balance_after: after,
      ...(kind === 'gift_card'
        ? { code_last4: last4Of(payment.code) ?? keys.cardLast4?.[account] ?? null }
        : {}),
      ...(method === 'loyalty' ? { points: spent } : {}),
    };
  }
  const loyaltyAccount = keys.customerAccounts.loyalty;
  const held = loyaltyAccount === undefined ? undefined : left.get(loyaltyAccount);
  // [VAL-14] Points taken off as a discount are spent too.
  const points = held === undefined ? undefined : held - (args.loyalty_discount?.points ?? 0);
  const earned = args.loyalty?.earned;
  const discount = args.loyalty_discount;
  return {
    payments,
    sale: {
      ...(earned === undefined
        ? {}
        : { loyalty: { earned, balance_after: points === undefined ? null : points + earned } }),
      ...(discount ? { loyalty_discount: { points: discount.points, amount: discount.amount } } : {}),
    },
  };
}

/** [VAL-11] A gift-card line's card for the receipt: the code in full only on the sale that issues it. */
export function lineGiftCard(
  card: NonNullable<SaleRecordArgs['lines'][number]['gift_card']>,
  keys: SaleValueKeys,
): NonNullable<LedgerSaleLine['gift_card']> {
  const last4 = last4Of(card.code) ?? keys.cardLast4?.[card.account_id] ?? null;
  return {
    account_id: card.account_id,
    code_last4: last4,
    ...(card.code === undefined ? {} : { code: card.code }),
  };
}

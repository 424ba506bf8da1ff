// [VAL-15]…[VAL-17] What a refund needs to know of customer value, read from this device's ledger and mirror:
// the accounts its entries go to (the refund's customer's derived ones, the cards the sale's gift-card lines
// sold), the points it takes back (`pointsUnearned`: the sale's till-known points, its earning total, what
// refunds of it took back so far), and what a sold gift card still holds ([VAL-16]: refunded only up to that).
import { t } from '@lingui/core/macro';
import { sum, type Minor } from '../../../domain/money';
import { formatMoney } from '../../../domain/money-text';
import { err, ok, type Result } from '../../../domain/result';
import { customerAccountId, md5Uuid } from '../../../domain/value/account-id';
import { pointsUnearned } from '../../../domain/value/loyalty';
import type { RefundValueAccounts } from '../../../domain/value/refund-entries';
import type { LedgerDb } from '../../../data/local/ledger-db';
import type { LedgerPayment, LedgerSale, LedgerSaleLine } from '../../../data/local/ledger-types';
import type { MirrorDb } from '../../../data/local/mirror-db';
import { refundsOf } from '../../../data/local/sale-history';
import { unreflectedEntries } from '../../../data/local/value-reads';

type Original = LedgerSale & { lines: LedgerSaleLine[]; payments: LedgerPayment[] };

/** The gift card the sale was paid with (the largest such tender): a refund may go back onto it. */
export async function giftCardPaidWith(
  ledger: LedgerDb,
  payments: readonly LedgerPayment[],
): Promise<{ accountId: string; last4: string | null } | null> {
  const [card] = payments
    .filter((payment) => payment.method === 'gift_card')
    .sort((a, b) => b.amount - a.amount);
  if (!card) return null;
  // The card is on the payment row, or on the tender's own entry (its id is the payment's, [VAL-8]).
  const accountId = card.account_id ?? (await ledger.valueEntries.get(card.id))?.account_id ?? null;
  if (accountId === null) return null;
  const issued = await ledger.valueEntries
    .where('account_id')
    .equals(accountId)
    .filter((entry) => Boolean(entry.code_last4))
    .first();
  return { accountId, last4: card.code_last4 ?? issued?.code_last4 ?? null };
}

/** [VAL-16] The card each gift-card line sold: on the line, or on its issue/load entry (the line's id). */
async function giftCardsOf(ledger: LedgerDb, lines: readonly LedgerSaleLine[]): Promise<Map<string, string>> {
  const entries = await ledger.valueEntries.bulkGet(lines.map((line) => line.id));
  return new Map(
    lines.flatMap((line, at): [string, string][] => {
      const entry = entries[at];
      const fromEntry = entry && (entry.kind === 'issue' || entry.kind === 'load') ? entry.account_id : null;
      const card = line.gift_card?.account_id ?? fromEntry;
      return card ? [[line.id, card]] : [];
    }),
  );
}

export async function refundValueOf(
  ledger: LedgerDb,
  original: Original,
  refund: {
    id: string;
    customerId: string | null;
    lines: readonly { originalLineId: string; total: Minor }[];
  },
): Promise<{ accounts: RefundValueAccounts; unearned: number }> {
  const giftCards = await giftCardsOf(ledger, original.lines);
  const customerId = refund.customerId;
  const customer: RefundValueAccounts['customer'] =
    customerId === null
      ? {}
      : {
          store_credit: await customerAccountId(customerId, 'store_credit'),
          on_account: await customerAccountId(customerId, 'on_account'),
          loyalty: await customerAccountId(customerId, 'loyalty'),
        };
  const earned = original.loyalty?.earned ?? 0;
  if (earned <= 0 || original.customer_id === null) {
    return { accounts: { customer, giftCards, unearn: null }, unearned: 0 };
  }
  // [VAL-17] The money of the sale's non-gift-card lines refunded so far, this refund included.
  const earning = (lineId: string) => !giftCards.has(lineId);
  const earlier = await refundsOf(ledger, original.id);
  const earlierLines = await ledger.saleLines
    .where('sale_id')
    .anyOf(earlier.filter((sale) => sale.id !== refund.id).map((sale) => sale.id))
    .toArray();
  const unearned = pointsUnearned({
    earned,
    earningTotal: sum(original.lines.filter((line) => earning(line.id)).map((line) => line.total)),
    refundedSoFar:
      sum(
        earlierLines
          .filter((line) => line.refund_of_line_id !== null && earning(line.refund_of_line_id))
          .map((line) => line.total),
      ) + sum(refund.lines.filter((line) => earning(line.originalLineId)).map((line) => line.total)),
    alreadyUnearned: sum(earlier.map((sale) => sale.loyalty?.unearned ?? 0)),
  });
  return {
    accounts: {
      customer,
      giftCards,
      unearn: {
        accountId: await customerAccountId(original.customer_id, 'loyalty'),
        entryId: await md5Uuid(`${refund.id}:unearn`),
      },
    },
    unearned: Math.max(0, unearned),
  };
}

/** What a gift card holds as this till knows it: the pulled balance and its own entries no pull reflected. */
export async function giftCardBalance(ledger: LedgerDb, mirror: MirrorDb, accountId: string): Promise<Minor> {
  const [pulled, own] = await Promise.all([
    mirror.valueBalances.get(accountId),
    unreflectedEntries(ledger, accountId),
  ]);
  return (pulled?.balance ?? 0) + sum(own.map((entry) => entry.delta));
}

/**
 * [VAL-16] A gift card sold is refunded only up to what it still holds: the rest was spent, and taking it back
 * would hand out money twice.
 */
export async function checkGiftCardRefund(
  refund: { lines: readonly { originalLineId: string; total: Minor }[] },
  giftCards: ReadonlyMap<string, string>,
  balanceOf: (accountId: string) => Promise<Minor>,
  currency: string,
): Promise<Result<true>> {
  const perCard = new Map<string, Minor>();
  for (const line of refund.lines) {
    const card = giftCards.get(line.originalLineId);
    if (card !== undefined) perCard.set(card, (perCard.get(card) ?? 0) + line.total);
  }
  for (const [card, amount] of perCard) {
    const balance = await balanceOf(card);
    if (amount > balance) {
      const left = formatMoney(Math.max(0, balance), currency);
      return err(
        'gift_card_spent',
        t`This gift card has only ${left} left: the rest was spent, so it cannot be refunded in full.`,
      );
    }
  }
  return ok(true);
}

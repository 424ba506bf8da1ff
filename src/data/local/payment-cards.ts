// [WORDS-2] The card a reader read, kept on the sale's card tender in this device's ledger so its receipt —
// now and on a reprint — names the card ("Visa •••• 4242"). Only the ledger keeps it: the sale's op carries
// the PaymentIntent id as before, and the server has the card on its own card payment ([WORDS-7]).
import type { TenderCard } from '../../domain/tender';
import type { LedgerDb } from './ledger-db';

export interface TenderCardOf {
  /** The tender's reference: the PaymentIntent id of the reader's payment. */
  reference: string;
  card: TenderCard;
}

export async function rememberCards(
  ledger: LedgerDb,
  saleId: string,
  cards: readonly TenderCardOf[],
): Promise<void> {
  if (cards.length === 0) return;
  const payments = await ledger.payments.where('sale_id').equals(saleId).toArray();
  await Promise.all(
    payments.flatMap((payment) => {
      const found = cards.find((each) => payment.method === 'card' && each.reference === payment.reference);
      return found
        ? [ledger.payments.update(payment.id, { card_brand: found.card.brand, card_last4: found.card.last4 })]
        : [];
    }),
  );
}

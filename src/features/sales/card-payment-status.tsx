// Under a sale's tenders: where its card payments taken on a reader stand with Stripe (issue 20) — went
// through, how much has gone back to the card, or did not go through — read from the server's card_payments
// when online. Says nothing for a sale with no reader payment, offline, or while it reads.
import { useQuery } from '@tanstack/react-query';
import type { CardPaymentStanding } from '../../data/remote/card-refunds';
import { isPaymentIntentId } from '../../domain/card-tender';
import { useOnline } from '../../ui/use-online';

const STATUS_WORDS: Readonly<Record<string, string>> = {
  succeeded: 'went through',
  in_progress: 'is still on the reader',
  pending: 'is still on the reader',
  failed: 'did not go through',
  canceled: 'was canceled',
  unknown: 'is not known to the card reader service',
};

export function CardPaymentStatus({
  read,
  payments,
  money,
}: {
  read: (intentIds: readonly string[]) => Promise<CardPaymentStanding[]>;
  payments: readonly { method: string; reference: string | null }[];
  money: (amount: number) => string;
}) {
  const online = useOnline();
  const intents = payments.flatMap((payment) =>
    payment.method === 'card' && isPaymentIntentId(payment.reference) ? [payment.reference] : [],
  );
  const standing = useQuery({
    queryKey: ['card-payment-status', ...intents],
    queryFn: () => read(intents),
    enabled: online && intents.length > 0,
    retry: false,
  });
  if (!standing.data || standing.data.length === 0) return null;
  return (
    <ul className="sale-detail__tenders" aria-label="Card reader payments">
      {standing.data.map((row) => (
        <li key={row.id}>
          Card reader payment {row.payment_intent_id} {STATUS_WORDS[row.status] ?? row.status}
          {row.refunded_amount > 0
            ? `; ${money(row.refunded_amount)} of ${money(row.amount)} refunded to the card`
            : ''}
        </li>
      ))}
    </ul>
  );
}

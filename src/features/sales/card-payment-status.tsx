// Under a sale's tenders: where its card payments taken on a reader stand with Stripe (issue 20) — went
// through, how much has gone back to the card, or did not go through — read from the server's card_payments
// when online. Says nothing for a sale with no reader payment, offline, or while it reads.
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { CardPaymentStanding } from '../../data/remote/card-refunds';
import { isPaymentIntentId } from '../../domain/card-tender';
import { useOnline } from '../../ui/use-online';

/** Where a reader payment stands, as one whole sentence per status. */
function standingWords(intent: string, status: string): string {
  switch (status) {
    case 'succeeded':
      return t`Card reader payment ${intent} went through`;
    case 'in_progress':
    case 'pending':
      return t`Card reader payment ${intent} is still on the reader`;
    case 'failed':
      return t`Card reader payment ${intent} did not go through`;
    case 'canceled':
      return t`Card reader payment ${intent} was canceled`;
    case 'unknown':
      return t`Card reader payment ${intent} is not known to the card reader service`;
    default:
      return t`Card reader payment ${intent}: ${status}`;
  }
}

function refundedWords(refunded: string, amount: string): string {
  return t`; ${refunded} of ${amount} refunded to the card`;
}

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
  const { t } = useLingui();
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
    <ul className="sale-detail__tenders" aria-label={t`Card reader payments`}>
      {standing.data.map((row) => (
        <li key={row.id}>
          {standingWords(row.payment_intent_id, row.status)}
          {row.refunded_amount > 0 ? refundedWords(money(row.refunded_amount), money(row.amount)) : ''}
        </li>
      ))}
    </ul>
  );
}

// "Card payments to check" on the overview (managers and owners, issue 20, [CARD-23]): what the card-payments
// function lists for a person to resolve — a card charged whose sale never arrived (refund it to the card),
// a sale naming a payment the server never started, a sale whose amount differs from its card payment — each
// with its amount, till, time and what to do, in plain words. Loaded lazily; says nothing when all is well.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { cardIssuesQuery, CARD_ISSUES_KEY } from '../../data/remote/card-issues';
import {
  cardPaymentsClient,
  CardPaymentError,
  type CardPayment,
  type CardPaymentIssue,
} from '../../data/remote/card-payments';
import type { Supabase } from '../../data/remote/supabase-client';
import { formatMoney } from '../../lib/format-money';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useOnline } from '../../ui/use-online';
import { useWhen } from '../../ui/when';

// Descriptors (built before the catalogue loads), looked up when shown.
const WHAT: Readonly<
  Record<CardPaymentIssue['issue'], { title: MessageDescriptor; text: MessageDescriptor }>
> = {
  unresolved: {
    title: msg`Charged, but no sale arrived`,
    text: msg`The card was charged on the reader, but no sale with this payment reached the server (the till may have gone down before completing it). If the customer left without their goods, refund it to the card; if the sale is still on a till that is offline, it links itself when that till syncs.`,
  },
  unknown: {
    title: msg`A sale names a payment the server does not know`,
    text: msg`A sale was paid by card with a reference this shop’s card reader never started (typed by hand or from another system). The sale is kept. Check the card terminal’s own records for this amount.`,
  },
  mismatch: {
    title: msg`The sale and its card payment differ`,
    text: msg`A sale’s card tender names this payment, but the payment did not go through or its amount is not the tender’s. Compare the sale with the card terminal’s records and refund or charge the difference.`,
  },
};

export default function CardIssuesPanel({ supabase, companyId }: { supabase: Supabase; companyId: string }) {
  const { t } = useLingui();
  const online = useOnline();
  const issues = useQuery({ ...cardIssuesQuery(supabase, companyId), enabled: online });
  if (!issues.data) {
    if (issues.error instanceof CardPaymentError && !issues.error.unreachable) {
      const problem = issues.error.message;
      return (
        <Alert tone="warning">
          <Trans>Card payments to check could not be read: {problem}</Trans>
        </Alert>
      );
    }
    return null;
  }
  if (issues.data.issues.length === 0) return null;
  const tills = issues.data.tills;
  return (
    <section className="card card-issues" aria-labelledby="card-issues-title">
      <h2 id="card-issues-title" className="card__title">
        <Trans>Card payments to check</Trans>
      </h2>
      <ul className="card-issues__list">
        {issues.data.issues.map(({ issue, payment }) => (
          <li key={payment.id}>
            <IssueRow
              issue={issue}
              payment={payment}
              supabase={supabase}
              till={(payment.terminal_id ? tills.get(payment.terminal_id) : undefined) ?? t`a till`}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function IssueRow({
  issue,
  payment,
  till,
  supabase,
}: {
  issue: CardPaymentIssue['issue'];
  payment: CardPayment;
  till: string;
  supabase: Supabase;
}) {
  const { t } = useLingui();
  const when = useWhen();
  const money = (amount: number) => formatMoney(amount, payment.currency);
  const title = t(WHAT[issue].title);
  const amount = money(payment.amount);
  const at = when(payment.created_at);
  const refunded = money(payment.refunded_amount);
  const failure = payment.failure_message;
  return (
    <article className="card-issues__issue" aria-label={t`${title}: ${amount}`}>
      <p className="card-issues__title">
        <Trans>
          <strong>{title}</strong> — {amount} at {till}, {at}
        </Trans>
      </p>
      <p className="card-issues__text">{t(WHAT[issue].text)}</p>
      {payment.refunded_amount > 0 ? (
        <p>
          <Trans>{refunded} already refunded to the card.</Trans>
        </p>
      ) : null}
      {failure && issue === 'mismatch' ? (
        <p>
          <Trans>The card payment: {failure}</Trans>
        </p>
      ) : null}
      <p className="card-issues__reference">
        {payment.payment_intent_id ?? t`No Stripe payment`}
        {payment.sale_id && issue !== 'unresolved' ? (
          <>
            {' · '}
            <Link to="/dashboard/sales/$saleId" params={{ saleId: payment.sale_id }}>
              <Trans>See the sale</Trans>
            </Link>
          </>
        ) : null}
      </p>
      {issue === 'unresolved' ? <RefundToCard payment={payment} supabase={supabase} money={money} /> : null}
    </article>
  );
}

/**
 * The whole of what is left goes back to the card. The card payment's own id is the refund's id: one full
 * refund per payment, so a second press, or another manager's, refunds nothing more ([CARD-8]).
 */
function RefundToCard({
  payment,
  supabase,
  money,
}: {
  payment: CardPayment;
  supabase: Supabase;
  money: (amount: number) => string;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const left = money(payment.amount - payment.refunded_amount);
  const refund = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await cardPaymentsClient(supabase).refundPayment({ paymentId: payment.id, refundId: payment.id });
      await queryClient.invalidateQueries({ queryKey: CARD_ISSUES_KEY });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="card-issues__actions">
      {problem ? <Alert>{problem}</Alert> : null}
      <Button variant="danger" isDisabled={busy} onPress={() => void refund()}>
        {busy ? t`Refunding…` : t`Refund ${left} to the card`}
      </Button>
    </div>
  );
}

// The reader's state while a card payment is on it (issue 20), in a cashier's words, with 'Cancel' — and
// 'Stop waiting' once a cancel could not reach the server, so the counter is never stuck.
import { Alert } from '../../../ui/alert';
import type { ReaderPayment } from './use-reader-payment';
import { waitingWords } from './reader-words';
import { Trans, useLingui } from '@lingui/react/macro';

export function ReaderStatus({
  payment,
  label,
  money,
}: {
  payment: ReaderPayment;
  label: string;
  money: (amount: number) => string;
}) {
  const { t } = useLingui();
  const { phase } = payment;
  if (phase.kind === 'idle') return null;
  const text =
    phase.kind === 'sending' ? t`Processing…` : phase.cancelling ? t`Cancelling…` : waitingWords(label);
  return (
    <div className="payment__reader" aria-label={t`Card reader`}>
      <p className="payment__reader-state" role="status">
        <strong>{text}</strong> <span>{money(phase.amount)}</span>
      </p>
      {phase.kind === 'waiting' && phase.problem !== null ? (
        <Alert tone="warning">{phase.problem}</Alert>
      ) : null}
      {phase.kind === 'waiting' ? (
        <div className="payment__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={phase.cancelling}
            onClick={payment.cancel}
          >
            <Trans>Cancel</Trans>
          </button>
          {phase.cancelFailed ? (
            <button type="button" className="button button--ghost" onClick={payment.abandon}>
              <Trans>Stop waiting</Trans>
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

// The reader's state while a card payment is on it (issue 20), in a cashier's words, with 'Cancel' — and
// 'Stop waiting' once a cancel could not reach the server, so the counter is never stuck.
import { Alert } from '../../../ui/alert';
import type { ReaderPayment } from './use-reader-payment';
import { waitingWords } from './reader-words';

export function ReaderStatus({
  payment,
  label,
  money,
}: {
  payment: ReaderPayment;
  label: string;
  money: (amount: number) => string;
}) {
  const { phase } = payment;
  if (phase.kind === 'idle') return null;
  const text =
    phase.kind === 'sending' ? 'Processing…' : phase.cancelling ? 'Cancelling…' : waitingWords(label);
  return (
    <div className="payment__reader" aria-label="Card reader">
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
            Cancel
          </button>
          {phase.cancelFailed ? (
            <button type="button" className="button button--ghost" onClick={payment.abandon}>
              Stop waiting
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

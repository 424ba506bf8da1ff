// 'Email receipt' at the receipt after a sale (issue 22, supabase/SPEC.md [RCPT-15]): an 'Email' field,
// filled with the attached customer's address when this device knows it, checked before anything is queued;
// then the `receipt.email` op is queued like any other (offline too) and the sync's receipt mailer sends it
// once the server has it. The note follows the ledger row: queued, sent, or why the last try failed.
import { useCallback, useState } from 'react';
import { isEmailAddress } from '../../../domain/receipt-link';
import { Alert } from '../../../ui/alert';
import { useLive } from '../../../ui/use-live-query';
import type { CustomerBook, ReceiptMail } from '../register-deps';
import { Trans, useLingui } from '@lingui/react/macro';

function QueuedNote({ mail, id, email }: { mail: ReceiptMail; id: string; email: string }) {
  const open = useCallback(() => mail.watch(id), [mail, id]);
  const answer = useLive(open);
  const row = answer.kind === 'ready' ? answer.value : null;
  if (row?.sent_at) {
    return (
      <Alert tone="success">
        <Trans>Sent to {email}</Trans>
      </Alert>
    );
  }
  const why = row?.send_error;
  if (why) {
    return (
      <Alert tone="warning">
        <Trans>Not sent yet: {why} The till tries again at its next sync.</Trans>
      </Alert>
    );
  }
  return (
    <Alert tone="info">
      {mail.online() ? (
        <Trans>Queued: sending to {email}…</Trans>
      ) : (
        <Trans>Queued: sent when this till is online.</Trans>
      )}
    </Alert>
  );
}

export function EmailReceipt({
  mail,
  saleId,
  customerId,
  customers,
}: {
  mail: ReceiptMail;
  saleId: string;
  /** The customer attached to the sale, whose address is offered first. */
  customerId: string | null;
  customers?: CustomerBook;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [queued, setQueued] = useState<{ id: string; email: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setOpen(true);
    const customer = customerId && customers ? await customers.get(customerId) : undefined;
    if (customer?.email) setEmail((typed) => typed || (customer.email ?? ''));
  };
  const send = async () => {
    const address = email.trim();
    if (!isEmailAddress(address)) {
      setProblem(t`That is not an email address.`);
      return;
    }
    setBusy(true);
    try {
      const result = await mail.queue(saleId, address);
      if (result.ok) {
        setProblem(null);
        setQueued({ id: result.value.id, email: address });
        setOpen(false);
      } else setProblem(result.error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="receipt-email">
      {open ? (
        <form
          className="receipt-email__form"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          {/* The app's own field, a finger tall (issue 34): it was an unstyled native input. */}
          <label className="field receipt-email__field">
            <span className="field__label">
              <Trans>Email</Trans>
            </span>
            <input
              className="field__input"
              type="text"
              inputMode="email"
              value={email}
              autoComplete="off"
              onChange={(event) => {
                setEmail(event.target.value);
              }}
            />
          </label>
          <button type="submit" className="button button--secondary" disabled={busy}>
            <Trans>Send receipt</Trans>
          </button>
        </form>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => void start()}>
          <Trans>Email receipt</Trans>
        </button>
      )}
      {problem ? <Alert>{problem}</Alert> : null}
      {queued ? <QueuedNote mail={mail} id={queued.id} email={queued.email} /> : null}
    </div>
  );
}

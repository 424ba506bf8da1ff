// A sale's digital receipt in the back office (issue 22, supabase/SPEC.md §14): its public link as the server
// has it, 'Revoke receipt link' for managers and owners ([RCPT-14]; a cashier sees the link, no button), and
// 'Email receipt', sent at once through send-receipt ([RCPT-16]). Online only: offline it says so.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { v7 as uuidv7 } from 'uuid';
import type { ReceiptActions } from '../../data/remote/receipt-links';
import { BAD_EMAIL, isEmailAddress, receiptLinkUrl } from '../../domain/receipt-link';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export default function ReceiptPanel({
  actions,
  saleId,
  canRevoke,
  customerEmail,
}: {
  actions: ReceiptActions;
  saleId: string;
  canRevoke: boolean;
  /** The attached customer's address, offered first. */
  customerEmail: string | null;
}) {
  const links = useQuery({
    queryKey: ['receipt-links', saleId],
    queryFn: () => actions.links(saleId),
    // Online only: a link's state is the server's, never a cached copy.
    gcTime: 0,
    retry: false,
  });
  const [note, setNote] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [email, setEmail] = useState(customerEmail ?? '');
  const [busy, setBusy] = useState(false);
  const { t } = useLingui();

  const live = links.data?.find((row) => row.revoked_at === null);
  const revoke = async () => {
    setBusy(true);
    try {
      await actions.revoke(saleId);
      setNote({
        tone: 'success',
        text: t`The receipt link was revoked: it now says the receipt is not available.`,
      });
      await links.refetch();
    } catch (error) {
      setNote({
        tone: 'error',
        text: messageOf(error, t`The receipt link could not be revoked; try again.`),
      });
    } finally {
      setBusy(false);
    }
  };
  const send = async () => {
    const address = email.trim();
    if (!isEmailAddress(address)) {
      setNote({ tone: 'error', text: t(BAD_EMAIL) });
      return;
    }
    setBusy(true);
    try {
      await actions.email({ id: uuidv7(), saleId, email: address });
      setNote({ tone: 'success', text: t`The receipt was sent to ${address}.` });
    } catch (error) {
      setNote({ tone: 'error', text: messageOf(error, t`The receipt could not be sent; try again.`) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="receipt-panel" aria-label={t`Digital receipt`}>
      <h3>
        <Trans>Digital receipt</Trans>
      </h3>
      {links.isPending ? (
        <p aria-busy="true">
          <Trans>Reading the receipt link…</Trans>
        </p>
      ) : null}
      {links.isError ? <Alert>{messageOf(links.error, t`The receipt link could not be read.`)}</Alert> : null}
      {links.data ? (
        live ? (
          <p>
            <Trans>Receipt link:</Trans>{' '}
            <a
              href={receiptLinkUrl(location.origin, live.token)}
              className="touch-link receipt-panel__link"
              data-testid="sale-receipt-link"
            >
              {receiptLinkUrl(location.origin, live.token)}
            </a>
          </p>
        ) : (
          <p>
            {links.data.length > 0
              ? t`The receipt link was revoked.`
              : t`This sale has no receipt link on the server.`}
          </p>
        )
      ) : null}
      <div className="button-row">
        {canRevoke && live ? (
          <Button variant="danger" isDisabled={busy} onPress={() => void revoke()}>
            <Trans>Revoke receipt link</Trans>
          </Button>
        ) : null}
      </div>
      <form
        className="receipt-panel__email"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        {/* The app's own field (issue 34's walk found an unstyled native input here). */}
        <TextField
          label={t`Email address`}
          name="receipt-email"
          type="email"
          inputMode="email"
          value={email}
          onChange={setEmail}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" isDisabled={busy}>
          <Trans>Email receipt</Trans>
        </Button>
      </form>
      {note ? <Alert tone={note.tone}>{note.text}</Alert> : null}
    </section>
  );
}

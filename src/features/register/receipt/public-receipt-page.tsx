// The public receipt page (/r/<token>, [RCPT-12], [RCPT-13]): what a customer's phone opens from the QR code
// or the mail. No sign-in, no shop navigation: the receipt as the till's slip shows it, or one sentence —
// not available (unknown or revoked alike), offline, or the server could not be reached.
import { useCallback, useEffect, useState } from 'react';
import type { Supabase } from '../../../data/remote/supabase-client';
import { Alert } from '../../../ui/alert';
import { ShopTimeZone } from '../../../ui/when';
import { ReceiptSlip } from './receipt-slip';
import { publicReceiptDoc, readPublicReceipt, type PublicReceipt } from './public-receipt';
import './receipt-print.css';
import './public-receipt.css';
import { Trans, useLingui } from '@lingui/react/macro';

type Answer =
  | { kind: 'loading' }
  | { kind: 'ready'; receipt: PublicReceipt }
  | { kind: 'not-available' }
  | { kind: 'offline' }
  | { kind: 'failed' };

export function PublicReceiptPage({
  token,
  loadSupabase,
  online = () => navigator.onLine,
}: {
  token: string;
  loadSupabase: () => Promise<Supabase>;
  online?: () => boolean;
}) {
  const { t } = useLingui();
  const [answer, setAnswer] = useState<Answer>({ kind: 'loading' });
  const read = useCallback(async (): Promise<Answer> => {
    if (!online()) return { kind: 'offline' };
    try {
      const receipt = await readPublicReceipt(await loadSupabase(), token);
      return receipt === null ? { kind: 'not-available' } : { kind: 'ready', receipt };
    } catch {
      return online() ? { kind: 'failed' } : { kind: 'offline' };
    }
  }, [loadSupabase, token, online]);

  useEffect(() => {
    let current = true;
    void read().then((next) => {
      if (current) setAnswer(next);
    });
    // Coming back online reads the receipt at once.
    const again = () => {
      void read().then((next) => {
        if (current) setAnswer(next);
      });
    };
    window.addEventListener('online', again);
    return () => {
      current = false;
      window.removeEventListener('online', again);
    };
  }, [read]);

  return (
    <main id="main" className="public-receipt">
      {answer.kind === 'loading' ? (
        <p aria-busy="true">
          <Trans>Loading the receipt…</Trans>
        </p>
      ) : null}
      {answer.kind === 'not-available' ? (
        <Alert title={t`This receipt is not available`}>
          <Trans>
            The link may have been mistyped, or the shop has withdrawn it. Ask the shop for a copy.
          </Trans>
        </Alert>
      ) : null}
      {answer.kind === 'offline' ? (
        <Alert tone="warning" title={t`You are offline`}>
          <Trans>This receipt opens as soon as this device is back online.</Trans>
        </Alert>
      ) : null}
      {answer.kind === 'failed' ? (
        <Alert title={t`The receipt could not be loaded`}>
          <Trans>The server could not be reached. Try again in a moment.</Trans>
        </Alert>
      ) : null}
      {answer.kind === 'ready' ? (
        <ShopTimeZone zone={answer.receipt.time_zone}>
          <ReceiptSlip
            doc={publicReceiptDoc(answer.receipt)}
            currency={answer.receipt.currency}
            taxMode={answer.receipt.prices_include_tax ? 'inclusive' : 'exclusive'}
            width={80}
          />
        </ShopTimeZone>
      ) : null}
    </main>
  );
}

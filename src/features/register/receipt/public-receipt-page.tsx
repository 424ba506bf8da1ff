// The public receipt page (/r/<token>, [RCPT-12], [RCPT-13]): what a customer's phone opens from the QR code
// or the mail. No sign-in, no shop navigation: the receipt as the till's slip shows it, or one sentence —
// not available (unknown or revoked alike), offline, or the server could not be reached. [RLANG-3] The receipt
// is in the shop's language (the answer says which), not the visitor's: the page holds a Lingui instance in
// it and sets the document's lang while it shows the receipt. The sentences before the answer (loading, not
// available, offline) are the visitor's, since no shop is known then.
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useCallback, useEffect, useState } from 'react';
import type { Supabase } from '../../../data/remote/supabase-client';
import { Alert } from '../../../ui/alert';
import { ShopTimeZone } from '../../../ui/when';
import { ReceiptSlip } from './receipt-slip';
import {
  publicReceiptDoc,
  readPublicReceipt,
  receiptI18n,
  receiptLanguage,
  type PublicReceipt,
} from './public-receipt';
import { htmlLang } from '../../../lib/i18n/locales';
import './receipt-print.css';
import './public-receipt.css';
import { Trans, useLingui } from '@lingui/react/macro';

type Answer =
  | { kind: 'loading' }
  | { kind: 'ready'; receipt: PublicReceipt; i18n: I18n }
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
      if (receipt === null) return { kind: 'not-available' };
      return { kind: 'ready', receipt, i18n: await receiptI18n(receipt) };
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

  // [RLANG-3] Screen readers and hyphenation read the receipt in its language; the visitor's comes back after.
  const receiptLang = answer.kind === 'ready' ? htmlLang(receiptLanguage(answer.receipt)) : null;
  useEffect(() => {
    if (receiptLang === null) return;
    const root = document.documentElement;
    const before = root.lang;
    root.lang = receiptLang;
    return () => {
      root.lang = before;
    };
  }, [receiptLang]);

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
        <I18nProvider i18n={answer.i18n}>
          <ShopTimeZone zone={answer.receipt.time_zone}>
            <ReceiptSlip
              doc={publicReceiptDoc(answer.receipt, answer.i18n)}
              currency={answer.receipt.currency}
              taxMode={answer.receipt.prices_include_tax ? 'inclusive' : 'exclusive'}
              width={80}
              i18n={answer.i18n}
            />
          </ShopTimeZone>
        </I18nProvider>
      ) : null}
    </main>
  );
}

// A receipt read live from the ledger (a sale just made, or one reprinted later): it follows the sale's sync
// state, so "Unsynced" goes away as soon as the sync engine applies the op. With the paper width (58 / 80
// mm, remembered on the device) and 'Print'; the caller adds its own actions ('New sale', 'Refund', …).
// With a receipt printer set on this device (issue 19), 'Print' sends the same document to it, and a sale
// just made prints as the device's settings say; a print that fails says why and offers 'Print again'.
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { TerminalIdentity } from '../../../data/local/ledger-types';
import type { TaxMode } from '../../../domain/tax';
import { Alert } from '../../../ui/alert';
import { RECEIPT_SYNC_MARKS, type ReceiptDoc } from '../../../domain/receipt-doc';
import { receiptDocOf, type DiscountSplit } from './receipt-doc';
import { printReceipt, useReceiptWidth, type ReceiptWidth } from './receipt-print';
import { ReceiptSlip } from './receipt-slip';
import type { SaleHistory } from '../history/sale-history-deps';
import { useLive } from '../../../ui/use-live-query';
import { PrintJobStatus, usePrintJob } from '../../../ui/print-job';
import { useShopTimeZone } from '../../../ui/when';
import { formatWhen } from '../../../lib/format-when';
import { shopIntlLocale } from '../../../lib/i18n/shop-i18n';
import type { ReceiptLook, RegisterPrinter } from '../register-deps';
import './receipt-print.css';
import { Trans, useLingui } from '@lingui/react/macro';

const WIDTHS: readonly ReceiptWidth[] = [58, 80];

export function LiveReceipt({
  history,
  saleId,
  terminal,
  currency,
  taxMode,
  split,
  printer,
  afterSale,
  failed,
  children,
}: {
  history: SaleHistory;
  saleId: string;
  terminal: TerminalIdentity;
  currency: string;
  taxMode: TaxMode;
  /** For a sale just made: how its discounts split between lines and cart. */
  split?: DiscountSplit;
  /** This till's receipt printer, when the route wired one. */
  printer?: RegisterPrinter;
  /** A sale just made: printed (and the drawer kicked on cash) once its receipt is read. */
  afterSale?: { cash: boolean };
  /** What a failed print says, and what is safe anyway; a sale's words when absent (a refund has its own). */
  failed?: { title: string; after: string };
  /** More actions, next to 'Print'. */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const widthGroup = `receipt-width-${saleId}`;
  const saleFailed = failed ?? { title: t`The receipt did not print`, after: t`The sale is saved.` };
  const read = useCallback(() => history.receipt(saleId), [history, saleId]);
  const answer = useLive(read);
  const [width, setWidth] = useReceiptWidth();
  const slip = useRef<HTMLElement>(null);
  const zone = useShopTimeZone();
  const record = answer.kind === 'ready' ? answer.value : null;
  const doc = useMemo(
    () => (record === null ? null : receiptDocOf(record, terminal, split)),
    [record, terminal, split],
  );
  const syncMark = doc === null ? null : RECEIPT_SYNC_MARKS[doc.sync];
  const printing = usePrinting(
    printer,
    doc,
    {
      currency,
      taxMode,
      // Paper is dated the way the shop's language writes dates (issue 35).
      when: (iso) => formatWhen(iso, zone, 'dateTime', shopIntlLocale()),
    },
    afterSale,
  );
  return (
    <section className="receipt-screen" aria-label={t`Receipt`}>
      {answer.kind === 'loading' ? (
        <p>
          <Trans>Reading the receipt…</Trans>
        </p>
      ) : null}
      {answer.kind === 'failed' ? (
        <Alert>
          <Trans>This device could not read its sales.</Trans>
        </Alert>
      ) : null}
      {answer.kind === 'ready' && answer.value === null ? (
        <Alert>
          <Trans>This sale is not on this device.</Trans>
        </Alert>
      ) : null}
      {/* The actions come first: with its QR code the slip is taller than a phone's or a laptop's screen. */}
      <div className="receipt-screen__actions no-print">
        <fieldset className="receipt-screen__width">
          <legend className="visually-hidden">
            <Trans>Paper width</Trans>
          </legend>
          {WIDTHS.map((option) => (
            <label key={option} className="receipt-screen__width-option">
              <input
                type="radio"
                name={widthGroup}
                checked={width === option}
                onChange={() => {
                  setWidth(option);
                }}
              />
              <Trans>{option} mm</Trans>
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="button button--secondary"
          disabled={answer.kind !== 'ready' || answer.value === null}
          onClick={() => {
            if (printer?.isSet()) printing.print();
            else if (slip.current) printReceipt(slip.current, width);
          }}
        >
          <Trans>Print</Trans>
        </button>
        {children}
      </div>
      {/* [WORDS-1] The till's own state, beside the slip and never printed: the customer's paper is the same
          whether or not the sale has reached the server. */}
      {syncMark !== null ? (
        <p className="receipt-screen__sync no-print" title={doc?.problem ?? undefined}>
          {t(syncMark)}
        </p>
      ) : null}
      {doc !== null ? (
        <ReceiptSlip ref={slip} doc={doc} currency={currency} taxMode={taxMode} width={width} />
      ) : null}
      <PrintJobStatus
        state={printing.state}
        title={saleFailed.title}
        after={saleFailed.after}
        onAgain={printing.again}
      />
    </section>
  );
}

/**
 * Sends the receipt to the till's printer: once by itself for a sale just made (never again on a re-render
 * or a sync-state change), and on 'Print'. 'Print again' repeats the job that failed — after a sale, with
 * its copies and the drawer kick, since none of it reached the printer.
 */
function usePrinting(
  printer: RegisterPrinter | undefined,
  doc: ReceiptDoc | null,
  look: ReceiptLook,
  afterSale: { cash: boolean } | undefined,
) {
  const job = usePrintJob();
  const started = useRef(false);
  const latest = useRef({ doc, look });
  // Declared before the effect that prints after a sale, so that one reads this render's document.
  useEffect(() => {
    latest.current = { doc, look };
  });
  const { start } = job;

  const send = useCallback(
    (afterThisSale: boolean, gesture: boolean) => {
      const current = latest.current.doc;
      if (!printer || current === null) return;
      const print = { doc: current, look: latest.current.look };
      void start(
        (tapped) =>
          printer.printReceipt(print.doc, print.look, {
            afterSale: afterThisSale,
            cash: afterSale?.cash ?? false,
            gesture: tapped,
          }),
        gesture,
      );
    },
    [printer, afterSale, start],
  );

  useEffect(() => {
    if (!afterSale || !printer?.isSet() || doc === null || started.current) return;
    started.current = true;
    send(true, false);
  }, [afterSale, printer, doc, send]);

  return {
    state: job.state,
    print: () => {
      send(false, true);
    },
    again: job.again,
  };
}

// A receipt read live from the ledger (a sale just made, or one reprinted later): it follows the sale's sync
// state, so "Unsynced" goes away as soon as the sync engine applies the op. With the paper width (58 / 80
// mm, remembered on the device) and 'Print'; the caller adds its own actions ('New sale', 'Refund', …).
import { useCallback, useRef, type ReactNode } from 'react';
import type { TerminalIdentity } from '../../../data/local/ledger-types';
import type { TaxMode } from '../../../domain/tax';
import { Alert } from '../../../ui/alert';
import { receiptDocOf, type DiscountSplit } from './receipt-doc';
import { printReceipt, useReceiptWidth, type ReceiptWidth } from './receipt-print';
import { ReceiptSlip } from './receipt-slip';
import type { SaleHistory } from '../history/sale-history-deps';
import { useLive } from '../../../ui/use-live-query';
import './receipt-print.css';

const WIDTHS: readonly ReceiptWidth[] = [58, 80];

export function LiveReceipt({
  history,
  saleId,
  terminal,
  currency,
  taxMode,
  split,
  children,
}: {
  history: SaleHistory;
  saleId: string;
  terminal: TerminalIdentity;
  currency: string;
  taxMode: TaxMode;
  /** For a sale just made: how its discounts split between lines and cart. */
  split?: DiscountSplit;
  /** More actions, next to 'Print'. */
  children?: ReactNode;
}) {
  const read = useCallback(() => history.receipt(saleId), [history, saleId]);
  const answer = useLive(read);
  const [width, setWidth] = useReceiptWidth();
  const slip = useRef<HTMLElement>(null);
  return (
    <section className="receipt-screen" aria-label="Receipt">
      {answer.kind === 'loading' ? <p>Reading the receipt…</p> : null}
      {answer.kind === 'failed' ? <Alert>This device could not read its sales.</Alert> : null}
      {answer.kind === 'ready' && answer.value === null ? (
        <Alert>This sale is not on this device.</Alert>
      ) : null}
      {answer.kind === 'ready' && answer.value !== null ? (
        <ReceiptSlip
          ref={slip}
          doc={receiptDocOf(answer.value, terminal, split)}
          currency={currency}
          taxMode={taxMode}
          width={width}
        />
      ) : null}
      <div className="receipt-screen__actions no-print">
        <fieldset className="receipt-screen__width">
          <legend className="visually-hidden">Paper width</legend>
          {WIDTHS.map((option) => (
            <label key={option} className="receipt-screen__width-option">
              <input
                type="radio"
                name={`receipt-width-${saleId}`}
                checked={width === option}
                onChange={() => {
                  setWidth(option);
                }}
              />
              {option} mm
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="button button--secondary"
          disabled={answer.kind !== 'ready' || answer.value === null}
          onClick={() => {
            if (slip.current) printReceipt(slip.current, width);
          }}
        >
          Print
        </button>
        {children}
      </div>
    </section>
  );
}

// The receipt of a completed sale, read back from the ledger (live-receipt.tsx): shop, till, lines, tax per
// rate, tenders and change, and "Unsynced" until the sync engine has the sale on the server. 'Print' prints
// it on the roll; 'Email receipt' queues it by mail (email-receipt.tsx); 'New sale' clears the counter for the
// next customer.
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { TaxMode } from '../../../domain/tax';
import type { TerminalIdentity } from '../../../data/local/ledger-types';
import { Alert } from '../../../ui/alert';
import { LiveReceipt } from './live-receipt';
import { EmailReceipt } from './email-receipt';
import type { CompletedSale, CustomerBook, ReceiptMail, RegisterPrinter } from '../register-deps';
import type { SaleHistory } from '../history/sale-history-deps';

export function ReceiptView({
  sale,
  terminal,
  currency,
  taxMode,
  history,
  printer,
  mail,
  customers,
  onNewSale,
}: {
  sale: CompletedSale;
  terminal: TerminalIdentity;
  currency: string;
  taxMode: TaxMode;
  history: SaleHistory;
  printer?: RegisterPrinter;
  /** 'Email receipt' ([RCPT-15]); absent, no button. */
  mail?: ReceiptMail;
  customers?: CustomerBook;
  onNewSale: () => void;
}) {
  const { t } = useLingui();
  const receiptNo = sale.receiptNo;
  // The ledger keeps each line's whole discount; the sale just priced still knows the line / cart split.
  const split = useMemo(
    () => ({
      lineDiscounts: sale.priced.lines.map((line) => line.lineDiscount),
      cartDiscount: sale.priced.totals.cartDiscount,
      listPrices: sale.priced.lines.map(({ line }) => line.listPrice ?? null),
    }),
    [sale],
  );
  // A cash tender opens the drawer when the device says so; stable, so the print runs once. A sale that was
  // recorded before is not printed by itself again: 'Print' is there if its receipt never came out.
  const afterSale = useMemo(() => ({ cash: sale.settlement.cashTendered > 0 }), [sale]);
  return (
    <div className="receipt">
      {sale.alreadyRecorded ? (
        <Alert tone="info" title={t`This sale was already recorded`}>
          <Trans>
            Receipt {receiptNo} was recorded before the till was interrupted. Nothing was recorded again.
          </Trans>
        </Alert>
      ) : null}
      <LiveReceipt
        history={history}
        saleId={sale.saleId}
        terminal={terminal}
        currency={currency}
        taxMode={taxMode}
        split={split}
        {...(sale.alreadyRecorded ? {} : { afterSale })}
        {...(printer ? { printer } : {})}
      >
        <button type="button" className="button button--primary button--lg" onClick={onNewSale}>
          <Trans>New sale</Trans>
        </button>
      </LiveReceipt>
      {mail ? (
        <EmailReceipt
          mail={mail}
          saleId={sale.saleId}
          customerId={sale.cart.customerId ?? null}
          {...(customers ? { customers } : {})}
        />
      ) : null}
    </div>
  );
}

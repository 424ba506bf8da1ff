// "Recent sales" at the register (issue 7): this till's sales and refunds from the ledger, newest first,
// with where each stands with the server; find one by its receipt number; open it to see and print its
// receipt again, or to refund it. All from this device's ledger, so it works offline.
import { useCallback, useState } from 'react';
import type { PricingRules } from '../../../domain/cart';
import { formatMoney } from '../../../domain/money-text';
import type { LedgerSale, TerminalIdentity } from '../../../data/local/ledger-types';
import { Alert } from '../../../ui/alert';
import { Dialog } from '../../../ui/dialog';
import { LiveReceipt } from '../receipt/live-receipt';
import { RefundForm, type RefundPaid } from '../refund/refund-form';
import { SYNC_STATE_WORDS } from '../../../ui/sync-state-words';
import type { SaleHistory } from './sale-history-deps';
import type { RegisterPrinter } from '../register-deps';
import { useLive } from '../../../ui/use-live-query';
import { useWhen } from '../../../ui/when';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';

type View =
  | { kind: 'list' }
  | { kind: 'sale'; saleId: string }
  | { kind: 'refund'; saleId: string }
  | { kind: 'refunded'; refundId: string; paid: RefundPaid };

export interface RecentSalesProps {
  history: SaleHistory;
  terminal: TerminalIdentity;
  rules: PricingRules;
  /** The server takes refunds from managers and owners only (supabase/SPEC.md §3.2); true when absent. */
  canRefund?: boolean;
  /** Reprints and refund receipts go to this till's printer when one is set (issue 19). */
  printer?: RegisterPrinter;
}

export function RecentSalesDialog({
  isOpen,
  onClose,
  ...props
}: RecentSalesProps & { isOpen: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog
      title={t`Recent sales`}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <RecentSales {...props} />
    </Dialog>
  );
}

/**
 * [REFUND-T1] A refund just recorded goes to the printer as a sale just made does (the printer's `afterSale`):
 * paid out in cash it kicks the drawer, and its receipt prints when the till prints sales' receipts by
 * itself; a card refund never kicks. `paid` is the view's own object, so the print runs once.
 */
function refundPrinting(paid: RefundPaid) {
  return {
    afterSale: paid,
    failed: paid.cash
      ? {
          title: i18n._(msg`The drawer did not open or the receipt did not print`),
          after: i18n._(
            msg`The refund is recorded: open the drawer with its key, and use Print for the receipt.`,
          ),
        }
      : { title: i18n._(msg`The receipt did not print`), after: i18n._(msg`The refund is recorded.`) },
  };
}

export function RecentSales({ history, terminal, rules, canRefund = true, printer }: RecentSalesProps) {
  const { t } = useLingui();
  const [view, setView] = useState<View>({ kind: 'list' });
  const [query, setQuery] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const back = () => {
    setView({ kind: 'list' });
  };

  const show = (text: string, found: LedgerSale | null) => {
    if (found) {
      setNotice(null);
      setView({ kind: 'sale', saleId: found.id });
      return;
    }
    setNotice(
      navigator.onLine
        ? t`This till has no sale with receipt number ${text}. Sales made on other tills cannot be refunded here.`
        : t`This till has no sale with receipt number ${text}. Offline, only sales made on this till can be refunded.`,
    );
  };
  const find = (text: string) => {
    if (text.trim() === '') return;
    void history.findByReceiptNo(text).then(
      (found) => {
        show(text.trim(), found);
      },
      () => {
        setNotice(t`This device could not read its sales.`);
      },
    );
  };
  if (view.kind === 'sale' || view.kind === 'refunded') {
    const saleId = view.kind === 'sale' ? view.saleId : view.refundId;
    return (
      <div className="recent-sales">
        {view.kind === 'refunded' ? (
          <Alert tone="success">
            <Trans>Refund recorded.</Trans>
          </Alert>
        ) : null}
        <LiveReceipt
          history={history}
          saleId={saleId}
          terminal={terminal}
          currency={rules.currency}
          taxMode={rules.taxMode}
          {...(printer ? { printer } : {})}
          {...(view.kind === 'refunded' ? refundPrinting(view.paid) : {})}
        >
          {view.kind === 'sale' ? (
            <RefundButton history={history} saleId={saleId} allowed={canRefund} onRefund={setView} />
          ) : null}
          <button type="button" className="button button--ghost" onClick={back}>
            <Trans>Back to recent sales</Trans>
          </button>
        </LiveReceipt>
      </div>
    );
  }
  if (view.kind === 'refund') {
    return (
      <div className="recent-sales">
        <RefundForm
          history={history}
          saleId={view.saleId}
          rules={rules}
          onDone={(refund, paid) => {
            setView({ kind: 'refunded', refundId: refund.refundId, paid });
          }}
          onCancel={() => {
            setView({ kind: 'sale', saleId: view.saleId });
          }}
        />
      </div>
    );
  }
  return (
    <div className="recent-sales">
      <form
        className="recent-sales__find"
        onSubmit={(event) => {
          event.preventDefault();
          find(query);
        }}
      >
        <label className="field__label" htmlFor="receipt-lookup">
          <Trans>Receipt number</Trans>
        </label>
        <input
          id="receipt-lookup"
          className="field__input"
          value={query}
          placeholder="T1-000042"
          autoComplete="off"
          onChange={(event) => {
            setQuery(event.target.value);
          }}
        />
        <button type="submit" className="button button--secondary">
          <Trans>Find</Trans>
        </button>
      </form>
      {notice !== null ? <Alert tone="warning">{notice}</Alert> : null}
      <SaleList
        history={history}
        currency={rules.currency}
        onOpen={(saleId) => {
          setView({ kind: 'sale', saleId });
        }}
      />
    </div>
  );
}

function RefundButton({
  history,
  saleId,
  allowed,
  onRefund,
}: {
  history: SaleHistory;
  saleId: string;
  allowed: boolean;
  onRefund: (view: View) => void;
}) {
  const read = useCallback(() => history.receipt(saleId), [history, saleId]);
  const answer = useLive(read);
  if (answer.kind !== 'ready' || answer.value?.sale.kind !== 'sale') return null;
  if (!allowed) {
    // A cashier's refund would wait on this device until a manager signs in (OPS-4): say so up front.
    return (
      <p className="recent-sales__note">
        <Trans>Refunds need a manager or owner signed in on this till.</Trans>
      </p>
    );
  }
  return (
    <button
      type="button"
      className="button button--primary"
      onClick={() => {
        onRefund({ kind: 'refund', saleId });
      }}
    >
      <Trans>Refund</Trans>
    </button>
  );
}

function SaleList({
  history,
  currency,
  onOpen,
}: {
  history: SaleHistory;
  currency: string;
  onOpen: (saleId: string) => void;
}) {
  const { t } = useLingui();
  const answer = useLive(history.recent);
  if (answer.kind === 'loading') {
    return (
      <p>
        <Trans>Reading this till's sales…</Trans>
      </p>
    );
  }
  if (answer.kind === 'failed') {
    return (
      <Alert>
        <Trans>This device could not read its sales.</Trans>
      </Alert>
    );
  }
  if (answer.value.length === 0) {
    return (
      <p>
        <Trans>No sales on this till yet.</Trans>
      </p>
    );
  }
  return (
    <ul className="recent-sales__list" aria-label={t`Sales on this till`}>
      {answer.value.map((sale) => (
        <li key={sale.id}>
          <button
            type="button"
            className="recent-sales__row"
            onClick={() => {
              onOpen(sale.id);
            }}
          >
            <SaleRow sale={sale} currency={currency} />
          </button>
        </li>
      ))}
    </ul>
  );
}

function SaleRow({ sale, currency }: { sale: LedgerSale; currency: string }) {
  const refund = sale.kind === 'refund';
  const when = useWhen();
  const receiptNo = sale.receipt_no;
  const syncClass = `recent-sales__sync recent-sales__sync--${sale.sync}`;
  return (
    <>
      <span className="recent-sales__no">{refund ? <Trans>{receiptNo} · Refund</Trans> : receiptNo}</span>
      <time dateTime={sale.occurred_at}>{when(sale.occurred_at, 'time')}</time>
      <span>{formatMoney(refund ? -sale.total : sale.total, currency)}</span>
      <span className={syncClass}>{SYNC_STATE_WORDS[sale.sync]}</span>
    </>
  );
}

// [PUR-T1] The register's 'Receive stock' button: offered to managers and owners, and to cashiers when the
// shop lets them receive (its pulled purchasing settings). Its screen loads on demand.
import { lazy, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProductSearchIndex } from '../../../domain/product-search';
import type { MirrorProduct } from '../../../data/local/mirror-db';
import { LazyPart } from '../../../ui/lazy-part';
import { loadReceiveStock, loadSendTransfer } from '../counter-parts';
import { mayReceiveHere, type RegisterStock } from './register-stock';
import type { ScanRoute } from './scan-route';

const ReceiveStockDialog = lazy(async () => ({ default: (await loadReceiveStock()).ReceiveStockDialog }));
const SendTransferDialog = lazy(async () => ({ default: (await loadSendTransfer()).SendTransferDialog }));

export interface StockActionsProps {
  stock: RegisterStock;
  index: ProductSearchIndex<MirrorProduct>;
  currency: string;
  scans: ScanRoute;
}

export function StockActions({ stock, index, currency, scans }: StockActionsProps) {
  const { t } = useLingui();
  const [allowed, setAllowed] = useState(false);
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const role = stock.counterRole();
  useEffect(() => {
    let live = true;
    void mayReceiveHere(stock).then((may) => {
      if (live) setAllowed(may);
    });
    return () => {
      live = false;
    };
  }, [stock, role]);
  if (!allowed) return null;
  return (
    <>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => {
          setOpen(true);
        }}
      >
        <Trans>Receive stock</Trans>
      </button>
      {open ? (
        <LazyPart what={t`Receive stock`}>
          <ReceiveStockDialog
            stock={stock}
            index={index}
            currency={currency}
            scans={scans}
            onClose={() => {
              setOpen(false);
            }}
          />
        </LazyPart>
      ) : null}
      {/* [PUR-T10] Sending a drafted transfer, offered to whoever may receive. */}
      <button
        type="button"
        className="button button--ghost"
        onClick={() => {
          setSending(true);
        }}
      >
        <Trans>Send transfer</Trans>
      </button>
      {sending ? (
        <LazyPart what={t`Send transfer`}>
          <SendTransferDialog
            stock={stock}
            index={index}
            scans={scans}
            onClose={() => {
              setSending(false);
            }}
          />
        </LazyPart>
      ) : null}
    </>
  );
}

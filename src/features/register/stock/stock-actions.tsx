// [PUR-T1] The register's 'Receive stock' and 'Send transfer' buttons: offered to managers and owners, and to
// cashiers when the shop lets them receive (its pulled purchasing settings). Their screens load on demand.
import { lazy } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ProductSearchIndex } from '../../../domain/product-search';
import type { MirrorProduct } from '../../../data/local/mirror-db';
import { loadReceiveStock, loadSendTransfer } from '../counter-parts';
import { mayReceiveHere, type RegisterStock } from './register-stock';
import type { ScanRoute } from './scan-route';
import { StockDialogButton, useMayHere } from './stock-dialog-button';

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
  const allowed = useMayHere(stock, mayReceiveHere);
  if (!allowed) return null;
  return (
    <>
      <StockDialogButton label={t`Receive stock`}>
        {(close) => (
          <ReceiveStockDialog stock={stock} index={index} currency={currency} scans={scans} onClose={close} />
        )}
      </StockDialogButton>
      {/* [PUR-T10] Sending a drafted transfer, offered to whoever may receive. */}
      <StockDialogButton label={t`Send transfer`}>
        {(close) => <SendTransferDialog stock={stock} index={index} scans={scans} onClose={close} />}
      </StockDialogButton>
    </>
  );
}

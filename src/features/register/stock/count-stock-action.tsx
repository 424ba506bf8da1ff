// [PUR-T1] The register's 'Count stock' button: offered to managers and owners, and to cashiers when the shop
// lets them count (its pulled purchasing settings). Its screen loads on demand.
import { lazy } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ProductSearchIndex } from '../../../domain/product-search';
import type { MirrorProduct } from '../../../data/local/mirror-db';
import { loadCountStock } from '../counter-parts';
import { mayCountHere, type RegisterStock } from './register-stock';
import type { ScanRoute } from './scan-route';
import { StockDialogButton, useMayHere } from './stock-dialog-button';

const CountStockDialog = lazy(async () => ({ default: (await loadCountStock()).CountStockDialog }));

export interface CountStockActionProps {
  stock: RegisterStock;
  index: ProductSearchIndex<MirrorProduct>;
  scans: ScanRoute;
}

export function CountStockAction({ stock, index, scans }: CountStockActionProps) {
  const { t } = useLingui();
  const allowed = useMayHere(stock, mayCountHere);
  if (!allowed) return null;
  return (
    <StockDialogButton label={t`Count stock`}>
      {(close) => <CountStockDialog stock={stock} index={index} scans={scans} onClose={close} />}
    </StockDialogButton>
  );
}

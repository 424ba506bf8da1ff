// [PUR-T1] The register's 'Count stock' button: offered to managers and owners, and to cashiers when the shop
// lets them count (its pulled purchasing settings). Its screen loads on demand.
import { lazy, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProductSearchIndex } from '../../../domain/product-search';
import type { MirrorProduct } from '../../../data/local/mirror-db';
import { LazyPart } from '../../../ui/lazy-part';
import { loadCountStock } from '../counter-parts';
import { mayCountHere, type RegisterStock } from './register-stock';
import type { ScanRoute } from './scan-route';

const CountStockDialog = lazy(async () => ({ default: (await loadCountStock()).CountStockDialog }));

export interface CountStockActionProps {
  stock: RegisterStock;
  index: ProductSearchIndex<MirrorProduct>;
  scans: ScanRoute;
}

export function CountStockAction({ stock, index, scans }: CountStockActionProps) {
  const { t } = useLingui();
  const [allowed, setAllowed] = useState(false);
  const [open, setOpen] = useState(false);
  const role = stock.counterRole();
  useEffect(() => {
    let live = true;
    void mayCountHere(stock).then((may) => {
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
        <Trans>Count stock</Trans>
      </button>
      {open ? (
        <LazyPart what={t`Count stock`}>
          <CountStockDialog
            stock={stock}
            index={index}
            scans={scans}
            onClose={() => {
              setOpen(false);
            }}
          />
        </LazyPart>
      ) : null}
    </>
  );
}

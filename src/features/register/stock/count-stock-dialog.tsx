// 'Count stock' at the register (issue 38, [PUR-T12]…[PUR-T14]), loaded on demand: this store's open
// stocktakes, then one stocktake counted. Everything comes from this device, so it works offline; scans reach
// it through the register's scanner while it is open.
import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProductSearchIndex } from '../../../domain/product-search';
import type { MirrorProduct, MirrorStocktake } from '../../../data/local/mirror-db';
import { Dialog } from '../../../ui/dialog';
import { CountForm } from './count-form';
import type { RegisterStock } from './register-stock';
import type { ScanRoute } from './scan-route';
import './receive-stock.css';

export interface CountStockProps {
  stock: RegisterStock;
  index: ProductSearchIndex<MirrorProduct>;
  scans: ScanRoute;
  onClose: () => void;
}

export function CountStockDialog({ stock, index, scans, onClose }: CountStockProps) {
  const { t } = useLingui();
  const [stocktakes, setStocktakes] = useState<MirrorStocktake[] | null>(null);
  const [chosen, setChosen] = useState<MirrorStocktake | null>(null);
  useEffect(() => {
    if (chosen !== null) return;
    let live = true;
    void stock.openStocktakes().then((found) => {
      if (live) setStocktakes(found);
    });
    return () => {
      live = false;
    };
  }, [stock, chosen]);
  const title = chosen ? [t`Count stock`, chosen.number ?? t`Draft`].join(' · ') : t`Count stock`;
  return (
    <Dialog
      title={title}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <div className="receive-stock">
        {chosen ? (
          <CountForm
            stock={stock}
            stocktake={chosen}
            index={index}
            scans={scans}
            onBack={() => {
              setChosen(null);
            }}
          />
        ) : (
          <>
            <h3 className="receive-stock__heading">
              <Trans>Open stocktakes</Trans>
            </h3>
            {stocktakes === null ? null : stocktakes.length === 0 ? (
              <p className="receive-stock__empty">
                <Trans>No stocktake is open at this store.</Trans>
              </p>
            ) : (
              <ul className="receive-stock__orders">
                {stocktakes.map((stocktake) => (
                  <li key={stocktake.id}>
                    <button
                      type="button"
                      className="receive-stock__order"
                      onClick={() => {
                        setChosen(stocktake);
                      }}
                    >
                      <span className="receive-stock__number">{stocktake.number ?? t`Draft`}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}

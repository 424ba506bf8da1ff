// 'Receive stock' at the register (issue 38, [PUR-T1]…[PUR-T9]), loaded on demand: this store's orders to
// receive, then one order's lines with 'Arrived now' and 'Unit cost'. Everything comes from this device, so
// it works offline; scans reach it through the register's scanner while it is open.
import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { documentStatusWords } from '../../../domain/purchasing/document-status';
import type { ProductSearchIndex } from '../../../domain/product-search';
import type { MirrorProduct } from '../../../data/local/mirror-db';
import type { OrderSummary, TransferSummary } from '../../../data/local/purchasing-reads';
import { Alert } from '../../../ui/alert';
import { Dialog } from '../../../ui/dialog';
import { ReceiveOrderForm } from './receive-order-form';
import type { RegisterStock } from './register-stock';
import type { ScanRoute } from './scan-route';
import { TransferForm } from './transfer-form';
import { TransferList } from './transfer-list';
import './receive-stock.css';

export interface ReceiveStockProps {
  stock: RegisterStock;
  index: ProductSearchIndex<MirrorProduct>;
  currency: string;
  scans: ScanRoute;
  onClose: () => void;
}

export function ReceiveStockDialog({ stock, index, currency, scans, onClose }: ReceiveStockProps) {
  const { t } = useLingui();
  const [orders, setOrders] = useState<OrderSummary[] | null>(null);
  const [transfers, setTransfers] = useState<TransferSummary[] | null>(null);
  const [chosen, setChosen] = useState<OrderSummary | null>(null);
  const [chosenTransfer, setChosenTransfer] = useState<TransferSummary | null>(null);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    if (chosen !== null || chosenTransfer !== null) return;
    let live = true;
    void Promise.all([stock.ordersToReceive(), stock.transfersToReceive()]).then(([found, coming]) => {
      if (!live) return;
      setOrders(found);
      setTransfers(coming);
    });
    return () => {
      live = false;
    };
  }, [stock, chosen, chosenTransfer]);
  const open = chosen ?? chosenTransfer;
  const title = open ? [t`Receive stock`, open.number ?? t`Draft`].join(' · ') : t`Receive stock`;
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
          <ReceiveOrderForm
            stock={stock}
            orderId={chosen.id}
            index={index}
            currency={currency}
            scans={scans}
            onBack={() => {
              setChosen(null);
            }}
            onPosted={(words) => {
              setDone(words);
              setChosen(null);
            }}
          />
        ) : chosenTransfer ? (
          <TransferForm
            stock={stock}
            transferId={chosenTransfer.id}
            mode="receive"
            index={index}
            scans={scans}
            onBack={() => {
              setChosenTransfer(null);
            }}
            onPosted={(words) => {
              setDone(words);
              setChosenTransfer(null);
            }}
          />
        ) : (
          <>
            {done ? <Alert tone="success">{done}</Alert> : null}
            <h3 className="receive-stock__heading">
              <Trans>Orders to receive</Trans>
            </h3>
            {orders === null ? null : orders.length === 0 ? (
              <p className="receive-stock__empty">
                <Trans>No order is waiting to be received at this store.</Trans>
              </p>
            ) : (
              <ul className="receive-stock__orders">
                {orders.map((order) => (
                  <li key={order.id}>
                    <button
                      type="button"
                      className="receive-stock__order"
                      onClick={() => {
                        setDone(null);
                        setChosen(order);
                      }}
                    >
                      <span className="receive-stock__number">{order.number ?? t`Draft`}</span>
                      <span>{order.supplierName ?? t`Unknown supplier`}</span>
                      <span className="receive-stock__status">
                        {documentStatusWords('purchase_order', order.status)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {/* [PUR-T11] Transfers on their way here, beside the orders. */}
            {transfers !== null && transfers.length > 0 ? (
              <>
                <h3 className="receive-stock__heading">
                  <Trans>Transfers to receive</Trans>
                </h3>
                <TransferList
                  transfers={transfers}
                  onChoose={(transfer) => {
                    setDone(null);
                    setChosenTransfer(transfer);
                  }}
                />
              </>
            ) : null}
          </>
        )}
      </div>
    </Dialog>
  );
}

// 'Send transfer' at the register (issue 38, [PUR-T10]), loaded on demand: this store's drafted transfers,
// then one draft's lines with the quantity actually sent. Sending is queued as `transfer.send`, so it works
// offline, and this store's on-hand falls at once.
import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProductSearchIndex } from '../../../domain/product-search';
import type { MirrorProduct } from '../../../data/local/mirror-db';
import type { TransferSummary } from '../../../data/local/purchasing-reads';
import { Alert } from '../../../ui/alert';
import { Dialog } from '../../../ui/dialog';
import type { RegisterStock } from './register-stock';
import type { ScanRoute } from './scan-route';
import { TransferForm } from './transfer-form';
import { TransferList } from './transfer-list';
import './receive-stock.css';

export interface SendTransferProps {
  stock: RegisterStock;
  index: ProductSearchIndex<MirrorProduct>;
  scans: ScanRoute;
  onClose: () => void;
}

export function SendTransferDialog({ stock, index, scans, onClose }: SendTransferProps) {
  const { t } = useLingui();
  const [drafts, setDrafts] = useState<TransferSummary[] | null>(null);
  const [chosen, setChosen] = useState<TransferSummary | null>(null);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    if (chosen !== null) return;
    let live = true;
    void stock.transfersToSend().then((found) => {
      if (live) setDrafts(found);
    });
    return () => {
      live = false;
    };
  }, [stock, chosen]);
  const title = chosen ? [t`Send transfer`, chosen.number ?? t`Draft`].join(' · ') : t`Send transfer`;
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
          <TransferForm
            stock={stock}
            transferId={chosen.id}
            mode="send"
            index={index}
            scans={scans}
            onBack={() => {
              setChosen(null);
            }}
            onPosted={(words) => {
              setDone(words);
              setChosen(null);
            }}
          />
        ) : (
          <>
            {done ? <Alert tone="success">{done}</Alert> : null}
            <h3 className="receive-stock__heading">
              <Trans>Transfers to send</Trans>
            </h3>
            {drafts === null ? null : drafts.length === 0 ? (
              <p className="receive-stock__empty">
                <Trans>No transfer from this store is waiting to be sent.</Trans>
              </p>
            ) : (
              <TransferList
                transfers={drafts}
                onChoose={(transfer) => {
                  setDone(null);
                  setChosen(transfer);
                }}
              />
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}

// A list of transfers to choose one from: 'Transfers to receive' in 'Receive stock', the drafts in 'Send
// transfer'. Each reads its number, the other store and its status.
import { useLingui } from '@lingui/react/macro';
import { documentStatusWords } from '../../../domain/purchasing/document-status';
import type { TransferSummary } from '../../../data/local/purchasing-reads';

export interface TransferListProps {
  transfers: readonly TransferSummary[];
  onChoose: (transfer: TransferSummary) => void;
}

export function TransferList({ transfers, onChoose }: TransferListProps) {
  const { t } = useLingui();
  return (
    <ul className="receive-stock__orders">
      {transfers.map((transfer) => (
        <li key={transfer.id}>
          <button
            type="button"
            className="receive-stock__order"
            onClick={() => {
              onChoose(transfer);
            }}
          >
            <span className="receive-stock__number">{transfer.number ?? t`Draft`}</span>
            <span>{transfer.otherStoreName ?? t`Unknown store`}</span>
            <span className="receive-stock__status">{documentStatusWords('transfer', transfer.status)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

// The local stock delta of a purchasing op's line (issue 38): written with its op, counted towards on-hand
// until a pull settles it ([ONHAND-1], [ONHAND-2]), its id the server movement's ([PUR-17], [PUR-26], [PUR-27]).
import type { LedgerStockMovement, TerminalIdentity } from '../local/ledger-types';

export function documentDelta(
  terminal: Pick<TerminalIdentity, 'company_id' | 'store_id'>,
  move: {
    id: string;
    productId: string;
    delta: number;
    reason: 'receive' | 'transfer';
    occurredAt: string;
    opId: string;
  },
): LedgerStockMovement {
  return {
    id: move.id,
    company_id: terminal.company_id,
    store_id: terminal.store_id,
    product_id: move.productId,
    delta: move.delta,
    reason: move.reason,
    occurred_at: move.occurredAt,
    op_id: move.opId,
    sync: 'pending',
    error: null,
    txid: null,
    settled: 0,
  };
}

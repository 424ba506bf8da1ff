// From the stock screen's forms to the `stock.move` command (supabase/SPEC.md §3.4): one op per product,
// made at this device's till when it is one, queued offline through the outbox like every command.
import { moveStock } from '../../data/ops/stock-move';
import type { LedgerStockMovement } from '../../data/local/ledger-types';
import type { Minor } from '../../domain/money';
import { toNumericString, type Milli } from '../../domain/quantity';
import type { Result } from '../../domain/result';
import type { StockDeps } from './stock-deps';

export type MoveBody =
  | { reason: 'receive'; quantity: Milli; unitCost?: Minor | null }
  | { reason: 'waste'; quantity: Milli }
  | { reason: 'adjust'; delta: Milli }
  | { reason: 'count'; counted: Milli; expected: Milli };

/** Quantities travel as numeric(12,3) text, so 1.25 kg stays exact ([QTY-2]). */
function argsOf(body: MoveBody): Record<string, unknown> {
  switch (body.reason) {
    case 'receive':
      return {
        reason: 'receive',
        quantity: toNumericString(body.quantity),
        ...(body.unitCost == null ? {} : { unit_cost: body.unitCost }),
      };
    case 'waste':
      return { reason: body.reason, quantity: toNumericString(body.quantity) };
    case 'adjust':
      return { reason: 'adjust', delta: toNumericString(body.delta) };
    case 'count':
      return {
        reason: 'count',
        counted: toNumericString(body.counted),
        expected: toNumericString(body.expected),
      };
  }
}

export function recordMove(
  deps: StockDeps,
  move: { storeId: string; productId: string; body: MoveBody; note: string | null },
): Promise<Result<LedgerStockMovement>> {
  const { commandDeps } = deps;
  return moveStock(commandDeps, {
    companyId: deps.companyId,
    args: {
      id: commandDeps.ids(),
      store_id: move.storeId,
      product_id: move.productId,
      occurred_at: commandDeps.clock().toISOString(),
      terminal_id: deps.terminal?.id ?? null,
      ...(move.note ? { note: move.note } : {}),
      ...argsOf(move.body),
    },
  });
}

// [COST-2] [COST-3] Offline, a receive with a unit cost moves this device's copy of the product's cost at
// once, by the rule the server applies when the op arrives (src/domain/cost.ts), so the products screen
// shows it before the next sync. The server's figure is the truth: the next pull of the product replaces
// this one with it.
import { onHand } from '../../data/local/stock-on-hand';
import { costAfterReceive, type CostMethod } from '../../domain/cost';
import type { Minor } from '../../domain/money';
import type { Milli } from '../../domain/quantity';
import type { StockDeps } from './stock-deps';

/** The product's on-hand across the shop's stores, as this device knows it ([ONHAND-1]). */
async function companyOnHand(
  deps: StockDeps,
  storeIds: readonly string[],
  productId: string,
): Promise<Milli> {
  const levels = await Promise.all(
    storeIds.map((storeId) => onHand(deps.commandDeps.ledger, deps.mirror, storeId, productId)),
  );
  return levels.reduce((total, level) => total + level, 0);
}

export interface ReceivedCost {
  productId: string;
  quantity: Milli;
  unitCost: Minor;
}

/**
 * The product's cost after the receive, worked out BEFORE the receive is recorded (the on-hand it averages
 * with is what the shop held before). Returns a function that writes it to the mirror once it is recorded.
 */
export async function costAfterThisReceive(
  deps: StockDeps,
  context: { storeIds: readonly string[]; method: CostMethod },
  receive: ReceivedCost,
): Promise<() => Promise<void>> {
  const product = await deps.mirror.products.get(receive.productId);
  const cost = costAfterReceive({
    method: context.method,
    onHand: await companyOnHand(deps, context.storeIds, receive.productId),
    oldCost: product?.cost ?? null,
    quantity: receive.quantity,
    unitCost: receive.unitCost,
  });
  return async () => {
    await deps.mirror.products.update(receive.productId, { cost });
  };
}

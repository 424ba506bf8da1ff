// What a form says once its movements are recorded: the products' new on-hand levels (the mirror plus this
// device's unsettled deltas, [ONHAND-1]) and where the movements are — being sent, or waiting on this device.
import { t } from '@lingui/core/macro';
import type { MirrorProduct } from '../../data/local/mirror-db';
import { onHand } from '../../data/local/stock-on-hand';
import type { StockDeps } from './stock-deps';
import { formatQuantity } from './stock-quantity';

/** The truth about syncing at the moment of saving: online it is on its way, offline it waits. */
export function syncWords(online: boolean): string {
  return online
    ? t`Saved; it is being sent to the server.`
    : t`Saved on this device; it syncs when this device is online.`;
}

/** "Now on hand: Croissant 34, Flour 1 kg 5." — each product once, in the order recorded. */
export async function newLevelWords(
  deps: StockDeps,
  storeId: string,
  products: readonly MirrorProduct[],
): Promise<string> {
  const unique = [...new Map(products.map((product) => [product.id, product])).values()];
  const levels = await Promise.all(
    unique.map(async (product) => {
      const level = await onHand(deps.commandDeps.ledger, deps.mirror, storeId, product.id);
      return `${product.name} ${formatQuantity(level)}`;
    }),
  );
  const list = levels.join(', ');
  return t`Now on hand: ${list}.`;
}

/** The success message after recording: what happened, the new levels, then the sync state. */
export async function recordedWords(
  deps: StockDeps,
  storeId: string,
  recorded: { what: string; products: readonly MirrorProduct[]; online: boolean },
): Promise<string> {
  const levels = await newLevelWords(deps, storeId, recorded.products);
  return `${recorded.what} ${levels} ${syncWords(recorded.online)}`;
}

// From the app's local data layer to the register's dependencies: the route (once main.tsx hands it the sync
// services' ledger, the user's mirror and the device's cart store) calls loadRegisterData, then this.
import type { CartStore } from '../../data/local/cart-store';
import type { CommandDeps } from '../../data/local/command-deps';
import type { MirrorDb } from '../../data/local/mirror-db';
import { onHandByProduct } from '../../data/local/stock-on-hand';
import { makeCompleteSale } from './complete-sale';
import type { RegisterData } from './register-data';
import type { RegisterDeps } from './register-deps';

export interface RegisterSources {
  /** The ledger, ids, clock and the sync engine's after-write hook (SyncServices.commandDeps). */
  commandDeps: CommandDeps;
  mirror: MirrorDb;
  cartStore: CartStore;
  cashierId: string | null;
  shiftId?: string | null;
}

export function registerDepsFor(
  sources: RegisterSources,
  ready: Extract<RegisterData, { kind: 'ready' }>,
): RegisterDeps {
  const { catalog, rules, terminal } = ready;
  return {
    catalog,
    rules,
    terminal,
    cartStore: sources.cartStore,
    ids: sources.commandDeps.ids,
    completeSale: makeCompleteSale(sources.commandDeps, {
      companyId: terminal.company_id,
      rules,
      cashierId: sources.cashierId,
      shiftId: sources.shiftId ?? null,
      tracksStock: (productId) => catalog.index.get(productId)?.track_stock ?? false,
    }),
    stockLevels: () => onHandByProduct(sources.commandDeps.ledger, sources.mirror, terminal.store_id),
  };
}

// This device's local side as the app shell sees it: the ledger and the cart store (opened once, here, for
// main.tsx to hand down), the service worker's update status, the browser's install offer and the schema
// upgrade watch. It also keeps the two facts the update gate needs — is a sale open, how many ops are queued —
// live from the databases themselves, so every tab sees what any tab wrote.
import { liveQuery } from 'dexie';
import { CartStore, cartDatabaseName } from '../data/local/cart-store';
import { ledgerName } from '../data/local/db-names';
import { LedgerDb } from '../data/local/ledger-db';
import { createInstallOffer, type InstallOffer } from './install-offer';
import { watchSchemaUpgrades, type SchemaUpgradeWatch } from './schema-upgrades';
import { registerServiceWorker, type ServiceWorkerUpdates } from './service-worker';

export interface SaleState {
  saleOpen: boolean;
  unsyncedOps: number;
}

export interface Device {
  ledger: LedgerDb;
  carts: CartStore;
  updates: ServiceWorkerUpdates | null;
  install: InstallOffer;
  schema: SchemaUpgradeWatch;
  getSaleState: () => SaleState;
  subscribeSaleState: (listener: () => void) => () => void;
}

/**
 * `ledger` lets main.tsx share the ledger the sync services opened, so a tab holds one connection to it.
 * Mirrors are opened per user by the sync services; pass each to `device.schema.watch` as it is opened.
 */
export function startDevice(supabaseUrl: string, options: { ledger?: LedgerDb } = {}): Device {
  const ledger = options.ledger ?? new LedgerDb(ledgerName(supabaseUrl));
  const cartsName = cartDatabaseName(supabaseUrl);
  const carts = new CartStore(cartsName);
  let sale: SaleState = { saleOpen: false, unsyncedOps: 0 };
  const listeners = new Set<() => void>();
  const update = (patch: Partial<SaleState>) => {
    sale = { ...sale, ...patch };
    for (const listener of listeners) listener();
  };

  const schema = watchSchemaUpgrades({
    saleOpen: () => sale.saleOpen,
    reload: () => {
      window.location.reload();
    },
  });
  schema.watch(ledger);
  carts.watchOpenCart().subscribe({
    next: (cart) => {
      update({ saleOpen: cart !== undefined });
    },
    error: (error: unknown) => {
      console.warn('Cannot read the open cart', error);
    },
  });
  // The cart store has opened its database by the time it answers, so watching it by name never creates it.
  void carts.hasOpenCart().then(
    () => {
      schema.watchByName(cartsName);
    },
    () => undefined,
  );
  liveQuery(() => ledger.outbox.count()).subscribe({
    next: (count) => {
      update({ unsyncedOps: count });
    },
    error: (error: unknown) => {
      console.warn('Cannot count the outbox', error);
    },
  });

  return {
    ledger,
    carts,
    // DESIGN §9: no service worker in `vite dev`.
    updates: import.meta.env.PROD ? registerServiceWorker() : null,
    install: createInstallOffer(window),
    schema,
    getSaleState: () => sale,
    subscribeSaleState(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

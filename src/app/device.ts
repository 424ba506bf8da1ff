// This device's side as the app shell sees it: the service worker's update status, the browser's install
// offer and the schema upgrade watch. It also keeps the two facts the update gate needs — is a sale open, how
// many ops are queued — which device-databases.ts reads live from the databases themselves (so every tab sees
// what any tab wrote) once they are opened: after a sign-in, or when an update waits (app-services.ts).
// Nothing here opens IndexedDB, so a guest's first screen loads no Dexie.
import { createInstallOffer, type InstallOffer } from './install-offer';
import { watchSchemaUpgrades, type SchemaUpgradeWatch } from './schema-upgrades';
import { registerServiceWorker, type ServiceWorkerUpdates } from './service-worker';

export interface SaleState {
  saleOpen: boolean;
  unsyncedOps: number;
}

export interface Device {
  updates: ServiceWorkerUpdates | null;
  install: InstallOffer;
  schema: SchemaUpgradeWatch;
  getSaleState: () => SaleState;
  subscribeSaleState: (listener: () => void) => () => void;
  /** What the databases say (device-databases.ts is the one writer). */
  reportSaleState: (patch: Partial<SaleState>) => void;
}

export function startDevice(): Device {
  let sale: SaleState = { saleOpen: false, unsyncedOps: 0 };
  const listeners = new Set<() => void>();

  const schema = watchSchemaUpgrades({
    saleOpen: () => sale.saleOpen,
    reload: () => {
      window.location.reload();
    },
  });

  return {
    // DESIGN §9: no service worker in `vite dev`.
    updates: import.meta.env.PROD ? registerServiceWorker() : null,
    install: createInstallOffer(window),
    schema,
    getSaleState: () => sale,
    subscribeSaleState(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportSaleState(patch) {
      sale = { ...sale, ...patch };
      for (const listener of listeners) listener();
    },
  };
}

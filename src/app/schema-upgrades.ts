// Older tabs step aside when a newer tab upgrades one of Tillpoint's databases (ledger, mirror, cart store).
// IndexedDB cannot upgrade a database while another tab holds it open, so this tab closes its connection at
// once; it then reloads to get the new code — unless a sale is in progress, in which case it says so and lets
// the cashier reload (the cart is saved on every change, so nothing is lost either way).
import type { Dexie } from 'dexie';

export interface SchemaUpgradeWatch {
  /** Closes `db` and reacts when another tab opens it at a newer version. */
  watch: (db: Dexie) => void;
  /** The same for a database this tab only knows by name (the cart store keeps its Dexie private). */
  watchByName: (name: string) => void;
  /** True once a database was closed for an upgrade and this tab must reload. */
  isStale: () => boolean;
  subscribe: (listener: () => void) => () => void;
}

export function watchSchemaUpgrades(options: {
  saleOpen: () => boolean;
  reload: () => void;
  indexedDB?: IDBFactory;
}): SchemaUpgradeWatch {
  let stale = false;
  const listeners = new Set<() => void>();
  const upgraded = () => {
    if (stale) return;
    stale = true;
    if (!options.saleOpen()) {
      options.reload();
      return;
    }
    for (const listener of listeners) listener();
  };

  return {
    watch(db) {
      db.on('versionchange', (event) => {
        // newVersion null means the database is being deleted (a sign-out wipe elsewhere): close, no reload.
        db.close();
        if (event.newVersion !== null) upgraded();
        return false; // Dexie's default would also just close; this tab decides what happens next.
      });
    },
    watchByName(name) {
      const factory = options.indexedDB ?? globalThis.indexedDB;
      // Opening without a version joins the database at its current version and never upgrades it. The
      // caller opens its own Dexie first, so the database exists and is never created here.
      const request = factory.open(name);
      request.onsuccess = () => {
        const connection = request.result;
        connection.onversionchange = (event) => {
          connection.close();
          if (event.newVersion !== null) upgraded();
        };
      };
    },
    isStale: () => stale,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// The device's databases as the update gate and the schema watch see them: the open cart (is a sale open?)
// and the ledger's outbox (how many ops wait), read live into the Device, and both databases watched for a
// newer tab's upgrade. Loaded with the app services (app-services.ts), never on a guest's first screen.
import { liveQuery } from 'dexie';
import type { CartStore } from '../data/local/cart-store';
import type { LedgerDb } from '../data/local/ledger-db';
import type { Device } from './device';

/** Resolves once both databases have answered (or failed) once, so the update gate never decides on guesses. */
export function watchDeviceDatabases(
  device: Pick<Device, 'schema' | 'reportSaleState'>,
  { ledger, carts, cartsName }: { ledger: LedgerDb; carts: CartStore; cartsName: string },
): Promise<void> {
  device.schema.watch(ledger);
  const cartAnswered = new Promise<void>((answered) => {
    carts.watchOpenCart().subscribe({
      next: (cart) => {
        device.reportSaleState({ saleOpen: cart !== undefined });
        answered();
      },
      error: (error: unknown) => {
        console.warn('Cannot read the open cart', error);
        answered();
      },
    });
  });
  // The cart store has opened its database by the time it answers, so watching it by name never creates it.
  void carts.hasOpenCart().then(
    () => {
      device.schema.watchByName(cartsName);
    },
    () => undefined,
  );
  const outboxAnswered = new Promise<void>((answered) => {
    liveQuery(() => ledger.outbox.count()).subscribe({
      next: (count) => {
        device.reportSaleState({ unsyncedOps: count });
        answered();
      },
      error: (error: unknown) => {
        console.warn('Cannot count the outbox', error);
        answered();
      },
    });
  });
  return Promise.all([cartAnswered, outboxAnswered]).then(() => undefined);
}

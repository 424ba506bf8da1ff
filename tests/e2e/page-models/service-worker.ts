// The service worker and the update prompt as a test sees them: whether the worker controls the page, which
// build is running, the "Update available" panel, and the open cart the prompt waits for.
import { expect, type Page } from '@playwright/test';

export class ServiceWorkerModel {
  constructor(private readonly page: Page) {}

  /**
   * The first visit installs the worker, which takes the open page once active ([SW-1]); should the page
   * still be uncontrolled (the claim not seen yet), a reload lets the worker serve it.
   */
  async waitUntilControlled(): Promise<void> {
    await this.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await this.isControlled())) await this.page.reload();
    await expect.poll(() => this.isControlled()).toBe(true);
  }

  isControlled(): Promise<boolean> {
    return this.page.evaluate(() => navigator.serviceWorker.controller !== null);
  }

  /** The build the page runs; undefined while the page is between documents (a reload in flight). */
  build(): Promise<string | undefined> {
    return this.page.evaluate(() => document.documentElement.dataset.build).catch(() => undefined);
  }

  updatePanel() {
    return this.page.getByRole('region', { name: 'Update available' });
  }

  async updateNow(): Promise<void> {
    await this.updatePanel().getByRole('button', { name: 'Update now' }).click();
  }

  /**
   * Puts an open cart in the cart store the way the register would leave it. The register screen cannot add
   * items yet, so this writes the row through IndexedDB; Dexie's live queries do not see writes made outside
   * Dexie, so the caller reloads afterwards.
   */
  async putOpenCart(): Promise<void> {
    await this.writeOpenCart({
      id: 'open',
      cart: {
        lines: [
          {
            lineId: 'e2e-line',
            productId: 'e2e-product',
            name: 'Coffee',
            sku: null,
            unitPrice: 350,
            taxRateBp: 0,
            quantity: 1000,
          },
        ],
      },
      updated_at: new Date().toISOString(),
    });
  }

  async clearOpenCart(): Promise<void> {
    await this.writeOpenCart(null);
  }

  /** Writes the open cart row, or deletes it when `row` is null. */
  private async writeOpenCart(row: object | null): Promise<void> {
    await this.page.evaluate(async (value) => {
      const databases = await indexedDB.databases();
      const name = databases.find((db) => db.name?.startsWith('tillpoint-carts '))?.name;
      if (!name) throw new Error('the cart store has not been created');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => {
          resolve(request.result);
        };
        request.onerror = () => {
          reject(request.error ?? new Error('cannot open the cart store'));
        };
      });
      const tx = db.transaction('carts', 'readwrite');
      if (value) tx.objectStore('carts').put(value);
      else tx.objectStore('carts').delete('open');
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => {
          resolve();
        };
        tx.onerror = () => {
          reject(tx.error ?? new Error('cart write failed'));
        };
      });
      db.close();
    }, row);
  }
}

/**
 * Plays a newer tab that upgrades one of Tillpoint's databases: from a page on the same origin that runs no
 * app code, it opens the database one version up. The upgrade completes only once every older tab closed it.
 */
export async function upgradeDatabaseFrom(page: Page, prefix: string): Promise<void> {
  await page.evaluate(async (namePrefix) => {
    const databases = await indexedDB.databases();
    const found = databases.find((db) => db.name?.startsWith(namePrefix));
    if (!found?.name || found.version === undefined) throw new Error(`no database named ${namePrefix}…`);
    const request = indexedDB.open(found.name, found.version + 1);
    await new Promise<void>((resolve, reject) => {
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => {
        reject(request.error ?? new Error('upgrade failed'));
      };
    });
  }, prefix);
}

// Reads this device's mirror (the Dexie database `tillpoint-mirror <company> <user>`) from the page, as the app
// keeps it: how many rows a store holds, or one row by key. -1 / undefined before the first pull made it.
import type { Page } from '@playwright/test';

type MirrorRead = { user: string; store: string } & ({ count: true } | { key: string });

function readMirror(page: Page, read: MirrorRead): Promise<unknown> {
  return page.evaluate(async (what) => {
    const databases = await indexedDB.databases();
    const name = databases.find(
      (db) => db.name?.startsWith('tillpoint-mirror ') && db.name.endsWith(` ${what.user}`),
    )?.name;
    if (!name) return undefined;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open(name);
      opening.onsuccess = () => {
        resolve(opening.result);
      };
      opening.onerror = () => {
        reject(opening.error ?? new Error('cannot open the mirror'));
      };
    });
    try {
      if (!db.objectStoreNames.contains(what.store)) return undefined;
      const store = db.transaction(what.store).objectStore(what.store);
      const asked: IDBRequest = 'count' in what ? store.count() : store.get(what.key);
      return await new Promise<unknown>((resolve, reject) => {
        asked.onsuccess = () => {
          resolve(asked.result);
        };
        asked.onerror = () => {
          reject(asked.error ?? new Error('the mirror could not be read'));
        };
      });
    } finally {
      db.close();
    }
  }, read);
}

/** How many rows the user's mirror holds in `store` (-1 before the mirror or the store exists). */
export async function mirrorCount(page: Page, user: string, store: string): Promise<number> {
  const count = await readMirror(page, { user, store, count: true }).catch(() => undefined);
  return typeof count === 'number' ? count : -1;
}

/** One row of the user's mirror by key, or undefined. */
export function mirrorRow(page: Page, user: string, store: string, key: string): Promise<unknown> {
  return readMirror(page, { user, store, key });
}

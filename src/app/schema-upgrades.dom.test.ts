// Older tabs step aside when a newer tab upgrades a database: they close at once, then reload — or, with a
// sale open, say so and wait for the cashier. fake-indexeddb delivers versionchange like a browser does.
import { Dexie } from 'dexie';
import { describe, expect, test, vi } from 'vitest';
import { watchSchemaUpgrades } from './schema-upgrades';

let counter = 0;
function freshName() {
  counter += 1;
  return `schema-upgrade-test-${String(counter)}`;
}

async function openAt(name: string, version: number) {
  const db = new Dexie(name);
  db.version(version).stores({ things: 'id' });
  await db.open();
  return db;
}

describe('watchSchemaUpgrades', () => {
  test('closes and reloads an older tab when no sale is open', async () => {
    const name = freshName();
    const reload = vi.fn();
    const older = await openAt(name, 1);
    watchSchemaUpgrades({ saleOpen: () => false, reload }).watch(older);

    const newer = await openAt(name, 2);
    expect(older.isOpen()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    newer.close();
  });

  test('with a sale open, closes but does not reload, and tells the page', async () => {
    const name = freshName();
    const reload = vi.fn();
    const older = await openAt(name, 1);
    const watch = watchSchemaUpgrades({ saleOpen: () => true, reload });
    const listener = vi.fn();
    watch.subscribe(listener);
    watch.watch(older);

    const newer = await openAt(name, 2);
    expect(older.isOpen()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(watch.isStale()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    newer.close();
  });

  test('a database watched by name never blocks the upgrade', async () => {
    const name = freshName();
    const reload = vi.fn();
    const older = await openAt(name, 1);
    watchSchemaUpgrades({ saleOpen: () => false, reload }).watchByName(name);
    await vi.waitFor(() => {
      expect(older.isOpen()).toBe(true);
    });
    // Let the by-name connection open before the newer tab arrives.
    await new Promise((resolve) => setTimeout(resolve, 20));

    const newer = await openAt(name, 2);
    expect(reload).toHaveBeenCalledTimes(1);
    newer.close();
    older.close();
  });
});

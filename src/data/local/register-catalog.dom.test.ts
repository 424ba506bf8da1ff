// [PULL-S] The register's catalogue snapshot: what a cold start reads from it is exactly what it would read
// from the rows, after a first pull, an edit, a tombstone; a missing, partial or stale snapshot is never
// read, the rows are. (A scan or search right after such a start: src/features/register/register-snapshot.dom.test.ts.)
import { describe, expect, test } from 'vitest';
import { pulledCatalog as setup, product } from '../../../tests/support/catalog-fixtures';
import { COMPANY_A } from '../../../tests/support/ledger-fixtures';
import {
  parseSnapshotsAhead,
  readCatalogSnapshots,
  readRegisterCatalog,
  refreshRegisterCatalogs,
  saveRegisterCatalog,
} from './register-catalog';

describe('register catalogue snapshot', () => {
  test('[PULL-S] after a pull, a start reads the snapshot, and it equals the full read of the rows', async () => {
    const { mirror, pull, fromRows } = setup();
    await pull();
    const first = await readRegisterCatalog(mirror, COMPANY_A);
    expect(first.fromSnapshot).toBe(false);
    expect(first.products).toEqual(await fromRows());
    expect(await saveRegisterCatalog(mirror, COMPANY_A, first, 3)).toBe(true);
    expect(await mirror.registerCatalog.count()).toBe(4);

    // A pull that brings no product keeps it: the sync engine pulls every cycle.
    await pull();
    const cold = await readRegisterCatalog(mirror, COMPANY_A);
    expect(cold.fromSnapshot).toBe(true);
    expect(cold.products).toEqual(await fromRows());
    expect(cold.products.map((row) => row.name)).toEqual(first.products.map((row) => row.name).sort());
  });

  test('[PULL-S] an edit pull makes it stale: the start reads the rows, and the refresh after the pull writes it again', async () => {
    const { mirror, server, pull, fromRows } = setup();
    await pull();
    await saveRegisterCatalog(mirror, COMPANY_A, await readRegisterCatalog(mirror, COMPANY_A));
    server.put('products', product(3, { name: 'Renamed', price: 999, quick_key: 12 }));
    await pull();

    const stale = await readRegisterCatalog(mirror, COMPANY_A);
    expect(stale.fromSnapshot).toBe(false);
    expect(stale.products.find((row) => row.id === 'p-03')).toMatchObject({
      name: 'Renamed',
      price: 999,
      quick_key: 12,
    });
    await refreshRegisterCatalogs(mirror);
    const cold = await readRegisterCatalog(mirror, COMPANY_A);
    expect(cold.fromSnapshot).toBe(true);
    expect(cold.products).toEqual(await fromRows());
  });

  test('[PULL-S] a register that read its rows while a pull changed them gets its snapshot from the next refresh', async () => {
    const { mirror, server, pull, fromRows } = setup();
    await pull();
    const overtaken = await readRegisterCatalog(mirror, COMPANY_A);
    server.put('products', product(2, { name: 'Changed mid-read' }));
    await pull();
    // The register offers what it read, now stale: nothing is written, and there is no snapshot to refresh.
    expect(await saveRegisterCatalog(mirror, COMPANY_A, overtaken)).toBe(false);
    expect(await mirror.registerCatalog.count()).toBe(0);

    await refreshRegisterCatalogs(mirror);
    const cold = await readRegisterCatalog(mirror, COMPANY_A);
    expect(cold.fromSnapshot).toBe(true);
    expect(cold.products).toEqual(await fromRows());
  });

  test('[PULL-S] after a tombstone and an archive, the refreshed snapshot no longer has them', async () => {
    const { mirror, server, pull, fromRows } = setup();
    await pull();
    await saveRegisterCatalog(mirror, COMPANY_A, await readRegisterCatalog(mirror, COMPANY_A));
    server.put('products', product(4, { deleted_at: '2026-11-21T09:00:00Z' }));
    server.put('products', product(6, { active: false }));
    await pull();
    expect((await readRegisterCatalog(mirror, COMPANY_A)).fromSnapshot).toBe(false);

    await refreshRegisterCatalogs(mirror);
    const cold = await readRegisterCatalog(mirror, COMPANY_A);
    expect(cold.fromSnapshot).toBe(true);
    expect(cold.products).toEqual(await fromRows());
    expect(cold.products.map((row) => row.id)).not.toContain('p-04');
    expect(cold.products.map((row) => row.id)).not.toContain('p-06');
    expect(cold.products).toHaveLength(8);
  });

  test('[PULL-S] a missing, partial, stale or other-folding snapshot is not read: the rows are', async () => {
    const { mirror, pull, fromRows } = setup();
    await pull();
    const read = await readRegisterCatalog(mirror, COMPANY_A);
    await saveRegisterCatalog(mirror, COMPANY_A, read, 3);
    const expectRows = async () => {
      const again = await readRegisterCatalog(mirror, COMPANY_A);
      expect(again.fromSnapshot).toBe(false);
      expect(again.products).toEqual(await fromRows());
    };

    await mirror.registerCatalog.delete([COMPANY_A, 2]);
    await expectRows();
    await saveRegisterCatalog(mirror, COMPANY_A, read, 3);
    await mirror.registerCatalog.where('part').equals(0).modify({ keys_version: 0 });
    await expectRows();
    await saveRegisterCatalog(mirror, COMPANY_A, read, 3);
    // A pull that brought the same rows still moves the stamp: the snapshot is stale, never trusted.
    await mirror.transaction('rw', [mirror.meta], async () => {
      await mirror.meta.put({ key: 'products-stamp', value: read.stamp + 1 });
    });
    await expectRows();
    // Rows read before the stamp moved are not written as a snapshot of the new stamp.
    expect(await saveRegisterCatalog(mirror, COMPANY_A, read)).toBe(false);
    await mirror.registerCatalog.clear();
    await expectRows();
  });

  test('[PULL-S] snapshots read and parsed early (a cold start, P6) give the read of the rows; a malformed one, the rows', async () => {
    const { mirror, pull, fromRows } = setup();
    await pull();
    const early = async () => {
      const snapshots = await readCatalogSnapshots(mirror);
      parseSnapshotsAhead(snapshots);
      return readRegisterCatalog(mirror, COMPANY_A, Promise.resolve(snapshots));
    };
    expect(await early()).toMatchObject({ fromSnapshot: false });
    await saveRegisterCatalog(mirror, COMPANY_A, await readRegisterCatalog(mirror, COMPANY_A), 3);
    const parsed = await early();
    expect(parsed.fromSnapshot).toBe(true);
    expect(parsed.products).toEqual(await fromRows());

    await mirror.registerCatalog.where('part').equals(1).modify({ columns: '[["cut short' });
    const malformed = await early();
    expect(malformed.fromSnapshot).toBe(false);
    expect(malformed.products).toEqual(await fromRows());
    // An early read that failed is read again, not the register's failure.
    const failed = await readRegisterCatalog(mirror, COMPANY_A, Promise.reject(new Error('blocked')));
    expect(failed.products).toEqual(await fromRows());
  });
});

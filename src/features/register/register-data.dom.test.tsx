// Loading the register from this device's databases, and the plain messages when something is missing.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { LedgerDb } from '../../data/local/ledger-db';
import { MirrorDb } from '../../data/local/mirror-db';
import { readCatalogEarly } from '../../data/local/early-catalog';
import { bumpProductsStamp } from '../../data/local/register-catalog';
import { loadRegisterData } from './register-data';
import { RegisterPage } from './register-page';
import { BAGUETTE, COMPANY, CROISSANT, registerWorld } from './register-test-deps';

afterEach(cleanup);

function databases() {
  return {
    ledger: new LedgerDb(`ledger-${crypto.randomUUID()}`),
    mirror: new MirrorDb(`mirror-${crypto.randomUUID()}`),
  };
}

async function addTerminal(ledger: LedgerDb) {
  await ledger.terminals.put({
    company_id: COMPANY,
    id: crypto.randomUUID(),
    code: 'T1',
    name: 'Counter',
    store_id: crypto.randomUUID(),
    receipt_counter: 0,
    registered_at: '2026-11-21T08:00:00Z',
  });
}

const neverDeps = () => {
  throw new Error('The register should not open');
};

describe('register data', () => {
  test('without a terminal on this device, it says so', async () => {
    const data = await loadRegisterData(databases(), COMPANY);
    expect(data.kind).toBe('no_terminal');
    render(<RegisterPage data={data} depsFor={neverDeps} />);
    expect(screen.getByRole('heading', { name: 'This device is not a till yet' })).toBeInTheDocument();
    expect(screen.getByText(/Settings → Terminal/)).toBeInTheDocument();
  });

  test('before the shop settings are synced, it says so', async () => {
    const dbs = databases();
    await addTerminal(dbs.ledger);
    const data = await loadRegisterData(dbs, COMPANY);
    expect(data.kind).toBe('not_synced');
    render(<RegisterPage data={data} depsFor={neverDeps} />);
    expect(screen.getByRole('heading', { name: "The shop's data is not here yet" })).toBeInTheDocument();
  });

  test('with settings but no products, it says so', async () => {
    const dbs = databases();
    await addTerminal(dbs.ledger);
    await dbs.mirror.companies.put({
      id: COMPANY,
      currency: 'EUR',
      prices_include_tax: true,
      cash_rounding: 5,
    });
    const data = await loadRegisterData(dbs, COMPANY);
    expect(data).toMatchObject({
      kind: 'ready',
      rules: { currency: 'EUR', taxMode: 'inclusive', cashRounding: 5 },
    });
    render(<RegisterPage data={data} depsFor={neverDeps} />);
    expect(screen.getByRole('heading', { name: 'No products on this device yet' })).toBeInTheDocument();
  });

  test('ready: active products of the company in name order, indexed by code; categories by sort order', async () => {
    const dbs = databases();
    await addTerminal(dbs.ledger);
    await dbs.mirror.companies.put({
      id: COMPANY,
      currency: 'EUR',
      prices_include_tax: false,
      cash_rounding: 1,
    });
    await dbs.mirror.products.bulkPut([
      CROISSANT,
      BAGUETTE,
      { ...CROISSANT, id: crypto.randomUUID(), name: 'Old croissant', barcode: null, active: false },
      { ...BAGUETTE, id: crypto.randomUUID(), company_id: crypto.randomUUID(), name: 'Elsewhere' },
    ]);
    await dbs.mirror.categories.bulkPut([
      { id: 'c2', company_id: COMPANY, name: 'Drinks', sort_order: 2 },
      { id: 'c1', company_id: COMPANY, name: 'Bakery', sort_order: 1 },
    ]);
    const data = await loadRegisterData(dbs, COMPANY);
    if (data.kind !== 'ready') throw new Error(data.message);
    expect(data.catalog.products.map((product) => product.name)).toEqual(['Baguette', 'Croissant']);
    expect(data.catalog.index.findByCode('4006381333931')?.name).toBe('Croissant');
    expect(data.catalog.categories.map((category) => category.name)).toEqual(['Bakery', 'Drinks']);
    expect(data.rules.taxMode).toBe('exclusive');

    const world = await registerWorld();
    render(<RegisterPage data={data} depsFor={() => world.deps} />);
    expect(await screen.findByLabelText('Search products')).toBeInTheDocument();
  });

  describe('[PULL-S] a cold start that read its catalogue snapshot early (P6)', () => {
    async function till() {
      const dbs = databases();
      await addTerminal(dbs.ledger);
      await dbs.mirror.companies.put({
        id: COMPANY,
        currency: 'EUR',
        prices_include_tax: true,
        cash_rounding: 1,
      });
      await dbs.mirror.products.bulkPut([CROISSANT, BAGUETTE]);
      return dbs;
    }

    /** One cold start onto the register: the early read, then the loader; which way it read the products. */
    async function coldStart(dbs: ReturnType<typeof databases>) {
      performance.clearMarks();
      readCatalogEarly(dbs.mirror);
      const data = await loadRegisterData(dbs, COMPANY);
      if (data.kind !== 'ready') throw new Error(data.message);
      const fromSnapshot = performance.getEntriesByName('boot:register rows (snapshot)').length > 0;
      return { names: data.catalog.products.map((product) => product.name), fromSnapshot };
    }

    /** The whole snapshot the register writes in the background, at the products stamp now. */
    async function snapshotWritten(dbs: ReturnType<typeof databases>) {
      await vi.waitFor(async () => {
        const stamp = (await dbs.mirror.meta.get('products-stamp'))?.value ?? 0;
        const parts = await dbs.mirror.registerCatalog.toArray();
        expect(parts.length).toBeGreaterThan(0);
        expect(parts.every((part) => part.stamp === stamp)).toBe(true);
      });
    }

    /** A pull that brings a product: it raises the products stamp in the same transaction. */
    async function pullBrioche(dbs: ReturnType<typeof databases>) {
      await dbs.mirror.transaction('rw', [dbs.mirror.products, dbs.mirror.meta], async () => {
        await dbs.mirror.products.put({
          ...BAGUETTE,
          id: crypto.randomUUID(),
          name: 'Brioche',
          barcode: null,
        });
        await bumpProductsStamp(dbs.mirror);
      });
    }

    test('with no snapshot yet, it reads the rows and still writes the snapshot, which the next start reads', async () => {
      const dbs = await till();
      expect(await coldStart(dbs)).toEqual({ names: ['Baguette', 'Croissant'], fromSnapshot: false });
      await snapshotWritten(dbs);
      expect(await coldStart(dbs)).toEqual({ names: ['Baguette', 'Croissant'], fromSnapshot: true });
    });

    test('with a stale snapshot, it reads the rows and writes the snapshot again', async () => {
      const dbs = await till();
      await coldStart(dbs);
      await snapshotWritten(dbs);
      await pullBrioche(dbs);
      expect(await coldStart(dbs)).toEqual({
        names: ['Baguette', 'Brioche', 'Croissant'],
        fromSnapshot: false,
      });
      await snapshotWritten(dbs);
      expect(await coldStart(dbs)).toEqual({
        names: ['Baguette', 'Brioche', 'Croissant'],
        fromSnapshot: true,
      });
    });

    test('the early read is taken once: the next visit to the register reads for itself', async () => {
      const dbs = await till();
      await coldStart(dbs);
      await snapshotWritten(dbs);
      await pullBrioche(dbs);
      const visit = await loadRegisterData(dbs, COMPANY);
      if (visit.kind !== 'ready') throw new Error(visit.message);
      expect(visit.catalog.products.map((product) => product.name)).toEqual([
        'Baguette',
        'Brioche',
        'Croissant',
      ]);
    });
  });
});

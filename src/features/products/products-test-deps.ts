// Test wiring for the products screen's dom tests: a real mirror and ledger on fake-indexeddb seeded with a
// small catalogue (two categories, stock in one store, an archived product), a fake server writer that
// records its calls, and a download spy.
import {
  fakeLayout as fakeLayoutOf,
  withFakeLayout as withFakeLayoutOf,
} from '../../../tests/support/fake-layout';
import { vi } from 'vitest';
import { LedgerDb } from '../../data/local/ledger-db';
import { MirrorDb, type MirrorProduct } from '../../data/local/mirror-db';
import type { MemberRole } from '../../data/remote/memberships';
import type { ModifierWriter } from '../../data/remote/modifier-writes';
import type { ProductWriter } from '../../data/remote/product-writes';
import type { Supplier, SupplierBook } from '../../data/remote/supplier-writes';
import { err, ok } from '../../domain/result';
import type { ProductsDeps } from './products-deps';

export const COMPANY = 'f1000000-0000-4000-8000-000000000001';
export const STORE = 'f2000000-0000-4000-8000-000000000001';
export const BAKERY = 'f3000000-0000-4000-8000-000000000001';
export const DRINKS = 'f3000000-0000-4000-8000-000000000002';

export function product(n: number, fields: Partial<MirrorProduct> & { name: string }): MirrorProduct {
  return {
    id: `f4000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    company_id: COMPANY,
    category_id: BAKERY,
    sku: null,
    barcode: null,
    price: 100,
    tax_rate_bp: 2000,
    track_stock: true,
    active: true,
    weighed: false,
    reorder_level: null,
    ...fields,
  };
}

export const CROISSANT = product(1, {
  name: 'Croissant',
  sku: 'CRO-1',
  barcode: '4006381333931',
  price: 250,
  cost: 110,
  reorder_level: 5,
});
export const TEA = product(2, {
  name: 'Green tea',
  sku: 'TEA-1',
  barcode: '5000000000017',
  price: 320,
  category_id: DRINKS,
  tax_rate_bp: 550,
  track_stock: false,
});
export const OLD_BUN = product(3, { name: 'Old bun', sku: 'BUN-1', price: 90, active: false });
export const BAGUETTE = product(4, {
  name: 'Baguette',
  sku: 'BAG-1',
  price: 120,
  category_id: null,
  reorder_level: 2,
  scale_code: '42',
});

/** A parent with options and two of its variants (issue 21); not in the default catalogue. */
export const TSHIRT = product(10, {
  name: 'T-shirt',
  sku: 'TSH',
  price: 1500,
  cost: 600,
  option_names: ['Size'],
});
export const TSHIRT_S = product(11, {
  name: 'T-shirt S',
  sku: 'TSH-S',
  barcode: '4010000000012',
  price: 1500,
  cost: 600,
  variant_of: TSHIRT.id,
  option_values: ['S'],
  variant_position: 0,
});
export const TSHIRT_M = product(12, {
  name: 'T-shirt M',
  sku: 'TSH-M',
  price: 1600,
  variant_of: TSHIRT.id,
  option_values: ['M'],
  variant_position: 1,
});

/** A fake write that records its name and arguments in `calls` and succeeds. */
function recorder(calls: unknown[][]) {
  return (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
      return Promise.resolve(ok(undefined));
    };
}

export function fakeWriter(): ProductWriter & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  const record = recorder(calls);
  return {
    calls,
    createProduct: record('createProduct'),
    updateProduct: record('updateProduct'),
    setProductArchived: record('setProductArchived'),
    createCategory: record('createCategory'),
    renameCategory: record('renameCategory'),
    archiveCategory: record('archiveCategory'),
    importProducts: (...args) => {
      calls.push(['importProducts', ...args]);
      return Promise.resolve(ok({ created: 1, updated: 1, categories_created: 0 }));
    },
    saveVariants: (...args) => {
      calls.push(['saveVariants', ...args]);
      return Promise.resolve(ok({ created: 1, updated: 1, deactivated: 0 }));
    },
  };
}

/** A fake modifier writer that records its calls. */
export function fakeModifierWriter(): ModifierWriter & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  const record = recorder(calls);
  return {
    calls,
    createGroup: record('createGroup'),
    removeGroup: record('removeGroup'),
    addOption: record('addOption'),
    updateOption: record('updateOption'),
    removeOption: record('removeOption'),
    attachGroup: record('attachGroup'),
    detachGroup: record('detachGroup'),
  };
}

export const FRESH_FIELDS: Supplier = {
  id: 'f5000000-0000-4000-8000-000000000001',
  name: 'Fresh Fields Produce',
  email: 'orders@freshfields.example',
  phone: null,
  lead_time_days: 2,
};

/** A fake supplier book over a list it keeps, recording its writes; `online: false` answers as offline. */
export function fakeSupplierBook(
  suppliers: Supplier[] = [FRESH_FIELDS],
): SupplierBook & { calls: unknown[][]; rows: Supplier[]; online: boolean } {
  const calls: unknown[][] = [];
  const book = {
    calls,
    rows: [...suppliers],
    online: true,
    list: () =>
      Promise.resolve(
        book.online
          ? ok([...book.rows])
          : err('offline', 'Needs a connection: product changes are saved on the server.'),
      ),
    create: (companyId: string, fields: Omit<Supplier, 'id'>) => {
      calls.push(['create', companyId, fields]);
      book.rows.push({ id: crypto.randomUUID(), ...fields });
      return Promise.resolve(ok(undefined));
    },
    update: (id: string, fields: Omit<Supplier, 'id'>) => {
      calls.push(['update', id, fields]);
      book.rows = book.rows.map((row) => (row.id === id ? { id, ...fields } : row));
      return Promise.resolve(ok(undefined));
    },
    remove: (id: string) => {
      calls.push(['remove', id]);
      book.rows = book.rows.filter((row) => row.id !== id);
      return Promise.resolve(ok(undefined));
    },
  };
  return book;
}

export interface ProductsWorld {
  deps: ProductsDeps;
  mirror: MirrorDb;
  writer: ReturnType<typeof fakeWriter>;
  modifiers: ReturnType<typeof fakeModifierWriter>;
  suppliers: ReturnType<typeof fakeSupplierBook>;
  syncNow: ReturnType<typeof vi.fn>;
  download: ReturnType<typeof vi.fn>;
}

export async function productsWorld(
  options: { role?: MemberRole; products?: MirrorProduct[] } = {},
): Promise<ProductsWorld> {
  const mirror = new MirrorDb(`mirror-${crypto.randomUUID()}`);
  const ledger = new LedgerDb(`ledger-${crypto.randomUUID()}`);
  await mirror.companies.put({ id: COMPANY, name: 'Test shop', currency: 'EUR', default_tax_rate_bp: 2000 });
  await mirror.stores.put({ id: STORE, company_id: COMPANY, name: 'Main' });
  await mirror.categories.bulkPut([
    { id: BAKERY, company_id: COMPANY, name: 'Bakery' },
    { id: DRINKS, company_id: COMPANY, name: 'Drinks' },
  ]);
  await mirror.products.bulkPut(options.products ?? [CROISSANT, TEA, OLD_BUN, BAGUETTE]);
  await mirror.stockLevels.bulkPut([
    { id: 's1', company_id: COMPANY, store_id: STORE, product_id: CROISSANT.id, on_hand: 4 },
    { id: 's2', company_id: COMPANY, store_id: STORE, product_id: BAGUETTE.id, on_hand: 30 },
  ]);
  const writer = fakeWriter();
  const modifiers = fakeModifierWriter();
  const suppliers = fakeSupplierBook();
  const syncNow = vi.fn();
  const download = vi.fn();
  const deps: ProductsDeps = {
    mirror,
    ledger,
    companyId: COMPANY,
    currency: 'EUR',
    role: options.role ?? 'manager',
    writer,
    modifiers,
    suppliers,
    syncNow,
    download,
  };
  return { deps, mirror, writer, modifiers, suppliers, syncNow, download };
}

/**
 * jsdom lays nothing out: every element measures a screenful (600 × 1,500: a box wide enough for every column
 * of the products table, which leaves out SKU, barcode, cost and value below 1,400 px); answers a restore
 * function.
 */
export const fakeLayout = (): (() => void) => fakeLayoutOf(600, 1500);

/** For a whole test file: the screenful from before its first test to after its last. */
export const withFakeLayout = (): void => {
  withFakeLayoutOf(600, 900);
};

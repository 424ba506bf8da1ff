import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  compareByFoldedName,
  foldText,
  ProductSearchIndex,
  SEARCH_KEYS_VERSION,
  searchKeysOf,
} from './product-search';
import type { SearchableProduct } from './product-search';

const product = (id: string, name: string, sku: string | null = null, barcode: string | null = null) => ({
  id,
  name,
  sku,
  barcode,
});

const catalog = [
  product('1', 'Espresso', 'COF-ESP', '2000000000015'),
  product('2', 'Croissant', 'BAK-CRO', '2000000000022'),
  product('3', 'Sparkling water 0.5 l', 'DRK-SPW', '2000000000039'),
  product('4', 'Bananas (per kg, weighed)', 'FRU-BAN', '2000000000046'),
  product('5', 'Notebook A5', 'STA-NBA5', '2000000000053'),
  product('6', 'Crème brûlée', 'BAK-CRB', null),
  product('7', 'Double espresso', 'COF-DES', null),
];

describe('ProductSearchIndex', () => {
  const index = new ProductSearchIndex(catalog);

  test('[SEARCH-1] a scanned barcode finds its product with one lookup', () => {
    expect(index.findByCode('2000000000022')?.name).toBe('Croissant');
    expect(index.findByCode(' 2000000000053 ')?.name).toBe('Notebook A5');
    expect(index.findByCode('9999999999999')).toBeUndefined();
  });

  test('[SEARCH-1] a SKU typed in any case finds its product', () => {
    expect(index.findByCode('cof-esp')?.name).toBe('Espresso');
  });

  test('[SEARCH-2] a query matches name, SKU or barcode, ignoring case and accents', () => {
    expect(index.search('creme').items.map((p) => p.id)).toEqual(['6']);
    expect(index.search('DRK').items.map((p) => p.id)).toEqual(['3']);
    expect(index.search('0000000046').items.map((p) => p.id)).toEqual(['4']);
  });

  test('[SEARCH-3] every word of the query must match, in any order', () => {
    expect(index.search('water sparkling').items.map((p) => p.id)).toEqual(['3']);
    expect(index.search('water banana').total).toBe(0);
  });

  test('[SEARCH-4] an exact code ranks first, then names starting with the query, then word starts', () => {
    expect(index.search('espresso').items.map((p) => p.name)).toEqual(['Espresso', 'Double espresso']);
    expect(index.search('COF-DES').items.map((p) => p.name)).toEqual(['Double espresso']);
  });

  test('[SEARCH-5] results stop at the limit but the total counts every match', () => {
    const result = index.search('o', 2);
    expect(result.items).toHaveLength(2);
    expect(result.total).toBeGreaterThan(2);
  });

  test('[SEARCH-6] an empty query finds nothing rather than everything', () => {
    expect(index.search('   ')).toEqual({ items: [], total: 0 });
  });
});

describe('keeping the index up to date', () => {
  test('[SEARCH-7] upsert replaces a product, and its old barcode no longer finds it', () => {
    const index = new ProductSearchIndex([product('1', 'Espresso', 'COF-ESP', '111')]);
    index.upsert(product('1', 'Ristretto', 'COF-RIS', '222'));
    expect(index.findByCode('111')).toBeUndefined();
    expect(index.findByCode('222')?.name).toBe('Ristretto');
    expect(index.search('espresso').total).toBe(0);
    expect(index.size).toBe(1);
  });

  test('[SEARCH-7] remove forgets a product but not a code another product took over', () => {
    const index = new ProductSearchIndex([product('1', 'Old', null, '111')]);
    index.upsert(product('2', 'New', null, '111'));
    index.remove('1');
    expect(index.findByCode('111')?.id).toBe('2');
    expect(index.get('1')).toBeUndefined();
  });

  test('[SEARCH-8] property: search finds exactly the products whose folded text contains every word', () => {
    const arbitraryProduct = fc.record({
      id: fc.uuid(),
      name: fc.string({ minLength: 1, maxLength: 12 }),
      sku: fc.option(fc.string({ minLength: 1, maxLength: 6 }), { nil: null }),
      barcode: fc.option(fc.stringMatching(/^[0-9]{4,8}$/), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(arbitraryProduct, { selector: (p) => p.id, maxLength: 40 }),
        fc.string({ maxLength: 4 }),
        (products: SearchableProduct[], query) => {
          const index = new ProductSearchIndex(products);
          const words = foldText(query).trim().split(/\s+/).filter(Boolean);
          const expected =
            words.length === 0
              ? []
              : products.filter((p) =>
                  words.every((w) =>
                    [p.name, p.sku, p.barcode]
                      .filter(Boolean)
                      .map((t) => foldText(t ?? ''))
                      .join(' ')
                      .includes(w),
                  ),
                );
          const found = index.search(query, 1000).items;
          expect(new Set(found.map((p) => p.id))).toEqual(new Set(expected.map((p) => p.id)));
        },
      ),
      { seed: 20261121, numRuns: 300 },
    );
  });
});

describe('search keys stored with the products', () => {
  test('[SEARCH-9] searchKeysOf folds the name, SKU and barcode once, as the index matches them', () => {
    expect(searchKeysOf(product('6', 'Crème Brûlée', 'BAK-CRB', null))).toEqual({
      v: SEARCH_KEYS_VERSION,
      name: 'creme brulee',
      sku: 'bak-crb',
      barcode: null,
    });
    expect(searchKeysOf(product('9', 'Tea', '', 'ABC-12'))).toMatchObject({ sku: null, barcode: 'abc-12' });
  });

  test('[SEARCH-9] the index reads the stored keys instead of folding the product again', () => {
    // Keys that do not match the name prove which text the index searched.
    const stored = {
      ...product('1', 'Espresso', 'COF-ESP', '111'),
      search_keys: searchKeysOf(product('1', 'Kaffee', 'K-1', '111')),
    };
    const index = new ProductSearchIndex([stored]);
    expect(index.search('kaffee').items.map((p) => p.id)).toEqual(['1']);
    expect(index.search('espresso').total).toBe(0);
    expect(index.findByCode('k-1')?.id).toBe('1');
    expect(index.findByCode('111')?.id).toBe('1');
  });

  test('[SEARCH-9] keys of another folding are folded afresh', () => {
    const old = {
      ...product('1', 'Crème', null, null),
      search_keys: { v: 0, name: 'stale', sku: null, barcode: null },
    };
    const index = new ProductSearchIndex([old]);
    expect(index.search('creme').items.map((p) => p.id)).toEqual(['1']);
    expect(index.search('stale').total).toBe(0);
  });

  test('[SEARCH-9] property: an index of products with stored keys answers as one that folds them itself', () => {
    const arbitraryProduct = fc.record({
      id: fc.uuid(),
      name: fc.string({ minLength: 1, maxLength: 12 }),
      sku: fc.option(fc.string({ minLength: 1, maxLength: 6 }), { nil: null }),
      barcode: fc.option(fc.stringMatching(/^[0-9A-Za-z]{4,8}$/), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(arbitraryProduct, { selector: (p) => p.id, maxLength: 40 }),
        fc.string({ maxLength: 4 }),
        (products: SearchableProduct[], query) => {
          const keyed = products.map((p) => ({ ...p, search_keys: searchKeysOf(p) }));
          const folding = new ProductSearchIndex(products);
          const reading = new ProductSearchIndex(keyed);
          const ids = (found: SearchableProduct[]) => found.map((p) => p.id);
          expect(ids(reading.search(query, 1000).items)).toEqual(ids(folding.search(query, 1000).items));
          expect(reading.findByCode(query)?.id).toBe(folding.findByCode(query)?.id);
        },
      ),
      { seed: 20261125, numRuns: 300 },
    );
  });

  test('[SEARCH-9] name order is by folded name, compared as plain strings', () => {
    const names = ['banana', 'Éclair', 'apple', 'Apple pie', 'eclair au café'];
    const sorted = names.map((name, i) => product(String(i), name)).sort(compareByFoldedName);
    expect(sorted.map((p) => p.name)).toEqual(['apple', 'Apple pie', 'banana', 'Éclair', 'eclair au café']);
  });
});

describe('building the index when it is first needed', () => {
  test('[SEARCH-10] a new index is built by prepare(), not by the constructor', () => {
    const index = new ProductSearchIndex(catalog);
    expect(index.ready).toBe(false);
    index.prepare();
    expect(index.ready).toBe(true);
    expect(index.size).toBe(catalog.length);
  });

  test('[SEARCH-10] a scan or a query before prepare() builds it there and is answered in full', () => {
    const scanned = new ProductSearchIndex(catalog);
    expect(scanned.findByCode('2000000000022')?.name).toBe('Croissant');
    expect(scanned.ready).toBe(true);
    const typed = new ProductSearchIndex(catalog);
    expect(typed.search('espresso').items.map((p) => p.name)).toEqual(['Espresso', 'Double espresso']);
    const edited = new ProductSearchIndex(catalog);
    edited.upsert(product('8', 'Ristretto'));
    expect(edited.size).toBe(catalog.length + 1);
  });
});

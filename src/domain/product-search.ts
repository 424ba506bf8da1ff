// The register's product search (issue 7, budgets P2/P3): an in-memory index over the mirrored catalog that
// answers a scanned barcode with one Map lookup and a typed query with one pass over pre-folded text. At
// 50,000 products a substring pass is about a millisecond, so no trie is needed; what matters is doing the
// folding (lower case, accents removed) once, not per keystroke, and not even per start of the register
// (P6): `searchKeysOf` folds a product once, when a pull stores it in the mirror, and the index reads those
// stored keys. Pure: the caller keeps it up to date with upsert/remove as pulls arrive.

import { scaleCodeKey } from './embedded-barcode';

export interface SearchableProduct {
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  /** The item code a scale prints on this product's labels (SCALE-4), if it is sold from a scale. */
  scale_code?: string | null;
  /** A variant's option values (VAR-3): "blue" finds every blue variant, whatever its name says. */
  option_values?: readonly string[] | null;
  /** The product's folded text as stored with it (the mirror keeps it from the pull); folded afresh when absent. */
  search_keys?: SearchKeys;
}

/**
 * What the index finds a product by, folded once by `searchKeysOf`. The mirror stores these with every
 * product row, so starting the register reads them instead of folding 50,000 names again.
 */
export interface SearchKeys {
  /** The folding that made them (SEARCH_KEYS_VERSION); keys of another folding are not trusted. */
  v: number;
  /** Folded name: matching, ranking and the register's list order. */
  name: string;
  /** Folded SKU, the key a typed SKU is looked up by. */
  sku: string | null;
  /** Folded barcode, for matching a query; a scan looks barcodes up exactly as printed. */
  barcode: string | null;
  /** A variant's option values, folded and joined by spaces; absent or null for other products. */
  options?: string | null;
}

/** Raise this whenever `foldText` changes: stored keys of an older folding are then folded afresh. */
export const SEARCH_KEYS_VERSION = 1;

interface Entry<P extends SearchableProduct> {
  product: P;
  keys: SearchKeys;
  /** "name sku barcode", folded: what a query's words must all be found in. */
  haystack: string;
}

export interface SearchResult<P> {
  items: P[];
  /** How many products match in all; `items` stops at the limit. */
  total: number;
}

/** Lower case without accents, so "creme" finds "Crème" and "CROISS" finds "Croissant". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The one place a product's text is folded for search: at pull time for the mirror, and by the index. */
export function searchKeysOf(
  product: Pick<SearchableProduct, 'name' | 'sku' | 'barcode' | 'option_values'>,
): SearchKeys {
  const keys: SearchKeys = {
    v: SEARCH_KEYS_VERSION,
    name: foldText(product.name),
    sku: product.sku ? foldText(product.sku) : null,
    barcode: product.barcode ? foldText(product.barcode) : null,
  };
  // Only variants carry the key, so other products' keys stay as they were folded before variants.
  if (product.option_values && product.option_values.length > 0) {
    keys.options = foldText(product.option_values.join(' '));
  }
  return keys;
}

/** The keys stored with a product when they come from today's folding, else folded now. */
export function searchKeysFor(product: SearchableProduct): SearchKeys {
  const stored = product.search_keys;
  return stored?.v === SEARCH_KEYS_VERSION ? stored : searchKeysOf(product);
}

/** Name order without the locale's collation (slow at 50,000): folded names compared as plain strings. */
export function compareByFoldedName(a: SearchableProduct, b: SearchableProduct): number {
  return comparePlain(searchKeysFor(a).name, searchKeysFor(b).name);
}

function comparePlain(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// Ranks: lower is better. An exact code beats a name that starts with the query, which beats a word that
// starts with it, which beats a match anywhere.
const EXACT_CODE = 0;
const NAME_PREFIX = 1;
const WORD_PREFIX = 2;
const ANYWHERE = 3;
const RANKS = 4;

/**
 * Building waits until the index is first used, or until `prepare()`: the register paints its list of
 * 50,000 products first and builds the index right after (P6). A scan or query that comes sooner builds it
 * there and then, so nothing is answered from a half-built index and no scan is lost.
 */
export class ProductSearchIndex<P extends SearchableProduct> {
  readonly #entries = new Map<string, Entry<P>>();
  readonly #byBarcode = new Map<string, P>();
  readonly #bySku = new Map<string, P>();
  readonly #byScaleCode = new Map<string, P>();
  /** Entries in name order, rebuilt lazily after changes, so a search never sorts its matches. */
  #sorted: Entry<P>[] | null = null;
  /** The products given to the constructor until they are indexed. */
  #unbuilt: Iterable<P> | null;

  /** `products` is read when the index is built; pass them in name order and that first sort costs one pass. */
  constructor(products: Iterable<P> = []) {
    this.#unbuilt = products;
  }

  /** Whether the index is built (a search or scan now costs only itself). */
  get ready(): boolean {
    return this.#unbuilt === null;
  }

  /** Builds the index now, name order included, if nothing has yet. */
  prepare(): void {
    const products = this.#unbuilt;
    if (products === null) return;
    this.#unbuilt = null;
    for (const product of products) this.upsert(product);
    this.#inNameOrder();
  }

  get size(): number {
    this.prepare();
    return this.#entries.size;
  }

  upsert(product: P): void {
    this.prepare();
    this.remove(product.id);
    const keys = searchKeysFor(product);
    this.#entries.set(product.id, { product, keys, haystack: haystackOf(keys) });
    this.#sorted = null;
    if (product.barcode) this.#byBarcode.set(product.barcode, product);
    if (keys.sku !== null) this.#bySku.set(keys.sku, product);
    if (product.scale_code) this.#byScaleCode.set(scaleCodeKey(product.scale_code), product);
  }

  remove(id: string): void {
    this.prepare();
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    this.#sorted = null;
    const { barcode, scale_code: scaleCode } = entry.product;
    const { sku } = entry.keys;
    // Only forget a code if it still points at this product (another may have taken it over since).
    if (barcode && this.#byBarcode.get(barcode)?.id === id) this.#byBarcode.delete(barcode);
    if (sku !== null && this.#bySku.get(sku)?.id === id) this.#bySku.delete(sku);
    if (scaleCode && this.#byScaleCode.get(scaleCodeKey(scaleCode))?.id === id) {
      this.#byScaleCode.delete(scaleCodeKey(scaleCode));
    }
  }

  get(id: string): P | undefined {
    this.prepare();
    return this.#entries.get(id)?.product;
  }

  /** A scanned code: exact barcode, else exact SKU (case-insensitive). */
  findByCode(code: string): P | undefined {
    this.prepare();
    const trimmed = code.trim();
    return this.#byBarcode.get(trimmed) ?? this.#bySku.get(foldText(trimmed));
  }

  /** The product a scale label's item code names; leading zeros do not count (00042 is 42). */
  findByScaleCode(itemCode: string): P | undefined {
    this.prepare();
    return this.#byScaleCode.get(scaleCodeKey(itemCode));
  }

  /** Every product whose name, SKU, barcode or option values contain all the query's words, best first. */
  search(query: string, limit = 100): SearchResult<P> {
    const folded = foldText(query).trim();
    if (folded === '') return { items: [], total: 0 };
    this.prepare();
    const words = folded.split(/\s+/);
    const exact = this.findByCode(query);

    // One pass in name order; each rank keeps at most `limit` products, so the best `limit` are the first
    // ones across the buckets and nothing needs sorting.
    const buckets: P[][] = Array.from({ length: RANKS }, () => []);
    let total = 0;
    for (const entry of this.#inNameOrder()) {
      if (!matchesAll(entry.haystack, words)) continue;
      total += 1;
      const bucket = buckets[rankOf(entry, folded, exact)];
      if (bucket && bucket.length < limit) bucket.push(entry.product);
    }
    return { items: buckets.flat().slice(0, limit), total };
  }

  #inNameOrder(): Entry<P>[] {
    // Built from a list already in this order (the register's), the sort is one pass that finds it sorted.
    this.#sorted ??= [...this.#entries.values()].sort((a, b) => comparePlain(a.keys.name, b.keys.name));
    return this.#sorted;
  }
}

/** Words never hold a space, so one joined string matches exactly what the three fields would. */
function haystackOf(keys: SearchKeys): string {
  let haystack = keys.name;
  if (keys.sku !== null) haystack += ` ${keys.sku}`;
  if (keys.barcode !== null) haystack += ` ${keys.barcode}`;
  if (keys.options) haystack += ` ${keys.options}`;
  return haystack;
}

function matchesAll(haystack: string, words: readonly string[]): boolean {
  for (const word of words) if (!haystack.includes(word)) return false;
  return true;
}

function rankOf<P extends SearchableProduct>(entry: Entry<P>, query: string, exact: P | undefined): number {
  if (exact?.id === entry.product.id) return EXACT_CODE;
  if (entry.keys.name.startsWith(query)) return NAME_PREFIX;
  if (entry.keys.name.includes(` ${query}`)) return WORD_PREFIX;
  return ANYWHERE;
}

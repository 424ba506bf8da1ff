// The register's product search (issue 7, budgets P2/P3): an in-memory index over the mirrored catalog that
// answers a scanned barcode with one Map lookup and a typed query with one pass over pre-folded text. At
// 50,000 products a substring pass is about a millisecond, so no trie is needed; what matters is doing the
// folding (lower case, accents removed) once at build time, not per keystroke. Pure: the caller keeps it up
// to date with upsert/remove as pulls arrive.

export interface SearchableProduct {
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
}

interface Entry<P extends SearchableProduct> {
  product: P;
  /** Folded name, for matching and ranking. */
  name: string;
  /** Folded "name sku barcode", what a query's words must all be found in. */
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

// Ranks: lower is better. An exact code beats a name that starts with the query, which beats a word that
// starts with it, which beats a match anywhere.
const EXACT_CODE = 0;
const NAME_PREFIX = 1;
const WORD_PREFIX = 2;
const ANYWHERE = 3;
const RANKS = 4;

export class ProductSearchIndex<P extends SearchableProduct> {
  readonly #entries = new Map<string, Entry<P>>();
  readonly #byBarcode = new Map<string, P>();
  readonly #bySku = new Map<string, P>();
  /** Entries in name order, rebuilt lazily after changes, so a search never sorts its matches. */
  #sorted: Entry<P>[] | null = null;

  constructor(products: Iterable<P> = []) {
    for (const product of products) this.upsert(product);
  }

  get size(): number {
    return this.#entries.size;
  }

  upsert(product: P): void {
    this.remove(product.id);
    const name = foldText(product.name);
    const codes = [product.sku, product.barcode].filter((code): code is string => !!code).map(foldText);
    this.#entries.set(product.id, { product, name, haystack: [name, ...codes].join(' ') });
    this.#sorted = null;
    if (product.barcode) this.#byBarcode.set(product.barcode, product);
    if (product.sku) this.#bySku.set(foldText(product.sku), product);
  }

  remove(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    this.#sorted = null;
    const { barcode, sku } = entry.product;
    // Only forget a code if it still points at this product (another may have taken it over since).
    if (barcode && this.#byBarcode.get(barcode)?.id === id) this.#byBarcode.delete(barcode);
    if (sku && this.#bySku.get(foldText(sku))?.id === id) this.#bySku.delete(foldText(sku));
  }

  get(id: string): P | undefined {
    return this.#entries.get(id)?.product;
  }

  /** A scanned code: exact barcode, else exact SKU (case-insensitive). */
  findByCode(code: string): P | undefined {
    const trimmed = code.trim();
    return this.#byBarcode.get(trimmed) ?? this.#bySku.get(foldText(trimmed));
  }

  /** Every product whose name, SKU or barcode contains all the query's words, best first. */
  search(query: string, limit = 100): SearchResult<P> {
    const folded = foldText(query).trim();
    if (folded === '') return { items: [], total: 0 };
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
    this.#sorted ??= [...this.#entries.values()].sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    return this.#sorted;
  }
}

function matchesAll(haystack: string, words: readonly string[]): boolean {
  for (const word of words) if (!haystack.includes(word)) return false;
  return true;
}

function rankOf<P extends SearchableProduct>(entry: Entry<P>, query: string, exact: P | undefined): number {
  if (exact?.id === entry.product.id) return EXACT_CODE;
  if (entry.name.startsWith(query)) return NAME_PREFIX;
  if (entry.name.includes(` ${query}`)) return WORD_PREFIX;
  return ANYWHERE;
}

// [PULL-S] The register's catalogue as a cold start reads it (P6). Reading 50,000 product rows out of
// IndexedDB costs seconds: each row is structured-clone-deserialized on its own. So the mirror also keeps the
// register's catalogue — the products on sale, in name order, with only the fields the register, its cart and
// its search index read — as a few large JSON records, stamped with the mirror's products stamp: a counter
// every transaction that writes or clears product rows raises. A start whose stamp matches reads those few
// records; one that finds them missing or stale reads the rows as before (never wrong, only slower), and the
// snapshot is written again afterwards, in the background, as it is after a pull that changed products.
import { Dexie } from 'dexie';
import {
  compareByFoldedName,
  SEARCH_KEYS_VERSION,
  searchKeysFor,
  type SearchKeys,
} from '../../domain/product-search';
import type { MirrorDb, MirrorProduct } from './mirror-db';
import { markBoot } from '../../lib/boot-marks';

/** The `meta` key of the products stamp. */
const PRODUCTS_STAMP = 'products-stamp';

/** Products per snapshot record: a few records at 50,000, each small enough to write without a stall. */
const PART_SIZE = 10_000;

/** Raise this whenever `Columns` changes: a snapshot of another layout is then stale. */
const SNAPSHOT_LAYOUT = 3;

/** One record of a company's snapshot; the catalogue is the parts' products in part order. */
export interface CatalogPart {
  company_id: string;
  part: number;
  /** How many parts this snapshot has: a snapshot is whole only with all of them, of one stamp. */
  parts: number;
  /** The products stamp the rows were read at. */
  stamp: number;
  /** The search keys' folding (SEARCH_KEYS_VERSION): keys of another folding make the snapshot stale. */
  keys_version: number;
  /** SNAPSHOT_LAYOUT when written. */
  layout: number;
  /** `Columns` as JSON: one array per field, parsed in one call instead of deserializing object by object. */
  columns: string;
}

/** The product fields the register reads, in the order a snapshot stores them as columns. */
type Columns = [
  id: string[],
  category_id: (string | null)[],
  sku: (string | null)[],
  barcode: (string | null)[],
  name: string[],
  price: number[],
  tax_rate_bp: number[],
  track_stock: boolean[],
  weighed: boolean[],
  quick_key: (number | null)[],
  key_name: string[],
  key_sku: (string | null)[],
  key_barcode: (string | null)[],
  scale_code: (string | null)[],
  option_names: (string[] | null)[],
  variant_of: (string | null)[],
  option_values: (string[] | null)[],
  variant_position: (number | null)[],
  key_options: (string | null)[],
];

/**
 * A product as the register holds it, whichever way it was read: the fields it, its cart and its search index
 * use, and the search keys the mirror stores (folded now if they are missing or of another folding).
 */
export function registerProductOf(row: MirrorProduct): MirrorProduct {
  return {
    id: row.id,
    company_id: row.company_id,
    category_id: row.category_id ?? null,
    sku: row.sku ?? null,
    barcode: row.barcode ?? null,
    name: row.name,
    price: row.price,
    tax_rate_bp: row.tax_rate_bp,
    track_stock: row.track_stock,
    active: row.active,
    weighed: row.weighed,
    quick_key: typeof row.quick_key === 'number' ? row.quick_key : null,
    scale_code: row.scale_code ?? null,
    ...variantFieldsOf(row),
    search_keys: searchKeysFor(row),
  };
}

/** [VAR-3] What the register knows of options: a parent's names, a variant's parent, values and place. */
function variantFieldsOf(
  row: Pick<MirrorProduct, 'option_names' | 'variant_of' | 'option_values' | 'variant_position'>,
): Pick<MirrorProduct, 'option_names' | 'variant_of' | 'option_values' | 'variant_position'> {
  return {
    option_names: row.option_names && row.option_names.length > 0 ? row.option_names : [],
    variant_of: row.variant_of ?? null,
    option_values: row.option_values ?? null,
    variant_position: row.variant_position ?? null,
  };
}

/**
 * The products the register sells, in name order: active ones only (archived stay in the mirror). The order
 * is that of the folded names compared as plain strings, the search index's own, not the locale's collation.
 */
export function productsOnSale(products: readonly MirrorProduct[]): MirrorProduct[] {
  return products
    .filter((product) => product.active)
    .map(registerProductOf)
    .sort(compareByFoldedName);
}

/** Raises the products stamp; call it inside every transaction that writes or clears product rows. */
export async function bumpProductsStamp(mirror: MirrorDb): Promise<void> {
  await mirror.meta.put({ key: PRODUCTS_STAMP, value: (await productsStamp(mirror)) + 1 });
}

async function productsStamp(mirror: MirrorDb): Promise<number> {
  const value = (await mirror.meta.get(PRODUCTS_STAMP))?.value;
  return typeof value === 'number' ? value : 0;
}

function partsOf(mirror: MirrorDb, companyId: string) {
  return mirror.registerCatalog
    .where('[company_id+part]')
    .between([companyId, Dexie.minKey], [companyId, Dexie.maxKey]);
}

export interface RegisterCatalogRead {
  /** On sale, in name order (`productsOnSale`). */
  products: MirrorProduct[];
  /** The products stamp they were read at. */
  stamp: number;
  /** Whether they came from a snapshot of that stamp; otherwise the snapshot was missing or stale. */
  fromSnapshot: boolean;
}

/** Every company's snapshot parts in a mirror (in company, then part order) and the products stamp, read together. */
export interface CatalogSnapshots {
  stamp: number;
  parts: CatalogPart[];
}

/**
 * The snapshots of every company in the mirror, as one read: what a cold start can ask for before it knows
 * the shop (early-catalog.ts, P6). A few records, whatever the catalogue's size; nothing is parsed yet.
 */
export function readCatalogSnapshots(mirror: MirrorDb): Promise<CatalogSnapshots> {
  return mirror.transaction('r', [mirror.meta, mirror.registerCatalog], async () => ({
    stamp: await productsStamp(mirror),
    parts: await mirror.registerCatalog.toArray(),
  }));
}

/**
 * The register's catalogue: from the snapshot when it is of the current stamp, else from the rows. `early` is
 * the snapshots read before the register's loader ran (a cold start, early-catalog.ts); when they hold no whole
 * snapshot of this company, the rows are read now as they would have been, and `fromSnapshot` says so, so the
 * register writes the snapshot as after any other read of the rows.
 */
export async function readRegisterCatalog(
  mirror: MirrorDb,
  companyId: string,
  early?: Promise<CatalogSnapshots>,
): Promise<RegisterCatalogRead> {
  // An early read that failed is the loader's to do again, not its failure.
  const given = await early?.catch(() => undefined);
  const snapshot = given
    ? { stamp: given.stamp, parts: given.parts.filter((part) => part.company_id === companyId) }
    : await mirror.transaction('r', [mirror.meta, mirror.registerCatalog], async () => {
        const stamp = await productsStamp(mirror);
        const parts = await partsOf(mirror, companyId).toArray();
        return { stamp, parts };
      });
  if (isWhole(snapshot.parts, snapshot.stamp)) {
    try {
      const products = snapshot.parts.flatMap(productsOf);
      return { products, stamp: snapshot.stamp, fromSnapshot: true };
    } catch (error) {
      // Malformed (cut short, or not JSON): read the rows; the snapshot is written again after.
      console.warn('The register catalogue snapshot could not be read', error);
    }
  }
  return { ...(await readRows(mirror, companyId)), fromSnapshot: false };
}

/** Snapshots per company, each the parts of one whole snapshot at `snapshots.stamp`. */
function wholeSnapshots(snapshots: CatalogSnapshots): CatalogPart[][] {
  const byCompany = new Map<string, CatalogPart[]>();
  for (const part of snapshots.parts)
    byCompany.set(part.company_id, [...(byCompany.get(part.company_id) ?? []), part]);
  return [...byCompany.values()].filter((parts) => isWhole(parts, snapshots.stamp));
}

/** Parts already parsed, so a snapshot parsed ahead (parseSnapshotsAhead) is not parsed again. */
const parsedParts = new WeakMap<CatalogPart, MirrorProduct[]>();

function productsOf(part: CatalogPart): MirrorProduct[] {
  const parsed = parsedParts.get(part) ?? productsOfPart(part.company_id, part.columns);
  parsedParts.set(part, parsed);
  return parsed;
}

/**
 * Parses the whole snapshots read early now (P6), while the rest of the app is still being fetched, so the
 * register's loader finds its products ready. A malformed one is left for the loader, which reads the rows.
 */
export function parseSnapshotsAhead(snapshots: CatalogSnapshots): void {
  for (const parts of wholeSnapshots(snapshots)) {
    try {
      parts.forEach(productsOf);
    } catch {
      // The loader meets the same error and reads the rows instead.
    }
  }
}

function isWhole(parts: readonly CatalogPart[], stamp: number): boolean {
  return (
    parts.length > 0 &&
    parts.every((part, at) => part.part === at && part.parts === parts.length && isCurrent(part, stamp))
  );
}

/** Written at this stamp, with today's folding and layout. */
function isCurrent(part: CatalogPart, stamp: number): boolean {
  return part.stamp === stamp && part.keys_version === SEARCH_KEYS_VERSION && part.layout === SNAPSHOT_LAYOUT;
}

/** Every product row of the company and the stamp they are of, read in one transaction. */
async function readRows(
  mirror: MirrorDb,
  companyId: string,
): Promise<{ products: MirrorProduct[]; stamp: number }> {
  const read = await mirror.transaction('r', [mirror.meta, mirror.products], async () => ({
    stamp: await productsStamp(mirror),
    rows: await mirror.products.where('company_id').equals(companyId).toArray(),
  }));
  return { products: productsOnSale(read.rows), stamp: read.stamp };
}

/**
 * Writes the snapshot of `products` (as `readRegisterCatalog` answered them) unless the products stamp moved
 * since they were read: then they are already old, and the next read or pull writes a newer one.
 */
export async function saveRegisterCatalog(
  mirror: MirrorDb,
  companyId: string,
  read: Pick<RegisterCatalogRead, 'products' | 'stamp'>,
  partSize = PART_SIZE,
): Promise<boolean> {
  const count = Math.max(1, Math.ceil(read.products.length / partSize));
  const parts: CatalogPart[] = [];
  for (let part = 0; part < count; part++) {
    const slice = read.products.slice(part * partSize, (part + 1) * partSize);
    parts.push({
      company_id: companyId,
      part,
      parts: count,
      stamp: read.stamp,
      keys_version: SEARCH_KEYS_VERSION,
      layout: SNAPSHOT_LAYOUT,
      columns: JSON.stringify(columnsOf(slice)),
    });
  }
  const saved = await mirror.transaction('rw', [mirror.meta, mirror.registerCatalog], async () => {
    if ((await productsStamp(mirror)) !== read.stamp) return false;
    await partsOf(mirror, companyId).delete();
    await mirror.registerCatalog.bulkPut(parts);
    return true;
  });
  if (saved) awaitingSnapshot.delete(companyId);
  else awaitingSnapshot.add(companyId);
  return saved;
}

/**
 * Shops whose register read its rows while a pull was still changing them (a till opened during its first sync):
 * the snapshot it offered was already stale, and with none on disk the refresh after a pull would not know to
 * write one, so every cold start until the register reopened read the rows. In memory: the pull that will
 * settle them runs in this page.
 */
const awaitingSnapshot = new Set<string>();

/**
 * After a pull: the companies whose snapshot the products stamp has left behind get theirs written again from
 * the rows, so the next cold start reads a snapshot, and so do those whose register offered one a pull had
 * already overtaken. Companies without one get it when the register first opens there. Runs after the pull's
 * transactions, never inside them.
 */
export async function refreshRegisterCatalogs(mirror: MirrorDb): Promise<void> {
  const stamp = await productsStamp(mirror);
  const heads = await mirror.registerCatalog.where('part').equals(0).toArray();
  const stale = heads.filter((head) => !isCurrent(head, stamp)).map((head) => head.company_id);
  for (const companyId of new Set([...stale, ...awaitingSnapshot])) {
    if (await saveRegisterCatalog(mirror, companyId, await readRows(mirror, companyId))) {
      markBoot('catalog snapshot saved');
    }
  }
}

function columnsOf(products: readonly MirrorProduct[]): Columns {
  const columns: Columns = [[], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], []];
  for (const product of products) {
    const keys = searchKeysFor(product);
    columns[0].push(product.id);
    columns[1].push(product.category_id);
    columns[2].push(product.sku);
    columns[3].push(product.barcode);
    columns[4].push(product.name);
    columns[5].push(product.price);
    columns[6].push(product.tax_rate_bp);
    columns[7].push(product.track_stock);
    columns[8].push(product.weighed);
    columns[9].push(typeof product.quick_key === 'number' ? product.quick_key : null);
    columns[10].push(keys.name);
    columns[11].push(keys.sku);
    columns[12].push(keys.barcode);
    columns[13].push(product.scale_code ?? null);
    const variant = variantFieldsOf(product);
    // Most products have no options: null keeps the snapshot as small as it was.
    columns[14].push(variant.option_names?.length ? variant.option_names : null);
    columns[15].push(variant.variant_of ?? null);
    columns[16].push(variant.option_values ?? null);
    columns[17].push(variant.variant_position ?? null);
    columns[18].push(keys.options ?? null);
  }
  return columns;
}

/** The products of one part, each exactly as `registerProductOf` makes it from the row; throws if malformed. */
function productsOfPart(companyId: string, json: string): MirrorProduct[] {
  const [
    id,
    category,
    sku,
    barcode,
    name,
    price,
    tax,
    tracks,
    weighed,
    quickKey,
    keyName,
    keySku,
    keyBarcode,
    scaleCode,
    optionNames,
    variantOf,
    optionValues,
    variantPosition,
    keyOptions,
  ] = JSON.parse(json) as Columns;
  return id.map((productId, at) => ({
    id: productId,
    company_id: companyId,
    category_id: cell(category, at),
    sku: cell(sku, at),
    barcode: cell(barcode, at),
    name: cell(name, at),
    price: cell(price, at),
    tax_rate_bp: cell(tax, at),
    track_stock: cell(tracks, at),
    active: true,
    weighed: cell(weighed, at),
    quick_key: cell(quickKey, at),
    scale_code: cell(scaleCode, at),
    option_names: cell(optionNames, at) ?? [],
    variant_of: cell(variantOf, at),
    option_values: cell(optionValues, at),
    variant_position: cell(variantPosition, at),
    search_keys: withOptionsKey(
      {
        v: SEARCH_KEYS_VERSION,
        name: cell(keyName, at),
        sku: cell(keySku, at),
        barcode: cell(keyBarcode, at),
      },
      cell(keyOptions, at),
    ),
  }));
}

/** Keys as `searchKeysOf` makes them: the options key only on variants. */
function withOptionsKey(keys: SearchKeys, options: string | null): SearchKeys {
  return options === null ? keys : { ...keys, options };
}

function cell<T>(column: readonly T[], at: number): T {
  const value = column[at];
  if (value === undefined) throw new Error('A catalogue snapshot column is shorter than its ids');
  return value;
}

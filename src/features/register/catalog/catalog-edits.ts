// Catalogue edits a manager makes at the counter (sent and worded by src/data/remote/product-writes.ts): a product's quick key, and a new product for a barcode the
// shop did not know. supabase/SPEC.md has no op for products, so these are not queued in the outbox: they
// are written to the server's `products` table directly (RLS lets managers), need a connection, and then ask
// the sync engine to pull so the mirror follows. The answer is the product as the register should now show it.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { IdGenerator } from '../../../domain/ids';
import { err, ok, type Result } from '../../../domain/result';
import { needsConnection, sendWrite, type WriteAnswer } from '../../../data/remote/product-writes';
import type { MirrorProduct } from '../../../data/local/mirror-db';
import type { CatalogEdits, NewProductInput } from '../register-deps';

/** The two server writes this module makes; the app passes `productWritesOf(supabase)`, tests a fake. */
export interface ProductWrites {
  update: (id: string, fields: { quick_key: number | null }) => PromiseLike<WriteAnswer>;
  insert: (row: Record<string, unknown>) => PromiseLike<WriteAnswer>;
}

export function productWritesOf(supabase: SupabaseClient): ProductWrites {
  return {
    update: (id, fields) => supabase.from('products').update(fields, { count: 'exact' }).eq('id', id),
    insert: (row) => supabase.from('products').insert(row),
  };
}

export interface CatalogEditSetting {
  writes: ProductWrites;
  companyId: string;
  ids: IdGenerator;
  syncNow: () => void;
  online?: () => boolean;
}

export function makeCatalogEdits(setting: CatalogEditSetting): CatalogEdits {
  const online = setting.online ?? (() => navigator.onLine);

  // Offline is known before sending: say so at once rather than wait for the fetch to fail.
  const write = (send: () => PromiseLike<WriteAnswer>, mustTouchRow: boolean): Promise<Result<void>> =>
    online() ? sendWrite(send, mustTouchRow) : Promise.resolve(err('offline', needsConnection()));

  return {
    setQuickKey: async (product, quickKey) => {
      const written = await write(() => setting.writes.update(product.id, { quick_key: quickKey }), true);
      if (!written.ok) return written;
      setting.syncNow();
      return ok({ ...product, quick_key: quickKey });
    },
    addProduct: async (input: NewProductInput) => {
      const product: MirrorProduct = {
        id: setting.ids(),
        company_id: setting.companyId,
        category_id: input.categoryId,
        sku: null,
        barcode: input.barcode,
        name: input.name,
        price: input.price,
        tax_rate_bp: input.taxRateBp,
        track_stock: true,
        active: true,
        weighed: false,
      };
      const { id, company_id, category_id, barcode, name, price, tax_rate_bp } = product;
      const row = { id, company_id, category_id, barcode, name, price, tax_rate_bp };
      const written = await write(() => setting.writes.insert(row), false);
      if (!written.ok) return written;
      setting.syncNow();
      return ok(product);
    },
  };
}

/** A product's quick key (1–999) as pulled into the mirror, or null when it has none. */
export function quickKeyOf(product: MirrorProduct): number | null {
  const key = product.quick_key;
  return typeof key === 'number' && Number.isInteger(key) && key >= 1 && key <= 999 ? key : null;
}

/** The lowest quick key no product holds yet, or null when all 999 are taken. */
export function freeQuickKey(products: readonly MirrorProduct[]): number | null {
  const taken = new Set(products.map(quickKeyOf));
  for (let key = 1; key <= 999; key += 1) if (!taken.has(key)) return key;
  return null;
}

// What the products screen needs, as ports: this user's mirror (what the server sent: products, categories,
// stock levels) and the ledger (this till's unsynced stock deltas, for on hand), the company and the viewer's
// role, and the server writes (online only; product-writes.ts). The route builds them; tests pass fakes.
import type { LedgerDb } from '../../data/local/ledger-db';
import type { MirrorDb } from '../../data/local/mirror-db';
import type { MemberRole } from '../../data/remote/memberships';
import type { ModifierWriter } from '../../data/remote/modifier-writes';
import type { ProductWriter } from '../../data/remote/product-writes';
import type { SupplierBook } from '../../data/remote/supplier-writes';

export interface ProductsDeps {
  mirror: MirrorDb;
  ledger: LedgerDb;
  companyId: string;
  /** ISO 4217: prices are shown and typed in it. */
  currency: string;
  role: MemberRole;
  writer: ProductWriter;
  /** The modifier catalogue's writes (online only; modifier-writes.ts). */
  modifiers: ModifierWriter;
  /** The shop's suppliers, read and written on the server (online only; supplier-writes.ts). */
  suppliers: SupplierBook;
  /** After a successful write: pull now so the mirror (and this list) follows the server. */
  syncNow: () => void;
  /** Hands a file to the browser (src/lib/download.ts in the app). */
  download: (name: string, content: string, type: string) => void;
}

export function canEditProducts(role: MemberRole): boolean {
  return role === 'owner' || role === 'manager';
}

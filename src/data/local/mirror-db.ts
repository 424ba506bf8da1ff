// The mirror database (DESIGN §5): what the server owns and sends again — companies and their settings,
// members, stores, terminals, categories, products and their variants' links, modifiers, promotions and coupons,
// customer value (settings, accounts, balances), customers, stock levels — plus the pull cursors.
// Relaxed durability (the default): losing it costs a re-pull, nothing else. Rows are stored as pulled
// (every column), keyed by `id`; the indexes are what the register and lists look rows up by. Products also
// carry their search keys (`search_keys`, folded once as they are stored) so the register starts by reading
// rows, not by folding 50,000 names (P6).
import { Dexie, type EntityTable, type Table } from 'dexie';
import { searchKeysOf, type SearchKeys } from '../../domain/product-search';
import type { PinKdf } from '../../domain/staff-pin';
import type { AccountStatus, ValueKind } from '../../domain/value/kinds';
import type { CatalogPart } from './register-catalog';

/** A pulled row: every column of the server's table, as pull_changes sends it. */
export interface MirrorRow {
  id: string;
  company_id?: string;
  txid?: string;
  deleted_at?: string | null;
  [column: string]: unknown;
}

export interface MirrorProduct extends MirrorRow {
  company_id: string;
  category_id: string | null;
  sku: string | null;
  barcode: string | null;
  name: string;
  price: number;
  tax_rate_bp: number;
  track_stock: boolean;
  active: boolean;
  weighed: boolean;
  /** How it is sold: 'each', or by 'kg', 'g', 'l', 'm' (absent in rows pulled before it was read). */
  unit?: string;
  /** What one unit cost the shop, in minor units; null when unknown (absent in rows pulled before issue 21). */
  cost?: number | null;
  /** The item code on scale labels (absent in rows pulled before the column existed). */
  scale_code?: string | null;
  /** The product's supplier ([INS-9]; absent in rows pulled before the column existed). */
  supplier_id?: string | null;
  /** A parent's options, e.g. ["Size", "Colour"] (VAR-1): the register asks for them instead of selling it. */
  option_names?: string[];
  /** Not server columns: a variant's link (VAR-3) copied onto its product row as pulls store either. */
  variant_of?: string | null;
  option_values?: string[] | null;
  variant_position?: number | null;
  /** Not a server column: the product's folded text, set whenever the row is stored (`addSearchKeys`). */
  search_keys?: SearchKeys;
}

/** A variant's link to its parent (VAR-3), as pulled. */
export interface MirrorVariant extends MirrorRow {
  company_id: string;
  parent_id: string;
  option_values: string[];
  position: number;
}

/**
 * Copies a variant's link onto its product row (or clears it: `link` undefined or removed), so the register's
 * catalogue, built from product rows alone, knows each variant's parent and values. Sets them on `row` itself.
 */
export function withVariantLink<R extends MirrorRow>(row: R, link: MirrorVariant | undefined): R {
  const live = link && (link.deleted_at === null || link.deleted_at === undefined) ? link : undefined;
  return Object.assign(row, {
    variant_of: live?.parent_id ?? null,
    option_values: live?.option_values ?? null,
    variant_position: live?.position ?? null,
  });
}

/**
 * A product row as the mirror stores it: with its search keys, folded by the search index's own function so
 * the two never disagree. Sets them on `row` itself (a pulled row, about to be written) and returns it.
 */
export function addSearchKeys<R extends MirrorRow>(row: R): R & { search_keys: SearchKeys } {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return Object.assign(row, {
    search_keys: searchKeysOf({
      name: text(row.name) ?? '',
      sku: text(row.sku),
      barcode: text(row.barcode),
      option_values: Array.isArray(row.option_values) ? (row.option_values as string[]) : null,
    }),
  });
}

/** A parent's variants among `products` (those the list holds: all, or only those on sale), in grid order. */
export function variantsOf<P extends MirrorProduct>(products: readonly P[], parentId: string): P[] {
  return products
    .filter((product) => product.variant_of === parentId && Array.isArray(product.option_values))
    .sort((a, b) => (a.variant_position ?? 0) - (b.variant_position ?? 0));
}

export interface MirrorStockLevel extends MirrorRow {
  company_id: string;
  store_id: string;
  product_id: string;
  on_hand: number;
}

export interface MirrorMember extends MirrorRow {
  company_id: string;
  user_id: string;
  role: 'owner' | 'manager' | 'cashier';
  display_name: string;
}

/** A person who may sell on a shared till (issue 18): a member (`id = user_id`) or PIN-only staff. */
export interface MirrorStaff extends MirrorRow {
  company_id: string;
  user_id: string | null;
  name: string;
  role: 'owner' | 'manager' | 'cashier';
  active: boolean;
  /**
   * What checks this person's PIN offline (src/domain/staff-pin.ts); null until a PIN is set, and null for
   * others' rows on a device that may not check PINs offline ([STAFF-14]: a cashier's session).
   */
  pin_salt: string | null;
  /** PBKDF2 iterations of a PIN set before Argon2id (pin_kdf says the same); null otherwise. */
  pin_iterations: number | null;
  /** How the key is derived ([STAFF-15]); rows pulled before issue 33 lack it (PBKDF2 with pin_iterations). */
  pin_kdf?: PinKdf | null;
  pin_verifier: string | null;
  /** Whether a PIN is set, which every device receives; rows pulled before issue 33 lack it. */
  pin_set?: boolean;
  /**
   * The person's live security keys (issue 33, `staff.passkeys`): public, so every device receives them, and
   * a till checks a key's approval offline against them ([PASSKEY-T7]). Rows pulled before lack it.
   */
  passkeys?: MirrorPasskey[];
}

/** One security key of a person, as `staff.passkeys` projects it (base64url values). */
export interface MirrorPasskey {
  id: string;
  credential_id: string;
  /** SPKI DER of an ES256 (P-256) key. */
  public_key: string;
  /** The relying party (host) the key was registered for. */
  rp_id: string;
  name: string;
  created_at: string;
}

/** [MOD-1] A modifier group as pulled: required when min_choices ≥ 1. */
export interface MirrorModifierGroup extends MirrorRow {
  company_id: string;
  name: string;
  min_choices: number;
  max_choices: number;
  position: number;
}

export interface MirrorModifierOption extends MirrorRow {
  company_id: string;
  group_id: string;
  name: string;
  price_delta: number;
  position: number;
  active: boolean;
}

export interface MirrorProductModifierGroup extends MirrorRow {
  company_id: string;
  product_id: string;
  group_id: string;
  position: number;
}

/** A promotion as pulled (issue 36): `rule` and `slots` as stored, read by promotion-row.ts. */
export interface MirrorPromotion extends MirrorRow {
  company_id: string;
  name: string;
  status: string;
}

/** A coupon code as pulled (issue 36): upper case, unique in its shop among live rows. */
export interface MirrorCoupon extends MirrorRow {
  company_id: string;
  promotion_id: string;
  code: string;
  max_uses: number | null;
  uses: number;
  expires_at: string | null;
  active: boolean;
}

/**
 * [VAL-32] A value account as pulled: a gift card (only its code's hash and last four, never the code) or a
 * customer's store credit, points or account on credit, whose id is derived ([VAL-1], `customerAccountId`).
 */
export interface MirrorValueAccount extends MirrorRow {
  company_id: string;
  kind: ValueKind;
  customer_id: string | null;
  code_hash: string | null;
  code_last4: string | null;
  status: AccountStatus;
  /** An account on credit's limit (minor units); null for the other kinds. */
  credit_limit: number | null;
}

/** [VAL-32] An account's balance as pulled (`id` = `account_id`): what the shop owes the holder ([VAL-7]). */
export interface MirrorValueBalance extends MirrorRow {
  company_id: string;
  account_id: string;
  balance: number;
}

/** [PUR-1] A purchase order as pulled; quantities and money as [OPS-7], [OPS-8] (numeric text or number). */
export interface MirrorPurchaseOrder extends MirrorRow {
  company_id: string;
  store_id: string;
  supplier_id: string;
  number: string | null;
  status: string;
  expected_on?: string | null;
  version?: number;
}

/** [PUR-2] A purchase order's line as pulled: `received`, `held`, `cancelled` are the server's running totals. */
export interface MirrorPurchaseOrderLine extends MirrorRow {
  company_id: string;
  purchase_order_id: string;
  product_id: string;
  position: number;
  quantity: string | number;
  unit_cost: number | null;
  off_supplier?: boolean;
  received: string | number;
  held: string | number;
  cancelled: string | number;
}

/** [PUR-4] A transfer as pulled. */
export interface MirrorTransfer extends MirrorRow {
  company_id: string;
  from_store_id: string;
  to_store_id: string;
  number: string | null;
  status: string;
}

/** [PUR-4] A transfer's line as pulled. */
export interface MirrorTransferLine extends MirrorRow {
  company_id: string;
  transfer_id: string;
  product_id: string;
  position: number;
  quantity: string | number;
  sent: string | number;
  received: string | number;
  damaged: string | number;
  held: string | number;
  lost: string | number;
  returned: string | number;
}

/** [PUR-6] A stocktake as pulled. */
export interface MirrorStocktake extends MirrorRow {
  company_id: string;
  store_id: string;
  number: string | null;
  status: string;
  scope: string;
  category_id: string | null;
  supplier_id: string | null;
}

export interface PullCursor {
  table: string;
  /** The `next` of the last page, sent back unchanged ([PULL-3]); null before the first page. */
  after: { txid: string; id: string } | null;
  /** A full pass reached the end at least once. */
  complete: boolean;
  pulled_at: string | null;
}

export interface MirrorMeta {
  key: string;
  value: unknown;
}

/**
 * The mirrored server tables and their Dexie table names, in the order a pull takes them: what the register
 * reads comes first (settings, staff for the lock screen, catalogue, stock), customers last, so a first sync
 * opens the register sooner.
 */
export const MIRRORED_TABLES = {
  company_members: 'companyMembers',
  companies: 'companies',
  stores: 'stores',
  terminals: 'terminals',
  staff: 'staff',
  categories: 'categories',
  products: 'products',
  product_variants: 'productVariants',
  modifier_groups: 'modifierGroups',
  modifier_options: 'modifierOptions',
  product_modifier_groups: 'productModifierGroups',
  promotions: 'promotions',
  coupons: 'coupons',
  stock_levels: 'stockLevels',
  value_settings: 'valueSettings',
  value_accounts: 'valueAccounts',
  value_balances: 'valueBalances',
  suppliers: 'suppliers',
  purchasing_settings: 'purchasingSettings',
  purchase_orders: 'purchaseOrders',
  purchase_order_lines: 'purchaseOrderLines',
  purchase_receipts: 'purchaseReceipts',
  purchase_receipt_lines: 'purchaseReceiptLines',
  transfers: 'transfers',
  transfer_lines: 'transferLines',
  transfer_receipts: 'transferReceipts',
  transfer_receipt_lines: 'transferReceiptLines',
  stocktakes: 'stocktakes',
  stocktake_lines: 'stocktakeLines',
  customers: 'customers',
} as const;

export type MirroredTable = keyof typeof MIRRORED_TABLES;

export class MirrorDb extends Dexie {
  companies!: EntityTable<MirrorRow, 'id'>;
  companyMembers!: EntityTable<MirrorMember, 'id'>;
  stores!: EntityTable<MirrorRow, 'id'>;
  terminals!: EntityTable<MirrorRow, 'id'>;
  staff!: EntityTable<MirrorStaff, 'id'>;
  categories!: EntityTable<MirrorRow, 'id'>;
  products!: EntityTable<MirrorProduct, 'id'>;
  productVariants!: EntityTable<MirrorVariant, 'id'>;
  customers!: EntityTable<MirrorRow, 'id'>;
  stockLevels!: EntityTable<MirrorStockLevel, 'id'>;
  modifierGroups!: EntityTable<MirrorModifierGroup, 'id'>;
  modifierOptions!: EntityTable<MirrorModifierOption, 'id'>;
  productModifierGroups!: EntityTable<MirrorProductModifierGroup, 'id'>;
  promotions!: EntityTable<MirrorPromotion, 'id'>;
  coupons!: EntityTable<MirrorCoupon, 'id'>;
  /** One row per shop, `id` = `company_id`; read with `valueSettingsOf` (domain/value/settings.ts). */
  valueSettings!: EntityTable<MirrorRow, 'id'>;
  valueAccounts!: EntityTable<MirrorValueAccount, 'id'>;
  valueBalances!: EntityTable<MirrorValueBalance, 'id'>;
  suppliers!: EntityTable<MirrorRow, 'id'>;
  /** One row per shop, `id` = `company_id` ([PUR-8]); read with `purchasingSettingsOf` (purchasing-reads.ts). */
  purchasingSettings!: EntityTable<MirrorRow, 'id'>;
  purchaseOrders!: EntityTable<MirrorPurchaseOrder, 'id'>;
  purchaseOrderLines!: EntityTable<MirrorPurchaseOrderLine, 'id'>;
  purchaseReceipts!: EntityTable<MirrorRow, 'id'>;
  purchaseReceiptLines!: EntityTable<MirrorRow, 'id'>;
  transfers!: EntityTable<MirrorTransfer, 'id'>;
  transferLines!: EntityTable<MirrorTransferLine, 'id'>;
  transferReceipts!: EntityTable<MirrorRow, 'id'>;
  transferReceiptLines!: EntityTable<MirrorRow, 'id'>;
  stocktakes!: EntityTable<MirrorStocktake, 'id'>;
  stocktakeLines!: EntityTable<MirrorRow, 'id'>;
  cursors!: EntityTable<PullCursor, 'table'>;
  meta!: EntityTable<MirrorMeta, 'key'>;
  registerCatalog!: Table<CatalogPart, [string, number]>;

  constructor(name: string, options: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {}) {
    super(name, options);
    this.version(1).stores({
      companies: 'id',
      companyMembers: 'id, company_id, user_id',
      stores: 'id, company_id',
      terminals: 'id, company_id, store_id',
      categories: 'id, company_id',
      products: 'id, company_id, barcode, sku, category_id',
      customers: 'id, company_id, email',
      stockLevels: 'id, [store_id+product_id], product_id',
      cursors: 'table',
      meta: 'key',
    });
    // Version 2 drops the big tables' indexes that no query uses (the register finds barcodes and SKUs in
    // its in-memory index): every index is written on every row of a 50,000-product first sync (P1).
    this.version(2).stores({
      products: 'id, company_id',
      customers: 'id, company_id',
      stockLevels: 'id, [store_id+product_id]',
    });
    // Version 3 stores each product's search keys; rows pulled before it get theirs here, once, so the
    // register never has to fold them at start and no new first sync is needed.
    this.version(3)
      .stores({})
      .upgrade(async (tx) => {
        await tx
          .table<MirrorRow, string>('products')
          .toCollection()
          .modify((row) => {
            addSearchKeys(row);
          });
      });
    // Version 4 mirrors the shop's staff, whom a shared till's lock screen lists (issue 18).
    this.version(4).stores({ staff: 'id, company_id' });
    // Version 5 keeps the register's catalogue snapshot ([PULL-S], register-catalog.ts): empty until the
    // register or a pull writes it, so a device that upgrades starts once from the rows.
    this.version(5).stores({ registerCatalog: '[company_id+part], part' });
    // Version 6 mirrors variants' links (issue 21): by parent for a product's grid. Empty until pulled; each
    // link is also copied onto its product row (`withVariantLink`), which the register reads.
    this.version(6).stores({ productVariants: 'id, company_id, parent_id' });
    // Version 7 mirrors the modifier catalogue ([MOD-1], issue 21): groups, their options, and which products
    // ask for which groups. (Version 6 is the variants'.)
    this.version(7).stores({
      modifierGroups: 'id, company_id',
      modifierOptions: 'id, company_id',
      productModifierGroups: 'id, company_id, product_id',
    });
    // Version 8 mirrors promotions and their coupons (issue 36): the register works deals out offline from
    // them. Empty until pulled; a coupon is looked up by its code within its shop.
    this.version(8).stores({
      promotions: 'id, company_id',
      coupons: 'id, company_id, [company_id+code]',
    });
    // Version 9 mirrors customer value (issue 37, [VAL-32]): the shop's settings, gift cards and customers'
    // accounts, and their balances, so a till spends offline within what it knows ([VAL-20]). A card is
    // found by its code's hash within its shop (a void card may share it with a live one), a customer's
    // accounts by the customer. Empty until pulled.
    this.version(9).stores({
      valueSettings: 'id',
      valueAccounts: 'id, company_id, [company_id+code_hash], customer_id',
      valueBalances: 'id, company_id',
    });
    // Version 10 mirrors purchasing and stock control (issue 38, [PUR-9]): suppliers, the shop's purchasing
    // settings, and the documents a till receives, sends and counts with their lines and receipts, so it
    // does so offline. Lines are found by their document; receipts by their order or transfer. Empty until
    // pulled.
    this.version(10).stores({
      suppliers: 'id, company_id',
      purchasingSettings: 'id',
      purchaseOrders: 'id, company_id, store_id',
      purchaseOrderLines: 'id, purchase_order_id',
      purchaseReceipts: 'id, purchase_order_id',
      purchaseReceiptLines: 'id, receipt_id',
      transfers: 'id, company_id',
      transferLines: 'id, transfer_id',
      transferReceipts: 'id, transfer_id',
      transferReceiptLines: 'id, receipt_id',
      stocktakes: 'id, company_id, store_id',
      stocktakeLines: 'id, stocktake_id',
    });
  }
}

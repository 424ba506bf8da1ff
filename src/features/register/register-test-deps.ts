// Test wiring for the register's dom tests: real ledger, mirror and cart store on fake-indexeddb, a
// registered till (T1), a small catalog and the real completeSale, so a test sale goes through recordSale.

import {
  fakeLayout as fakeLayoutOf,
  withFakeLayout as withFakeLayoutOf,
} from '../../../tests/support/fake-layout';
import { fixedClock } from '../../domain/clock';
import { pinnedIds } from '../../domain/ids';
import { ProductSearchIndex } from '../../domain/product-search';
import type { PricingRules } from '../../domain/cart';
import { CartStore } from '../../data/local/cart-store';
import { LedgerDb } from '../../data/local/ledger-db';
import type { TerminalIdentity } from '../../data/local/ledger-types';
import { MirrorDb, type MirrorProduct } from '../../data/local/mirror-db';
import type { CatalogEdits, RegisterDeps, RegisterRole } from './register-deps';
import type { EmbeddedLayout } from '../../domain/embedded-barcode';
import { productsOnSale } from '../../data/local/register-catalog';
import { registerDepsFor, type RegisterSources } from './register-wiring';
import type { CommandDeps } from '../../data/local/command-deps';
import type { BurstOptions } from './scanner/scanner-burst';
import userEvent from '@testing-library/user-event';

export const COMPANY = 'e1000000-0000-4000-8000-000000000001';
export const STORE = 'e2000000-0000-4000-8000-000000000001';
const BAKERY = 'e3000000-0000-4000-8000-000000000001';
const FRUIT = 'e3000000-0000-4000-8000-000000000002';

function product(
  id: number,
  fields: Partial<MirrorProduct> & { name: string; price: number },
): MirrorProduct {
  return {
    id: `e4000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    company_id: COMPANY,
    category_id: BAKERY,
    sku: null,
    barcode: null,
    tax_rate_bp: 2000,
    track_stock: true,
    active: true,
    weighed: false,
    ...fields,
  };
}

export const CROISSANT = product(1, {
  name: 'Croissant',
  price: 250,
  sku: 'CRO-1',
  barcode: '4006381333931',
});
export const BAGUETTE = product(2, { name: 'Baguette', price: 120, barcode: '3017620422003' });
export const BANANAS = product(3, {
  name: 'Bananas',
  price: 199,
  weighed: true,
  category_id: FRUIT,
  scale_code: '4',
});
export const TART = product(4, {
  name: 'Apple tart',
  price: 390,
  barcode: '5000000000017',
  scale_code: '00070',
});
const PRODUCTS = [CROISSANT, BAGUETTE, BANANAS, TART];

/** A parent with options (issue 21) and its variants on sale; M / Black is not (inactive, so not here). */
export const TSHIRT = product(10, { name: 'T-shirt', price: 1500, option_names: ['Size', 'Colour'] });
export const TSHIRT_VARIANTS = (
  [
    ['S', 'Blue', 1500],
    ['S', 'Black', 1500],
    ['M', 'Blue', 1500],
    ['L', 'Blue', 1700],
    ['L', 'Black', 1700],
  ] as const
).map(([size, colour, price], at) =>
  product(11 + at, {
    name: `T-shirt ${size} / ${colour}`,
    price,
    barcode: `40100000000${String(11 + at)}`,
    variant_of: TSHIRT.id,
    option_values: [size, colour],
    variant_position: at,
  }),
);

export const RULES: PricingRules = { currency: 'EUR', taxMode: 'inclusive', cashRounding: 1 };

/** The test shop's scale: price labels start 21, weight labels 22 (5-digit item code, as the demo shop's). */
export const SCALE_LAYOUTS: EmbeddedLayout[] = [
  { prefix: '21', kind: 'price', itemDigits: 5, decimals: 2, valueCheckDigit: false },
  { prefix: '22', kind: 'weight', itemDigits: 5, decimals: 3, valueCheckDigit: false },
];

export interface RegisterWorld {
  deps: RegisterDeps;
  ledger: LedgerDb;
  cartStore: CartStore;
  mirror: MirrorDb;
  commandDeps: CommandDeps;
}

export interface RegisterWorldOptions {
  scanner?: BurstOptions;
  cartStore?: CartStore;
  role?: RegisterRole;
  catalogEdits?: CatalogEdits;
  /** The T-shirt and its variants join the test products (issue 21). */
  variants?: boolean;
  /** Quick keys to give the test products, by product id. */
  quickKeys?: Readonly<Record<string, number>>;
  /** A shared till's hooks (issue 18), built on the world's own ledger and mirror. */
  sharedTill?: (commandDeps: CommandDeps, mirror: MirrorDb) => SharedTillSources;
}

type SharedTillSources = Pick<RegisterSources, 'signCashier' | 'approve' | 'onSaleDone' | 'onLineRemoved'>;

export async function registerWorld(options: RegisterWorldOptions = {}): Promise<RegisterWorld> {
  const ledger = new LedgerDb(`ledger-${crypto.randomUUID()}`);
  const mirror = new MirrorDb(`mirror-${crypto.randomUUID()}`);
  const cartStore = options.cartStore ?? new CartStore(`carts-${crypto.randomUUID()}`);
  const terminal: TerminalIdentity = {
    company_id: COMPANY,
    id: 'e5000000-0000-4000-8000-000000000001',
    code: 'T1',
    name: 'Front counter',
    store_id: STORE,
    receipt_counter: 0,
    registered_at: '2026-11-21T08:00:00Z',
  };
  await ledger.terminals.put(terminal);
  await mirror.stockLevels.bulkPut([
    { id: 's1', company_id: COMPANY, store_id: STORE, product_id: CROISSANT.id, on_hand: 10 },
    { id: 's4', company_id: COMPANY, store_id: STORE, product_id: TART.id, on_hand: -2 },
  ]);
  const products = [...PRODUCTS, ...(options.variants ? [TSHIRT, ...TSHIRT_VARIANTS] : [])].map((item) => {
    const key = options.quickKeys?.[item.id];
    return key === undefined ? item : { ...item, quick_key: key };
  });
  const catalog = {
    index: new ProductSearchIndex(products),
    products: productsOnSale(products),
    categories: [
      { id: BAKERY, name: 'Bakery' },
      { id: FRUIT, name: 'Fruit' },
    ],
  };
  const commandDeps: CommandDeps = { ledger, ids: pinnedIds(), clock: fixedClock('2026-11-21T09:15:00Z') };
  const deps: RegisterDeps = {
    ...registerDepsFor(
      {
        commandDeps,
        mirror,
        cartStore,
        cashierId: null,
        ...(options.role ? { role: options.role } : {}),
        ...options.sharedTill?.(commandDeps, mirror),
      },
      {
        kind: 'ready',
        catalog,
        rules: RULES,
        scaleLayouts: SCALE_LAYOUTS,
        terminal,
        timeZone: 'Europe/Paris',
      },
    ),
    ...(options.scanner ? { scanner: options.scanner } : {}),
    ...(options.role ? { role: options.role } : {}),
    ...(options.catalogEdits ? { catalogEdits: options.catalogEdits } : {}),
  };
  return { deps, ledger, cartStore, mirror, commandDeps };
}

/** jsdom lays nothing out: every element measures a screenful (640 × 600); answers a restore function. */
export const fakeLayout = (): (() => void) => fakeLayoutOf(640, 600);

/** For a whole test file: the screenful from before its first test to after its last. */
export const withFakeLayout = (): void => {
  withFakeLayoutOf(640, 600);
};

/** A required single choice 'Milk' (one option, 'Whole') on `productId`, written to the mirror. */
export async function withMilkChoice(mirror: MirrorDb, productId: string): Promise<void> {
  const milk = 'e6000000-0000-4000-8000-000000000001';
  await mirror.modifierGroups.put({
    id: milk,
    company_id: COMPANY,
    name: 'Milk',
    min_choices: 1,
    max_choices: 1,
    position: 1,
  });
  await mirror.modifierOptions.put({
    id: 'e7000000-0000-4000-8000-000000000001',
    company_id: COMPANY,
    group_id: milk,
    name: 'Whole',
    price_delta: 0,
    position: 1,
    active: true,
  });
  await mirror.productModifierGroups.put({
    id: 'pmg-1',
    company_id: COMPANY,
    product_id: productId,
    group_id: milk,
    position: 1,
  });
}

export const TWO_CROISSANTS = 'e8000000-0000-4000-8000-000000000001';
export const WELCOME = 'e8000000-0000-4000-8000-000000000002';
export const PAUSED = 'e8000000-0000-4000-8000-000000000003';

/**
 * Issue 36: the test shop's promotions, as a pull stores them — two croissants for €4 (mix and match), a
 * coupon-only 10 % off the basket (WELCOME10, ONCE-1 single-use, OLD expired, BREAK paused) — in the mirror.
 */
export async function withPromotions(mirror: MirrorDb): Promise<void> {
  const promotion = (id: string, name: string, rule: unknown, extra: Record<string, unknown> = {}) => ({
    id,
    company_id: COMPANY,
    name,
    status: 'active',
    priority: 100,
    combinable: true,
    starts_at: null,
    ends_at: null,
    slots: [],
    store_ids: [],
    customers_only: false,
    coupon_only: false,
    rule,
    deleted_at: null,
    ...extra,
  });
  const items = { product_ids: [CROISSANT.id], category_ids: [] };
  await mirror.promotions.bulkPut([
    promotion(TWO_CROISSANTS, '2 croissants for €4', {
      kind: 'mix_match',
      items,
      quantity: 2,
      price: 400,
      repeat: true,
    }),
    promotion(
      WELCOME,
      'Welcome 10 %',
      { kind: 'percent_off', items: null, rate: 1000 },
      { coupon_only: true },
    ),
    promotion(PAUSED, 'Winter break', { kind: 'percent_off', items: null, rate: 2000 }, { status: 'paused' }),
  ]);
  const coupon = (code: string, promotionId: string, extra: Record<string, unknown> = {}) => ({
    id: `coupon-${code}`,
    company_id: COMPANY,
    promotion_id: promotionId,
    code,
    max_uses: null,
    uses: 0,
    expires_at: null,
    active: true,
    deleted_at: null,
    ...extra,
  });
  await mirror.coupons.bulkPut([
    coupon('WELCOME10', WELCOME),
    coupon('ONCE-1', WELCOME, { max_uses: 1, uses: 1 }),
    coupon('OLD', WELCOME, { expires_at: '2026-01-01T00:00:00Z' }),
    coupon('BREAK', PAUSED),
  ]);
}

/**
 * A person at the keyboard: keys 50 ms apart, slower than the scanner's burst gap (35 ms), so the burst detector
 * lets each key through as it comes. Typed faster, keys are held back and then put into the field by the
 * detector — right in a browser, but user-event keeps its own idea of the field's value and types the next key
 * onto that (on a loaded machine 'tart' became 'tt').
 */
export const person = () => userEvent.setup({ delay: 50 });

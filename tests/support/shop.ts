// Shops for server tests: real users signed up through /auth/v1, a company made with create_company, staff
// joined through invites, products, and registered terminals — each test file gets its own shop, so tests
// never see each other's sales or stock. Also supabase-js clients for the seeded demo users.
import type { SupabaseClient } from '@supabase/supabase-js';
import { v7 as uuidv7 } from 'uuid';
import { signJwt } from '../../supabase/local/jwt';
import { dayIn } from '../../src/lib/calendar';
import { DEMO, type DemoRole } from './demo';
import { anonClient, signUpConfirmed, uniqueEmail } from './supabase';
import { userClient } from './tokens';

export type Role = 'owner' | 'manager' | 'cashier';

/** Every test shop keeps Paris time, so a report's "today" is Paris's day, not UTC's (they differ after 23:00 UTC). */
export const SHOP_TIME_ZONE = 'Europe/Paris';

/** The test shop's calendar day of `at`, as the server's reports count days. */
export function shopDay(at: Date = new Date()): string {
  return dayIn(SHOP_TIME_ZONE, at);
}

export interface Person {
  client: SupabaseClient;
  id: string;
  email: string;
}

export interface Product {
  id: string;
  name: string;
  sku: string;
  price: number;
  tax_rate_bp: number;
  track_stock: boolean;
}

export interface Shop {
  companyId: string;
  storeId: string;
  owner: Person;
  manager: Person;
  cashier: Person;
  products: Product[];
}

/** Throws the PostgREST error, so a failing setup step says what failed. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the row shape PostgREST returns untyped
export function must<T>(result: { data: unknown; error: { message: string } | null }, what: string): T {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  return result.data as T;
}

/** The i-th item, or a clear failure when a test's setup did not make it. */
export function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`expected an item at index ${index} of ${items.length}`);
  return item;
}

export async function signUpPerson(label = 'user'): Promise<Person> {
  const client = anonClient();
  const email = uniqueEmail(label);
  const session = await signUpConfirmed(client, email, 'test-password-1');
  return { client, id: session.user.id, email };
}

/** A supabase-js client for a seeded demo user, with a token minted for its fixed id. */
export async function demoPerson(role: DemoRole): Promise<Person> {
  const user = DEMO.users[role];
  const now = Math.floor(Date.now() / 1000);
  const token = await signJwt({
    sub: user.id,
    role: 'authenticated',
    aud: 'authenticated',
    email: user.email,
    iat: now,
    exp: now + 3600,
  });
  const { client } = await userClient({ id: user.id, email: user.email, token });
  return { client, id: user.id, email: user.email };
}

export async function invite(owner: Person, companyId: string, role: Role, label: string): Promise<Person> {
  const person = await signUpPerson(label);
  const created = must<{ code: string }>(
    await owner.client.rpc('create_invite', { p_company: companyId, p_role: role }),
    'create_invite',
  );
  must<unknown>(await person.client.rpc('join_company', { p_code: created.code }), 'join_company');
  return person;
}

export async function createShop(
  options: { pricesIncludeTax?: boolean; products?: number } = {},
): Promise<Shop> {
  const owner = await signUpPerson('owner');
  const made = must<{ company_id: string; store_id: string }>(
    await owner.client.rpc('create_company', {
      p_name: 'Test Shop',
      p_currency: 'EUR',
      p_time_zone: SHOP_TIME_ZONE,
      p_prices_include_tax: options.pricesIncludeTax ?? true,
      p_default_tax_rate_bp: 2000,
    }),
    'create_company',
  );
  const manager = await invite(owner, made.company_id, 'manager', 'manager');
  const cashier = await invite(owner, made.company_id, 'cashier', 'cashier');
  const count = options.products ?? 3;
  const rows = Array.from({ length: count }, (_, i) => ({
    company_id: made.company_id,
    name: `Product ${i + 1}`,
    sku: `P-${i + 1}`,
    barcode: `99${String(i + 1).padStart(6, '0')}`,
    price: 100 + 75 * i,
    tax_rate_bp: i % 3 === 2 ? 550 : 2000,
    track_stock: true,
  }));
  const products = must<Product[]>(
    await manager.client
      .from('products')
      .insert(rows)
      .select('id, name, sku, price, tax_rate_bp, track_stock'),
    'insert products',
  );
  products.sort((a, b) => a.sku.localeCompare(b.sku, 'en', { numeric: true }));
  return { companyId: made.company_id, storeId: made.store_id, owner, manager, cashier, products };
}

/** A second store of the shop, added by its owner: its id. */
export async function addStore(shop: Shop, name: string): Promise<string> {
  return must<{ id: string }>(
    await shop.owner.client.from('stores').insert({ company_id: shop.companyId, name }).select('id').single(),
    name,
  ).id;
}

export interface Terminal {
  id: string;
  code: string;
  storeId: string;
  /** The next receipt number from this terminal's own counter. */
  nextReceipt(): string;
}

export async function registerTerminal(person: Person, storeId: string, name = 'Till'): Promise<Terminal> {
  const row = must<{ id: string; code: string }>(
    await person.client.rpc('register_terminal', { p_store: storeId, p_name: name, p_id: uuidv7() }),
    'register_terminal',
  );
  let counter = 0;
  return {
    id: row.id,
    code: row.code,
    storeId,
    nextReceipt: () => `${row.code}-${String(++counter).padStart(6, '0')}`,
  };
}

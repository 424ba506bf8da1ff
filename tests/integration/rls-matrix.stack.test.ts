// The row-level security matrix (supabase/SPEC.md §2): every table × select/insert/update/delete × {anon,
// member of another company, cashier, manager, owner, a paired till of the shop and one of another shop
// ([DEV-9])}, generated from one table of expectations. "Denied"
// must be a permission failure (SQLSTATE 42501) or a statement that sees no rows — never a constraint error
// that happens to look like one.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, test } from 'vitest';
import { applyOps, op, saleArgs } from '../support/ops';
import { addStore, createShop, must, nth, registerTerminal } from '../support/shop';
import type { Shop, Terminal } from '../support/shop';
import { anonClient, serviceClient } from '../support/supabase';
import { pairDevice } from '../support/devices';
import {
  addSupplier,
  insertPurchaseOrder,
  insertPurchaseReceipt,
  insertStocktake,
  insertTransfer,
  insertTransferReceipt,
} from '../support/purchasing';
import { newReceiptToken } from '../../src/domain/receipt-link';

type Actor = 'anon' | 'other' | 'cashier' | 'manager' | 'owner' | 'device' | 'otherDevice';
type Action = 'select' | 'insert' | 'update' | 'delete';

const ANYONE: Actor[] = ['anon', 'other', 'cashier', 'manager', 'owner', 'device', 'otherDevice'];
const MEMBER: Actor[] = ['cashier', 'manager', 'owner'];
const MANAGER: Actor[] = ['manager', 'owner'];
const OWNER: Actor[] = ['owner'];
const NOBODY: Actor[] = [];
// [DEV-9] A paired till reads its own shop, store, store's tills and devices row through the API, no more.
const MEMBER_OR_TILL: Actor[] = [...MEMBER, 'device'];

interface TableRule {
  key: string;
  select: Actor[];
  insert: Actor[];
  update: Actor[];
  /** The column an update writes (to the value it already has, or a fresh one). */
  column: string;
  /** A fresh, valid row for this shop; only used where insert is tried. */
  row: () => Record<string, unknown>;
}

let shop: Shop;
let other: Shop;
let till: Terminal;
const fresh = () => crypto.randomUUID();
const tag = () => crypto.randomUUID().slice(0, 8);
const now = () => new Date().toISOString();

const records = (extra: () => Record<string, unknown>) => () => ({
  id: fresh(),
  company_id: shop.companyId,
  ...extra(),
});

// [RLS-3] [RLS-4] [RLS-5] Delete is denied to everyone on every table.
const RULES: Record<string, TableRule> = {
  currencies: {
    key: 'code',
    select: ANYONE,
    insert: NOBODY,
    update: NOBODY,
    column: 'minor_units',
    row: () => ({ code: 'XTS', minor_units: 2 }),
  },
  companies: {
    key: 'id',
    select: MEMBER_OR_TILL,
    insert: NOBODY,
    update: OWNER,
    column: 'name',
    row: () => ({ name: `Shop ${tag()}`, currency: 'EUR' }),
  },
  company_members: {
    key: 'id',
    select: MEMBER,
    insert: NOBODY,
    update: OWNER,
    column: 'display_name',
    row: () => ({
      company_id: shop.companyId,
      user_id: other.owner.id,
      role: 'owner',
      display_name: 'Intruder',
    }),
  },
  invites: {
    key: 'id',
    select: OWNER,
    insert: NOBODY,
    update: NOBODY,
    column: 'email',
    row: () => ({
      company_id: shop.companyId,
      code: 'ABCDEFGH',
      role: 'owner',
      expires_at: '2099-01-01T00:00:00Z',
    }),
  },
  stores: {
    key: 'id',
    select: MEMBER_OR_TILL,
    insert: OWNER,
    update: OWNER,
    column: 'name',
    row: records(() => ({ name: `Store ${tag()}` })),
  },
  terminals: {
    key: 'id',
    select: MEMBER_OR_TILL,
    insert: NOBODY,
    update: MANAGER,
    column: 'name',
    row: records(() => ({ store_id: shop.storeId, name: 'Rogue', code: 'T99' })),
  },
  categories: {
    key: 'id',
    select: MEMBER,
    insert: MANAGER,
    update: MANAGER,
    column: 'name',
    row: records(() => ({ name: `Category ${tag()}` })),
  },
  products: {
    key: 'id',
    select: MEMBER,
    insert: MANAGER,
    update: MANAGER,
    column: 'name',
    row: records(() => ({ name: `Product ${tag()}`, sku: tag(), price: 100, tax_rate_bp: 2000 })),
  },
  customers: {
    key: 'id',
    select: MEMBER,
    insert: MEMBER,
    update: MEMBER,
    column: 'name',
    row: records(() => ({ name: `Customer ${tag()}` })),
  },
  shifts: {
    key: 'id',
    select: MEMBER,
    insert: NOBODY,
    update: NOBODY,
    column: 'note',
    row: records(() => ({
      store_id: shop.storeId,
      terminal_id: till.id,
      cashier_id: shop.cashier.id,
      opened_at: now(),
      opening_float: 0,
    })),
  },
  cash_movements: {
    key: 'id',
    select: MEMBER,
    insert: NOBODY,
    update: NOBODY,
    column: 'reason',
    row: () => ({
      id: fresh(),
      company_id: shop.companyId,
      shift_id: fresh(),
      terminal_id: till.id,
      kind: 'pay_in',
      amount: 1,
      user_id: shop.cashier.id,
      occurred_at: now(),
    }),
  },
  sales: {
    key: 'id',
    select: MEMBER,
    insert: NOBODY,
    update: NOBODY,
    column: 'note',
    row: records(() => ({
      store_id: shop.storeId,
      terminal_id: till.id,
      cashier_id: shop.cashier.id,
      kind: 'sale',
      receipt_no: till.nextReceipt(),
      currency: 'EUR',
      prices_include_tax: true,
      subtotal: 0,
      discount_total: 0,
      tax_total: 0,
      total: 0,
      occurred_at: now(),
      op_id: fresh(),
    })),
  },
  sale_lines: {
    key: 'id',
    select: MEMBER,
    insert: NOBODY,
    update: NOBODY,
    column: 'name',
    row: records(() => ({
      sale_id: fresh(),
      line_no: 1,
      name: 'Free',
      quantity: 1,
      unit_price: 0,
      tax_rate_bp: 0,
      tax: 0,
      total: 0,
    })),
  },
  payments: {
    key: 'id',
    select: MEMBER,
    insert: NOBODY,
    update: NOBODY,
    column: 'reference',
    row: records(() => ({ sale_id: fresh(), method: 'card', amount: 1 })),
  },
  stock_movements: {
    key: 'id',
    select: MEMBER,
    insert: NOBODY,
    update: NOBODY,
    column: 'note',
    row: records(() => ({
      store_id: shop.storeId,
      product_id: nth(shop.products, 0).id,
      delta: 1000,
      reason: 'receive',
      occurred_at: now(),
    })),
  },
  stock_levels: {
    key: 'id',
    select: MEMBER,
    insert: NOBODY,
    update: NOBODY,
    column: 'on_hand',
    row: records(() => ({ store_id: shop.storeId, product_id: nth(shop.products, 1).id, on_hand: 1000 })),
  },
  // [VAR-7] Links of variants: as products. Each insert links a spare product of the shop to the parent.
  product_variants: {
    key: 'id',
    select: MEMBER,
    insert: MANAGER,
    update: MANAGER,
    column: 'position',
    row: () => ({
      id: spareProducts.shift(),
      company_id: shop.companyId,
      parent_id: variantParentId,
      option_values: [tag()],
    }),
  },
  // [INS-8] Suppliers: as products.
  suppliers: {
    key: 'id',
    select: MEMBER,
    insert: MANAGER,
    update: MANAGER,
    column: 'lead_time_days',
    row: records(() => ({ name: `Supplier ${tag()}` })),
  },
  // [STAFF-1] [STAFF-12] Written only through save_staff, set_staff_pin and apply_ops.
  staff: {
    key: 'id',
    select: MEMBER,
    insert: NOBODY,
    update: NOBODY,
    column: 'name',
    row: () => ({ company_id: shop.companyId, id: fresh(), name: `Staff ${tag()}`, role: 'cashier' }),
  },
  activity_events: {
    key: 'id',
    select: MANAGER,
    insert: NOBODY,
    update: NOBODY,
    column: 'kind',
    row: records(() => ({ terminal_id: till.id, kind: 'lock', occurred_at: now(), verified: true })),
  },
  // [FLAG-1] [FLAG-2] [FLAG-3] Written only by the server's own functions; managers and owners read them.
  flags: {
    key: 'id',
    select: MANAGER,
    insert: NOBODY,
    update: NOBODY,
    column: 'kind',
    row: records(() => ({ kind: 'price', dedupe_key: `rls:${tag()}`, detail: {} })),
  },
  applied_ops: {
    key: 'op_id',
    select: MANAGER,
    insert: NOBODY,
    update: NOBODY,
    column: 'name',
    row: () => ({
      op_id: fresh(),
      company_id: shop.companyId,
      user_id: shop.cashier.id,
      name: 'sale.record',
      status: 'applied',
    }),
  },
  // [CARD-3] Written only by the card-payments function (service role).
  card_readers: {
    key: 'id',
    select: MEMBER,
    insert: NOBODY,
    update: NOBODY,
    column: 'label',
    row: records(() => ({
      stripe_reader_id: `tmr_${tag()}`,
      label: 'Reader',
      device_type: 'simulated_wisepos_e',
    })),
  },
  card_payments: {
    key: 'id',
    select: MEMBER,
    insert: NOBODY,
    update: NOBODY,
    column: 'status',
    row: records(() => ({ amount: 100, currency: 'EUR' })),
  },
  // [RCPT-11] Members read their shop's receipt links and mails; only apply_ops, revoke_receipt_link and
  // send-receipt write them.
  receipt_links: {
    key: 'token',
    select: MEMBER,
    insert: NOBODY,
    update: NOBODY,
    column: 'revoked_at',
    row: () => ({ token: newReceiptToken(), company_id: shop.companyId, sale_id: soldId }),
  },
  devices: {
    key: 'id',
    select: [...MANAGER, 'device'],
    insert: NOBODY,
    update: NOBODY,
    column: 'name',
    row: records(() => ({ store_id: shop.storeId, name: 'Rogue till' })),
  },
  receipt_emails: {
    key: 'id',
    select: MEMBER,
    insert: NOBODY,
    update: NOBODY,
    column: 'sent_at',
    row: records(() => ({ sale_id: soldId, email_hash: 'a'.repeat(64), requested_by: shop.cashier.id })),
  },
  // [VAL-30] Members read a shop's value settings, accounts and balances (tills pull them); owners change the
  // settings; accounts are made by apply_ops and save_value_account, balances only by the ledger's trigger.
  value_settings: {
    key: 'company_id',
    select: MEMBER,
    insert: NOBODY,
    update: OWNER,
    column: 'loyalty_enabled',
    row: () => ({ company_id: shop.companyId }),
  },
  value_accounts: {
    key: 'id',
    select: MEMBER,
    insert: NOBODY,
    update: NOBODY,
    column: 'note',
    row: records(() => ({ kind: 'gift_card' })),
  },
  value_balances: {
    key: 'account_id',
    select: MEMBER,
    insert: NOBODY,
    update: NOBODY,
    column: 'balance',
    row: () => ({ account_id: giftCardId, company_id: shop.companyId, balance: 1 }),
  },
  // [VAL-30] The ledger: managers and owners read it; only the server's functions write it.
  value_entries: {
    key: 'id',
    select: MANAGER,
    insert: NOBODY,
    update: NOBODY,
    column: 'reason',
    row: records(() => ({ account_id: giftCardId, kind: 'load', delta: 100, occurred_at: now() })),
  },
  // [PUR-9] Members read a shop's purchasing settings, documents, lines, receipts, counts and results (tills
  // pull most of them); owners change the settings; apply_ops is the only writer of the rest.
  purchasing_settings: {
    key: 'company_id',
    select: MEMBER,
    insert: NOBODY,
    update: OWNER,
    column: 'blind_counts',
    row: () => ({ company_id: shop.companyId }),
  },
  ...Object.fromEntries(
    (
      [
        ['purchase_orders', 'note'],
        ['purchase_order_lines', 'quantity'],
        ['purchase_receipts', 'note'],
        ['purchase_receipt_lines', 'settle_reason'],
        ['transfers', 'note'],
        ['transfer_lines', 'quantity'],
        ['transfer_receipts', 'note'],
        ['transfer_receipt_lines', 'settle_reason'],
        ['stocktakes', 'note'],
        ['stocktake_lines', 'zone'],
        ['stocktake_results', 'counted'],
      ] as const
    ).map(([table, column]) => [
      table,
      { key: 'id', select: MEMBER, insert: NOBODY, update: NOBODY, column, row: records(() => ({})) },
    ]),
  ),
  // [PUR-9] The documents' history: managers and owners read it; only the ops' handlers write it.
  stock_document_events: {
    key: 'id',
    select: MANAGER,
    insert: NOBODY,
    update: NOBODY,
    column: 'detail',
    row: records(() => ({
      document_kind: 'purchase_order',
      document_id: fresh(),
      kind: 'created',
      occurred_at: now(),
    })),
  },
};

const clients = {} as Record<Actor, SupabaseClient>;
/** The sale recorded below, which the receipt tables' rows name. */
let soldId = '';
/** A gift card the value tables' rows name. */
const giftCardId = crypto.randomUUID();
/** The parent the product_variants rows hang from, and products not yet linked (one per insert tried). */
let variantParentId = '';
const spareProducts: string[] = [];
/** One existing row of the shop per table: what select, update and delete aim at. */
const targets: Record<string, { key: string; value: unknown; current: unknown }> = {};

beforeAll(async () => {
  [shop, other] = await Promise.all([createShop(), createShop()]);
  till = await registerTerminal(shop.cashier, shop.storeId);
  clients.anon = anonClient();
  clients.other = other.owner.client;
  clients.cashier = shop.cashier.client;
  clients.manager = shop.manager.client;
  clients.owner = shop.owner.client;
  clients.device = (await pairDevice(shop.manager, shop.companyId, shop.storeId)).client;
  clients.otherDevice = (await pairDevice(other.manager, other.companyId, other.storeId)).client;
  must<unknown>(
    await shop.owner.client.rpc('create_invite', { p_company: shop.companyId, p_role: 'cashier' }),
    'invite',
  );
  must<unknown>(
    await shop.manager.client.from('categories').insert({ company_id: shop.companyId, name: 'Existing' }),
    'category',
  );
  const shiftId = fresh();
  const sold = {
    ...saleArgs({ terminal: till, shiftId, lines: [{ product: nth(shop.products, 0), quantity: 1 }] }),
    receipt_token: newReceiptToken(),
  };
  soldId = sold.id;
  const answers = await applyOps(shop.cashier.client, [
    op('customer.upsert', { id: fresh(), company_id: shop.companyId, name: 'Existing customer' }),
    op('shift.open', { id: shiftId, terminal_id: till.id, opened_at: now(), opening_float: 0 }),
    op('cash.move', {
      id: fresh(),
      terminal_id: till.id,
      shift_id: shiftId,
      kind: 'pay_in',
      amount: 100,
      occurred_at: now(),
    }),
    op('sale.record', sold),
    op('activity.record', { id: fresh(), terminal_id: till.id, kind: 'lock', occurred_at: now() }),
    op('receipt.email', { id: fresh(), terminal_id: till.id, sale_id: sold.id, email: 'ann@example.test' }),
  ]);
  expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 6 }, () => 'applied'));
  const service = serviceClient();
  const reader = must<{ id: string }>(
    await service
      .from('card_readers')
      .insert({
        company_id: shop.companyId,
        stripe_reader_id: `tmr_${tag()}`,
        label: 'Existing',
        device_type: 'simulated_wisepos_e',
      })
      .select('id')
      .single(),
    'card reader',
  );
  must<unknown>(
    await service
      .from('card_payments')
      .insert({ company_id: shop.companyId, reader_id: reader.id, amount: 100, currency: 'EUR' }),
    'card payment',
  );
  const variantProducts = must<{ id: string }[]>(
    await service
      .from('products')
      .insert(
        Array.from({ length: 7 }, (_, i) => ({
          company_id: shop.companyId,
          name: i === 0 ? 'Parent' : `Variant ${i}`,
          price: 1,
          tax_rate_bp: 0,
          option_names: i === 0 ? ['Size'] : [],
        })),
      )
      .select('id'),
    'variant products',
  );
  variantParentId = nth(variantProducts, 0).id;
  spareProducts.push(...variantProducts.slice(2).map((p) => p.id));
  must<unknown>(
    await service.from('product_variants').insert({
      id: nth(variantProducts, 1).id,
      company_id: shop.companyId,
      parent_id: variantParentId,
      option_values: ['Existing'],
    }),
    'variant link',
  );
  must<unknown>(
    await service.from('suppliers').insert({ company_id: shop.companyId, name: 'Existing supplier' }),
    'supplier',
  );
  must<unknown>(
    await service
      .from('flags')
      .insert({ company_id: shop.companyId, kind: 'price', dedupe_key: 'rls:existing', sale_id: soldId }),
    'flag',
  );
  must<unknown>(
    await service
      .from('value_accounts')
      .insert({ id: giftCardId, company_id: shop.companyId, kind: 'gift_card' }),
    'gift card',
  );
  must<unknown>(
    await service.from('value_entries').insert({
      id: fresh(),
      company_id: shop.companyId,
      account_id: giftCardId,
      kind: 'issue',
      delta: 2500,
      occurred_at: now(),
    }),
    'gift card issued',
  );
  await purchasingDocuments(service);
  for (const [table, rule] of Object.entries(RULES)) {
    let query = service.from(table).select('*').limit(1);
    if (table === 'currencies') query = query.eq('code', 'EUR');
    else if (table === 'companies') query = query.eq('id', shop.companyId);
    else if (table === 'company_members')
      query = query.eq('company_id', shop.companyId).eq('user_id', shop.cashier.id);
    else query = query.eq('company_id', shop.companyId);
    const rows = must<Record<string, unknown>[]>(await query, `find a ${table} row`);
    const row = nth(rows, 0);
    targets[table] = { key: rule.key, value: row[rule.key], current: row[rule.column] };
  }
});

/** One of each purchasing document, line, receipt, count, result and event, as the server's ops write them. */
async function purchasingDocuments(service: SupabaseClient): Promise<void> {
  const product = nth(shop.products, 0).id;
  const supplier = await addSupplier(service, shop, 'Purchasing supplier');
  const order = await insertPurchaseOrder(service, shop, {
    storeId: shop.storeId,
    supplierId: supplier,
    productIds: [product],
  });
  await insertPurchaseReceipt(
    service,
    shop,
    { id: order.id, storeId: shop.storeId, lineId: nth(order.lineIds, 0), productId: product },
    1,
  );
  const storeB = await addStore(shop, 'Purchasing store');
  const transfer = await insertTransfer(service, shop, {
    from: shop.storeId,
    to: storeB,
    productIds: [product],
  });
  await insertTransferReceipt(
    service,
    shop,
    { id: transfer.id, to: storeB, lineId: nth(transfer.lineIds, 0), productId: product },
    1,
  );
  const stocktake = await insertStocktake(service, shop, {
    storeId: shop.storeId,
    productId: product,
    counted: 2,
  });
  must<unknown>(
    await service.from('stocktake_results').insert({
      company_id: shop.companyId,
      stocktake_id: stocktake.id,
      store_id: shop.storeId,
      product_id: product,
      counted: 2,
      expected: 2,
      variance: 0,
      counted_at: now(),
    }),
    'stocktake result',
  );
  must<unknown>(
    await service.from('stock_document_events').insert({
      company_id: shop.companyId,
      document_kind: 'purchase_order',
      document_id: order.id,
      kind: 'created',
      to_status: 'draft',
      occurred_at: now(),
    }),
    'event',
  );
}

async function attempt(actor: Actor, table: string, action: Action): Promise<'allowed' | 'denied'> {
  const client = clients[actor];
  const rule = RULES[table];
  const target = targets[table];
  if (!rule || !target) throw new Error(`no rule for ${table}`);
  const denied = (error: { code: string; message: string } | null): 'denied' => {
    // A constraint or syntax error would hide whether RLS let the statement through.
    if (error && error.code !== '42501')
      throw new Error(`${actor} ${action} ${table}: ${error.code} ${error.message}`);
    return 'denied';
  };
  if (action === 'insert') {
    const { error } = await client.from(table).insert(rule.row());
    return error ? denied(error) : 'allowed';
  }
  if (action === 'select') {
    const { data, error } = await client.from(table).select(rule.key).eq(target.key, target.value);
    return error || data.length === 0 ? denied(error) : 'allowed';
  }
  const query =
    action === 'update'
      ? client
          .from(table)
          .update({ [rule.column]: target.current })
          .eq(target.key, target.value)
      : client.from(table).delete().eq(target.key, target.value);
  const { data, error } = await query.select(rule.key);
  return error || data.length === 0 ? denied(error) : 'allowed';
}

const CASES = Object.entries(RULES).flatMap(([table, rule]) =>
  (['select', 'insert', 'update', 'delete'] as const).flatMap((action) =>
    ANYONE.map((actor) => {
      const allowed = action === 'delete' ? NOBODY : rule[action];
      return { table, action, actor, expected: allowed.includes(actor) ? 'allowed' : 'denied' } as const;
    }),
  ),
);

describe('[RLS-3] [RLS-4] [RLS-5] the matrix', () => {
  test.each(CASES)('$table × $action × $actor → $expected', async ({ table, action, actor, expected }) => {
    expect(await attempt(actor, table, action)).toBe(expected);
  });
});

test('[RLS-3] a member of another company sees none of the shop, even through a broad query', async () => {
  for (const table of Object.keys(RULES).filter((t) => t !== 'currencies')) {
    // [STAFF-14] staff's PIN material is selectable by nobody, so `*` is refused there for every caller.
    const { data, error } = await clients.other
      .from(table)
      .select(table === 'staff' ? 'id, name, role' : '*')
      .eq(table === 'companies' ? 'id' : 'company_id', shop.companyId);
    expect(error, table).toBeNull();
    expect(data, table).toEqual([]);
  }
});

test('[SCHEMA-5] a recorded sale cannot be changed even by the service role', async () => {
  const target = targets.sales;
  if (!target) throw new Error('no sale');
  const { error } = await serviceClient().from('sales').update({ note: 'changed' }).eq('id', target.value);
  expect(error?.message).toMatch(/never changed/);
});

import { describe, expect, test } from 'vitest';
import { pinnedIds } from '../../domain/ids';
import { searchKeysOf } from '../../domain/product-search';
import { FakeSyncServer } from '../../../tests/support/fake-sync-remote';
import {
  addTerminal,
  COMPANY_A,
  COMPANY_B,
  freshLedger,
  freshMirror,
  oneLineSale,
  PRODUCT,
  STORE,
  testDeps,
} from '../../../tests/support/ledger-fixtures';
import { recordSale } from '../ops/sale-record';
import { onHand } from '../local/stock-on-hand';
import { pullAll, type PullProgress } from './pull';
import type { SyncRemote } from './remote-port';

/** `watch` sees (or changes) every call the pull makes to the server. */
function setup(watch: (remote: SyncRemote) => SyncRemote = (remote) => remote) {
  const ledger = freshLedger();
  const mirror = freshMirror();
  const server = new FakeSyncServer();
  server.putMember(COMPANY_A);
  for (let i = 1; i <= 7; i++) {
    server.put('products', {
      id: `p-${i}`,
      company_id: COMPANY_A,
      name: `Product ${i}`,
      barcode: `200${i}`,
      deleted_at: null,
    });
  }
  const progress: PullProgress[] = [];
  const pull = () =>
    pullAll({
      ledger,
      mirror,
      remote: watch(server.remote()),
      userId: 'user-a',
      pageSize: 3,
      now: () => Date.parse('2026-11-21T09:00:00Z'),
      onProgress: (step) => progress.push(step),
    });
  return { ledger, mirror, server, pull, progress };
}

describe('pull', () => {
  test('[PULL-A] every mirrored table is paged from its cursor into the mirror, with progress the first time', async () => {
    const { mirror, server, pull, progress } = setup();
    expect(await pull()).toEqual({ ok: true, rows: 8 });
    expect(await mirror.products.count()).toBe(7);
    expect((await mirror.products.filter((row) => row.barcode === '2003').first())?.name).toBe('Product 3');
    expect(progress.every((step) => step.first)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ tablesDone: 30, tablesTotal: 30, rows: 8 });
    server.put('products', { id: 'p-2', company_id: COMPANY_A, name: 'Renamed', deleted_at: null });
    const calls = server.calls.pull;
    expect(await pull()).toEqual({ ok: true, rows: 1 });
    expect(server.calls.pull - calls).toBe(30);
    expect((await mirror.products.get('p-2'))?.name).toBe('Renamed');
  });

  test('[PULL-T] a tombstone removes the local row', async () => {
    const { mirror, server, pull } = setup();
    await pull();
    server.put('products', {
      id: 'p-4',
      company_id: COMPANY_A,
      name: 'Product 4',
      deleted_at: '2026-11-21T09:00:00Z',
    });
    await pull();
    expect(await mirror.products.get('p-4')).toBeUndefined();
    expect(await mirror.products.count()).toBe(6);
  });

  test('[PULL-R] a "resync" answer rebuilds that table of the mirror and leaves the ledger alone', async () => {
    const { ledger, mirror, server, pull } = setup();
    await addTerminal(ledger);
    const ids = pinnedIds();
    await recordSale(testDeps(ledger, ids), {
      companyId: COMPANY_A,
      build: oneLineSale(ids),
      tracksStock: () => true,
    });
    await pull();
    await mirror.products.update('p-1', { name: 'stale local copy' });
    server.tables.set(
      'products',
      (server.tables.get('products') ?? []).filter((row) => row.id !== 'p-7'),
    );
    server.resync.add('products');
    await pull();
    expect(await mirror.products.get('p-7')).toBeUndefined();
    expect((await mirror.products.get('p-1'))?.name).toBe('Product 1');
    expect(await ledger.outbox.count()).toBe(1);
    expect(await ledger.sales.count()).toBe(1);
  });

  test('[PULL-M] joining another company rebuilds the mirror so older rows of it arrive too', async () => {
    const { mirror, server, pull } = setup();
    server.put('products', { id: 'p-b', company_id: COMPANY_B, name: 'B product', deleted_at: null });
    // The server only sends B's rows once user-a is a member: model it by pulling A's view first.
    const bRows = server.tables.get('products')?.filter((row) => row.company_id === COMPANY_B) ?? [];
    server.tables.set(
      'products',
      server.tables.get('products')?.filter((row) => row.company_id !== COMPANY_B) ?? [],
    );
    await pull();
    server.tables.set('products', [...(server.tables.get('products') ?? []), ...bRows]);
    server.put('company_members', {
      id: 'm-b',
      company_id: COMPANY_B,
      user_id: 'user-a',
      role: 'cashier',
      deleted_at: null,
    });
    await pull();
    expect(await mirror.products.get('p-b')).toBeDefined();
  });

  test('[VAL-T13] the shop’s value settings, accounts and balances are pulled into the mirror, cards found by code hash', async () => {
    const { mirror, server, pull } = setup();
    const hash = 'a'.repeat(64);
    server.put('value_settings', { id: COMPANY_A, company_id: COMPANY_A, loyalty_enabled: true });
    server.put('value_accounts', {
      id: 'va-1',
      company_id: COMPANY_A,
      kind: 'gift_card',
      customer_id: null,
      code_hash: hash,
      code_last4: '0001',
      status: 'active',
      credit_limit: null,
      deleted_at: null,
    });
    server.put('value_balances', { id: 'va-1', account_id: 'va-1', company_id: COMPANY_A, balance: 2500 });
    await pull();
    expect(await mirror.valueSettings.get(COMPANY_A)).toMatchObject({ loyalty_enabled: true });
    const card = await mirror.valueAccounts.where('[company_id+code_hash]').equals([COMPANY_A, hash]).first();
    expect(card).toMatchObject({ id: 'va-1', code_last4: '0001' });
    expect((await mirror.valueBalances.get('va-1'))?.balance).toBe(2500);
  });

  test('[ONHAND-1] on-hand is the mirrored level plus deltas not yet reflected; [ONHAND-2] a pull past their txid settles them', async () => {
    const { ledger, mirror, server, pull } = setup();
    server.put('stock_levels', {
      id: 'l-1',
      company_id: COMPANY_A,
      store_id: STORE,
      product_id: PRODUCT,
      on_hand: 10,
    });
    await pull();
    await addTerminal(ledger);
    const ids = pinnedIds();
    await recordSale(testDeps(ledger, ids), {
      companyId: COMPANY_A,
      build: oneLineSale(ids, 3),
      tracksStock: () => true,
    });
    expect(await onHand(ledger, mirror, STORE, PRODUCT)).toBe(7000);
    // Applied at txid 5000 (push keeps the op's txid); a pull that has not reached it keeps counting the delta.
    const [queued] = await ledger.outbox.toArray();
    await ledger.outbox.clear();
    await ledger.appliedOps.put({ op_id: queued?.op_id ?? '', txid: '5000' });
    await pull();
    expect(await onHand(ledger, mirror, STORE, PRODUCT)).toBe(7000);
    server.txid = 5000;
    server.put('stock_levels', {
      id: 'l-1',
      company_id: COMPANY_A,
      store_id: STORE,
      product_id: PRODUCT,
      on_hand: 7,
    });
    await pull();
    expect(await onHand(ledger, mirror, STORE, PRODUCT)).toBe(7000);
    expect(await ledger.stockMovements.where('settled').equals(1).count()).toBe(1);
    expect(await ledger.stockMovements.toArray()).toMatchObject([{ txid: '5000', sync: 'synced' }]);
    expect(await ledger.appliedOps.count()).toBe(0);
  });

  test('[PULL-K] products are stored with the search keys the register indexes; other rows as sent', async () => {
    const { mirror, server, pull } = setup();
    server.put('customers', { id: 'cu-1', company_id: COMPANY_A, name: 'Crème Café', deleted_at: null });
    server.put('products', {
      id: 'p-8',
      company_id: COMPANY_A,
      name: 'Crème brûlée',
      sku: 'BAK-CRB',
      barcode: null,
      deleted_at: null,
    });
    await pull();
    expect((await mirror.products.get('p-8'))?.search_keys).toEqual(
      searchKeysOf({ name: 'Crème brûlée', sku: 'BAK-CRB', barcode: null }),
    );
    expect((await mirror.products.get('p-3'))?.search_keys).toEqual(
      searchKeysOf({ name: 'Product 3', sku: null, barcode: '2003' }),
    );
    expect(await mirror.customers.get('cu-1')).not.toHaveProperty('search_keys');
  });

  test('[VAR-3] a variant link is copied onto its product row, search keys and all, and taken off when removed', async () => {
    const { mirror, server, pull } = setup();
    server.put('products', {
      id: 'p-1',
      company_id: COMPANY_A,
      name: 'Tee',
      option_names: ['Colour'],
      deleted_at: null,
    });
    const link = { id: 'p-2', company_id: COMPANY_A, parent_id: 'p-1', option_values: ['Blue'], position: 0 };
    server.put('product_variants', { ...link, deleted_at: null });
    await pull();
    const variant = await mirror.products.get('p-2');
    expect(variant).toMatchObject({ variant_of: 'p-1', option_values: ['Blue'], variant_position: 0 });
    expect(variant?.search_keys?.options).toBe('blue');
    // A product row pulled again keeps the link the mirror already holds.
    server.put('products', {
      id: 'p-2',
      company_id: COMPANY_A,
      name: 'Tee B',
      barcode: '2002',
      deleted_at: null,
    });
    await pull();
    expect(await mirror.products.get('p-2')).toMatchObject({ name: 'Tee B', variant_of: 'p-1' });
    server.put('product_variants', { ...link, deleted_at: '2026-11-21T10:00:00Z' });
    await pull();
    expect(await mirror.products.get('p-2')).toMatchObject({ variant_of: null, option_values: null });
    expect((await mirror.products.get('p-2'))?.search_keys?.options).toBeUndefined();
  });

  test('[PULL-A] everything the register reads is in before customers are asked for', async () => {
    let completeBeforeCustomers: string[] = [];
    const { mirror, server, pull, progress } = setup((remote) => ({
      ...remote,
      pullChanges: async (table, after, limit) => {
        if (table === 'customers' && after === null) {
          const cursors = await mirror.cursors.toArray();
          completeBeforeCustomers = cursors.filter((cursor) => cursor.complete).map((cursor) => cursor.table);
        }
        return remote.pullChanges(table, after, limit);
      },
    }));
    server.put('customers', { id: 'cu-1', company_id: COMPANY_A, name: 'Ann', deleted_at: null });
    await pull();
    expect(completeBeforeCustomers.sort()).toEqual(
      [
        'categories',
        'companies',
        'company_members',
        'modifier_groups',
        'modifier_options',
        'product_modifier_groups',
        'products',
        'product_variants',
        'promotions',
        'coupons',
        'stock_levels',
        'staff',
        'stores',
        'terminals',
        'value_settings',
        'value_accounts',
        'value_balances',
        'suppliers',
        'purchasing_settings',
        'purchase_orders',
        'purchase_order_lines',
        'purchase_receipts',
        'purchase_receipt_lines',
        'transfers',
        'transfer_lines',
        'transfer_receipts',
        'transfer_receipt_lines',
        'stocktakes',
        'stocktake_lines',
      ].sort(),
    );
    // Each table is reported as it ends, so the sync page can say the register's part is in.
    expect(progress.find((step) => step.table === 'stock_levels' && step.tablesDone === 14)).toBeDefined();
    expect(progress.at(-1)).toMatchObject({ table: 'customers', tablesDone: 30, tablesTotal: 30 });
  });

  test('[PULL-A] a page that fails (asked for while the one before was written) leaves the pages before it in', async () => {
    let failNext = true;
    const { mirror, pull } = setup((remote) => ({
      ...remote,
      pullChanges: (table, after, limit) => {
        if (table === 'products' && after !== null && failNext) {
          failNext = false;
          return Promise.resolve({ ok: false, failure: { kind: 'network', message: 'connection reset' } });
        }
        return remote.pullChanges(table, after, limit);
      },
    }));
    expect(await pull()).toMatchObject({ ok: false, failure: { kind: 'network' } });
    // The first page (3 of 7 products) is in and its cursor kept; the next pull goes on from there.
    expect(await mirror.products.count()).toBe(3);
    expect((await mirror.cursors.get('products'))?.complete).toBe(false);
    expect(await pull()).toMatchObject({ ok: true });
    expect(await mirror.products.count()).toBe(7);
  });
});

// Pull and the mirror against the local stack through supabase-js: the first sync in pages with progress,
// pulling while the server is written to, tombstones, a "resync" after purged tombstones (the ledger
// untouched), on-hand as mirror + pending deltas, and ops of one company waiting while another company's
// member is signed in on the device.
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, test } from 'vitest';
import { pinnedIds } from '../../src/domain/ids';
import { ok } from '../../src/domain/result';
import type { LedgerDb } from '../../src/data/local/ledger-db';
import { MIRRORED_TABLES, MirrorDb } from '../../src/data/local/mirror-db';
import { recordSale } from '../../src/data/ops/sale-record';
import { onHand } from '../../src/data/local/stock-on-hand';
import { pullAll, type PullProgress } from '../../src/data/sync/pull';
import { createShop, must, type Product, type Shop } from '../support/shop';
import { serviceClient } from '../support/supabase';
import { registeredTill, type Till } from '../support/sync-stack';

let shop: Shop;
let tillA: Till;
let ledger: LedgerDb;
const ids = pinnedIds(Date.now());

beforeAll(async () => {
  shop = await createShop({ products: 2 });
  ({ till: tillA, ledger } = await registeredTill('pull', shop.cashier.email, {
    storeId: shop.storeId,
    name: 'Pull till',
  }));
});

/**
 * Cycles until `done` holds (at most 50 times): a transaction still running anywhere on the server — another
 * test's, on a shared PostgreSQL — holds a page back ([PULL-2]), so a change may arrive a cycle later, never
 * not at all.
 */
async function syncUntil(engine: { syncNow(): Promise<unknown> }, done: () => Promise<boolean>) {
  for (let cycle = 0; cycle < 50; cycle++) {
    await engine.syncNow();
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function addProducts(count: number, prefix: string): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    company_id: shop.companyId,
    name: `${prefix} ${i}`,
    sku: `${prefix}-${i}`,
    price: 100 + i,
    tax_rate_bp: 2000,
  }));
  must(await shop.manager.client.from('products').insert(rows), 'insert products');
}

async function serverProductIds(): Promise<Set<string>> {
  const found = new Set<string>();
  for (let last = ''; ;) {
    const { data, error } = await serviceClient()
      .from('products')
      .select('id')
      .eq('company_id', shop.companyId)
      .is('deleted_at', null)
      .gt('id', last || '00000000-0000-0000-0000-000000000000')
      .order('id')
      .limit(1000);
    if (error) throw new Error(error.message);
    for (const row of data) found.add(row.id as string);
    if (data.length < 1000) return found;
    last = (data.at(-1)?.id as string | undefined) ?? '';
  }
}

function sellOne(target: LedgerDb, p: Product, quantity: number) {
  const total = p.price * quantity;
  const tax = Math.round((total * p.tax_rate_bp) / (10_000 + p.tax_rate_bp));
  return recordSale(
    { ledger: target, ids, clock: () => new Date() },
    {
      companyId: shop.companyId,
      tracksStock: () => true,
      build: (receiptNo, terminal) =>
        ok({
          id: ids(),
          terminal_id: terminal.id,
          receipt_no: receiptNo,
          occurred_at: new Date().toISOString(),
          tax_total: tax,
          total,
          lines: [
            {
              id: ids(),
              product_id: p.id,
              name: p.name,
              quantity,
              unit_price: p.price,
              tax_rate_bp: p.tax_rate_bp,
              tax,
              total,
            },
          ],
          payments: [{ id: ids(), method: 'card', amount: total }],
        }),
    },
  );
}

// Each cycle makes about ten requests; on PostgreSQL under load that is seconds, hence the longer limit.
describe('pull into the mirror', { timeout: 90_000 }, () => {
  test('[PULL-A] the first sync pages every table into the mirror and reports progress', async () => {
    await addProducts(1100, 'Bulk');
    const mirror = new MirrorDb(`mirror-${crypto.randomUUID()}`);
    const progress: PullProgress[] = [];
    const userId = tillA.remote.session()?.userId ?? '';
    const pulled = await pullAll({
      ledger,
      mirror,
      remote: tillA.remote,
      userId,
      pageSize: 1000,
      now: Date.now,
      onProgress: (step) => progress.push(step),
    });
    expect(pulled.ok).toBe(true);
    expect(new Set((await mirror.products.toArray()).map((row) => row.id))).toEqual(await serverProductIds());
    expect(await mirror.companies.get(shop.companyId)).toMatchObject({ currency: 'EUR' });
    expect(progress.every((step) => step.first)).toBe(true);
    expect(progress.some((step) => step.table === 'products' && step.rows >= 1000)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ tablesDone: Object.keys(MIRRORED_TABLES).length });
    mirror.close();
  });

  test('[PULL-A] pulling while the server is written to misses nothing', async () => {
    const engine = tillA.engine(ledger);
    // Each round writes on the server while a cycle pulls, so pages are read with commits landing around them.
    for (let round = 0; round < 4; round++) {
      await Promise.all([addProducts(15, `Live${round}`), engine.syncNow()]);
    }
    const mirror = await tillMirror(engine);
    const mirrored = async () => new Set((await mirror.products.toArray()).map((row) => row.id));
    const onServer = await serverProductIds();
    await syncUntil(engine, async () => (await mirrored()).size === onServer.size);
    expect(await mirrored()).toEqual(onServer);
  });

  test('[PULL-T] a tombstone removes the local row', async () => {
    const engine = tillA.engine(ledger);
    await engine.syncNow();
    const mirror = await tillMirror(engine);
    const victim = shop.products[1];
    if (!victim) throw new Error('no product');
    expect(await mirror.products.get(victim.id)).toBeDefined();
    must(
      await shop.manager.client
        .from('products')
        .update({ deleted_at: new Date().toISOString() })
        .eq('id', victim.id),
      'delete',
    );
    await syncUntil(engine, async () => (await mirror.products.get(victim.id)) === undefined);
    expect(await mirror.products.get(victim.id)).toBeUndefined();
  });

  test('[PULL-R] a "resync" after purged tombstones rebuilds the mirror and leaves the ledger alone', async () => {
    const engine = tillA.engine(ledger);
    await engine.syncNow();
    const mirror = await tillMirror(engine);
    // Customers of this shop: tombstones the till never pulled, then purged by the server.
    const made = must<{ id: string }[]>(
      await shop.manager.client
        .from('customers')
        .insert([1, 2, 3, 4].map((n) => ({ company_id: shop.companyId, name: `Resync ${n}` })))
        .select('id'),
      'customers',
    );
    await engine.syncNow();
    expect(await mirror.customers.count()).toBeGreaterThanOrEqual(4);
    const purged = made.slice(0, 3).map((row) => row.id);
    must(
      await serviceClient()
        .from('customers')
        .update({ deleted_at: new Date(Date.now() - 40 * 86_400_000).toISOString() })
        .in('id', purged),
      'age tombstones',
    );
    // The till has not pulled these tombstones; then the server forgets them.
    must(await serviceClient().rpc('purge_tombstones', { p_older_than: '30 days' }), 'purge');
    tillA.net.offline = true;
    const sold = await sellOne(ledger, must({ data: shop.products[0] ?? null, error: null }, 'product'), 1);
    expect(sold.ok).toBe(true);
    tillA.net.offline = false;
    const before = { outbox: await ledger.outbox.toArray(), sales: await ledger.sales.count() };
    const userId = tillA.remote.session()?.userId ?? '';
    const pulled = await pullAll({
      ledger,
      mirror,
      remote: tillA.remote,
      userId,
      pageSize: 1000,
      now: Date.now,
    });
    expect(pulled).toMatchObject({ ok: true });
    for (const id of purged) expect(await mirror.customers.get(id)).toBeUndefined();
    expect(await mirror.customers.get(made[3]?.id ?? '')).toBeDefined();
    expect(await ledger.outbox.toArray()).toEqual(before.outbox);
    expect(await ledger.sales.count()).toBe(before.sales);
  });

  test('[ONHAND-1][ONHAND-2] on-hand is the mirror plus unsynced deltas, and the same after they sync', async () => {
    const engine = tillA.engine(ledger);
    const p = shop.products[0];
    if (!p) throw new Error('no product');
    await engine.syncNow();
    const mirror = await tillMirror(engine);
    const start = await onHand(ledger, mirror, shop.storeId, p.id);
    tillA.net.offline = true;
    await sellOne(ledger, p, 2);
    await sellOne(ledger, p, 3);
    expect(await onHand(ledger, mirror, shop.storeId, p.id)).toBe(start - 5000);
    tillA.net.offline = false;
    await engine.syncNow();
    expect(engine.getStatus()).toMatchObject({ phase: 'idle', lastError: null });
    expect(await ledger.outbox.count()).toBe(0);
    expect(await onHand(ledger, mirror, shop.storeId, p.id)).toBe(start - 5000);
    expect(await ledger.stockMovements.where('settled').equals(0).count()).toBe(0);
  });
});

describe('companies on one device', { timeout: 90_000 }, () => {
  test('[COMP-1] company A’s ops wait while B’s member is signed in, and replay when A’s member signs in', async () => {
    const other = await createShop({ products: 1 });
    const engine = tillA.engine(ledger);
    tillA.net.offline = true;
    const p = shop.products[0];
    if (!p) throw new Error('no product');
    await sellOne(ledger, p, 1);
    tillA.net.offline = false;
    await tillA.client.auth.signOut({ scope: 'local' });
    await tillA.signIn(other.cashier.email);
    await engine.syncNow();
    expect(engine.getStatus()).toMatchObject({ phase: 'idle', pending: 1, waitingForOtherUser: 1 });
    expect(await ledger.outbox.count()).toBe(1);
    await tillA.client.auth.signOut({ scope: 'local' });
    await tillA.signIn(shop.cashier.email);
    await engine.syncNow();
    expect(engine.getStatus()).toMatchObject({ phase: 'idle', pending: 0, waitingForOtherUser: 0 });
  });
});

/** The mirror the engine pulled into for the signed-in user (sync-stack keeps one per user). */
async function tillMirror(engine: ReturnType<Till['engine']>): Promise<MirrorDb> {
  await engine.whenIdle();
  return tillA.mirror(tillA.remote.session()?.userId ?? '');
}

// The sync engine against the local stack through the real supabase-js, with faults injected into its
// fetch (seeded): requests failing before the server, responses dropped after it committed, 500s, 503s,
// timeouts, the page killed mid-batch (engine restarted from the ledger), two leaders on one ledger, the
// token expiring while offline and the refresh token revoked. Nothing may be lost or applied twice.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LedgerDb } from '../../src/data/local/ledger-db';
import { deviceSales } from '../../src/data/local/back-office-reads';
import type { TerminalIdentity } from '../../src/data/local/ledger-types';
import type { SyncEngine } from '../../src/data/sync/sync-engine';
import { createShop, type Product, type Shop } from '../support/shop';
import { serviceClient } from '../support/supabase';
import { expireStoredToken } from '../support/fault-run';
import {
  queueOneSale,
  registeredTill,
  seeded,
  till,
  type InjectedFault,
  type Till,
} from '../support/sync-stack';

const SEED = Number(process.env.SYNC_SEED ?? 20261121);
const SALES = 1000;

let shop: Shop;
let tillA: Till;
let terminal: TerminalIdentity;
let ledger: LedgerDb;

beforeAll(async () => {
  shop = await createShop({ products: 2 });
  ({
    till: tillA,
    ledger,
    terminal,
  } = await registeredTill('a', shop.cashier.email, { storeId: shop.storeId, name: 'Fault till' }));
});

afterAll(() => {
  ledger.close();
});

function product(): Product {
  const first = shop.products[0];
  if (!first) throw new Error('no product');
  return first;
}

async function sell(target: LedgerDb, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await queueOneSale(target, shop.companyId, product());
}

/** Every sale of the till on the server, paged by receipt number (at most 1,000 rows a request). */
async function serverSales(): Promise<{ count: number; receipts: number }> {
  const receipts: string[] = [];
  for (;;) {
    const { data, error } = await serviceClient()
      .from('sales')
      .select('receipt_no')
      .eq('terminal_id', terminal.id)
      .gt('receipt_no', receipts.at(-1) ?? '')
      .order('receipt_no')
      .limit(1000);
    if (error) throw new Error(error.message);
    receipts.push(...data.map((row) => row.receipt_no as string));
    if (data.length < 1000) break;
  }
  return { count: receipts.length, receipts: new Set(receipts).size };
}

async function serverOnHand(): Promise<number> {
  const { data, error } = await serviceClient()
    .from('stock_levels')
    .select('on_hand')
    .eq('store_id', shop.storeId)
    .eq('product_id', product().id)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data ? Number(data.on_hand) : 0;
}

/** Runs cycles until the outbox is empty (or gives up), restarting "killed" pages from the ledger. */
async function drain(engines: { current: SyncEngine }, restart: () => void, rounds = 200): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    await engines.current.syncNow();
    if (tillA.net.killed) {
      tillA.net.killed = false;
      restart();
    }
    if ((await ledger.outbox.count()) === 0 && engines.current.getStatus().phase === 'idle') return;
  }
  throw new Error(`not drained: ${JSON.stringify(engines.current.getStatus())}`);
}

describe('sync under faults', { timeout: 90_000 }, () => {
  test(`[PUSH-2][PUSH-3][LEAD-4] ${SALES} sales through dropped responses, 5xx, timeouts, kills and two leaders (seed ${SEED})`, async () => {
    const random = seeded(SEED);
    const faults: [number, InjectedFault][] = [
      [0.08, 'before'],
      [0.16, 'dropped'],
      [0.22, 'http500'],
      [0.26, 'http503'],
      [0.32, 'timeout'],
      [0.35, 'kill'],
    ];
    tillA.net.chooseFault = () => {
      const r = random();
      return faults.find(([limit]) => r < limit)?.[1] ?? null;
    };
    const engine = { current: tillA.engine(ledger, { batchSize: 20 }) };
    const restart = () => {
      // The page died: a new page opens the same ledger and starts a new engine from what is on disk.
      ledger.close();
      ledger = new LedgerDb(tillA.ledgerName);
      engine.current = tillA.engine(ledger, { batchSize: 20 });
    };
    let sold = 0;
    for (let round = 0; sold < SALES; round++) {
      const count = Math.min(SALES - sold, 40 + Math.floor(random() * 80));
      await sell(ledger, count);
      sold += count;
      if (round % 3 === 2) {
        // Two tabs whose leaders both think they hold the lock: the same ops go twice, concurrently.
        const other = new LedgerDb(tillA.ledgerName);
        await Promise.all([engine.current.syncNow(), tillA.engine(other, { batchSize: 20 }).syncNow()]);
        other.close();
      } else {
        await engine.current.syncNow();
      }
      if (tillA.net.killed) {
        tillA.net.killed = false;
        restart();
      }
    }
    tillA.net.chooseFault = () => (random() < 0.2 ? 'dropped' : null);
    await drain(engine, restart);
    const injected = new Map<string, number>();
    for (const { fault } of tillA.net.log) if (fault) injected.set(fault, (injected.get(fault) ?? 0) + 1);
    // Every kind of fault happened at least once in this seeded run.
    expect([...injected.keys()].sort()).toEqual([
      'before',
      'dropped',
      'http500',
      'http503',
      'kill',
      'timeout',
    ]);
    expect(await serverSales()).toEqual({ count: SALES, receipts: SALES });
    expect(await serverOnHand()).toBe(-SALES);
    const sales = await deviceSales(ledger, shop.companyId);
    expect(sales.filter((sale) => sale.sync === 'synced')).toHaveLength(SALES);
    expect(await ledger.deadLetters.count()).toBe(0);
    const { count } = await serviceClient()
      .from('applied_ops')
      .select('op_id', { count: 'exact', head: true })
      .eq('terminal_id', terminal.id);
    expect(count).toBe(SALES);
    tillA.net.chooseFault = () => null;
  }, 120_000);

  test('[AUTH-5][AUTH-2] a token that expired while offline is refreshed before anything is replayed', async () => {
    tillA.net.offline = true;
    await sell(ledger, 5);
    await expireStoredToken(tillA);
    const engine = tillA.engine(ledger);
    const before = tillA.net.log.length;
    await engine.syncNow();
    expect(engine.getStatus()).toMatchObject({ phase: 'offline', pending: 5 });
    tillA.net.offline = false;
    await engine.syncNow();
    expect(engine.getStatus()).toMatchObject({ phase: 'idle', pending: 0 });
    const calls = tillA.net.log.slice(before).filter((entry) => !entry.path.endsWith('/token'));
    const pushes = calls.filter((entry) => entry.path.endsWith('/rpc/apply_ops'));
    expect(pushes.length).toBeGreaterThan(0);
    for (const push of pushes) expect(tokenExpiry(push.authorization)).toBeGreaterThan(Date.now() / 1000);
    expect(tillA.net.log.slice(before).some((entry) => entry.path.endsWith('/token'))).toBe(true);
    expect((await serverSales()).count).toBe(SALES + 5);
  });

  test('[AUTH-4] a revoked refresh token stops sync in "sign in again", keeps the outbox, and a new sign-in replays it', async () => {
    await sell(ledger, 4);
    // The same user signs out everywhere from another device: this till's refresh token is dead.
    const elsewhere = till('elsewhere');
    await elsewhere.signIn(shop.cashier.email);
    await elsewhere.client.auth.signOut({ scope: 'global' });
    await expireStoredToken(tillA);
    const engine = tillA.engine(ledger);
    await engine.syncNow();
    expect(engine.getStatus()).toMatchObject({ phase: 'needs_sign_in', pending: 4 });
    expect(await ledger.outbox.count()).toBe(4);
    expect((await serverSales()).count).toBe(SALES + 5);
    await tillA.signIn(shop.cashier.email);
    await engine.syncNow();
    expect(engine.getStatus()).toMatchObject({ phase: 'idle', pending: 0 });
    expect(await serverSales()).toEqual({ count: SALES + 9, receipts: SALES + 9 });
  });

  test('[STATUS-2][STATUS-3] requests that get no answer while the browser says online read as unreachable; the sync time outlives the page', async () => {
    await sell(ledger, 2);
    // Wi-Fi up, internet down: the browser's flag stays online, apply_ops never reaches the server.
    tillA.net.chooseFault = () => 'before';
    const engine = tillA.engine(ledger);
    await engine.syncNow();
    expect(engine.getStatus()).toMatchObject({
      online: true,
      serverReachable: false,
      phase: 'waiting_retry',
    });
    tillA.net.chooseFault = () => null;
    await engine.syncNow();
    const { lastSyncedAt } = engine.getStatus();
    expect(engine.getStatus()).toMatchObject({ serverReachable: true, phase: 'idle', pending: 0 });
    expect(lastSyncedAt).not.toBeNull();
    // A reload with the network gone: the new page's engine knows when this user last synced.
    tillA.net.offline = true;
    const reloaded = tillA.engine(ledger);
    await reloaded.syncNow();
    expect(reloaded.getStatus()).toMatchObject({ phase: 'offline', lastSyncedAt });
    tillA.net.offline = false;
  });
});

function tokenExpiry(authorization: string | null): number {
  const token = authorization?.replace(/^Bearer /, '') ?? '';
  const claims = JSON.parse(atob(token.split('.')[1] ?? '')) as { exp?: number };
  return claims.exp ?? 0;
}

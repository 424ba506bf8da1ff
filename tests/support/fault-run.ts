// The fault-injection run shared by the soak (`npm run soak`, tests/soak/run.ts) and its stack test: several
// tills of one shop, each signed in as its own member, sell through the real sync engine while the network
// drops requests before and after the server commits, answers 500 and 503, times out and kills pages
// mid-batch; two leaders push one outbox at once; access tokens expire; sessions are revoked and signed in
// again. At the end the server must hold every sale exactly once and the exact on-hand.
import { signJwt } from '../../supabase/local/jwt';
import { LedgerDb } from '../../src/data/local/ledger-db';
import type { SyncEngine } from '../../src/data/sync/sync-engine';
import { createShop, invite, must, nth, type Person, type Shop } from './shop';
import { serviceClient } from './supabase';
import {
  queueOneSale,
  registeredTill,
  seeded,
  till as makeTill,
  type InjectedFault,
  type Till,
} from './sync-stack';

export interface FaultRunOptions {
  ops: number;
  tills: number;
  seed: number;
  /** Called with a line of progress now and then (the soak prints it). */
  progress?: (line: string) => void;
}

export interface FaultRunReport {
  ops: number;
  tills: number;
  seed: number;
  faults: Record<InjectedFault, number>;
  twoLeaderRounds: number;
  expiredTokens: number;
  revokedSessions: number;
  elapsedMs: number;
  onServer: number;
  lost: number;
  duplicated: number;
  onHandExpected: number;
  onHandServer: number;
}

interface Counter {
  person: Person;
  till: Till;
  ledger: LedgerDb;
  engine: SyncEngine;
  terminalId: string;
  saleIds: string[];
}

const FAULTS: readonly (readonly [number, InjectedFault])[] = [
  [0.06, 'before'],
  [0.14, 'dropped'],
  [0.18, 'http500'],
  [0.21, 'http503'],
  [0.25, 'timeout'],
  [0.3, 'kill'],
];

/** Replaces the stored access token by an expired one (same user and session), as after a night offline. */
export async function expireStoredToken(target: Till): Promise<void> {
  const raw = target.storage.getItem(target.storageKey);
  if (raw === null) throw new Error('no stored session');
  const session = JSON.parse(raw) as { access_token: string; expires_at: number; expires_in: number };
  const claims = JSON.parse(atob(session.access_token.split('.')[1] ?? '')) as Record<string, unknown>;
  const past = Math.floor(Date.now() / 1000) - 30;
  const expired = await signJwt({ ...claims, iat: past - 3600, exp: past });
  target.storage.setItem(
    target.storageKey,
    JSON.stringify({ ...session, access_token: expired, expires_at: past, expires_in: -30 }),
  );
}

async function openCounters(shop: Shop, count: number): Promise<Counter[]> {
  const people = [shop.cashier, shop.manager, shop.owner];
  while (people.length < count) {
    people.push(await invite(shop.owner, shop.companyId, 'cashier', `soak-${String(people.length)}`));
  }
  return Promise.all(
    people.slice(0, count).map(async (person, index) => {
      const made = await registeredTill(`soak-${String(index)}`, person.email, {
        storeId: shop.storeId,
        name: `Soak ${String(index + 1)}`,
      });
      return {
        person,
        till: made.till,
        ledger: made.ledger,
        engine: made.till.engine(made.ledger, { batchSize: 20 }),
        terminalId: made.terminal.id,
        saleIds: [],
      };
    }),
  );
}

/** The page died: a new page opens the same ledger and starts a new engine from what is on disk. */
function restart(counter: Counter): void {
  counter.ledger.close();
  counter.ledger = new LedgerDb(counter.till.ledgerName);
  counter.engine = counter.till.engine(counter.ledger, { batchSize: 20 });
}

async function syncRound(counter: Counter, twoLeaders: boolean): Promise<void> {
  if (twoLeaders) {
    // Two tabs whose leaders both think they hold the lock: the same ops go twice, concurrently.
    const other = new LedgerDb(counter.till.ledgerName);
    await Promise.all([counter.engine.syncNow(), counter.till.engine(other, { batchSize: 20 }).syncNow()]);
    other.close();
  } else {
    await counter.engine.syncNow();
  }
  if (counter.till.net.killed) {
    counter.till.net.killed = false;
    restart(counter);
  }
  // A revoked session stops the engine in "sign in again"; the cashier signs in again and work goes on.
  if (counter.engine.getStatus().phase === 'needs_sign_in') await counter.till.signIn(counter.person.email);
}

async function drain(counter: Counter): Promise<void> {
  counter.till.net.chooseFault = () => null;
  for (let round = 0; round < 200; round++) {
    await syncRound(counter, false);
    if ((await counter.ledger.outbox.count()) === 0 && counter.engine.getStatus().phase === 'idle') return;
  }
  throw new Error(`till not drained: ${JSON.stringify(counter.engine.getStatus())}`);
}

/** Server rows of these terminals' sales, paged (at most 1,000 a request). */
async function serverSaleIds(terminalIds: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const { data, error } = await serviceClient()
      .from('sales')
      .select('id')
      .in('terminal_id', terminalIds)
      .gt('id', ids.at(-1) ?? '00000000-0000-0000-0000-000000000000')
      .order('id')
      .limit(1000);
    if (error) throw new Error(error.message);
    ids.push(...data.map((row) => row.id as string));
    if (data.length < 1000) return ids;
  }
}

export async function runFaults(options: FaultRunOptions): Promise<FaultRunReport> {
  const started = performance.now();
  const random = seeded(options.seed);
  const shop = await createShop({ products: 1 });
  const product = nth(shop.products, 0);
  const counters = await openCounters(shop, options.tills);
  const faults = { before: 0, dropped: 0, http500: 0, http503: 0, timeout: 0, kill: 0 };
  // The tills' requests interleave as timing decides, so the seeded draws land on different requests from
  // run to run: every fifth fault-free draw injects a fault not seen yet, so each one happens in every run.
  const unseen = new Set(FAULTS.map(([, fault]) => fault));
  let draws = 0;
  for (const counter of counters) {
    counter.till.net.chooseFault = () => {
      const r = random();
      draws += 1;
      let fault = FAULTS.find(([limit]) => r < limit)?.[1] ?? null;
      if (!fault && draws % 5 === 0) fault = unseen.values().next().value ?? null;
      if (fault) {
        faults[fault] += 1;
        unseen.delete(fault);
      }
      return fault;
    };
  }
  let sold = 0;
  let twoLeaderRounds = 0;
  let expiredTokens = 0;
  let revokedSessions = 0;
  for (let round = 0; sold < options.ops; round++) {
    await Promise.all(
      counters.map(async (counter, index) => {
        const count = Math.min(
          Math.ceil((options.ops - sold) / counters.length),
          5 + Math.floor(random() * 20),
        );
        for (let i = 0; i < count; i++) {
          counter.saleIds.push((await queueOneSale(counter.ledger, shop.companyId, product)).saleId);
        }
        sold += count;
        const twoLeaders = (round + index) % 4 === 3;
        if (twoLeaders) twoLeaderRounds += 1;
        if ((round + index) % 7 === 5) {
          await expireStoredToken(counter.till);
          expiredTokens += 1;
        }
        if ((round + index) % 9 === 4) {
          // The same member signs out everywhere from another device: this till's refresh token is dead.
          const elsewhere = makeTill(`revoker-${String(index)}`);
          await elsewhere.signIn(counter.person.email);
          await elsewhere.client.auth.signOut({ scope: 'global' });
          await expireStoredToken(counter.till);
          revokedSessions += 1;
        }
        await syncRound(counter, twoLeaders);
      }),
    );
    options.progress?.(`round ${String(round + 1)}: ${String(sold)} sales queued`);
  }
  for (const counter of counters) await drain(counter);

  const queued = counters.flatMap((counter) => counter.saleIds);
  const onServer = await serverSaleIds(counters.map((counter) => counter.terminalId));
  const serverSet = new Set(onServer);
  const queuedSet = new Set(queued);
  const stock = must<{ on_hand: number | string }[]>(
    await serviceClient()
      .from('stock_levels')
      .select('on_hand')
      .eq('store_id', shop.storeId)
      .eq('product_id', product.id),
    'stock level',
  );
  for (const counter of counters) counter.ledger.close();
  return {
    ops: queued.length,
    tills: counters.length,
    seed: options.seed,
    faults,
    twoLeaderRounds,
    expiredTokens,
    revokedSessions,
    elapsedMs: performance.now() - started,
    onServer: onServer.length,
    lost: queued.filter((id) => !serverSet.has(id)).length,
    // A sale is duplicated when the server holds it twice, or holds a sale no till queued (an op replayed as new).
    duplicated: onServer.length - serverSet.size + onServer.filter((id) => !queuedSet.has(id)).length,
    onHandExpected: -queued.length,
    onHandServer: Number(stock[0]?.on_hand ?? 0),
  };
}

/** The report as the soak prints it. */
export function reportLines(report: FaultRunReport): string[] {
  const faults = Object.entries(report.faults)
    .map(([fault, count]) => `${fault} ${String(count)}`)
    .join(', ');
  return [
    `ops ${String(report.ops)} from ${String(report.tills)} tills (seed ${String(report.seed)}) in ${(report.elapsedMs / 1000).toFixed(1)} s`,
    `faults injected: ${faults}`,
    `two leaders ${String(report.twoLeaderRounds)} rounds, expired tokens ${String(report.expiredTokens)}, revoked sessions ${String(report.revokedSessions)}`,
    `on the server ${String(report.onServer)}; on-hand ${String(report.onHandServer)} (expected ${String(report.onHandExpected)})`,
    `lost = ${String(report.lost)} duplicated = ${String(report.duplicated)}`,
  ];
}

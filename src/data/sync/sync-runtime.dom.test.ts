import { describe, expect, test } from 'vitest';
import { FakeLockManager } from '../../../tests/support/fake-locks';
import { FakeSyncServer } from '../../../tests/support/fake-sync-remote';
import {
  addTerminal,
  COMPANY_A,
  freshLedger,
  freshMirror,
  oneLineSale,
  testDeps,
} from '../../../tests/support/ledger-fixtures';
import { pinnedIds } from '../../domain/ids';
import { recordSale } from '../ops/sale-record';
import { SYNC_LOCK } from './leader';
import { SyncEngine } from './sync-engine';
import {
  AFTER_WRITE_MS,
  PROBE_EVERY_MS,
  startSyncRuntime,
  SYNC_INTERVAL_MS,
  type SyncEnvironment,
} from './sync-runtime';
import { MIRRORED_TABLES } from '../local/mirror-db';

/** A sync cycle pulls each mirrored table once (one page each here). */
const PULLS_PER_CYCLE = Object.keys(MIRRORED_TABLES).length;

/** A page's surroundings with timers the test moves by hand. */
function page(locks: LockManager | undefined) {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const win = new EventTarget();
  const visible: DocumentVisibilityState = 'visible';
  const doc = Object.assign(new EventTarget(), { visibilityState: visible });
  const env: SyncEnvironment = {
    locks,
    Channel: undefined,
    window: win,
    document: doc,
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
    now: () => now,
  };
  const advance = async (ms: number) => {
    now += ms;
    const due = timers.filter((timer) => timer.at <= now);
    timers = timers.filter((timer) => timer.at > now);
    for (const timer of due) timer.fn();
    await settle();
  };
  return { env, win, doc, advance, now: () => now };
}

const engines: SyncEngine[] = [];
/** Lets granted locks and started cycles run to the end. */
async function settle() {
  for (let round = 0; round < 3; round++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    await Promise.all(engines.map((engine) => engine.whenIdle()));
  }
}

function engineFor(server: FakeSyncServer, clockNow: () => number, online = () => true) {
  const ledger = freshLedger();
  server.memberships = [{ company_id: COMPANY_A, role: 'cashier' }];
  const engine = new SyncEngine({
    ledger,
    mirrorFor: () => freshMirror(),
    remote: server.remote(),
    now: clockNow,
    random: () => 0.5,
    isOnline: online,
  });
  engines.push(engine);
  return { ledger, engine };
}

/** One sale in the outbox: the next cycle pushes, and a push is where the fake server's faults apply. */
async function sellOne(ledger: ReturnType<typeof freshLedger>) {
  await addTerminal(ledger);
  const ids = pinnedIds();
  const sold = await recordSale(testDeps(ledger, ids), {
    companyId: COMPANY_A,
    build: oneLineSale(ids),
    tracksStock: () => true,
  });
  if (!sold.ok) throw new Error(sold.error.message);
}

describe('leader and triggers', () => {
  test('[LEAD-1] without Web Locks (jsdom) the tab leads and syncs at start', async () => {
    const server = new FakeSyncServer();
    const tab = page(undefined);
    const { engine } = engineFor(server, tab.now);
    const runtime = startSyncRuntime(engine, tab.env);
    await settle();
    expect(engine.getStatus().leader).toBe(true);
    expect(server.calls.pull).toBeGreaterThan(0);
    runtime.stop();
  });

  test('[LEAD-2] of two tabs only the lock holder syncs; when it stops the other takes over', async () => {
    const locks = new FakeLockManager();
    const server = new FakeSyncServer();
    const one = page(locks.asLockManager());
    const two = page(locks.asLockManager());
    const first = engineFor(server, one.now);
    const second = engineFor(server, two.now);
    const runtimeOne = startSyncRuntime(first.engine, one.env);
    const runtimeTwo = startSyncRuntime(second.engine, two.env);
    await settle();
    expect([first.engine.getStatus().leader, second.engine.getStatus().leader]).toEqual([true, false]);
    runtimeOne.stop();
    await settle();
    expect(second.engine.getStatus().leader).toBe(true);
    runtimeTwo.stop();
    await settle();
    expect(locks.isHeld(SYNC_LOCK)).toBe(false);
  });

  test('[LEAD-3] starting twice (React StrictMode: start, stop, start) leaves one holder and one sync loop', async () => {
    const locks = new FakeLockManager();
    const server = new FakeSyncServer();
    const tab = page(locks.asLockManager());
    const { engine } = engineFor(server, tab.now);
    startSyncRuntime(engine, tab.env).stop();
    const runtime = startSyncRuntime(engine, tab.env);
    await settle();
    expect(engine.getStatus().leader).toBe(true);
    expect(locks.isHeld(SYNC_LOCK)).toBe(true);
    const pulls = server.calls.pull;
    await tab.advance(SYNC_INTERVAL_MS);
    expect(server.calls.pull - pulls).toBe(PULLS_PER_CYCLE);
    runtime.stop();
    await settle();
    expect(locks.isHeld(SYNC_LOCK)).toBe(false);
  });

  test('[TRIG-1] a local write syncs shortly after, and every 30 s a cycle runs', async () => {
    const server = new FakeSyncServer();
    const tab = page(undefined);
    const { engine, ledger } = engineFor(server, tab.now);
    await addTerminal(ledger);
    const runtime = startSyncRuntime(engine, tab.env);
    await settle();
    const pulls = server.calls.pull;
    runtime.noteLocalWrite();
    await tab.advance(AFTER_WRITE_MS - 1);
    expect(server.calls.pull).toBe(pulls);
    await tab.advance(1);
    expect(server.calls.pull).toBe(pulls + PULLS_PER_CYCLE);
    await tab.advance(SYNC_INTERVAL_MS);
    expect(server.calls.pull).toBe(pulls + 2 * PULLS_PER_CYCLE);
    runtime.stop();
  });

  test('[TRIG-2] coming back online syncs at once, even while a retry is pending; visible does too', async () => {
    const server = new FakeSyncServer();
    const tab = page(undefined);
    let online = true;
    const { engine } = engineFor(server, tab.now, () => online);
    server.faults.push('network');
    server.session = { userId: 'user-a', expiresAt: null };
    const runtime = startSyncRuntime(engine, tab.env);
    await settle();
    // No ops: the failure comes from pull; make the first pull fail instead.
    online = false;
    tab.win.dispatchEvent(new Event('offline'));
    expect(engine.getStatus()).toMatchObject({ online: false, phase: 'offline' });
    online = true;
    const pulls = server.calls.pull;
    tab.win.dispatchEvent(new Event('online'));
    await settle();
    expect(server.calls.pull).toBe(pulls + PULLS_PER_CYCLE);
    tab.doc.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(server.calls.pull).toBe(pulls + 2 * PULLS_PER_CYCLE);
    runtime.stop();
  });

  test('[TRIG-3] a server out of reach is asked every few seconds: its first answer clears "unreachable" and syncs at once', async () => {
    const server = new FakeSyncServer();
    const tab = page(undefined);
    const { engine, ledger } = engineFor(server, tab.now);
    await sellOne(ledger);
    server.session = { userId: 'user-a', expiresAt: null };
    let answers = false;
    let probes = 0;
    tab.env.probe = () => {
      probes += 1;
      return Promise.resolve(answers);
    };
    // The internet drops with the Wi-Fi up: the browser says online and sends no event when it returns.
    server.faults.push('network');
    const runtime = startSyncRuntime(engine, tab.env);
    await settle();
    expect(engine.getStatus()).toMatchObject({ serverReachable: false, phase: 'waiting_retry' });
    const retryIn = (engine.getStatus().nextRetryAt ?? 0) - tab.now();
    expect(retryIn).toBeGreaterThan(PROBE_EVERY_MS);
    await tab.advance(PROBE_EVERY_MS / 2);
    expect(probes).toBe(0);
    const pulls = server.calls.pull;
    answers = true;
    await tab.advance(PROBE_EVERY_MS / 2);
    expect(probes).toBe(1);
    // Long before the backoff's retry: the cycle ran and the server is reachable again.
    expect(tab.now()).toBeLessThan(retryIn);
    expect(server.calls.pull).toBe(pulls + PULLS_PER_CYCLE);
    expect(engine.getStatus()).toMatchObject({ serverReachable: true, phase: 'idle' });
    // Reachable: no more asking.
    await tab.advance(PROBE_EVERY_MS);
    expect(probes).toBe(1);
    runtime.stop();
  });

  test('[TRIG-3] coming back online asks the server at once, besides the cycle [TRIG-2] runs', async () => {
    const server = new FakeSyncServer();
    const tab = page(undefined);
    const { engine, ledger } = engineFor(server, tab.now);
    await sellOne(ledger);
    server.session = { userId: 'user-a', expiresAt: null };
    let probes = 0;
    tab.env.probe = () => {
      probes += 1;
      return Promise.resolve(true);
    };
    server.faults.push('network');
    const runtime = startSyncRuntime(engine, tab.env);
    await settle();
    expect(engine.getStatus().serverReachable).toBe(false);
    tab.win.dispatchEvent(new Event('online'));
    await settle();
    expect(probes).toBe(1);
    expect(engine.getStatus()).toMatchObject({ serverReachable: true, online: true });
    runtime.stop();
  });
});

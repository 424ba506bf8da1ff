import { describe, expect, test } from 'vitest';
import { pinnedIds } from '../../domain/ids';
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
import { deviceSales, deviceStockMovements } from '../local/back-office-reads';
import type { LedgerDb } from '../local/ledger-db';
import { saleWithLines } from '../local/ledger-reads';
import { retryDeadLetter } from '../ops/retry-dead-letter';
import { pushAll } from './push';
import { SyncEngine, type SyncEngineDeps } from './sync-engine';

/** How many of the company's sales read synced (their state is derived: sale-sync.ts). */
async function syncedSales(ledger: LedgerDb): Promise<number> {
  return (await deviceSales(ledger, COMPANY_A)).filter((sale) => sale.sync === 'synced').length;
}

function setup() {
  const ledger = freshLedger();
  const mirror = freshMirror();
  const clock = { now: Date.parse('2026-11-21T09:00:00Z'), online: true };
  const server = new FakeSyncServer(() => clock.now);
  server.session = { userId: 'user-a', expiresAt: clock.now / 1000 + 3600 };
  server.memberships = [{ company_id: COMPANY_A, role: 'manager' }];
  const deps: SyncEngineDeps = {
    ledger,
    mirrorFor: () => mirror,
    remote: server.remote(),
    now: () => clock.now,
    random: () => 0.5,
    isOnline: () => clock.online,
    batchSize: 10,
    pageSize: 3,
  };
  const engine = new SyncEngine(deps);
  const ids = pinnedIds();
  const sell = async (count: number, companyId = COMPANY_A) => {
    for (let i = 0; i < count; i++) {
      const sold = await recordSale(testDeps(ledger, ids), {
        companyId,
        build: oneLineSale(ids),
        tracksStock: () => true,
      });
      if (!sold.ok) throw new Error(sold.error.message);
    }
  };
  return { ledger, mirror, clock, server, engine, sell, deps };
}

describe('push', () => {
  test('[PUSH-1] the outbox goes in FIFO batches and every applied op is done', async () => {
    const { ledger, server, engine, sell } = setup();
    await addTerminal(ledger);
    await sell(25);
    await engine.syncNow();
    expect(server.calls.batches).toEqual([10, 10, 5]);
    expect(server.appliedOps.map((op) => op.seq)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(await ledger.outbox.count()).toBe(0);
    expect(await syncedSales(ledger)).toBe(25);
    // A sale's "synced" is read from the outbox: the answered sales' rows were not rewritten.
    expect(await ledger.sales.where('sync').equals('pending').count()).toBe(25);
    expect(engine.getStatus()).toMatchObject({ phase: 'idle', pending: 0, lastError: null });
  });

  test("[PUSH-2] [ONHAND-2] an answered op's txid is kept for its stock deltas, and a pull past it settles them", async () => {
    const { ledger, mirror, server, engine, sell } = setup();
    await addTerminal(ledger);
    await sell(3);
    await engine.syncNow();
    // Answered, not yet reflected in a pulled level: the deltas still count, the txids wait beside them, and
    // the stock history shows them synced (their ops have left the outbox).
    expect(await ledger.appliedOps.count()).toBe(3);
    expect(await ledger.stockMovements.where('settled').equals(0).count()).toBe(3);
    expect((await deviceStockMovements(ledger, COMPANY_A)).map((m) => m.sync)).toEqual([
      'synced',
      'synced',
      'synced',
    ]);
    server.put('stock_levels', {
      id: 'l-1',
      company_id: COMPANY_A,
      store_id: STORE,
      product_id: PRODUCT,
      on_hand: 7,
    });
    await engine.syncNow();
    const moves = await ledger.stockMovements.toArray();
    expect(moves).toHaveLength(3);
    const txids = new Map([...server.applied.values()].map((answer) => [answer.op_id, answer.txid]));
    // The pull that followed the push went past every txid: all settled, synced, with their op's txid.
    expect(moves.map((m) => [m.settled, m.sync, m.txid])).toEqual(
      moves.map((m) => [1, 'synced', txids.get(m.op_id)]),
    );
    expect(await ledger.appliedOps.count()).toBe(0);
    expect(await onHand(ledger, mirror, STORE, PRODUCT)).toBe(7000);
  });

  test('[PUSH-2] a response lost after the server committed is answered duplicate on replay, never applied twice', async () => {
    const { ledger, server, engine, sell } = setup();
    await addTerminal(ledger);
    await sell(5);
    server.faults.push('lost');
    await engine.syncNow();
    expect(engine.getStatus().phase).toBe('waiting_retry');
    expect(await ledger.outbox.count()).toBe(5);
    await engine.syncNow();
    expect(server.appliedOps).toHaveLength(5);
    expect(await ledger.outbox.count()).toBe(0);
  });

  test('[PUSH-3][WORDS-4] network errors, 5xx and 429 back off with growing waits, say so in words and lose nothing', async () => {
    const { ledger, server, engine, sell, clock } = setup();
    await addTerminal(ledger);
    await sell(3);
    server.faults.push('network', 'http500', 'http429');
    const waits: number[] = [];
    const errors: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      await engine.syncNow();
      const { nextRetryAt, phase, lastError } = engine.getStatus();
      expect(phase).toBe('waiting_retry');
      waits.push((nextRetryAt ?? 0) - clock.now);
      errors.push(lastError);
    }
    expect(waits).toEqual([5000, 10000, 20000]);
    // [WORDS-4] Each says in words what happened and that the till tries again; never the browser's error.
    expect(errors).toEqual([
      'The server could not be reached: this device is offline or the server is down. Nothing is lost; the till tries again.',
      expect.stringMatching(
        /^The server had a problem and could not take the work; the till tries again\. \(HTTP 500/,
      ),
      expect.stringMatching(/^The server is busy and asked the till to wait; it tries again\. \(HTTP 429/),
    ]);
    await engine.syncNow();
    expect(server.appliedOps).toHaveLength(3);
    expect(engine.getStatus()).toMatchObject({ phase: 'idle', nextRetryAt: null, pending: 0 });
  });

  test('[PUSH-4] a whole-batch 400 is split until the one bad op is found; the others apply', async () => {
    const { ledger, server, engine, sell } = setup();
    await addTerminal(ledger);
    await sell(8);
    const ops = await ledger.outbox.orderBy('seq').toArray();
    const bad = ops[5]?.op_id ?? '';
    server.poison.add(bad);
    await engine.syncNow();
    expect(server.appliedOps).toHaveLength(7);
    expect((await ledger.deadLetters.toArray()).map((row) => row.op_id)).toEqual([bad]);
    expect(await ledger.outbox.count()).toBe(0);
  });

  test('[PUSH-2] an answer another leader has already written is not written again', async () => {
    const { ledger, server, sell } = setup();
    await addTerminal(ledger);
    await sell(3);
    const [first] = await ledger.outbox.orderBy('seq').toArray();
    const remote = server.remote();
    const outcome = await pushAll({
      ledger,
      now: () => Date.parse('2026-11-21T09:00:00Z'),
      userId: 'user-a',
      companies: new Set([COMPANY_A]),
      batchSize: 10,
      remote: {
        ...remote,
        // The other tab wrote the first op's answer while this one waited for its own.
        applyOps: async (ops) => {
          const answer = await remote.applyOps(ops);
          await ledger.outbox.delete(first?.op_id ?? '');
          return answer;
        },
      },
    });
    expect(outcome).toEqual({ kind: 'drained', sent: 3 });
    expect(await ledger.outbox.count()).toBe(0);
    const applied = (await ledger.appliedOps.toArray()).map((op) => op.op_id);
    expect(applied).toHaveLength(2);
    expect(applied).not.toContain(first?.op_id);
    expect(await syncedSales(ledger)).toBe(3);
  });

  test('[PUSH-6] a recorded rejection becomes a dead letter, the sale needs attention, and Retry sends it anew', async () => {
    const { ledger, server, engine, sell, mirror } = setup();
    await addTerminal(ledger);
    await sell(2);
    const [first] = await ledger.outbox.orderBy('seq').toArray();
    server.rejections.set(first?.op_id ?? '', 'duplicate_receipt_no');
    await engine.syncNow();
    const [dead] = await ledger.deadLetters.toArray();
    expect(dead).toMatchObject({ op_id: first?.op_id, error: { code: 'duplicate_receipt_no' } });
    const sale = await saleWithLines(ledger, String(first?.args.id));
    expect(sale).toMatchObject({ sync: 'attention', error: { code: 'duplicate_receipt_no' } });
    expect(engine.getStatus().deadLetters).toBe(1);
    // Its stock delta no longer counts: the server applied none of it.
    expect(await onHand(ledger, mirror, STORE, PRODUCT)).toBe(-1000);
    const retried = await retryDeadLetter(ledger, first?.op_id ?? '', testDeps(ledger));
    expect(retried?.op_id).not.toBe(first?.op_id);
    expect(await saleWithLines(ledger, String(first?.args.id))).toMatchObject({ sync: 'pending' });
    await engine.syncNow();
    expect(await saleWithLines(ledger, String(first?.args.id))).toMatchObject({ sync: 'synced' });
  });

  test('[PUSH-7] an op_id another op used first is re-keyed and sent again, never taken as synced', async () => {
    const { ledger, server, engine, sell } = setup();
    await addTerminal(ledger);
    await sell(2);
    const [first, second] = await ledger.outbox.orderBy('seq').toArray();
    if (!first || !second) throw new Error('two sales were queued');
    server.rejections.set(first.op_id, 'op_id_conflict');
    await engine.syncNow();
    expect(await ledger.outbox.count()).toBe(0);
    expect(await ledger.deadLetters.count()).toBe(0);
    expect(server.appliedOps.map((op) => op.args.id)).toEqual([second.args.id, first.args.id]);
    const rekeyed = server.appliedOps[1];
    expect(rekeyed?.op_id).not.toBe(first.op_id);
    expect(rekeyed?.seq).toBe(first.seq);
    const sale = await saleWithLines(ledger, String(first.args.id));
    expect(sale).toMatchObject({ sync: 'synced', op_id: rekeyed?.op_id });
    expect(await ledger.stockMovements.where('op_id').equals(first.op_id).count()).toBe(0);
  });

  test('[PUSH-1] [PUSH-7] an op re-keyed in a long push goes in the next batch read, before the ops queued after it', async () => {
    const { ledger, server, engine, sell } = setup();
    await addTerminal(ledger);
    await sell(25);
    const third = (await ledger.outbox.orderBy('seq').toArray())[2];
    if (!third) throw new Error('25 sales were queued');
    server.rejections.set(third.op_id, 'op_id_conflict');
    await engine.syncNow();
    // The second batch was read while the first was on its way, before the op was put back; the third is
    // read from the start of the queue again, so the re-keyed op goes before the ops queued after it.
    expect(server.calls.batches).toEqual([10, 10, 6]);
    const seq = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    expect(server.appliedOps.map((op) => op.seq)).toEqual([1, 2, ...seq(4, 20), 3, ...seq(21, 25)]);
    expect(await ledger.outbox.count()).toBe(0);
    expect(await syncedSales(ledger)).toBe(25);
  });

  test('[PUSH-5] an op refused for who sent it waits for another user instead of dying', async () => {
    const { ledger, server, engine, sell } = setup();
    await addTerminal(ledger);
    await sell(2);
    server.rejections.set('sale.record', 'insufficient_role');
    await engine.syncNow();
    expect(await ledger.deadLetters.count()).toBe(0);
    expect(
      (await ledger.outbox.toArray()).every((op) => op.state === 'held' && op.held_by === 'user-a'),
    ).toBe(true);
    await engine.syncNow();
    expect(server.calls.applyOps).toBe(1);
    server.rejections.clear();
    server.session = { userId: 'user-m', expiresAt: null };
    await engine.syncNow();
    expect(server.appliedOps).toHaveLength(2);
  });
});

describe('auth first', () => {
  test('[AUTH-1] a token expiring within 90 s is refreshed before any push', async () => {
    const { ledger, server, engine, sell, clock } = setup();
    await addTerminal(ledger);
    await sell(1);
    server.session = { userId: 'user-a', expiresAt: clock.now / 1000 + 60 };
    await engine.syncNow();
    expect(server.calls.refresh).toBe(1);
    expect(server.appliedOps).toHaveLength(1);
  });

  test('[AUTH-2] an expired token whose refresh fails for now is never used: no push, retry later', async () => {
    const { ledger, server, engine, sell, clock } = setup();
    await addTerminal(ledger);
    await sell(1);
    server.session = { userId: 'user-a', expiresAt: clock.now / 1000 - 10 };
    server.refreshOutcome = 'retry';
    await engine.syncNow();
    expect(server.calls.applyOps).toBe(0);
    expect(engine.getStatus().phase).toBe('waiting_retry');
    server.refreshOutcome = 'refreshed';
    await engine.syncNow();
    expect(server.appliedOps).toHaveLength(1);
  });

  test('[AUTH-3] a 401 refreshes the session and tries again', async () => {
    const { ledger, server, engine, sell } = setup();
    await addTerminal(ledger);
    await sell(1);
    server.faults.push('http401');
    await engine.syncNow();
    expect(server.calls.refresh).toBe(1);
    expect(server.appliedOps).toHaveLength(1);
  });

  test('[AUTH-4] a refused refresh stops sync in "sign in again" and keeps the outbox', async () => {
    const { ledger, server, engine, sell, clock } = setup();
    await addTerminal(ledger);
    await sell(3);
    server.session = { userId: 'user-a', expiresAt: clock.now / 1000 - 10 };
    server.refreshOutcome = 'signed_out';
    await engine.syncNow();
    expect(engine.getStatus()).toMatchObject({ phase: 'needs_sign_in', pending: 3 });
    expect(await ledger.outbox.count()).toBe(3);
    server.session = { userId: 'user-a', expiresAt: clock.now / 1000 + 3600 };
    await engine.syncNow();
    expect(server.appliedOps).toHaveLength(3);
  });

  test('[AUTH-5] offline nothing is sent, whatever the session says, and the phase says offline', async () => {
    const { ledger, server, engine, sell, clock } = setup();
    await addTerminal(ledger);
    await sell(1);
    clock.online = false;
    server.session = { userId: 'user-a', expiresAt: clock.now / 1000 - 3600 };
    await engine.syncNow();
    expect(server.calls).toMatchObject({ applyOps: 0, refresh: 0 });
    expect(engine.getStatus()).toMatchObject({ phase: 'offline', pending: 1 });
    expect(server.session).not.toBeNull();
  });
});

describe('companies', () => {
  test('[COMP-1] ops of company A wait while a member of B is signed in and replay when A signs in', async () => {
    const { ledger, server, engine, sell } = setup();
    await addTerminal(ledger, COMPANY_A, 'T1');
    await addTerminal(ledger, COMPANY_B, 'T2');
    await sell(2, COMPANY_A);
    server.session = { userId: 'user-b', expiresAt: null };
    server.memberships = [{ company_id: COMPANY_B, role: 'cashier' }];
    await sell(1, COMPANY_B);
    await engine.syncNow();
    expect(server.appliedOps.map((op) => op.args.receipt_no)).toEqual(['T2-000001']);
    expect(engine.getStatus()).toMatchObject({ pending: 2, waitingForOtherUser: 2 });
    server.session = { userId: 'user-a', expiresAt: null };
    server.memberships = [{ company_id: COMPANY_A, role: 'cashier' }];
    await engine.syncNow();
    expect(server.appliedOps).toHaveLength(3);
    expect(engine.getStatus()).toMatchObject({ pending: 0, waitingForOtherUser: 0 });
  });
});

describe('status', () => {
  test('[STATUS-2] a request with no answer marks the server unreachable; any answer, or a sync, reachable', async () => {
    const { ledger, server, engine, sell } = setup();
    await addTerminal(ledger);
    await sell(1);
    expect(engine.getStatus().serverReachable).toBeNull();
    server.faults.push('network');
    await engine.syncNow();
    expect(engine.getStatus()).toMatchObject({
      online: true,
      serverReachable: false,
      phase: 'waiting_retry',
    });
    server.faults.push('http500');
    await engine.syncNow();
    expect(engine.getStatus()).toMatchObject({ serverReachable: true, phase: 'waiting_retry' });
    server.faults.push('network');
    await engine.syncNow();
    await engine.syncNow();
    expect(engine.getStatus()).toMatchObject({ serverReachable: true, phase: 'idle', pending: 0 });
  });

  test('[STATUS-3] the last sync time survives a reload, offline too, and is kept per user', async () => {
    const { ledger, clock, server, engine, deps } = setup();
    const mirrors = new Map([
      ['user-a', freshMirror()],
      ['user-b', freshMirror()],
    ]);
    const mirrorFor = (userId: string) => mirrors.get(userId) ?? freshMirror();
    const first = new SyncEngine({ ...deps, mirrorFor });
    await addTerminal(ledger);
    await first.syncNow();
    const syncedAt = new Date(clock.now).toISOString();
    expect(first.getStatus().lastSyncedAt).toBe(syncedAt);
    expect(engine.getStatus().lastSyncedAt).toBeNull();

    // A reload, offline, ten minutes later: a new engine reads it back before any request.
    clock.now += 10 * 60_000;
    clock.online = false;
    const reloaded = new SyncEngine({ ...deps, mirrorFor });
    await reloaded.refreshCounts();
    await reloaded.syncNow();
    expect(reloaded.getStatus()).toMatchObject({ phase: 'offline', lastSyncedAt: syncedAt });

    // Another user on the device has not synced here yet.
    server.session = { userId: 'user-b', expiresAt: null };
    await reloaded.refreshCounts();
    expect(reloaded.getStatus().lastSyncedAt).toBeNull();
  });
});

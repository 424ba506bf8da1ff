import { describe, expect, test, vi } from 'vitest';
import { FakeLockManager } from '../../../tests/support/fake-locks';
import { FakeSyncServer } from '../../../tests/support/fake-sync-remote';
import { COMPANY_A, freshLedger, freshMirror } from '../../../tests/support/ledger-fixtures';
import { createSyncServices } from './create-sync';
import { SyncEngine } from './sync-engine';
import { startSyncRuntime, type SyncEnvironment } from './sync-runtime';
import { MIRRORED_TABLES } from '../local/mirror-db';

function environment(
  locks: LockManager | undefined,
  Channel: typeof BroadcastChannel | undefined,
): SyncEnvironment {
  const visible: DocumentVisibilityState = 'visible';
  return {
    locks,
    Channel,
    window: new EventTarget(),
    document: Object.assign(new EventTarget(), { visibilityState: visible }),
    setTimeout: () => 0,
    clearTimeout: () => undefined,
    now: () => Date.now(),
  };
}

describe('tabs', () => {
  test('[LEAD-2] a follower shows the leader’s status and its "Sync now" runs on the leader', async () => {
    const locks = new FakeLockManager().asLockManager();
    const server = new FakeSyncServer();
    server.memberships = [{ company_id: COMPANY_A, role: 'cashier' }];
    const engine = () =>
      new SyncEngine({
        ledger: freshLedger(),
        mirrorFor: () => freshMirror(),
        remote: server.remote(),
        now: () => Date.now(),
        random: () => 0.5,
        isOnline: () => true,
      });
    const leader = engine();
    const follower = engine();
    const one = startSyncRuntime(leader, environment(locks, BroadcastChannel));
    const two = startSyncRuntime(follower, environment(locks, BroadcastChannel));
    await vi.waitFor(() => {
      expect(follower.getStatus()).toMatchObject({ leader: false, phase: 'idle' });
      expect(follower.getStatus().lastSyncedAt).not.toBeNull();
    });
    const pulls = server.calls.pull;
    two.syncNow();
    await vi.waitFor(() => {
      expect(server.calls.pull).toBe(pulls + Object.keys(MIRRORED_TABLES).length);
    });
    await leader.whenIdle();
    one.stop();
    two.stop();
  });

  test('[LEAD-3] the app’s services start once, and start → stop → start (StrictMode) leaves one runtime', async () => {
    const signedOut = new FakeSyncServer();
    signedOut.session = null;
    const services = createSyncServices({
      remote: { ...signedOut.remote(), registerTerminal: () => Promise.reject(new Error('not used here')) },
      supabaseUrl: 'http://127.0.0.1:54321',
      env: () => environment(undefined, undefined),
    });
    services.start()();
    const stop = services.start();
    await vi.waitFor(() => {
      expect(services.engine.getStatus()).toMatchObject({ leader: true, phase: 'signed_out' });
    });
    expect(services.ledger.name).toBe('tillpoint-ledger http://127.0.0.1:54321');
    expect(services.mirrorFor('u1').name).toBe('tillpoint-mirror http://127.0.0.1:54321 u1');
    stop();
    expect(services.engine.getStatus().leader).toBe(false);
  });
});

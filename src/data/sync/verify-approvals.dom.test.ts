// After a push that sent a security-key approval, the engine asks the server to check its signature
// (SPEC [PASSKEY-T9]): best effort, in the background; a failure never fails the sync and is asked again
// after the next push. The engine's fakes as in sync-engine.dom.test.ts.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { pinnedIds } from '../../domain/ids';
import { FakeSyncServer } from '../../../tests/support/fake-sync-remote';
import {
  addTerminal,
  COMPANY_A,
  freshLedger,
  freshMirror,
  oneLineSale,
  testDeps,
} from '../../../tests/support/ledger-fixtures';
import { recordActivity } from '../ops/activity-record';
import { recordSale } from '../ops/sale-record';
import { SyncEngine } from './sync-engine';

afterEach(() => {
  vi.restoreAllMocks();
});

const MAX = 'a6000000-0000-4000-8000-000000000002';
const PASSKEY = {
  credential_id: 'AQID',
  authenticator_data: 'BAUG',
  client_data_json: 'eyJ9',
  signature: 'MEUC',
};

async function setup() {
  const ledger = freshLedger();
  const clock = { now: Date.parse('2026-11-21T09:00:00Z') };
  const server = new FakeSyncServer(() => clock.now);
  server.session = { userId: 'user-a', expiresAt: clock.now / 1000 + 3600 };
  server.memberships = [{ company_id: COMPANY_A, role: 'manager' }];
  const asked: string[] = [];
  let fail = false;
  const mirror = freshMirror();
  const engine = new SyncEngine({
    ledger,
    mirrorFor: () => mirror,
    remote: server.remote(),
    now: () => clock.now,
    random: () => 0.5,
    isOnline: () => true,
    verifyApprovals: (companyId) => {
      asked.push(companyId);
      return fail ? Promise.reject(new Error('503 from verify-approvals')) : Promise.resolve({ checked: 1 });
    },
  });
  await addTerminal(ledger);
  const ids = pinnedIds();
  const deps = testDeps(ledger, ids);
  const approveByKey = async () => {
    const recorded = await recordActivity(deps, {
      companyId: COMPANY_A,
      id: ids(),
      kind: 'no_sale',
      detail: {},
      stamp: { cashier_id: null, approval: { by: MAX, action: 'no_sale', passkey: PASSKEY } },
    });
    if (!recorded.ok) throw new Error(recorded.error.message);
  };
  const sell = async () => {
    const sold = await recordSale(deps, {
      companyId: COMPANY_A,
      build: oneLineSale(ids),
      tracksStock: () => true,
    });
    if (!sold.ok) throw new Error(sold.error.message);
  };
  const sync = async () => {
    await engine.syncNow();
    await engine.whenVerified();
  };
  return {
    engine,
    asked,
    approveByKey,
    sell,
    sync,
    failVerify: (value: boolean) => {
      fail = value;
    },
  };
}

describe('verify-approvals after a push', () => {
  test('[PASSKEY-T9] a push that sent a security-key approval asks the server to check that shop; a push without one does not', async () => {
    const { asked, approveByKey, sell, sync } = await setup();
    await sell();
    await sync();
    expect(asked).toEqual([]);
    await approveByKey();
    await sync();
    expect(asked).toEqual([COMPANY_A]);
    await sell();
    await sync();
    expect(asked).toEqual([COMPANY_A]);
  });

  test('[PASSKEY-T9] a failed call never fails the sync, and is asked again after the next push', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { engine, asked, approveByKey, sync, failVerify } = await setup();
    failVerify(true);
    await approveByKey();
    await sync();
    expect(asked).toEqual([COMPANY_A]);
    expect(engine.getStatus()).toMatchObject({ phase: 'idle', pending: 0, lastError: null });
    failVerify(false);
    await sync();
    expect(asked).toEqual([COMPANY_A, COMPANY_A]);
    await sync();
    expect(asked).toEqual([COMPANY_A, COMPANY_A]);
  });
});

// A shared till for dom tests (issue 18): a ledger with a registered till on fake-indexeddb, a mirror with
// the shop's staff (staff-test-fixtures.ts), a till session already in shared mode and deps with a pinned
// clock.
import { pinnedIds } from '../../domain/ids';
import {
  addTerminal,
  COMPANY_A,
  freshLedger,
  freshMirror,
  testDeps,
} from '../../../tests/support/ledger-fixtures';
import type { SharedTillDeps } from './shared-till-deps';
import { putStaff } from './staff-test-fixtures';
import { TillSession } from './till-session';

export { CARA, MAX } from './staff-test-fixtures';

export async function world() {
  const ledger = freshLedger();
  const mirror = freshMirror();
  const terminal = await addTerminal(ledger);
  const keys = await putStaff(mirror, COMPANY_A);
  const now = Date.parse('2026-11-26T09:00:00Z');
  const session = new TillSession();
  session.setShared(true);
  const deps: SharedTillDeps = {
    commandDeps: testDeps(ledger, pinnedIds()),
    mirror,
    companyId: COMPANY_A,
    userId: 'd0000000-0000-4000-8000-000000000002',
    session,
    now: () => now,
  };
  return {
    deps,
    ledger,
    terminal,
    session,
    keys,
    activity: async () =>
      (await ledger.outbox.orderBy('seq').toArray()).filter((op) => op.name === 'activity.record'),
  };
}

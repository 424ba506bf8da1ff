// [COUNTER-1] The shared till's guard, run by the /dashboard layout's beforeLoad on every navigation, before
// any page's loader: this device's shared mode (ledger meta, offline too), who is at the counter (memory) and
// whether the account's password opened the back office decide whether the address shows, shows the lock
// screen, or is refused in words. Hiding links alone would leave typed addresses open.
import type { LedgerDb } from '../data/local/ledger-db';
import { readSharedMode } from '../data/local/shared-till-meta';
import { counterOnly, tillAccess, type TillAccess } from '../domain/till-access';
import type { AuthStore } from '../features/auth/auth-store';
import { backOffice } from '../features/shared-till/back-office';
import { tillSession } from '../features/shared-till/till-session';

export async function tillGuard(ledger: LedgerDb, auth: AuthStore, pathname: string): Promise<TillAccess> {
  const setting = await readSharedMode(ledger);
  // The register's gate keeps this in step too; the guard must know before the first page of a visit.
  tillSession.setShared(setting.on);
  const { shared, who } = tillSession.get();
  const userId = auth.getState().user?.id ?? null;
  return tillAccess({ shared, atCounter: who !== null, backOffice: backOffice.isOpenFor(userId) }, pathname);
}

/** Whether this device shows the counter only right now (a shared till, back office closed). */
export function counterOnlyNow(userId: string | null): boolean {
  const { shared, who } = tillSession.get();
  return counterOnly({ shared, atCounter: who !== null, backOffice: backOffice.isOpenFor(userId) });
}

// The shop a dashboard screen works in, resolved once by the /dashboard layout (dashboard.tsx beforeLoad):
// who is signed in, their membership and this device's copy of the shop's rows. `null` while this device
// does not know the shop (never synced, and the server cannot be asked): every screen then shows the same
// boundary instead of its own copy of it.
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { MirrorDb } from '../data/local/mirror-db';
import type { Membership } from '../data/remote/memberships';
import { EmptyState } from '../ui/layout';
import type { ServicesContext } from './-router-context';

export interface Shop {
  userId: string;
  membership: Membership;
  /** This user's mirror of the shop's rows (products, customers, stores…). */
  mirror: MirrorDb;
}

export function shopOf(context: ServicesContext, membership: Membership | null): Shop | null {
  const userId = context.auth.getState().user?.id;
  if (!userId || !membership) return null;
  return { userId, membership, mirror: context.sync.mirrorFor(userId) };
}

/** The screen once the shop is known; until then, what to do about it: `connect`, the screen's whole sentence
 * ("Connect once so … then …"). */
export function ShopBoundary<T>({
  ready,
  connect,
  children,
}: {
  ready: T | null;
  connect: string;
  children: (ready: T) => ReactNode;
}) {
  const { t } = useLingui();
  if (ready === null) {
    return (
      <EmptyState title={t`This device does not know your shop yet`}>
        <p>{connect}</p>
      </EmptyState>
    );
  }
  return children(ready);
}

// The register's shift handover on a shared till (issue 18, [HANDOVER-1]), composed here because it joins two
// features: the shifts screen's forms, signed by whoever is at the counter and approved by a manager's PIN
// through the shared till's desk. Loaded only when the gate first shows it (shared mode, shifts by cashier).
import { lazy, Suspense } from 'react';
import type { MemberRole } from '../../data/remote/memberships';
import type { SharedTillHooks } from '../../features/shared-till/register-hooks';
import type { SharedTillDeps } from '../../features/shared-till/shared-till-deps';
import type { AtCounter } from '../../features/shared-till/till-session';

const ShiftHandOver = lazy(() =>
  import('../../features/shifts/shift-handover').then((module) => ({ default: module.ShiftHandOver })),
);

export function shiftHandOverFor(
  deps: SharedTillDeps,
  hooks: Pick<SharedTillHooks, 'signCashier' | 'approve'>,
  shop: { currency: string; role: MemberRole },
): (who: AtCounter) => React.ReactNode {
  return (who) => (
    <Suspense fallback={null}>
      <ShiftHandOver
        atCounterId={who.id}
        sources={{
          commandDeps: deps.commandDeps,
          mirror: deps.mirror,
          companyId: deps.companyId,
          userId: deps.userId,
          currency: shop.currency,
          // The signed-in member's role approves a difference by closing only when they stand at the counter
          // themself ([STAFF-11]); anyone else closes as a cashier would, and a manager's PIN approves.
          role: who.id === deps.userId ? shop.role : 'cashier',
          signCashier: hooks.signCashier,
          approve: hooks.approve,
        }}
      />
    </Suspense>
  );
}

import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { terminalFor } from '../../data/local/terminal';
import { approveShift, fetchShiftHistory, saveShiftSettings } from '../../data/remote/shift-history';
import { loadShiftSettings } from '../../features/shifts/shift-settings';
import { ShiftsPage } from '../../features/shifts/shifts-page';
import type { ShiftsDeps } from '../../features/shifts/shifts-deps';
import { EmptyState, PageHeader } from '../../ui/layout';

export const Route = createFileRoute('/dashboard/shifts')({
  // The till's own shift lives in this device's ledger, so the screen opens with no network.
  loader: async ({ context }) => {
    const userId = context.auth.getState().user?.id ?? null;
    const membership = context.membership;
    if (!userId || !membership) return null;
    const [terminal, settings] = await Promise.all([
      terminalFor(context.sync.ledger, membership.companyId),
      loadShiftSettings(context.sync.mirrorFor(userId), membership.companyId, membership.currency),
    ]);
    return { userId, membership, terminal: terminal ?? null, settings };
  },
  component: ShiftsRoute,
});

function ShiftsRoute() {
  const data = Route.useLoaderData();
  const { sync, supabase } = Route.useRouteContext();
  const deps = useMemo((): ShiftsDeps | null => {
    if (!data) return null;
    const companyId = data.membership.companyId;
    return {
      commandDeps: sync.commandDeps,
      companyId,
      userId: data.userId,
      role: data.membership.role,
      settings: data.settings,
      history: {
        list: () => fetchShiftHistory(supabase, companyId),
        approve: (shiftId) => approveShift(supabase, shiftId),
        saveSettings: (settings) => saveShiftSettings(supabase, companyId, settings),
      },
    };
  }, [data, sync, supabase]);
  return (
    <>
      <PageHeader
        title="Shifts"
        description="Open and close the cash drawer, count cash and see what each shift took."
      />
      {deps && data ? (
        <ShiftsPage deps={deps} terminal={data.terminal} />
      ) : (
        <EmptyState title="This device does not know your shop yet">
          <p>Connect once so it can sync the shop&apos;s data, then open a shift here.</p>
        </EmptyState>
      )}
    </>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { terminalFor } from '../../data/local/terminal';
import {
  approveShift,
  fetchShiftHistory,
  saveShiftSettings,
  shiftHistoryQuery,
} from '../../data/remote/shift-history';
import { loadShiftSettings } from '../../features/shifts/shift-settings';
import { ShiftsPage } from '../../features/shifts/shifts-page';
import type { ShiftsDeps } from '../../features/shifts/shifts-deps';
import { approvalDesk } from '../../features/shared-till/approval-desk';
import { sharedTillHooks } from '../../features/shared-till/register-hooks';
import { sharedTillDepsFrom } from '../../features/shared-till/shared-till-deps';
import { SharedTillGate } from '../../features/shared-till/shared-till-gate';
import { tillPrinter } from '../../features/printing/till-printer';
import { VirtualPrinterDock } from '../../features/printing/virtual-printer-dock';
import { PageHeader } from '../../ui/layout';
import { ShopBoundary } from '../-shop';
import { counterOnlyNow } from '../-till-guard';
import { useCounterOnly } from '../../features/shared-till/back-office';
import { shiftPrinterOf } from './-printer-ports';

export const Route = createFileRoute('/dashboard/shifts')({
  // The till's own shift lives in this device's ledger, so the screen opens with no network.
  loader: async ({ context }) => {
    const shop = context.shop;
    if (!shop) return null;
    const { companyId, currency } = shop.membership;
    // A shared till's counter (issue 33): the till's own shift only; the history is the back office's.
    const role = counterOnlyNow(shop.userId) ? 'cashier' : shop.membership.role;
    // Managers read the shift history from the server: start it now, with the key the screen reads.
    if (role !== 'cashier') {
      // Offline or refused, the screen says so itself; the loader never waits on it.
      context.queryClient
        .query(shiftHistoryQuery(companyId, () => fetchShiftHistory(context.supabase, companyId)))
        .catch(() => undefined);
    }
    const [terminal, settings] = await Promise.all([
      terminalFor(context.sync.ledger, companyId),
      loadShiftSettings(shop.mirror, companyId, currency),
    ]);
    return { ...shop, role, terminal: terminal ?? null, settings };
  },
  component: ShiftsRoute,
});

function ShiftsRoute() {
  const { t } = useLingui();
  const data = Route.useLoaderData();
  const { sync, supabase } = Route.useRouteContext();
  // The counter's own shift screen on a shared till: no history, no shift settings, whoever the account is.
  const { counter } = useCounterOnly(data?.userId ?? null);
  // A shared till (issue 18): the person at the counter opens, pays in and out and closes, by PIN.
  const shared = useMemo(
    () => (data?.userId ? sharedTillDepsFrom(sync, data.userId, data.membership.companyId, supabase) : null),
    [data, sync, supabase],
  );
  const deps = useMemo((): ShiftsDeps | null => {
    if (!data) return null;
    const companyId = data.membership.companyId;
    const hooks = shared ? sharedTillHooks(shared) : null;
    return {
      commandDeps: sync.commandDeps,
      companyId,
      userId: data.userId,
      role: counter ? 'cashier' : data.role,
      settings: data.settings,
      history: {
        list: () => fetchShiftHistory(supabase, companyId),
        approve: (shiftId) => approveShift(supabase, shiftId),
        saveSettings: (settings) => saveShiftSettings(supabase, companyId, settings),
      },
      ...(hooks ? { signCashier: hooks.signCashier, approve: hooks.approve } : {}),
      // X and Z reports go to this device's receipt printer when one is set (issue 19).
      printer: shiftPrinterOf(tillPrinter, data.membership),
      ...(shared
        ? { cashierName: async (staffId: string) => (await shared.mirror.staff.get(staffId))?.name ?? null }
        : {}),
    };
  }, [data, sync, supabase, shared, counter]);
  return (
    <>
      <PageHeader
        title={t`Shifts`}
        description={t`Open and close the cash drawer, count cash and see what each shift took.`}
      />
      <ShopBoundary
        ready={deps && data ? { deps, terminal: data.terminal } : null}
        connect={t`Connect once so it can sync the shop's data, then open a shift here.`}
      >
        {(ready) =>
          shared && ready.terminal ? (
            <SharedTillGate deps={shared} desk={approvalDesk}>
              <ShiftsPage deps={ready.deps} terminal={ready.terminal} />
            </SharedTillGate>
          ) : (
            <ShiftsPage deps={ready.deps} terminal={ready.terminal} />
          )
        }
      </ShopBoundary>
      <VirtualPrinterDock printer={tillPrinter} />
    </>
  );
}

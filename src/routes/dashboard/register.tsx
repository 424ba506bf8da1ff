import { useCallback, useEffect, useMemo } from 'react';
import { t } from '@lingui/core/macro';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { loadRegisterData, type RegisterData } from '../../features/register/register-data';
import { RegisterPage } from '../../features/register/register-page';
import { registerDepsFor, whenProductsArrive } from '../../features/register/register-wiring';
import { markBoot } from '../../lib/boot-marks';
import { readEnv } from '../../lib/env';
import { readShiftState, ShiftGate, type ShiftState } from '../../features/shifts/shift-gate';
import { terminalFor } from '../../data/local/terminal';
import { approvalDesk } from '../../features/shared-till/approval-desk';
import { sharedTillHooks } from '../../features/shared-till/register-hooks';
import { SharedTillGate } from '../../features/shared-till/shared-till-gate';
import { tillSession } from '../../features/shared-till/till-session';
import { useCounterOnly } from '../../features/shared-till/back-office';
import { sharedTillDepsFrom } from '../../features/shared-till/shared-till-deps';
import { tillPrinter } from '../../features/printing/till-printer';
import { deviceStorage } from '../../features/printing/printer-settings';
import { VirtualPrinterDock } from '../../features/printing/virtual-printer-dock';
import { shiftHandOverFor } from './-shift-handover';
import { TerminalSetupForm } from '../../features/terminal-setup/terminal-setup-form';
import { terminalSetupDepsFrom } from '../../features/terminal-setup/terminal-setup-deps';

export const Route = createFileRoute('/dashboard/register')({
  // Everything comes from this device's databases: the register opens with no network (DESIGN §1).
  loader: async ({ context }): Promise<{ register: RegisterData; shift: ShiftState | null }> => {
    markBoot('register loader');
    const shop = context.shop;
    if (!shop) {
      const message = t`This device does not know your shop yet. Connect once so it can sync the shop's data.`;
      return { register: { kind: 'not_synced', message }, shift: null };
    }
    const { mirror } = shop;
    const { ledger } = context.sync;
    const { companyId, currency } = shop.membership;
    const [register, shift] = await Promise.all([
      loadRegisterData({ mirror, ledger }, companyId),
      // The shift gate's first answer, read beside the catalogue: the register then shows in one render (P6).
      terminalFor(ledger, companyId).then((terminal) =>
        terminal ? readShiftState({ ledger, mirror, companyId, currency }, terminal.id) : null,
      ),
    ]);
    return { register, shift };
  },
  // The catalog is read once per visit; pulls that change it show on the next visit.
  staleTime: Infinity,
  shouldReload: false,
  component: RegisterRoute,
});

function RegisterRoute() {
  const { register: data, shift } = Route.useLoaderData();
  const { sync, auth, carts, supabase, membership } = Route.useRouteContext();
  const role = membership?.role;
  const cashierId = auth.getState().user?.id ?? null;
  const companyId = membership?.companyId ?? null;
  const { counter } = useCounterOnly(cashierId);
  const router = useRouter();
  // The first visit: a till set up before the first pull brought the products says "No products on this
  // device yet"; the catalogue is read again as soon as a pull brings them, with no reload (issue 34).
  const noProducts = data.kind === 'ready' && data.catalog.products.length === 0;
  useEffect(
    () =>
      noProducts && cashierId
        ? whenProductsArrive(sync.mirrorFor(cashierId), () => void router.invalidate())
        : undefined,
    [noProducts, cashierId, sync, router],
  );
  // A shared till (issue 18): who is at the counter signs each op; outside shared mode, the signed-in user.
  const shared = useMemo(
    () => (cashierId && companyId ? sharedTillDepsFrom(sync, cashierId, companyId, supabase) : null),
    [sync, cashierId, companyId, supabase],
  );
  const hooks = useMemo(() => (shared ? sharedTillHooks(shared) : null), [shared]);
  // With shifts by cashier, the person at the counter hands another cashier's shift over before selling.
  const handOver = useMemo(
    () => (shared && hooks && membership ? shiftHandOverFor(shared, hooks, membership) : null),
    [shared, hooks, membership],
  );
  const depsFor = useCallback(
    (ready: Extract<RegisterData, { kind: 'ready' }>, shiftId: string | null) => {
      if (!cashierId) throw new Error('The register needs a signed-in user.');
      const mirror = sync.mirrorFor(cashierId);
      return registerDepsFor(
        {
          commandDeps: sync.commandDeps,
          mirror,
          cartStore: carts,
          cashierId,
          shiftId,
          supabase,
          syncNow: () => {
            sync.syncNow();
          },
          ...(role ? { role } : {}),
          // [PUR-T1] On a shared till the person who unlocked it, not the account signed in.
          counterRole: () => {
            const { shared: isShared, who } = tillSession.get();
            return isShared ? (who?.role ?? null) : (role ?? null);
          },
          counterOnly: counter,
          ...hooks,
          printer: tillPrinter,
          readerStorage: deviceStorage(),
          // Simulated readers' controls answer only on the local stack; elsewhere the panel stays hidden.
          simulatorUrl: readEnv().supabaseUrl,
        },
        ready,
      );
    },
    [sync, carts, cashierId, supabase, role, hooks, counter],
  );
  if (data.kind !== 'ready' || !membership || !cashierId || !shared) {
    return <RegisterPage data={data} depsFor={depsFor} setUp={<TillSetUp />} />;
  }
  // Sales carry the open shift's id; with none open (and the shop requiring one) the gate asks for it first.
  const sources = {
    commandDeps: sync.commandDeps,
    mirror: sync.mirrorFor(cashierId),
    companyId: membership.companyId,
    userId: cashierId,
    currency: membership.currency,
    ...(hooks ? { signCashier: hooks.signCashier } : {}),
  };
  return (
    <>
      <SharedTillGate deps={shared} desk={approvalDesk} {...(handOver ? { handOver } : {})}>
        <ShiftGate sources={sources} terminal={data.terminal} initial={shift}>
          {(shiftId) => (
            <RegisterPage data={data} depsFor={depsFor} shiftId={shiftId} setUp={<TillSetUp />} />
          )}
        </ShiftGate>
      </SharedTillGate>
      <VirtualPrinterDock printer={tillPrinter} />
    </>
  );
}

/** Shown when this device is not a till yet; once set up, the loader runs again and the register opens. */
function TillSetUp() {
  const { sync, auth, membership } = Route.useRouteContext();
  const router = useRouter();
  const userId = auth.getState().user?.id;
  const companyId = membership?.companyId;
  const deps = useMemo(
    () => (userId && companyId ? terminalSetupDepsFrom(sync, userId, companyId) : null),
    [sync, userId, companyId],
  );
  if (!deps) return null;
  return <TerminalSetupForm deps={deps} onDone={() => void router.invalidate()} />;
}

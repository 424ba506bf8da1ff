// The register behind a shared till's lock (issue 18). Outside shared mode it is the register as before.
// In shared mode the register stays mounted but inert under the lock screen until someone unlocks it, so the
// cart, parked sales and the open shift survive a switch; it locks again on 'Lock' or Ctrl+Shift+L, after
// the idle minutes, and (when the shop says so) after each sale. The lock screen and the approval dialog are
// loaded only when a till is in shared mode.
import { lazy, Suspense, useCallback, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { openShiftOf } from '../../data/local/ledger-reads';
import { companySettings } from '../../data/local/mirror-reads';
import { terminalFor } from '../../data/local/terminal';
import { Alert } from '../../ui/alert';
import { readSharedMode } from '../../data/local/shared-till-meta';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import type { ApprovalDesk } from './approval-desk';
import { logActivity, type SharedTillDeps } from './shared-till-deps';
import { sharedTillRulesOf } from '../../domain/shared-till-rules';
import type { TillSession } from './till-session';

const LockScreen = lazy(() => import('./lock-screen').then((module) => ({ default: module.LockScreen })));
const ApprovalDialog = lazy(() =>
  import('./approval-dialog').then((module) => ({ default: module.ApprovalDialog })),
);

export function SharedTillGate({
  deps,
  desk,
  children,
}: {
  deps: SharedTillDeps;
  desk: ApprovalDesk;
  children: ReactNode;
}) {
  const { commandDeps, mirror, companyId, session } = deps;
  const read = useCallback(async () => {
    const [setting, company] = await Promise.all([
      readSharedMode(commandDeps.ledger),
      companySettings(mirror, companyId),
    ]);
    return { setting, rules: sharedTillRulesOf(company) };
  }, [commandDeps, mirror, companyId]);
  const state = readyValue(useLiveQuery(read));
  const shared = state?.setting.on ?? false;
  const rules = state?.rules ?? null;
  const { who } = useSyncExternalStore(session.subscribe, session.get);

  useEffect(() => {
    if (state === undefined) return;
    session.setShared(shared);
    desk.attach(deps, rules);
  }, [state, shared, rules, session, desk, deps]);
  useEffect(
    () => () => {
      desk.attach(null, null);
    },
    [desk],
  );

  // Every lock is logged with who was at the counter.
  useEffect(
    () =>
      session.onLock((person, reason) => {
        void logActivity(deps, 'lock', { reason, name: person.name }, person);
      }),
    [session, deps],
  );

  useEffect(() => {
    if (!shared || who === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.shiftKey && event.key.toLowerCase() === 'l') {
        event.preventDefault();
        session.lock('shortcut');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [shared, who, session]);

  const idleMinutes = state?.setting.idleMinutes ?? rules?.lockIdleMinutes ?? 0;
  useIdleLock(shared && who !== null && idleMinutes > 0 ? idleMinutes * 60_000 : null, session);

  if (!state) return <p aria-busy="true">Checking this till…</p>;
  if (!shared) return children;
  const locked = who === null;
  return (
    <div className="shared-till">
      <div className="shared-till__register" inert={locked}>
        {who && rules?.shiftMode === 'cashier' ? <HandOver deps={deps} personId={who.id} /> : null}
        {children}
      </div>
      <Suspense fallback={<p aria-busy="true">Opening the lock screen…</p>}>
        {locked ? <LockScreen deps={deps} /> : null}
        <ApprovalDialog desk={desk} deps={deps} />
      </Suspense>
    </div>
  );
}

/**
 * With shifts by cashier (`shift_mode` 'cashier'), a person who is not the open shift's cashier is asked to
 * hand it over: close that shift (its cash counted) and open their own, on the Shifts screen.
 */
function HandOver({ deps, personId }: { deps: SharedTillDeps; personId: string }) {
  const { commandDeps, mirror, companyId } = deps;
  const read = useCallback(async () => {
    const terminal = await terminalFor(commandDeps.ledger, companyId);
    const shift = terminal ? await openShiftOf(commandDeps.ledger, terminal.id) : null;
    if (!shift?.cashier_id || shift.cashier_id === personId) return null;
    return (await mirror.staff.get(shift.cashier_id))?.name ?? 'someone else';
  }, [commandDeps, mirror, companyId, personId]);
  const owner = readyValue(useLiveQuery(read));
  if (!owner) return null;
  return (
    <Alert tone="warning" title={`The open shift is ${owner}'s`}>
      This shop keeps a shift per cashier: hand it over on the <Link to="/dashboard/shifts">Shifts</Link>{' '}
      screen — close it with the cash counted, then open yours.
    </Alert>
  );
}

/** Locks the till after `ms` without a touch, a click or a key; null turns it off. */
function useIdleLock(ms: number | null, session: TillSession) {
  useEffect(() => {
    if (ms === null) return;
    const onIdle = () => {
      session.lock('idle');
    };
    let timer = window.setTimeout(onIdle, ms);
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(onIdle, ms);
    };
    const events = ['pointerdown', 'keydown', 'wheel'] as const;
    for (const name of events) window.addEventListener(name, restart, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, restart);
    };
  }, [ms, session]);
}

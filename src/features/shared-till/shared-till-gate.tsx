// The register behind a shared till's lock (issue 18). Outside shared mode it is the register as before.
// In shared mode the register stays mounted but inert under the lock screen until someone unlocks it, so the
// cart, parked sales and the open shift survive a switch; it locks again on 'Lock' or Ctrl+Shift+L, after
// the idle minutes, and (when the shop says so) after each sale. With shifts by cashier it shows the route's
// shift handover to whoever is at the counter. The lock screen and the approval dialog are loaded only when
// a till is in shared mode.
import {
  Fragment,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useLingui } from '@lingui/react/macro';
import { companySettings } from '../../data/local/mirror-reads';
import { readSharedMode } from '../../data/local/shared-till-meta';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import type { ApprovalDesk } from './approval-desk';
import { logActivity, type SharedTillDeps } from './shared-till-deps';
import { sharedTillRulesOf } from '../../domain/shared-till-rules';
import type { AtCounter, TillSession } from './till-session';

const LockScreen = lazy(() => import('./lock-screen').then((module) => ({ default: module.LockScreen })));
const ApprovalDialog = lazy(() =>
  import('./approval-dialog').then((module) => ({ default: module.ApprovalDialog })),
);

export function SharedTillGate({
  deps,
  desk,
  handOver,
  children,
}: {
  deps: SharedTillDeps;
  desk: ApprovalDesk;
  /**
   * With shifts by cashier, what the register shows the person at the counter about the open shift: the
   * offer to hand another cashier's shift over (the route composes it from the shifts screen's forms).
   */
  handOver?: (who: AtCounter) => ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
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

  if (!state) return <p aria-busy="true">{t`Checking this till…`}</p>;
  if (!shared) return children;
  const locked = who === null;
  return (
    <div className="shared-till">
      <div className="shared-till__register" inert={locked}>
        {who && handOver && rules?.shiftMode === 'cashier' ? (
          // Keyed by the person: a switch starts the offer afresh.
          <Fragment key={who.id}>{handOver(who)}</Fragment>
        ) : null}
        {children}
      </div>
      <Suspense fallback={<p aria-busy="true">{t`Opening the lock screen…`}</p>}>
        {locked ? <LockScreen deps={deps} /> : null}
        <ApprovalDialog desk={desk} deps={deps} />
      </Suspense>
    </div>
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

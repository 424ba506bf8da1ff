// The register's shift check: it follows this till's open shift (live, so opening or closing one in another
// tab shows at once) and hands its id to the register, whose sales then carry `shift_id`. When the company
// requires an open shift to sell ([SHIFT-6]) and none is open, it shows "Open a shift first" with the
// opening form instead of the register. The route can hand it a first answer read beside the register's
// catalogue, so a cold start shows the register in the same render instead of a read later (P6).
import { Link } from '@tanstack/react-router';
import { useCallback, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { openShiftOf } from '../../data/local/ledger-reads';
import type { LedgerDb } from '../../data/local/ledger-db';
import type { MirrorDb } from '../../data/local/mirror-db';
import { OpenShiftForm, type OpenShiftSources } from './open-shift-form';
import { loadShiftSettings } from './shift-settings';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { markBoot } from '../../lib/boot-marks';
import './shifts.css';

export interface ShiftGateSources extends OpenShiftSources {
  mirror: MirrorDb;
}

export interface ShiftState {
  /** The till's open shift, or null. */
  shiftId: string | null;
  /** Whether the shop asks for an open shift before a sale ([SHIFT-6]). */
  required: boolean;
}

export async function readShiftState(
  sources: { ledger: LedgerDb; mirror: MirrorDb; companyId: string; currency: string },
  terminalId: string,
): Promise<ShiftState> {
  const [open, settings] = await Promise.all([
    openShiftOf(sources.ledger, terminalId),
    loadShiftSettings(sources.mirror, sources.companyId, sources.currency),
  ]);
  markBoot('shift read');
  return { shiftId: open?.id ?? null, required: settings.requireOpenShift };
}

export function ShiftGate({
  sources,
  terminal,
  initial,
  children,
}: {
  sources: ShiftGateSources;
  terminal: { id: string; name: string };
  /** This till's shift as read just before (by the route's loader): shown until the live read answers. */
  initial?: ShiftState | null;
  children: (shiftId: string | null) => ReactNode;
}) {
  const { t } = useLingui();
  const { commandDeps, mirror, companyId, currency } = sources;
  const read = useCallback(
    () => readShiftState({ ledger: commandDeps.ledger, mirror, companyId, currency }, terminal.id),
    [commandDeps, mirror, companyId, currency, terminal.id],
  );
  const state = readyValue(useLiveQuery(read)) ?? initial ?? undefined;
  const asks = state?.shiftId === null && state.required;
  // Once the register has shown it stays mounted, hidden, while no shift is open: a shift closed under it
  // (a handover on a shared till, or another tab) keeps the sale in progress, its payment too, not only
  // the saved cart.
  const [registerShown, setRegisterShown] = useState(false);
  if (state !== undefined && !asks && !registerShown) setRegisterShown(true);
  if (!state) {
    return (
      <p aria-busy="true">
        <Trans>Checking this till&apos;s shift…</Trans>
      </p>
    );
  }
  return (
    <>
      {asks ? (
        <section className="shift-gate" aria-label={t`Open a shift first`}>
          <OpenShiftForm deps={sources} terminalName={terminal.name} title={t`Open a shift first`} />
          <p>
            <Trans>
              The shop asks for an open shift before the first sale. Counts, pay-ins and reports are on the{' '}
              <Link to="/dashboard/shifts" className="touch-link">
                Shifts
              </Link>{' '}
              screen.
            </Trans>
          </p>
        </section>
      ) : null}
      {/* One place for the register whether shown or hidden, so hiding it never remounts it. */}
      {registerShown ? (
        <div className="shift-gate__register" hidden={asks}>
          {children(state.shiftId)}
        </div>
      ) : null}
    </>
  );
}

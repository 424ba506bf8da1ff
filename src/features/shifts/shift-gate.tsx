// The register's shift check: it follows this till's open shift (live, so opening or closing one in another
// tab shows at once) and hands its id to the register, whose sales then carry `shift_id`. When the company
// requires an open shift to sell ([SHIFT-6]) and none is open, it shows "Open a shift first" with the
// opening form instead of the register.
import { Link } from '@tanstack/react-router';
import { useCallback, type ReactNode } from 'react';
import { openShiftOf } from '../../data/local/ledger-reads';
import type { MirrorDb } from '../../data/local/mirror-db';
import { OpenShiftForm, type OpenShiftSources } from './open-shift-form';
import { loadShiftSettings } from './shift-settings';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { markBoot } from '../../lib/boot-marks';
import './shifts.css';

export interface ShiftGateSources extends OpenShiftSources {
  mirror: MirrorDb;
}

export function ShiftGate({
  sources,
  terminal,
  children,
}: {
  sources: ShiftGateSources;
  terminal: { id: string; name: string };
  children: (shiftId: string | null) => ReactNode;
}) {
  const { commandDeps, mirror, companyId, currency } = sources;
  const read = useCallback(async () => {
    const [open, settings] = await Promise.all([
      openShiftOf(commandDeps.ledger, terminal.id),
      loadShiftSettings(mirror, companyId, currency),
    ]);
    markBoot('shift read');
    return { shiftId: open?.id ?? null, required: settings.requireOpenShift };
  }, [commandDeps, mirror, companyId, currency, terminal.id]);
  const state = readyValue(useLiveQuery(read));
  if (!state) return <p aria-busy="true">Checking this till&apos;s shift…</p>;
  if (state.shiftId === null && state.required) {
    return (
      <section className="shift-gate" aria-label="Open a shift first">
        <OpenShiftForm deps={sources} terminalName={terminal.name} title="Open a shift first" />
        <p>
          The shop asks for an open shift before the first sale. Counts, pay-ins and reports are on the{' '}
          <Link to="/dashboard/shifts">Shifts</Link> screen.
        </p>
      </section>
    );
  }
  return children(state.shiftId);
}

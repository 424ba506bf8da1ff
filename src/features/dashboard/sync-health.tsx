// This device's sync health on the dashboard: what is waiting, what needs attention, when it last synced.
// The engine's status is the leader tab's, shared with every tab (src/data/sync/sync-status.ts).
import { useSyncExternalStore } from 'react';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { SyncStatus } from '../../data/sync/sync-status';
import { formatWhen } from '../../lib/format-when';
import { useShopTimeZone } from '../../ui/when';

export interface SyncStatusSource {
  subscribe: (listener: (status: SyncStatus) => void) => () => void;
  getStatus: () => SyncStatus;
}

export function SyncHealth({ source }: { source: SyncStatusSource }) {
  const status = useSyncExternalStore(source.subscribe, source.getStatus);
  const { headline, detail, tone } = describeSync(status, useShopTimeZone());
  return (
    <section className="panel sync-health" data-tone={tone} aria-labelledby="sync-health-title">
      <h2 id="sync-health-title" className="panel__title">
        <Trans>This device</Trans>
      </h2>
      <p className="sync-health__headline">{headline}</p>
      <p className="sync-health__detail">{detail}</p>
      <Link to="/dashboard/settings/sync" className="sync-health__link touch-link">
        <Trans>Sync details</Trans>
      </Link>
    </section>
  );
}

export function describeSync(
  status: SyncStatus,
  timeZone?: string,
): { headline: string; detail: string; tone: 'ok' | 'warn' } {
  const synced = status.lastSyncedAt ? formatWhen(status.lastSyncedAt, timeZone) : null;
  const last = synced ? t`Last synced ${synced}.` : t`Not synced yet on this device.`;
  // [STATUS-2] Requests that get no answer count as offline, whatever the browser's flag says.
  const online = status.online && status.serverReachable !== false;
  const refused = status.deadLetters;
  if (refused > 0) {
    return {
      headline: plural(refused, { one: '# needs attention', other: '# need attention' }),
      detail: `${t`The server refused them; nothing is lost.`} ${last}`,
      tone: 'warn',
    };
  }
  if (status.phase === 'needs_sign_in') {
    return {
      headline: t`Sign in again to sync`,
      detail: `${t`Work stays on this device.`} ${last}`,
      tone: 'warn',
    };
  }
  if (status.pending > 0) {
    const waiting = online ? t`Waiting to sync.` : t`Waiting for the connection.`;
    const pending = status.pending;
    return { headline: t`${pending} unsynced`, detail: `${waiting} ${last}`, tone: 'warn' };
  }
  return { headline: online ? t`All synced` : t`Offline, nothing waiting`, detail: last, tone: 'ok' };
}

// "Update available": a quiet panel at the bottom of the screen, never a modal. Pressing "Update now" asks for
// the new version; it takes over only when no sale is open and the outbox is drained (update-gate.ts), and
// until then the panel says what it waits for and applies by itself once both hold.
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Device } from './device';
import { useSaleState, useSchemaStale, useUpdateStatus } from './device-context';
import { decideUpdate } from './update-gate';
import './device.css';

/** What the prompt reads: the worker's status and the sale state. */
export type UpdatePromptDevice = Pick<Device, 'updates' | 'getSaleState' | 'subscribeSaleState'>;

export function UpdatePrompt({ device }: { device: UpdatePromptDevice }) {
  const { t } = useLingui();
  const status = useUpdateStatus(device);
  const { saleOpen, unsyncedOps } = useSaleState(device);
  const [requested, setRequested] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const decision = decideUpdate({
    pending: status !== 'current',
    // Another tab already switched workers: this tab follows as soon as it safely can.
    requested: requested || status === 'activated-elsewhere',
    saleOpen,
    unsyncedOps,
  });
  const apply = decision.kind === 'apply';

  useEffect(() => {
    if (apply) device.updates?.apply();
  }, [apply, device]);

  if (decision.kind === 'none' || (dismissed && decision.kind === 'offer')) return null;
  return (
    <section className="update-prompt" role="region" aria-label={t`Update available`}>
      <p className="update-prompt__title">
        <Trans>A new version of Tillpoint is ready.</Trans>
      </p>
      {decision.kind === 'wait' ? (
        <div role="status" className="update-prompt__wait">
          <p>
            <Trans>It will update by itself once nothing is in progress.</Trans>
          </p>
          <ul>
            {decision.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : decision.kind === 'apply' ? (
        <p role="status">
          <Trans>Updating…</Trans>
        </p>
      ) : (
        <div className="update-prompt__actions">
          <Button
            className="button button--primary"
            onPress={() => {
              setRequested(true);
            }}
          >
            <Trans>Update now</Trans>
          </Button>
          <Button
            className="button button--secondary"
            onPress={() => {
              setDismissed(true);
            }}
          >
            <Trans>Later</Trans>
          </Button>
        </div>
      )}
    </section>
  );
}

/** Shown when a newer tab upgraded a database while this one had a sale open (schema-upgrades.ts). */
export function SchemaUpgradeNotice({ device }: { device: Pick<Device, 'schema'> }) {
  const { t } = useLingui();
  const stale = useSchemaStale(device);
  if (!stale) return null;
  return (
    <section className="update-prompt" role="alert" aria-label={t`Reload needed`}>
      <p className="update-prompt__title">
        <Trans>Tillpoint was updated in another tab.</Trans>
      </p>
      <p>
        <Trans>
          Reload this tab to keep selling. Your sale in progress is saved and will be here after the reload.
        </Trans>
      </p>
      <div className="update-prompt__actions">
        <Button
          className="button button--primary"
          onPress={() => {
            window.location.reload();
          }}
        >
          <Trans>Reload</Trans>
        </Button>
      </div>
    </section>
  );
}

// The question asked before signing out with work still on this device ([SIGNOUT-1], DESIGN §6): how many
// sales (and other operations) are not synced, that they stay here and sync when a member of the shop
// signs in again, and a chance to "Sync now" first. Nothing here deletes anything.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import type { LedgerDb } from '../../data/local/ledger-db';
import { unsyncedSummary, type UnsyncedSummary } from '../../data/local/unsynced-work';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { useOnline } from '../../ui/use-online';
import { unsyncedSentence } from './sync-words';

export function hasUnsyncedWork(summary: UnsyncedSummary): boolean {
  return summary.ops > 0 || summary.deadLetters > 0;
}

export function SignOutDialog({
  ledger,
  initial,
  isOpen,
  onSyncNow,
  onSignOutAnyway,
  onCancel,
}: {
  ledger: LedgerDb;
  /** The summary read when "Sign out" was pressed; the dialog then follows the ledger live. */
  initial: UnsyncedSummary;
  isOpen: boolean;
  onSyncNow: () => void;
  onSignOutAnyway: () => void;
  onCancel: () => void;
}) {
  const readSummary = useCallback(() => unsyncedSummary(ledger), [ledger]);
  const summary = readyValue(useLiveQuery(readSummary)) ?? initial;
  const online = useOnline();
  const { t } = useLingui();
  return (
    <Dialog
      title={t`Work not synced yet`}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <p>{unsyncedSentence(summary)}</p>
      {summary.deadLetters > 0 ? (
        <p>
          {plural(summary.deadLetters, {
            one: '# operation was refused by the server and needs attention on the sync page.',
            other: '# operations were refused by the server and need attention on the sync page.',
          })}
        </p>
      ) : null}
      <p>
        <Trans>
          Signing out deletes nothing: this work stays on this device and syncs when a member of the shop
          signs in again.
        </Trans>
      </p>
      {online ? null : (
        <p>
          <Trans>This device is offline: “Sync now” works once the network is back.</Trans>
        </p>
      )}
      <div className="dialog__actions">
        <Button variant="secondary" onPress={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="secondary" onPress={onSyncNow}>
          <Trans>Sync now</Trans>
        </Button>
        <Button variant="danger" onPress={onSignOutAnyway}>
          <Trans>Sign out anyway</Trans>
        </Button>
      </div>
    </Dialog>
  );
}

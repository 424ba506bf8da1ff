// [VAL-T63] Opening the correction dialog from a list or a statement, and what happens after it is saved: the
// op waits on this device until the sync engine has pushed it (the back office has no till, but the same
// outbox), then every customer-value figure on the screen is asked again (react-query), so the statement shows
// the new entry with who and when. A refusal is said in words where the figures are.
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../../ui/alert';
import type { CustomerValueDeps } from './customer-value-deps';
import { ValueAdjustDialog, type AdjustableAccount, type AdjustChoice } from './value-adjust-dialog';

export interface ValueAdjusting {
  /** Opens the dialog; null when this person may not correct anything (cashiers never see the actions). */
  start: ((account: AdjustableAccount, initial: AdjustChoice) => void) | null;
  /** The dialog while open. */
  dialog: ReactNode;
  /** Where the last correction is: saved on the device, synced, or refused. */
  notice: ReactNode;
}

export function useValueAdjust(deps: CustomerValueDeps): ValueAdjusting {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<{ account: AdjustableAccount; initial: AdjustChoice } | null>(null);
  const [notice, setNotice] = useState<{ tone: 'info' | 'success' | 'error'; text: string } | null>(null);
  const port = deps.adjust;
  if (!port) return { start: null, dialog: null, notice: null };
  const close = () => {
    setOpen(null);
  };
  return {
    start: (account, initial) => {
      setOpen({ account, initial });
    },
    dialog: open ? (
      <ValueAdjustDialog
        account={open.account}
        initial={open.initial}
        currency={deps.currency}
        onClose={close}
        onSent={close}
        send={async (request) => {
          const queued = await port.send(request);
          if (!queued.ok) return { ok: false, message: queued.error.message };
          setNotice({ tone: 'info', text: t`Saved on this device: the figures update once it has synced.` });
          void port.settled(queued.value.id).then(async (problem) => {
            if (problem !== null) {
              setNotice({ tone: 'error', text: t`The change was not made: ${problem}` });
              return;
            }
            setNotice({ tone: 'success', text: t`Synced: the figures and statements show the change.` });
            await queryClient.invalidateQueries({ queryKey: ['customer-value'] });
          });
          return { ok: true };
        }}
      />
    ) : null,
    notice: notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null,
  };
}

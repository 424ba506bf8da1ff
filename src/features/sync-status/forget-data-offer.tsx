// [SIGNOUT-2] Signing out offers to remove the signed-out user's copy of the shop data (their mirror:
// products, customers, sales history) from this device — a shared tablet should not keep it for the next
// person. The offer shows on the sign-in page right after signing out; unsynced work (the ledger) is never
// part of it and still syncs when a member of the shop signs in.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';

const SIGNED_OUT_USER = 'tillpoint-signed-out-user';

/** Called just before signing out: the sign-in page then offers to remove this user's copy. */
export function rememberSignedOutUser(userId: string): void {
  try {
    sessionStorage.setItem(SIGNED_OUT_USER, userId);
  } catch {
    // Storage blocked: no offer, and nothing else changes.
  }
}

function takeSignedOutUser(): string | null {
  try {
    return sessionStorage.getItem(SIGNED_OUT_USER);
  } catch {
    return null;
  }
}

function dropSignedOutUser(): void {
  try {
    sessionStorage.removeItem(SIGNED_OUT_USER);
  } catch {
    // Nothing to undo.
  }
}

type Phase = 'offer' | 'removing' | 'removed' | 'failed';

export function ForgetDataOffer({ forget }: { forget: (userId: string) => Promise<void> }) {
  const [userId, setUserId] = useState(takeSignedOutUser);
  const [phase, setPhase] = useState<Phase>('offer');
  const { t } = useLingui();
  if (userId === null) return null;

  async function remove(id: string) {
    setPhase('removing');
    try {
      await forget(id);
      dropSignedOutUser();
      setPhase('removed');
    } catch {
      setPhase('failed');
    }
  }

  if (phase === 'removed') {
    return (
      <Alert tone="success" title={t`Your shop data was removed from this device`}>
        <Trans>Work not synced yet stays on this device and syncs when a member of the shop signs in.</Trans>
      </Alert>
    );
  }
  return (
    <Alert tone="info" title={t`You signed out`}>
      <p>
        <Trans>
          This device still keeps your copy of the shop’s products, customers and sales so the till works
          offline. On a shared device you can remove it; work not synced yet is kept either way.
        </Trans>
      </p>
      {phase === 'failed' ? (
        <p>
          <Trans>The data could not be removed. Close other Tillpoint tabs and try again.</Trans>
        </p>
      ) : null}
      <div className="dialog__actions">
        <Button
          variant="secondary"
          onPress={() => {
            dropSignedOutUser();
            setUserId(null);
          }}
        >
          <Trans>Keep it</Trans>
        </Button>
        <Button variant="danger" isDisabled={phase === 'removing'} onPress={() => void remove(userId)}>
          {phase === 'removing' ? t`Removing…` : t`Remove my data from this device`}
        </Button>
      </div>
    </Alert>
  );
}

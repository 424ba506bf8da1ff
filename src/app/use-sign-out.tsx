// Signing out from any bar (the site's nav bar, the counter's bar): with unsynced work on this device it asks
// first (SignOutDialog) and never deletes that work; otherwise it signs out and goes to the sign-in page.
import { useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { unsyncedSummary, type UnsyncedSummary } from '../data/local/unsynced-work';
import { useAuth } from '../features/auth/auth-context';
import { rememberSignedOutUser } from '../features/sync-status/forget-data-offer';
import { hasUnsyncedWork, SignOutDialog } from '../features/sync-status/sign-out-dialog';
import { useSyncServices } from './sync-context';

export interface SignOut {
  signOut: () => void;
  signingOut: boolean;
  /** The "unsynced work" question, to render beside the button (null while nothing is asked). */
  dialog: ReactNode;
}

export function useSignOut(): SignOut {
  const { store } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  /** The unsynced work found when "Sign out" was pressed: the dialog is open while this is set. */
  const [waiting, setWaiting] = useState<UnsyncedSummary | null>(null);
  const navigate = useNavigate();
  const sync = useSyncServices();

  async function signOut(anyway: boolean) {
    setSigningOut(true);
    try {
      if (!anyway && sync) {
        // A ledger that cannot be read must not trap the user: sign out (nothing is deleted either way).
        const summary = await unsyncedSummary(sync.ledger).catch(() => null);
        if (summary && hasUnsyncedWork(summary)) {
          setWaiting(summary);
          return;
        }
      }
      setWaiting(null);
      const userId = store.getState().user?.id;
      if (userId) rememberSignedOutUser(userId);
      await store.signOut();
      await navigate({ to: '/login' });
    } finally {
      setSigningOut(false);
    }
  }

  const dialog =
    sync && waiting ? (
      <SignOutDialog
        ledger={sync.ledger}
        initial={waiting}
        isOpen
        onCancel={() => {
          setWaiting(null);
        }}
        onSyncNow={() => {
          sync.syncNow();
        }}
        onSignOutAnyway={() => void signOut(true)}
      />
    ) : null;
  return { signOut: () => void signOut(false), signingOut, dialog };
}

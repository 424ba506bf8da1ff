// Signing out from any bar (the site's nav bar, the counter's bar): with unsynced work on this device it asks
// first (SignOutDialog) and never deletes that work; otherwise it signs out and goes to the sign-in page.
// The dialog and the sign-in page's offer load when signing out: the bars that hold this are on every page,
// and the dialog's code (react-aria, Dexie's live queries) has no place on a guest's first screen.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { unsyncedSummary, type UnsyncedSummary } from '../data/local/unsynced-work';
import { useAuth } from '../features/auth/auth-context';
import { useLoadSync, useSyncServices } from './sync-context';

const signOutDialog = () => import('../features/sync-status/sign-out-dialog');
const SignOutDialog = lazy(() => signOutDialog().then((m) => ({ default: m.SignOutDialog })));

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
  const loadSync = useLoadSync();

  async function signOut(anyway: boolean) {
    setSigningOut(true);
    try {
      // Signed in, the services may still be loading (they start with the session): wait for them rather
      // than skip the question. A ledger (or a chunk) that cannot be read must not trap the user: sign out
      // (nothing is deleted either way).
      const services = anyway ? null : (sync ?? (await loadSync?.().catch(() => null)) ?? null);
      if (services) {
        const [summary, dialogModule] = await Promise.all([
          unsyncedSummary(services.ledger).catch(() => null),
          signOutDialog().catch(() => null),
        ]);
        if (summary && dialogModule?.hasUnsyncedWork(summary)) {
          setWaiting(summary);
          return;
        }
      }
      setWaiting(null);
      const userId = store.getState().user?.id;
      if (userId) {
        const offer = await import('../features/sync-status/forget-data-offer').catch(() => null);
        offer?.rememberSignedOutUser(userId);
      }
      await store.signOut();
      await navigate({ to: '/login' });
    } finally {
      setSigningOut(false);
    }
  }

  const dialog =
    sync && waiting ? (
      <Suspense fallback={null}>
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
      </Suspense>
    ) : null;
  return { signOut: () => void signOut(false), signingOut, dialog };
}

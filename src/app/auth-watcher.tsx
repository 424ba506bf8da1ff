// Re-runs the route guards when the user stops being signed in without navigating (the session was revoked,
// signed out in another tab), so a protected screen never lingers for someone who is no longer signed in.
// It only reacts to that one transition: sign-in pages navigate on their own once they succeed.
import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { deriveAuth, useAuthStore } from '../features/auth/auth-context';

export function AuthWatcher() {
  const store = useAuthStore();
  const router = useRouter();
  useEffect(() => {
    let signedIn = deriveAuth(store.getState()).isAuthenticated;
    return store.subscribe(() => {
      const now = deriveAuth(store.getState()).isAuthenticated;
      if (signedIn && !now) void router.invalidate();
      signedIn = now;
    });
  }, [store, router]);
  return null;
}

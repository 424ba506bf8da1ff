// React access to the one AuthStore built in main.tsx: <AuthProvider store> near the root, useAuth() below.
import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthState, AuthStore } from './auth-store';

const AuthContext = createContext<AuthStore | null>(null);

export function AuthProvider({ store, children }: { store: AuthStore; children: ReactNode }) {
  return <AuthContext value={store}>{children}</AuthContext>;
}

export interface AuthView extends AuthState {
  isAuthenticated: boolean;
  userEmail: string | null;
  userName: string | null;
  store: AuthStore;
}

/** Facts other code asks about the user, derived in one place. */
export function deriveAuth(state: AuthState) {
  const metadata: Record<string, unknown> = state.user?.user_metadata ?? {};
  const fullName = metadata.full_name;
  return {
    isAuthenticated: state.user !== null && !state.needsSecondFactor,
    userEmail: state.user?.email ?? null,
    userName: typeof fullName === 'string' && fullName.trim() !== '' ? fullName : null,
  };
}

export function useAuthStore(): AuthStore {
  const store = use(AuthContext);
  if (!store) throw new Error('useAuth() needs an <AuthProvider> above it.');
  return store;
}

export function useAuth(): AuthView {
  const store = useAuthStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return { ...state, ...deriveAuth(state), store };
}

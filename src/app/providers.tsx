// Everything React needs above the router: the query cache and the auth store.
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from '../features/auth/auth-context';
import type { AuthStore } from '../features/auth/auth-store';
import { AppErrorBoundary } from './error-boundary';

export function Providers({
  queryClient,
  auth,
  children,
}: {
  queryClient: QueryClient;
  auth: AuthStore;
  children: ReactNode;
}) {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthProvider store={auth}>{children}</AuthProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}

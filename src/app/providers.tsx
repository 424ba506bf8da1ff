// Everything React needs above the router: the language, the query cache and the auth store.
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
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
    <I18nProvider i18n={i18n}>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <AuthProvider store={auth}>{children}</AuthProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </I18nProvider>
  );
}

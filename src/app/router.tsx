// Builds the router with its context (adapters from main.tsx) and the app-wide defaults.
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import type { RouterContext } from '../routes/-router-context';
import { AppShell } from './app-shell';
import { ErrorPage, NotFoundPage, PendingPage } from './error-page';

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // React Query decides freshness; the router always asks it (TanStack's recommended pairing).
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    InnerWrap: AppShell,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    defaultPendingComponent: PendingPage,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

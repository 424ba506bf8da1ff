// Builds the router with its context (adapters from main.tsx) and the app-wide defaults.
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import type { RouterContext } from '../routes/-router-context';
import { AppShell } from './app-shell';
import { ErrorPage, NotFoundPage, PendingPage } from './error-page';
import { CounterRefusal, NeedsOwnSignIn } from '../routes/-counter-refusal';

/** `history` is the browser's by default; tests pass a memory history. */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // React Query decides freshness; the router always asks it (TanStack's recommended pairing).
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    InnerWrap: AppShell,
    // A back-office address refused on a shared till's counter (issue 33) is a refusal in words, not a fault.
    defaultErrorComponent: (props) =>
      props.error instanceof NeedsOwnSignIn ? <CounterRefusal /> : <ErrorPage {...props} />,
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

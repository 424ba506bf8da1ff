// Route guards: apply the access rule of DESIGN §8 in a route's beforeLoad. Auth is initialised first, so a
// cold start straight onto a deep link judges the real user, not the empty state before it was loaded.
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { decideAccess, routeAccess } from '../features/auth/access';
import { deriveAuth } from '../features/auth/auth-context';
import type { RouterContext } from './-router-context';

export async function guard(
  route: keyof typeof routeAccess,
  { context, location }: { context: RouterContext; location: ParsedLocation },
): Promise<void> {
  if (!context.auth.getState().initialized) await context.auth.initialize();
  const { isAuthenticated } = deriveAuth(context.auth.getState());
  const target = decideAccess(routeAccess[route], isAuthenticated, location.href);
  if (target) redirect({ ...target, throw: true });
}

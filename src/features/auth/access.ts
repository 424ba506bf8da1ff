// Who may see which route (DESIGN §8), as data plus a pure decision the route guards apply.
import { isSameOriginPath } from '../../lib/safe-redirect';

export type Access = 'public' | 'guests-only' | 'signed-in';

/** The access rule of every route that has one; routes look theirs up here so one table is tested. */
export const routeAccess = {
  '/': 'guests-only',
  '/about': 'public',
  '/login': 'guests-only',
  '/signup': 'guests-only',
  '/forgot-password': 'guests-only',
  '/auth/callback': 'public',
  '/auth/reset-password': 'signed-in',
  '/dashboard': 'signed-in',
  '/onboarding': 'signed-in',
} as const satisfies Record<string, Access>;

export type AccessRedirect = { to: '/login'; search: { redirect: string } } | { to: '/dashboard' } | null;

/**
 * @param href the full location asked for: path, search and hash, so a deep link survives the detour to
 * /login and back.
 */
export function decideAccess(access: Access, signedIn: boolean, href: string): AccessRedirect {
  if (access === 'signed-in' && !signedIn) {
    return { to: '/login', search: { redirect: isSameOriginPath(href) ? href : '/dashboard' } };
  }
  if (access === 'guests-only' && signedIn) return { to: '/dashboard' };
  return null;
}

// The route guard decision as a table (issue 4): every route × signed in / signed out × redirect values.
import { describe, expect, test } from 'vitest';
import { decideAccess, routeAccess, type Access } from './access';
import { safeRedirect } from '../../lib/safe-redirect';

const expectedAccess: Record<string, Access> = {
  '/': 'guests-only',
  '/about': 'public',
  '/login': 'guests-only',
  '/signup': 'guests-only',
  '/forgot-password': 'guests-only',
  '/auth/callback': 'public',
  '/auth/reset-password': 'signed-in',
  '/dashboard': 'signed-in',
  '/onboarding': 'signed-in',
};

const dashboardChildren = [
  '/dashboard/',
  '/dashboard/products',
  '/dashboard/stock-movements',
  '/dashboard/sales',
  '/dashboard/customers',
  '/dashboard/register',
  '/dashboard/shifts',
  '/dashboard/settings',
];

describe('route access table (DESIGN §8)', () => {
  test('every route has the access rule the design gives it', () => {
    expect(routeAccess).toEqual(expectedAccess);
  });
});

describe('decideAccess', () => {
  const routes = Object.entries(expectedAccess);

  test.each(routes)('%s signed out', (path, access) => {
    const decision = decideAccess(access, false, path);
    if (access === 'signed-in') expect(decision).toEqual({ to: '/login', search: { redirect: path } });
    else expect(decision).toBeNull();
  });

  test.each(routes)('%s signed in', (path, access) => {
    const decision = decideAccess(access, true, path);
    if (access === 'guests-only') expect(decision).toEqual({ to: '/dashboard' });
    else expect(decision).toBeNull();
  });

  test.each(dashboardChildren)('dashboard child %s keeps its full location on the way to /login', (path) => {
    const href = `${path}?from=email&page=2#top`;
    expect(decideAccess('signed-in', false, href)).toEqual({ to: '/login', search: { redirect: href } });
    expect(decideAccess('signed-in', true, href)).toBeNull();
  });

  test('a protected location that is not a same-origin path is replaced by /dashboard', () => {
    expect(decideAccess('signed-in', false, '//evil.example')).toEqual({
      to: '/login',
      search: { redirect: '/dashboard' },
    });
  });
});

describe('after sign-in, the redirect value decides where the user lands', () => {
  test.each([
    ['/dashboard/sales?x=1#y', '/dashboard/sales?x=1#y'],
    ['/onboarding', '/onboarding'],
    [undefined, '/dashboard'],
    ['//evil.example', '/dashboard'],
    ['https://evil.example', '/dashboard'],
    ['/\\evil', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
  ])('redirect=%s lands on %s', (redirect, landing) => {
    expect(safeRedirect(redirect)).toBe(landing);
  });
});

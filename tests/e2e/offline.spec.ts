// DESIGN §9: after one visit online, Tillpoint opens with no network — every route, by URL, deep links
// included — because the service worker serves every navigation from the precached shell.
import { expect, test } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { ServiceWorkerModel } from './page-models/service-worker';
import { DEMO_PASSWORD, OWNER } from './page-models/users';

const ROUTES = [
  '/dashboard',
  '/dashboard/products',
  // Products → Promotions (issue 36): its code is a chunk of its own, precached with the rest.
  '/dashboard/products/promotions',
  '/dashboard/stock-movements',
  '/dashboard/sales',
  '/dashboard/customers',
  '/dashboard/register',
  '/dashboard/shifts',
  // Purchase orders (issue 38): a chunk of its own, precached with the rest.
  '/dashboard/purchase-orders',
  // Transfers (issue 38): likewise.
  '/dashboard/transfers',
  '/dashboard/settings',
  '/about',
  // Guests only: a signed-in user lands on the dashboard, offline as online.
  '/login',
];

test('every route opens offline after the first visit', async ({ page, context }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(OWNER, DEMO_PASSWORD);
  await new DashboardPage(page).expectShown('Demo Shop');
  await new ServiceWorkerModel(page).waitUntilControlled();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Tillpoint home' })).toBeVisible();

  for (const route of ROUTES) {
    await test.step(route, async () => {
      await page.goto(route);
      await expect(page.getByRole('link', { name: 'Tillpoint home' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByText('Something went wrong')).toHaveCount(0);
      await expect(page.getByText('Page not found')).toHaveCount(0);
      if (route === '/login') await expect(page).toHaveURL(/\/dashboard\/?$/);
      else await expect(page).toHaveURL(new RegExp(`${route}/?$`));
    });
  }
});

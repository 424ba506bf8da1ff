// Signing in and out, and a guest's deep link surviving the detour through /login.
import { expect, test } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { NavBar } from './page-models/nav-bar';
import { DEMO_PASSWORD, OWNER } from './page-models/users';

test('a demo user signs in and lands on the dashboard', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(OWNER, DEMO_PASSWORD);
  await new DashboardPage(page).expectShown('Demo Shop');
  await new NavBar(page).expectSignedInAs(OWNER);
});

test('a wrong password is refused in plain words', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(OWNER, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.');
  await expect(page).toHaveURL(/\/login/);
});

test("a guest's deep link goes to /login and, after signing in, back to the same link", async ({ page }) => {
  await page.goto('/dashboard/sales?x=1#y');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const redirect = new URL(page.url()).searchParams.get('redirect');
  expect(redirect).toBe('/dashboard/sales?x=1#y');
  await new LoginPage(page).signIn(OWNER, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/sales\?x=1#y$/);
  await expect(page.getByRole('heading', { name: 'Sales', exact: true })).toBeVisible();
});

test('a hostile redirect is ignored: sign-in lands on the dashboard', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto('//evil.example');
  await login.signIn(OWNER, DEMO_PASSWORD);
  await new DashboardPage(page).expectShown();
});

test("signing out reads 'Signing out...' and ends on /login", async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(OWNER, DEMO_PASSWORD);
  await new DashboardPage(page).expectShown();
  // Hold the logout request so the in-between state can be seen.
  await page.route('**/auth/v1/logout**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  const nav = new NavBar(page);
  await nav.signOut();
  await expect(page.getByRole('button', { name: 'Signing out...' })).toBeVisible();
  await login.expectShown();
  await expect(page).toHaveURL(/\/login$/);
  await nav.expectSignedOut();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
});

test('a signed-in user visiting a guests-only page goes to the dashboard', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(OWNER, DEMO_PASSWORD);
  await new DashboardPage(page).expectShown();
  await page.goto('/login');
  await new DashboardPage(page).expectShown();
  await page.goto('/');
  await new DashboardPage(page).expectShown();
});

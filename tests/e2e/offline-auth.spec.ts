// DESIGN §6 "Auth first": a signed-in user who opens Tillpoint while the server cannot be reached, with an
// expired access token, stays signed in — nobody is sent to /login because the network is down.
import { expect, test } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { NavBar } from './page-models/nav-bar';
import { DEMO_PASSWORD, OWNER } from './page-models/users';

test('an expired session with the server unreachable stays signed in', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(OWNER, DEMO_PASSWORD);
  await new DashboardPage(page).expectShown('Demo Shop');

  // Expire the stored access token, then cut the app off from the server.
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
    if (!key) throw new Error('no stored session');
    const session = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at: number };
    session.expires_at = Math.floor(Date.now() / 1000) - 3600;
    localStorage.setItem(key, JSON.stringify(session));
  });
  await page.route('http://127.0.0.1:54321/**', (route) => route.abort('internetdisconnected'));

  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await new NavBar(page).expectSignedInAs(OWNER);
  // Give supabase-js time to fail its refresh attempts; the user must still be signed in.
  await page.waitForTimeout(3000);
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await new NavBar(page).expectSignedInAs(OWNER);
});

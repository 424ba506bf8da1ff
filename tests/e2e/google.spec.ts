// 'Continue with Google' through the local stack's stand-in consent page (PKCE code exchange on return).
import { expect, test } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { LocalGooglePage } from './page-models/local-google-page';
import { LoginPage } from './page-models/login-page';
import { NavBar } from './page-models/nav-bar';
import { OnboardingPage } from './page-models/onboarding-page';
import { uniqueEmail } from './page-models/users';

test('a new Google user signs in through the local page and is asked to set up a shop', async ({ page }) => {
  const email = uniqueEmail('google');
  const login = new LoginPage(page);
  await login.goto();
  await login.continueWithGoogle();
  await new LocalGooglePage(page).continueAs(email, 'Grace Hopper');
  const onboarding = new OnboardingPage(page);
  await onboarding.expectShown();
  await new NavBar(page).expectSignedInAs(email);
  await onboarding.createShop('Grace’s Bakery');
  await new DashboardPage(page).expectShown('Grace’s Bakery');
});

test('a Google sign-in started from a deep link returns to it', async ({ page }) => {
  await page.goto('/dashboard/customers');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await new LoginPage(page).continueWithGoogle();
  await new LocalGooglePage(page).continueAs('owner@demo.test');
  await expect(page).toHaveURL(/\/dashboard\/customers$/);
  await expect(page.getByRole('heading', { name: 'Customers', exact: true })).toBeVisible();
});

test('an error returned to /auth/callback is shown plainly with a way back', async ({ page }) => {
  await page.goto(
    '/auth/callback?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
  );
  await expect(page.getByRole('heading', { name: "We couldn't sign you in" })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired. Ask for a new one.');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await new LoginPage(page).expectShown();
});

// Settings → link a Google account through the local stand-in page, then unlink it again.
import { expect, test } from '@playwright/test';
import { AccountSecurity } from './page-models/account-security';
import { DashboardPage } from './page-models/dashboard-page';
import { LocalGooglePage } from './page-models/local-google-page';
import { OnboardingPage } from './page-models/onboarding-page';
import { SignupPage } from './page-models/signup-page';
import { uniqueEmail } from './page-models/users';

test('link Google from settings, then unlink it', async ({ page }) => {
  const email = uniqueEmail('link');
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.signUp('Linda Link', email, 'link-password');
  const onboarding = new OnboardingPage(page);
  await onboarding.expectShown();
  await onboarding.createShop('Linda’s Florist');
  await new DashboardPage(page).expectShown();

  const security = new AccountSecurity(page);
  await security.goto();
  await page.getByRole('button', { name: 'Link Google' }).click();
  await new LocalGooglePage(page).continueAs(email);
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByText(/Google is linked/)).toBeVisible();

  await page.getByRole('button', { name: 'Unlink Google' }).click();
  await expect(page.getByRole('button', { name: 'Link Google' })).toBeVisible();
});

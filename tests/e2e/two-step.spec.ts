// Two-step verification: enrol an authenticator in settings, then a sign-in asks for its code.
import { expect, test } from '@playwright/test';
import { AccountSecurity, codeFor } from './page-models/account-security';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { NavBar } from './page-models/nav-bar';
import { OnboardingPage } from './page-models/onboarding-page';
import { SignupPage } from './page-models/signup-page';
import { uniqueEmail } from './page-models/users';

test('enrol an authenticator, then signing in asks for the code', async ({ page }) => {
  const email = uniqueEmail('totp');
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.signUp('Careful Carla', email, 'carla-password');
  const onboarding = new OnboardingPage(page);
  await onboarding.expectShown();
  await onboarding.createShop('Carla’s Café');
  await new DashboardPage(page).expectShown();

  const security = new AccountSecurity(page);
  await security.goto();
  const secret = await security.turnOnTwoStep('carla-password');

  await new NavBar(page).signOut();
  const login = new LoginPage(page);
  await login.expectShown();
  await login.signIn(email, 'carla-password');
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  // Without the code, the dashboard stays closed.
  await login.enterCode('000000');
  await expect(page.getByRole('alert')).toContainText('That code is not right');
  await login.enterCode(codeFor(secret));
  await new DashboardPage(page).expectShown('Carla’s Café');
});

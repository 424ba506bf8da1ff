// Forgot password: the reset link arrives in the local stack's captured mail, opens /auth/callback, and the
// user chooses a new password that then signs them in.
import { test } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { latestLinkFor } from './page-models/mailbox';
import { NavBar } from './page-models/nav-bar';
import { OnboardingPage } from './page-models/onboarding-page';
import { SignupPage } from './page-models/signup-page';
import { uniqueEmail } from './page-models/users';

test('recovery through the captured mail sets a new password', async ({ page, request }) => {
  const email = uniqueEmail('recover');
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.signUp('Forgetful Fred', email, 'old-password');
  const onboarding = new OnboardingPage(page);
  await onboarding.expectShown();
  await onboarding.createShop('Fred’s Hardware');
  await new DashboardPage(page).expectShown();
  await new NavBar(page).signOut();

  const login = new LoginPage(page);
  await login.expectShown();
  await login.forgotPassword(email);
  await page.goto(await latestLinkFor(request, email));
  await page.getByLabel('New password').fill('brand-new-password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await new DashboardPage(page).expectShown('Fred’s Hardware');

  await new NavBar(page).signOut();
  await login.expectShown();
  await login.signIn(email, 'brand-new-password');
  await new DashboardPage(page).expectShown();
});

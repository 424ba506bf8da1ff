// A new user: sign up, create a shop in onboarding, land on its dashboard.
import { expect, test } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { OnboardingPage } from './page-models/onboarding-page';
import { SignupPage } from './page-models/signup-page';
import { NavBar } from './page-models/nav-bar';
import { uniqueEmail } from './page-models/users';

test('sign up → onboarding → create a shop → dashboard', async ({ page }) => {
  const email = uniqueEmail('signup');
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.signUp('Ada Lovelace', email, 'analytical-engine');
  const onboarding = new OnboardingPage(page);
  await onboarding.expectShown();
  await new NavBar(page).expectSignedInAs(email);
  await onboarding.createShop('Ada’s Corner Shop');
  await new DashboardPage(page).expectShown('Ada’s Corner Shop');
  await expect(page.getByText('Owner', { exact: true })).toBeVisible();
  // With a shop, onboarding is behind the user.
  await page.goto('/onboarding');
  await new DashboardPage(page).expectShown();
});

test('signing up twice with one email says the account exists', async ({ page }) => {
  const email = uniqueEmail('twice');
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.signUp('First', email, 'password-one');
  await new OnboardingPage(page).expectShown();
  await new NavBar(page).signOut();
  // Signing out ends on the sign-in page; /signup before that still finds the first account signed in.
  await new LoginPage(page).expectShown();
  await signup.goto();
  await signup.signUp('Second', email, 'password-two');
  await expect(page.getByRole('alert')).toHaveText('An account with this email already exists.');
});

test('a user without a shop who opens the dashboard is sent to onboarding', async ({ page }) => {
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.signUp('No Shop', uniqueEmail('noshop'), 'password-one');
  await new OnboardingPage(page).expectShown();
  await page.goto('/dashboard/products');
  await new OnboardingPage(page).expectShown();
});

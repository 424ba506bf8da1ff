// Onboarding's other way in: a new member joins the owner's shop with an invite code.
import { expect, test } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { OnboardingPage } from './page-models/onboarding-page';
import { SignupPage } from './page-models/signup-page';
import { createInvite } from './page-models/stack-api';
import { DEMO_PASSWORD, OWNER, uniqueEmail } from './page-models/users';

test('sign up → join the Demo Shop with an invite code → dashboard as cashier', async ({ page, request }) => {
  const code = await createInvite(request, { email: OWNER, password: DEMO_PASSWORD }, 'cashier');
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.signUp('Carl Cashier', uniqueEmail('join'), 'cashier-password');
  const onboarding = new OnboardingPage(page);
  await onboarding.expectShown();

  await onboarding.joinShop('NOTACODE');
  await expect(page.getByRole('alert')).toHaveText(
    'That invite code is not valid. Check it with the person who invited you.',
  );
  await onboarding.joinShop(code.toLowerCase());
  await new DashboardPage(page).expectShown('Demo Shop');
  await expect(page.getByText('Cashier', { exact: true })).toBeVisible();
  await expect(page.getByText("Today's figures are shown to managers and owners.").first()).toBeVisible();
});

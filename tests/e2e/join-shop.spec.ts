// Onboarding's other way in: a new member joins the owner's shop with an invite code.
import { expect, test } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { OnboardingPage } from './page-models/onboarding-page';
import { SignupPage } from './page-models/signup-page';
import { latestLinkFor } from './page-models/mailbox';
import { createInvite } from './page-models/stack-api';
import { DEMO_PASSWORD, OWNER, uniqueEmail } from './page-models/users';

test('sign up → join the Demo Shop with an invite code → the register as cashier', async ({
  page,
  request,
}) => {
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
  // A cashier opens at the counter: the overview's figures are for managers.
  await new DashboardPage(page).expectCounterShown('Demo Shop');
  await expect(page.getByLabel('Selling')).toContainText('Cashier');
});

test('an invite for one address: its owner proves the mailbox with a sign-in link, then joins', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('bound');
  const code = await createInvite(request, { email: OWNER, password: DEMO_PASSWORD }, 'cashier', email);
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.signUp('Bea Bound', email, 'bound-password');
  const onboarding = new OnboardingPage(page);
  await onboarding.expectShown();
  await onboarding.joinShop(code);
  await expect(page.getByRole('alert')).toHaveText(
    'That invite is for your email address. To show it is yours, open a sign-in link we email to it, then join.',
  );
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We sent a sign-in link' })).toContainText(email);

  await page.goto(await latestLinkFor(request, email));
  await expect(page).toHaveURL(/\/onboarding\?invite=/);
  await expect(page.getByLabel('Invite code')).toHaveValue(code);
  await page.getByRole('button', { name: 'Join shop' }).click();
  await new DashboardPage(page).expectCounterShown('Demo Shop');
  await expect(page.getByLabel('Selling')).toContainText('Cashier');
});

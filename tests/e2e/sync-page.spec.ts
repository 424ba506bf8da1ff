// What people see of sync (issue #5): the nav bar says 'Offline' when the network goes and stops saying it
// when it is back; the sync page in settings shows the connection and nothing waiting after a fresh sign-in.
import { test } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { SyncStatusModel } from './page-models/sync-status';
import { DEMO_PASSWORD } from './page-models/users';

const CASHIER = 'cashier@demo.test';

test('the nav bar shows Offline while the network is gone, and the sync page follows', async ({
  page,
  context,
}) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(CASHIER, DEMO_PASSWORD);
  await new DashboardPage(page).expectCounterShown('Demo Shop');
  const sync = new SyncStatusModel(page);
  await sync.expectOffline(false);
  await sync.expectUnsynced(0);

  await context.setOffline(true);
  await sync.expectOffline(true);
  await context.setOffline(false);
  await sync.expectOffline(false);

  await sync.openFromSettings();
  await sync.expectConnection('Online');
  await context.setOffline(true);
  await sync.expectConnection('Offline');
  await sync.expectOffline(true);
  await context.setOffline(false);
  await sync.expectConnection('Online');
});

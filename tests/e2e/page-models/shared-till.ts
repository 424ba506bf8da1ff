// A shared till (issue 18) as a test sees it: shared mode in Settings → This till, the lock screen (a person,
// the field labelled 'PIN', 'Unlock'), who the counter bar says is selling, the manager-approval dialog, and
// the shift handover.
import { expect, type Page } from '@playwright/test';
import { DashboardPage } from './dashboard-page';
import { LoginPage } from './login-page';
import { RegisterModel } from './register-page';
import type { ServerData } from './server-data';
import { ServiceWorkerModel } from './service-worker';
import { DEMO_PASSWORD } from './users';

export class SharedTillModel {
  constructor(private readonly page: Page) {}

  /**
   * A manager signs in, sets this device up as the till `tillName` (opening a shift in their name where the
   * shop asks for one) and turns shared mode on.
   */
  async setUp(manager: { email: string; id: string }, tillName: string, server: ServerData): Promise<void> {
    await this.setUpTill(manager, tillName, server);
    await this.turnOn();
  }

  /** `setUp` without turning shared mode on (a test that needs the back office first). */
  async setUpTill(
    manager: { email: string; id: string },
    tillName: string,
    server: ServerData,
  ): Promise<void> {
    const login = new LoginPage(this.page);
    const register = new RegisterModel(this.page);
    await login.goto();
    await login.signIn(manager.email, DEMO_PASSWORD);
    await new DashboardPage(this.page).expectShown('Demo Shop');
    await new ServiceWorkerModel(this.page).waitUntilControlled();
    await register.goto();
    await register.setUpTill(tillName);
    await register.waitForCatalog(manager.id, await server.productCount());
  }

  async turnOn(): Promise<void> {
    await this.page.goto('/dashboard/settings');
    await this.page.getByRole('button', { name: 'Turn shared mode on' }).click();
    await expect(this.page.getByText('Shared mode is on.')).toBeVisible();
  }

  lockScreen() {
    return this.page.getByRole('region', { name: 'Till locked' });
  }

  async expectLocked(): Promise<void> {
    await expect(this.lockScreen()).toBeVisible();
  }

  /** Picks `person` (their name as the list shows it) and types `pin`; answers once the till is theirs. */
  async unlock(person: string, pin: string): Promise<void> {
    await this.pick(person);
    await this.typePin(pin);
    await expect(this.lockScreen()).toBeHidden();
    await expect(this.page.getByLabel('Selling')).toHaveText(new RegExp(`^${person} · `));
  }

  async pick(person: string): Promise<void> {
    await this.lockScreen()
      .getByRole('button', { name: new RegExp(`^${person} · `) })
      .click();
  }

  async typePin(pin: string, submit = 'Unlock'): Promise<void> {
    const scope = submit === 'Unlock' ? this.lockScreen() : this.approval();
    await scope.getByLabel('PIN', { exact: true }).fill(pin);
    await scope.getByRole('button', { name: submit }).click();
  }

  async switchCashier(): Promise<void> {
    await this.page.getByRole('button', { name: 'Switch cashier' }).click();
    await this.expectLocked();
  }

  handOverDialog() {
    return this.page.getByRole('dialog', { name: 'Hand over shift' });
  }

  /**
   * 'Hand over shift' at the register (shifts by cashier): counts the drawer at what it expects, closes
   * `previous`'s shift, then opens the new cashier's with `float`.
   */
  async handOver(previous: string, float: string): Promise<void> {
    await expect(this.page.getByText(`The open shift is ${previous}'s`, { exact: true })).toBeVisible();
    await this.page.getByRole('button', { name: 'Hand over shift' }).click();
    const dialog = this.handOverDialog();
    const expected = dialog
      .locator('.shift-figures > div')
      .filter({ has: this.page.locator('dt', { hasText: /^Expected$/ }) })
      .locator('dd');
    await expect(expected).toHaveText(/\d/);
    const counted = ((await expected.textContent()) ?? '').replace(/[^\d.]/g, '');
    await dialog.getByLabel('Counted cash (EUR)').fill(counted);
    await dialog.getByRole('button', { name: 'Close shift' }).click();
    await expect(dialog.getByText(`${previous}'s shift is closed`)).toBeVisible();
    await dialog.getByLabel('Opening float (EUR)').fill(float);
    await dialog.getByRole('button', { name: 'Open shift' }).click();
    await expect(dialog).toBeHidden();
  }

  approval() {
    return this.page.getByRole('dialog', { name: /^Approve / });
  }

  /** Opens the counter bar's menu and answers its section links, as a person at the counter reads them. */
  async menuSections(): Promise<string[]> {
    await this.page.getByRole('button', { name: 'Menu' }).click();
    const menu = this.page.getByRole('navigation', { name: 'Dashboard sections' });
    await expect(menu).toBeVisible();
    return menu.getByRole('link').allTextContents();
  }

  /** Follows an address inside the app (no reload, which would forget the PIN), as a link or Back would. */
  async followInApp(path: string): Promise<void> {
    await this.page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
    }, path);
  }

  backOfficeDialog() {
    return this.page.getByRole('dialog', { name: 'Back office: sign in' });
  }

  /** 'Back office: sign in' from the menu with `email` and `password`. */
  async signInToBackOffice(email: string, password: string): Promise<void> {
    if (!(await this.backOfficeDialog().isVisible())) {
      const button = this.page.getByRole('button', { name: 'Back office: sign in' });
      if (!(await button.isVisible())) await this.page.getByRole('button', { name: 'Menu' }).click();
      await button.click();
    }
    const dialog = this.backOfficeDialog();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Open back office' }).click();
  }

  /** A manager approves what the dialog asks with their security key (issue 33): one touch. */
  async approveWithKey(): Promise<void> {
    await expect(this.approval()).toBeVisible();
    await this.approval().getByRole('button', { name: 'Use a security key' }).click();
    await expect(this.approval()).toBeHidden();
  }

  /** A manager approves what the dialog asks with their PIN. */
  async approve(manager: string, pin: string): Promise<void> {
    await expect(this.approval()).toBeVisible();
    await this.approval()
      .getByRole('button', { name: new RegExp(`^${manager} · `) })
      .click();
    await this.typePin(pin, 'Approve');
    await expect(this.approval()).toBeHidden();
  }
}

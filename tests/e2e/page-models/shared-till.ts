// A shared till (issue 18) as a test sees it: shared mode in Settings → This till, the lock screen (a person,
// the field labelled 'PIN', 'Unlock'), who the counter bar says is selling, and the manager-approval dialog.
import { expect, type Page } from '@playwright/test';

export class SharedTillModel {
  constructor(private readonly page: Page) {}

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

  approval() {
    return this.page.getByRole('dialog', { name: /^Approve / });
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

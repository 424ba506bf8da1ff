// The dashboard (/dashboard and its sections).
import { expect, type Page } from '@playwright/test';

export class DashboardPage {
  constructor(private readonly page: Page) {}

  async expectShown(shopName?: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/dashboard\/?$/);
    await expect(this.page.getByRole('heading', { name: 'Today at a glance' })).toBeVisible();
    if (shopName) await expect(this.page.getByText(shopName).first()).toBeVisible();
  }

  async openSection(name: string): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Dashboard sections' })
      .getByRole('link', { name })
      .click();
  }
}

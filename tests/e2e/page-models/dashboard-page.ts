// The dashboard (/dashboard and its sections).
import { expect, type Page } from '@playwright/test';

export class DashboardPage {
  constructor(private readonly page: Page) {}

  async expectShown(shopName?: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/dashboard\/?$/);
    await expect(this.page.getByRole('heading', { name: 'Today at a glance' })).toBeVisible();
    if (shopName) await expect(this.page.getByText(shopName).first()).toBeVisible();
  }

  /** Where a cashier lands on /dashboard: the register, since the overview's figures are for managers. */
  async expectCounterShown(shopName?: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/dashboard\/register\/?$/);
    await expect(this.page.getByRole('heading', { name: 'Register' }).first()).toBeVisible();
    if (shopName) await expect(this.page.getByText(shopName).first()).toBeVisible();
  }

  async openSection(name: string): Promise<void> {
    await openDashboardSection(this.page, name);
  }
}

/**
 * Through the dashboard's sections: the sidebar, or at the counter (the register, which has no sidebar) the
 * counter bar's menu.
 */
export async function openDashboardSection(page: Page, name: string): Promise<void> {
  const sections = page.getByRole('navigation', { name: 'Dashboard sections' });
  const counterMenu = page.locator('header.counter-bar').getByRole('button', { name: 'Menu' });
  if (!(await sections.isVisible()) && (await counterMenu.isVisible())) await counterMenu.click();
  await sections.getByRole('link', { name }).click();
}

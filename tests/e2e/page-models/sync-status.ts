// The nav bar's sync badges and the sync page (Settings → Sync and storage).
import { expect, type Page } from '@playwright/test';
import { openDashboardSection } from './dashboard-page';

export class SyncStatusModel {
  constructor(private readonly page: Page) {}

  private badges() {
    return this.page.getByRole('banner');
  }

  async expectOffline(offline: boolean): Promise<void> {
    const badge = this.badges().getByText('Offline', { exact: true });
    if (offline) await expect(badge).toBeVisible();
    else await expect(badge).toHaveCount(0);
  }

  async expectUnsynced(count: number): Promise<void> {
    const badge = this.badges().getByRole('link', { name: /^\d+ unsynced$/ });
    if (count === 0) await expect(badge).toHaveCount(0);
    else await expect(badge).toHaveText(`${count} unsynced`);
  }

  async openFromSettings(): Promise<void> {
    await openDashboardSection(this.page, 'Settings');
    await this.page
      .getByRole('navigation', { name: 'Settings pages' })
      .getByRole('link', { name: 'Sync and storage' })
      .click();
    await expect(this.page).toHaveURL(/\/dashboard\/settings\/sync$/);
    await expect(this.page.getByRole('heading', { name: 'Waiting to sync' })).toBeVisible();
  }

  async expectConnection(words: 'Online' | 'Offline'): Promise<void> {
    const facts = this.page.locator('dl.sync-facts').first();
    await expect(facts.getByText(words, { exact: true })).toBeVisible();
  }
}

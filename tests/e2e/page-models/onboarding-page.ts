// Onboarding (/onboarding): create a shop or join one.
import { expect, type Page } from '@playwright/test';

export class OnboardingPage {
  constructor(private readonly page: Page) {}

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/onboarding$/);
    await expect(this.page.getByRole('heading', { name: 'Set up Tillpoint' })).toBeVisible();
  }

  async createShop(name: string, currency = 'EUR'): Promise<void> {
    await this.page.getByLabel('Shop name').fill(name);
    await this.page.getByLabel('Currency').selectOption(currency);
    await this.page.getByRole('button', { name: 'Create shop' }).click();
  }

  async joinShop(code: string): Promise<void> {
    await this.page.getByLabel('Invite code').fill(code);
    await this.page.getByRole('button', { name: 'Join shop' }).click();
  }
}

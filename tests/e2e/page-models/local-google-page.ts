// The local stack's stand-in for Google's consent page (clearly marked as local).
import { expect, type Page } from '@playwright/test';

export class LocalGooglePage {
  constructor(private readonly page: Page) {}

  async continueAs(email: string, name = ''): Promise<void> {
    await expect(this.page.getByRole('heading', { name: /Local Google sign-in/ })).toBeVisible();
    await this.page.getByLabel('Email').fill(email);
    if (name) await this.page.getByLabel('Name (optional)').fill(name);
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }
}

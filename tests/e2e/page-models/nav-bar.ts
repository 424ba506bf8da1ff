// The nav bar on every screen.
import { expect, type Page } from '@playwright/test';

export class NavBar {
  constructor(private readonly page: Page) {}

  async expectSignedInAs(email: string): Promise<void> {
    await expect(this.page.getByText(`Welcome, ${email}`)).toBeVisible();
  }

  async expectSignedOut(): Promise<void> {
    const nav = this.page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign up' })).toBeVisible();
  }

  async signOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign out' }).click();
  }
}

// The sign-in screen (/login) as a test sees it: by its labels and button names, never its markup.
import { expect, type Page } from '@playwright/test';

export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto(redirect?: string): Promise<void> {
    const query = redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`;
    await this.page.goto(`/login${query}`);
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Sign in to Tillpoint' })).toBeVisible();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  async continueWithGoogle(): Promise<void> {
    await this.page.getByRole('button', { name: 'Continue with Google' }).click();
  }

  async enterCode(code: string): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await this.page.getByLabel('Authentication code').fill(code);
    await this.page.getByRole('button', { name: 'Verify' }).click();
  }

  async forgotPassword(email: string): Promise<void> {
    await this.page.getByRole('link', { name: 'Forgot password?' }).click();
    // The sign-in form has an 'Email' field too: fill the reset form's only once it has replaced it.
    await expect(this.page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(this.page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  }
}

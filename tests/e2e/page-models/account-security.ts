// Settings → account security: password, two-step verification, Google.
import { expect, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';

export class AccountSecurity {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/dashboard/settings');
    await expect(this.page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  }

  /**
   * Turns on two-step verification (it asks for the current password first) and returns the secret (the
   * test's "authenticator app").
   */
  async turnOnTwoStep(currentPassword: string): Promise<string> {
    await this.page.getByRole('button', { name: 'Turn on two-step verification' }).click();
    await this.card('Two-step verification').getByLabel('Current password').fill(currentPassword);
    await this.page.getByRole('button', { name: 'Continue' }).click();
    await expect(this.page.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = (await this.page.getByTestId('totp-secret').textContent()) ?? '';
    await this.page.getByLabel('Authentication code').fill(codeFor(secret));
    await this.page.getByRole('button', { name: 'Confirm and turn on' }).click();
    await expect(
      this.page.getByText('Signing in asks for a code from your authenticator app.'),
    ).toBeVisible();
    return secret;
  }

  /** Changes the password: the current one, then the new one twice. */
  async changePassword(current: string, next: string): Promise<void> {
    const card = this.card('Password');
    await card.getByLabel('Current password').fill(current);
    await card.getByLabel('New password', { exact: true }).fill(next);
    await card.getByLabel('Confirm new password').fill(next);
    await card.getByRole('button', { name: 'Change password' }).click();
  }

  card(title: string) {
    return this.page
      .locator('section.card')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }
}

export function codeFor(secret: string): string {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

// Paired devices (issue 33, DESIGN §13) as a test sees them: Settings → Devices on a manager's screen ('Pair a
// device', the one-time code, the list with 'Last synced') and 'Pair this device' on a new till's sign-in page.
import { expect, type Page } from '@playwright/test';

export class DevicesSettingsModel {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/dashboard/settings/devices');
    await expect(this.page.getByRole('heading', { name: 'Paired tills' })).toBeVisible();
  }

  /** 'Pair a device' for `name`; answers the one-time code the page shows. */
  async pairingCode(name: string): Promise<string> {
    const form = this.page.getByRole('form', { name: 'Pair a device' });
    await form.getByLabel('Till name').fill(name);
    await form.getByRole('button', { name: 'Pair a device' }).click();
    const code = this.page.getByRole('region', { name: 'One-time code' }).getByLabel('Pairing code');
    await expect(code).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{2}$/);
    return (await code.textContent()) ?? '';
  }

  row(name: string) {
    return this.page
      .getByRole('table', { name: 'Paired tills' })
      .getByRole('row', { name: new RegExp(name) });
  }
}

export class PairThisDeviceModel {
  constructor(private readonly page: Page) {}

  async pair(code: string): Promise<void> {
    await this.page.goto('/login');
    await this.page.getByRole('button', { name: 'Pair this device' }).click();
    const form = this.page.getByRole('form', { name: 'Pair this device' });
    await form.getByLabel('Pairing code').fill(code);
    await form.getByRole('button', { name: 'Pair this device' }).click();
    await expect(this.page).toHaveURL(/\/dashboard\/register/);
  }

  /** The till's own account id, from the session supabase-js stored. */
  async userId(): Promise<string> {
    return this.page.evaluate(() => {
      for (let i = 0; i < localStorage.length; i += 1) {
        const key = localStorage.key(i) ?? '';
        if (key.startsWith('sb-') && key.endsWith('-auth-token')) {
          const session = JSON.parse(localStorage.getItem(key) ?? '{}') as { user?: { id?: string } };
          if (session.user?.id) return session.user.id;
        }
      }
      throw new Error('no stored session');
    });
  }
}

// The shifts screen (/dashboard/shifts) as a test sees it: open with a float counted by note and coin, pay
// out with a reason, count and close, and read the X/Z report's figures — by labels and button names.
import { expect, type Locator, type Page } from '@playwright/test';
import { openDashboardSection } from './dashboard-page';

export class ShiftsModel {
  constructor(private readonly page: Page) {}

  /** Through the dashboard's menu, so it works offline without a new page load. */
  async open(): Promise<void> {
    await openDashboardSection(this.page, 'Shifts');
    await expect(this.page.getByRole('heading', { name: 'Shifts', level: 1 })).toBeVisible();
  }

  async openShiftCounted(pieces: Record<string, number>): Promise<void> {
    await this.page.getByLabel('Count by note and coin').check();
    for (const [label, count] of Object.entries(pieces)) {
      await this.page.getByLabel(label, { exact: true }).fill(String(count));
    }
    await this.page.getByRole('button', { name: 'Open shift' }).click();
    await expect(this.page.getByRole('heading', { name: /^Shift open on / })).toBeVisible();
  }

  expectedCash(): Locator {
    return this.page.getByTestId('expected-cash');
  }

  async payOut(amount: string, reason: string): Promise<void> {
    await this.page.getByLabel('Cash movement').selectOption('pay_out');
    await this.page.getByLabel('Amount').fill(amount);
    await this.page.getByLabel('Reason').fill(reason);
    await this.page.getByRole('button', { name: 'Record' }).click();
    await expect(this.page.getByText('Pay-out recorded.')).toBeVisible();
  }

  async close(counted: string): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Count and close' }).click();
    await this.page.getByLabel('Counted cash (EUR)').fill(counted);
    await this.page.getByRole('button', { name: /^(Close shift|Approve and close)$/ }).click();
    const report = this.page.getByRole('region', { name: 'Z report' });
    await expect(report).toBeVisible();
    return report;
  }

  /** A report row's figure in minor units ("€96.80" → 9680, "-€5.00" → −500). */
  async figure(report: Locator, label: string | RegExp): Promise<number> {
    const row = report
      .locator('.shift-report__row')
      .filter({ has: this.page.locator('dt', { hasText: label }) });
    const text = (await row.locator('dd').first().textContent()) ?? '';
    const negative = /[-−]/.test(text);
    const digits = text.replace(/[^\d]/g, '');
    return (negative ? -1 : 1) * Number(digits);
  }
}

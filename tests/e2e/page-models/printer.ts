// Settings → This till → Printer and the virtual printer's 'Printer output' panel (issue 19).
import { expect, type Locator, type Page } from '@playwright/test';

export class PrinterModel {
  constructor(private readonly page: Page) {}

  async gotoSettings(): Promise<void> {
    await this.page.goto('/dashboard/settings');
    await expect(this.card).toBeVisible();
  }

  get card(): Locator {
    return this.page.getByRole('region', { name: 'Printer' });
  }

  /** Chooses the virtual printer, a model and paper, automatic printing and the drawer on cash. */
  async useVirtualPrinter(model = 'Epson TM-T88VI', width = '80 mm'): Promise<void> {
    await this.card.getByRole('button', { name: 'Use the virtual printer' }).click();
    await expect(this.page.getByTestId('printer-status')).toHaveText(/^Connected: Virtual printer/);
    await this.card.getByLabel('Printer model').selectOption({ label: model });
    await this.card.getByLabel('Paper width').selectOption({ label: width });
    await this.card.getByLabel('Print a receipt after each sale').check();
    await this.card.getByLabel('Open drawer on cash').check();
  }

  get output(): Locator {
    return this.page.getByRole('region', { name: 'Printer output' });
  }

  /** At the counter the output is folded behind a toggle ([FIT-1]); in Settings it is open. */
  toggle(): Locator {
    return this.page.getByRole('button', { name: /^Printer output/ });
  }

  async open(): Promise<void> {
    const toggle = this.toggle();
    if ((await toggle.count()) && (await toggle.getAttribute('aria-expanded')) === 'false')
      await toggle.click();
    await expect(this.output).toBeVisible();
  }

  async close(): Promise<void> {
    const toggle = this.toggle();
    if ((await toggle.count()) && (await toggle.getAttribute('aria-expanded')) === 'true')
      await toggle.click();
  }

  /** The last job on the virtual printer's paper, as text with its [markers]; opens the output first. */
  lastPrint(): Locator {
    return this.output.getByTestId('printed').last();
  }
}

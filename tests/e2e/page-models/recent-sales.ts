// The register's receipt printing and its "Recent sales" dialog (reprints and refunds) as a test sees them.
import { expect, type Locator, type Page } from '@playwright/test';

export class RecentSalesModel {
  constructor(private readonly page: Page) {}

  dialog() {
    return this.page.getByRole('dialog', { name: 'Recent sales' });
  }

  receipt(receiptNo: string, kind: 'Receipt' | 'Refund' = 'Receipt') {
    return this.page.getByRole('article', { name: `${kind} ${receiptNo}` });
  }

  /** [WORDS-1] The till's "Unsynced" beside a receipt's slip (never on the slip itself). */
  syncMark(receiptNo: string, kind: 'Receipt' | 'Refund' = 'Receipt') {
    return this.page
      .getByRole('region', { name: 'Receipt' })
      .filter({ has: this.receipt(receiptNo, kind) })
      .getByText('Unsynced');
  }

  /**
   * Replaces window.print (a real print dialog would block the test) with one that records which receipt was
   * being printed and leaves the page in its printing state until `finishPrinting`.
   */
  async stubPrint(): Promise<void> {
    await this.page.evaluate(() => {
      const printed: string[] = [];
      Object.assign(window, { printedReceipts: printed });
      window.print = () => {
        printed.push(document.querySelector('.print-root .slip')?.className ?? 'nothing');
      };
    });
  }

  async printed(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { printedReceipts: string[] }).printedReceipts);
  }

  async finishPrinting(): Promise<void> {
    await this.page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'Recent sales' }).click();
    await expect(this.dialog()).toBeVisible();
  }

  row(receiptNo: string) {
    return this.dialog().getByRole('button', { name: new RegExp(`^${receiptNo}`) });
  }

  /** Refunds `quantity` of one product of the open sale, by the tender offered first, and answers the refund's number. */
  async refund(product: string, quantity: string): Promise<string> {
    await this.openRefund();
    return this.completeRefund(product, quantity);
  }

  /** 'Refund' on the open sale: the refund form. */
  async openRefund(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(this.dialog().getByRole('button', { name: 'Complete refund' })).toBeVisible();
  }

  /** The labels the refund form's radios and checkbox sit in: what a finger taps ([REFUND-T2]). */
  refundChoiceLabels(): Locator {
    return this.dialog().locator(
      'form.refund label:has(input[type=radio]), form.refund label:has(input[type=checkbox])',
    );
  }

  /** Refunds `quantity` of `product` in the open refund form; answers the refund's receipt number. */
  async completeRefund(product: string, quantity: string): Promise<string> {
    await this.dialog().getByLabel(`Refund quantity of ${product}`).fill(quantity);
    await this.dialog().getByRole('button', { name: 'Complete refund' }).click();
    // The form's own title also reads "Refund T…": the refund's receipt is the article.
    const heading = this.dialog()
      .getByRole('article', { name: /^Refund T\d+-\d{6}$/ })
      .getByRole('heading', { name: /^Refund T\d+-\d{6}$/ });
    await expect(heading).toBeVisible();
    return ((await heading.textContent()) ?? '').replace(/^Refund /, '');
  }
}

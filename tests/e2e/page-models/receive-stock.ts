// The register's 'Receive stock' dialog (issue 38, [PUR-T1]…[PUR-T9]): the store's orders to receive, then one
// order's lines, each a fieldset named after its product with 'Arrived now' and 'Unit cost', and 'Post receipt'.
import { expect, type Locator, type Page } from '@playwright/test';

export class ReceiveStockModel {
  constructor(private readonly page: Page) {}

  /** The dialog, titled 'Receive stock' or 'Receive stock · <order number>'. */
  dialog(): Locator {
    return this.page.getByRole('dialog', { name: /^Receive stock/ });
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'Receive stock' }).click();
    await expect(this.dialog().getByRole('heading', { name: 'Orders to receive' })).toBeVisible();
  }

  /** Opens an order from the list by its number. */
  async pick(number: string): Promise<void> {
    await this.dialog()
      .getByRole('button', { name: new RegExp(`^${number}\\b`) })
      .click();
    await expect(this.dialog()).toHaveAccessibleName(`Receive stock · ${number}`);
  }

  line(product: string): Locator {
    return this.dialog().getByRole('group', { name: product, exact: true });
  }

  async enter(product: string, arrived: string, unitCost?: string): Promise<void> {
    await this.line(product).getByLabel('Arrived now').fill(arrived);
    if (unitCost !== undefined) await this.line(product).getByLabel('Unit cost').fill(unitCost);
  }

  /** Posts the delivery (no question expected) and waits for the dialog to say it was received. */
  async post(number: string): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Post receipt' }).click();
    await expect(this.dialog().getByText(`Delivery received: ${number}`)).toBeVisible();
  }

  async close(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Close', exact: true }).click();
    await expect(this.dialog()).toBeHidden();
  }
}

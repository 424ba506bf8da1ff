// The products screen (/dashboard/products) as a test sees it: search, the table, and the product form
// (managers and owners) — by labels, roles and button names.
import { expect, type Page } from '@playwright/test';

export interface NewProduct {
  name: string;
  sku: string;
  barcode: string;
  price: string;
}

export class ProductsModel {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/dashboard/products');
    await expect(this.page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await expect(this.page.getByLabel('Search name, SKU or barcode')).toBeVisible();
  }

  async search(text: string): Promise<void> {
    await this.page.getByLabel('Search name, SKU or barcode').fill(text);
  }

  row(name: string) {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  async addProduct(product: NewProduct): Promise<void> {
    await this.page.getByRole('button', { name: 'New product' }).click();
    const form = this.page.getByRole('form', { name: 'New product' });
    await form.getByLabel('Name').fill(product.name);
    await form.getByLabel('SKU').fill(product.sku);
    await form.getByLabel('Barcode').fill(product.barcode);
    await form.getByLabel(/^Price/).fill(product.price);
    await form.getByRole('button', { name: 'Add product' }).click();
    await expect(this.page.getByText(`Added "${product.name}".`)).toBeVisible();
  }

  /** Edits the price of the product shown as `name` (it must be in the table: search for it first). */
  async changePrice(name: string, price: string): Promise<void> {
    await this.page.getByRole('button', { name: `Edit ${name}` }).click();
    const form = this.page.getByRole('form', { name: `Edit ${name}` });
    await form.getByLabel(/^Price/).fill(price);
    await form.getByRole('button', { name: 'Save product' }).click();
    await expect(this.page.getByText(`Saved "${name}".`)).toBeVisible();
  }
}

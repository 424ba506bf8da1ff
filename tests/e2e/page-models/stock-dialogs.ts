// The register's three stock dialogs (issue 38) as the layout test drives them: 'Receive stock' (an order, or a
// transfer to receive), 'Send transfer' and 'Count stock', each with lines filled in and its error states,
// checked to fit the screen — no sideways scroll, the primary button reachable — with a screenshot of each.
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectNoSidewaysScroll, expectOnScreen, keepScreenshot } from '../layout-checks';
import { DashboardPage } from './dashboard-page';
import { LoginPage } from './login-page';
import { mirrorCount, mirrorRow } from './mirror';
import { RegisterModel } from './register-page';
import { DEMO_PASSWORD } from './users';

const MAIN_STREET = 'Demo Shop Main Street';
const MARKET_SQUARE = 'Demo Shop Market Square';

export class StockDialogs {
  private readonly register: RegisterModel;

  constructor(
    private readonly page: Page,
    private readonly testInfo: TestInfo,
    /** Names the screenshots: the device, e.g. '390x844'. */
    private readonly size: string,
  ) {
    this.register = new RegisterModel(page);
  }

  async signIn(user: { email: string }): Promise<void> {
    const login = new LoginPage(this.page);
    await login.goto();
    await login.signIn(user.email, DEMO_PASSWORD);
    await new DashboardPage(this.page).expectShown('Demo Shop');
  }

  /** A draft transfer from Main Street to Market Square of one product, saved in the back office. */
  async draftTransfer(product: string): Promise<void> {
    await this.page.goto('/dashboard/transfers/new');
    await this.page.getByLabel('From').selectOption({ label: MAIN_STREET });
    await this.page.getByLabel('To').selectOption({ label: MARKET_SQUARE });
    await this.page.getByLabel('Add product').fill(product);
    await this.page.getByRole('list', { name: 'Products found' }).getByRole('button').first().click();
    await this.page.getByRole('button', { name: 'Save draft' }).click();
    // Saved, the editor moves to the transfer's own address.
    await expect(this.page).toHaveURL(/\/dashboard\/transfers\/[0-9a-f-]{36}$/);
  }

  /** A stocktake of one category at Main Street, opened in the back office (a category no other test counts). */
  async openStocktake(category: string): Promise<void> {
    await this.page.goto('/dashboard/stocktakes');
    await this.page.getByRole('button', { name: 'New stocktake' }).click();
    const form = this.page.getByRole('form', { name: 'New stocktake' });
    await form.getByLabel('Store').selectOption({ label: MAIN_STREET });
    await form.getByRole('radio', { name: 'A category' }).check();
    await form.getByLabel('Category', { exact: true }).selectOption({ label: category });
    await form.getByRole('button', { name: 'Open stocktake' }).click();
    await expect(this.page.getByText(/opened as soon as it reaches the server/)).toBeVisible();
  }

  /** Cancels the open stocktake of `category` (so no other test meets it). */
  async cancelStocktake(category: string): Promise<void> {
    await this.page.goto('/dashboard/stocktakes');
    const list = this.page.getByRole('table', { name: 'Stocktakes' });
    await list
      .getByRole('row', { name: new RegExp(`${category}.*Open`) })
      .getByRole('button')
      .first()
      .click();
    await this.page.getByRole('button', { name: 'Cancel stocktake' }).click();
    await this.page.getByLabel('Why cancel it?').fill('Browser test');
    await this.page.getByRole('button', { name: 'Cancel stocktake' }).click();
    await expect(this.page.getByText('Cancellation sent: no stock moves.')).toBeVisible();
  }

  /** Sets this device up as a till of `store` and waits for the catalog. */
  async setUpTill(userId: string, name: string, products: number, store = MAIN_STREET): Promise<void> {
    await this.register.goto();
    await this.register.setUpTill(name, store);
    await this.register.waitForCatalog(userId, products);
  }

  /**
   * Runs `create` in the back office (whose store list is this device's mirror, so after the till's first sync)
   * and waits until the register's mirror holds one more row of `table`: what the dialogs list.
   */
  async addThroughBackOffice(userId: string, table: string, create: () => Promise<void>): Promise<void> {
    const before = await mirrorCount(this.page, userId, table);
    await create();
    await this.register.goto();
    await expect
      .poll(() => mirrorCount(this.page, userId, table), { timeout: 60_000, intervals: [500, 1000, 2000] })
      .toBeGreaterThan(before);
  }

  /** The dialog named `name` (its title, with or without ' · <number>'). */
  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name: new RegExp(`^${name}`) });
  }

  /** Opens a stock dialog from the register (behind 'Open the cart' on a narrow screen). */
  async open(name: string): Promise<Locator> {
    // Once the sheet is open, the page under it (with 'Open the cart') is inert.
    const openCart = this.page.getByRole('button', { name: /^Open the cart: / });
    if (
      (await openCart.isVisible()) &&
      (await openCart.evaluate((button) => button.closest('[inert]') === null))
    )
      await openCart.click();
    await this.page.getByRole('button', { name, exact: true }).click();
    const dialog = this.dialog(name);
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    return dialog;
  }

  /**
   * The dialog fits: nothing sticks out sideways (the page's and the dialog's own width), and its primary
   * button, scrolled to, is wholly on screen. A screenshot goes to the report.
   */
  async expectFits(dialog: Locator, primary: Locator, shot: string): Promise<void> {
    await expectNoSidewaysScroll(this.page);
    const widths = await dialog.evaluate((element) => {
      const modal = element.closest('.dialog-modal') ?? element;
      return { scroll: modal.scrollWidth, client: modal.clientWidth };
    });
    expect(widths.scroll, `${shot}: the dialog scrolls sideways`).toBeLessThanOrEqual(widths.client);
    await primary.scrollIntoViewIfNeeded();
    await expectOnScreen(this.page, `${shot}: its primary button`, primary);
    await keepScreenshot(this.page, this.testInfo, `${shot}-${this.size}`);
  }

  /** 'Receive stock' → the order: arrivals typed, then a bad quantity, then far more than ordered. */
  async receiveOrder(number: string, product: string): Promise<void> {
    const dialog = await this.open('Receive stock');
    await expect(dialog.getByRole('heading', { name: 'Orders to receive' })).toBeVisible();
    await this.expectFits(
      dialog,
      dialog.getByRole('button', { name: new RegExp(`^${number}\\b`) }),
      'receive-list',
    );
    await dialog.getByRole('button', { name: new RegExp(`^${number}\\b`) }).click();
    await expect(dialog).toHaveAccessibleName(`Receive stock · ${number}`);
    const post = dialog.getByRole('button', { name: 'Post receipt' });
    const line = dialog.getByRole('group', { name: product, exact: true });
    await line.getByLabel('Arrived now').fill('4');
    await line.getByLabel('Unit cost').fill('0.95');
    await this.expectFits(dialog, post, 'receive-order');

    await line.getByLabel('Arrived now').fill('4,,5x');
    await post.click();
    await expect(dialog.getByText('Some lines need a change before posting.')).toBeVisible();
    await this.expectFits(dialog, post, 'receive-order-bad-quantity');

    await line.getByLabel('Arrived now').fill('500');
    await post.click();
    const question = dialog.getByRole('group', { name: 'Question' });
    await expect(question).toBeVisible();
    await this.expectFits(dialog, question.getByRole('button').first(), 'receive-order-far-above');
    await question.getByRole('button', { name: 'Change' }).click();
    await this.close(dialog);
  }

  /** 'Send transfer' → the first draft: its quantity typed, then a bad one. Nothing is sent. */
  async sendTransfer(): Promise<void> {
    const dialog = await this.open('Send transfer');
    await expect(dialog.getByRole('heading', { name: 'Transfers to send' })).toBeVisible();
    const draft = dialog.getByRole('listitem').first().getByRole('button');
    await this.expectFits(dialog, draft, 'send-list');
    await draft.click();
    const send = dialog.getByRole('button', { name: 'Send', exact: true });
    const quantity = dialog.getByLabel('Quantity sent').first();
    await quantity.fill('3');
    await this.expectFits(dialog, send, 'send-transfer');
    await quantity.fill('-2');
    await send.click();
    await expect(dialog.getByText('Some lines need a change before posting.')).toBeVisible();
    await this.expectFits(dialog, send, 'send-transfer-bad-quantity');
    await this.close(dialog);
  }

  /** 'Count stock' → the stocktake: a zone, two products counted, then a bad count. Nothing is sent. */
  async count(products: readonly string[]): Promise<void> {
    const dialog = await this.open('Count stock');
    await expect(dialog.getByRole('heading', { name: 'Open stocktakes' })).toBeVisible();
    const stocktake = dialog.getByRole('listitem').first().getByRole('button');
    await expect(stocktake).toBeVisible({ timeout: 30_000 });
    await this.expectFits(dialog, stocktake, 'count-list');
    await stocktake.click();
    await dialog.getByLabel('Zone').fill('Back room, top shelf');
    for (const product of products) {
      await dialog.getByLabel('Scan to count').fill(product);
      await dialog.getByRole('button', { name: 'Find' }).click();
      const found = dialog.getByRole('list', { name: 'Products found' });
      if (await found.isVisible()) await found.getByRole('button', { name: product, exact: true }).click();
    }
    const send = dialog.getByRole('button', { name: 'Send counts' });
    await expect(dialog.getByLabel('Counted')).toHaveCount(products.length);
    await dialog.getByLabel('Counted').first().fill('12');
    await this.expectFits(dialog, send, 'count-stock');
    await dialog.getByLabel('Counted').last().fill('twelve');
    await send.click();
    await expect(dialog.getByText('Some lines need a change before sending.')).toBeVisible();
    await this.expectFits(dialog, send, 'count-stock-bad-quantity');
    await this.close(dialog);
  }

  /** 'Receive stock' → 'Transfers to receive' → the transfer: arrivals typed, a bad one, far more than sent. */
  async receiveTransfer(userId: string, transferId: string, number: string): Promise<void> {
    // The first sync brings the products before the transfers; the dialog reads its list once, on opening.
    await expect
      .poll(() => mirrorRow(this.page, userId, 'transfers', transferId), { timeout: 60_000 })
      .toBeTruthy();
    const dialog = await this.open('Receive stock');
    await expect(dialog.getByRole('heading', { name: 'Transfers to receive' })).toBeVisible({
      timeout: 30_000,
    });
    const transfer = dialog.getByRole('button', { name: new RegExp(`^${number}\\b`) });
    await this.expectFits(dialog, transfer, 'receive-transfers-list');
    await transfer.click();
    const receive = dialog.getByRole('button', { name: 'Receive transfer' });
    const line = dialog.locator('fieldset').first();
    await line.getByLabel('Arrived now').fill('8');
    await line.getByLabel('Damaged').fill('1');
    await this.expectFits(dialog, receive, 'receive-transfer');
    await line.getByLabel('Damaged').fill('x');
    await receive.click();
    await expect(dialog.getByText('Some lines need a change before posting.')).toBeVisible();
    await this.expectFits(dialog, receive, 'receive-transfer-bad-quantity');
    await line.getByLabel('Damaged').fill('');
    await line.getByLabel('Arrived now').fill('400');
    await receive.click();
    const question = dialog.getByRole('group', { name: 'Question' });
    await expect(question).toBeVisible();
    await this.expectFits(dialog, question.getByRole('button').first(), 'receive-transfer-far-above');
    await question.getByRole('button', { name: 'Change' }).click();
    await this.close(dialog);
  }

  private async close(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}

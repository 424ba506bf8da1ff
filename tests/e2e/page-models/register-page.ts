// The register (/dashboard/register) as a test sees it: setting the device up as a till, scanning like a
// hardware scanner, the cart, parking, paying and the receipt — by labels and button names.
import { expect, test, type Page } from '@playwright/test';
import { DashboardPage } from './dashboard-page';
import { LoginPage } from './login-page';
import { mirrorCount } from './mirror';
import { ServiceWorkerModel } from './service-worker';
import { DEMO_PASSWORD } from './users';

export class RegisterModel {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/dashboard/register');
    await expect(this.page.getByRole('heading', { name: 'Register' }).first()).toBeVisible();
  }

  /**
   * A cashier's first visit: signs in (landing on the counter), lets the service worker take the page, sets
   * the device up as the till `tillName` and waits for the first sync of the `products` products.
   * `beforeSync` runs once the till exists on the server, before the register is read again.
   */
  async openAsNewTill(
    cashier: { email: string; id: string },
    tillName: string,
    products: number,
    beforeSync: () => Promise<void> = () => Promise.resolve(),
  ): Promise<void> {
    const login = new LoginPage(this.page);
    await login.goto();
    await login.signIn(cashier.email, DEMO_PASSWORD);
    await new DashboardPage(this.page).expectCounterShown('Demo Shop');
    await new ServiceWorkerModel(this.page).waitUntilControlled();
    await this.goto();
    await this.setUpTill(tillName);
    await beforeSync();
    await this.waitForCatalog(cashier.id, products);
  }

  /** On a device that is not a till yet: choose the store (the first, unless named), name the till, set it up. */
  async setUpTill(name: string, store?: string): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'This device is not a till yet' })).toBeVisible();
    const loadStores = this.page.getByRole('button', { name: /Load stores|Try again/ });
    const tillName = this.page.getByLabel('Till name');
    // The first sync may bring the stores while the test reaches for "Load stores": the button then leaves
    // the page mid-click. Retry until the till name field is there, clicking only while the button is.
    await expect(async () => {
      if (await tillName.isVisible()) return;
      await loadStores.click({ timeout: 1_000 });
      await expect(tillName).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    // The suggested name ("Till 11") changes when the first sync brings the shop's tills; a fill racing that
    // re-render can land after it ("Till 11Paired till …"). Fill until the field holds exactly the name.
    await expect(async () => {
      await tillName.fill(name);
      await expect(tillName).toHaveValue(name, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    if (store !== undefined) await this.page.getByLabel('Store').selectOption({ label: store });
    await this.page.getByRole('button', { name: 'Set up this till' }).click();
    await expect(this.page.getByRole('heading', { name: 'This device is not a till yet' })).toBeHidden();
  }

  /**
   * Waits until this device's mirror holds all `products` of the shop (the first pull is done), reloading
   * the register so it reads the full catalog (it reads the catalog once per visit).
   */
  async waitForCatalog(userId: string, products: number): Promise<void> {
    await this.waitForMirror(userId, products);
    await this.page.reload();
    await this.openShiftIfAsked();
  }

  /** Waits until this device's mirror holds all `products` of the shop, without reading the register again. */
  async waitForMirror(userId: string, products: number): Promise<void> {
    await expect
      .poll(() => this.mirrorProductCount(userId), { timeout: 30_000, intervals: [250, 500, 1000] })
      .toBe(products);
  }

  /** A shop that asks for an open shift before the first sale shows "Open a shift first": open one. */
  async openShiftIfAsked(float = '100.00'): Promise<void> {
    const gate = this.page.getByRole('region', { name: 'Open a shift first' });
    await expect(this.search().or(gate)).toBeVisible();
    if (await gate.isVisible()) {
      await gate.getByLabel('Opening float (EUR)').fill(float);
      await gate.getByRole('button', { name: 'Open shift' }).click();
    }
    await expect(this.search()).toBeVisible();
  }

  private mirrorProductCount(userId: string): Promise<number> {
    return mirrorCount(this.page, userId, 'products');
  }

  search() {
    return this.page.getByLabel('Search products');
  }

  /**
   * A hardware scanner: a burst of real key events ending in Enter, made with no field focused, as when the
   * cashier is not typing. `keyboard.type(code, { delay: 5 })` sends each key only after the page handled the
   * previous one, so on a loaded machine (load 20 on 2 cores here) the gaps grew to 40–140 ms, past the
   * scanner's 35 ms, and the register rightly took the keys for a person's. A USB scanner does not wait for
   * the page: its keys queue up in the browser. So the key events go to Chromium together, in order, over
   * the DevTools protocol — the page still receives trusted keydown/keyup events, one per character.
   */
  async scan(barcode: string, options: { inSearchField?: boolean } = {}): Promise<void> {
    if (options.inSearchField) await this.search().focus();
    else
      await this.page.evaluate(() => {
        if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      });
    const cdp = await this.page.context().newCDPSession(this.page);
    try {
      if (!/^\d+$/.test(barcode)) throw new Error(`scan() types digits only, not ${barcode}`);
      const keys = (barcode.match(/\d/g) ?? []).flatMap((char) => {
        const key = { key: char, code: `Digit${char}`, windowsVirtualKeyCode: char.charCodeAt(0) };
        return [
          { type: 'keyDown' as const, ...key, text: char, unmodifiedText: char },
          { type: 'keyUp' as const, ...key },
        ];
      });
      const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 };
      keys.push({ type: 'keyDown', ...enter, text: '\r', unmodifiedText: '\r' }, { type: 'keyUp', ...enter });
      // Pressed 1 ms apart, as a scanner does: the page sees these times as the events' timeStamp.
      const start = Date.now() / 1000;
      await Promise.all(
        keys.map((event, index) =>
          cdp.send('Input.dispatchKeyEvent', { ...event, timestamp: start + Math.floor(index / 2) / 1000 }),
        ),
      );
    } finally {
      await cdp.detach();
    }
  }

  /**
   * Scans `barcode` until the cart holds `quantity` of `product`: a missed scan is made again, like a cashier
   * re-scanning a label that did not beep (a retry is noted on the test). A scan counted twice still fails.
   */
  async scanUntil(
    barcode: string,
    product: string,
    quantity: number,
    options: { inSearchField?: boolean } = {},
  ): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      await this.scan(barcode, options);
      try {
        await expect(this.quantityOf(product)).toHaveValue(String(quantity), { timeout: 3000 });
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
        test.info().annotations.push({
          type: 'scan retried',
          description: `${barcode} (attempt ${String(attempt)})`,
        });
      }
    }
  }

  /** Finds `product` by name and taps its first result (a weighed one then asks for its weight). */
  async addFromSearch(product: string): Promise<void> {
    await this.search().fill(product);
    await this.page
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: new RegExp(`^${product.replace(/[().]/g, '\\$&')}`) })
      .first()
      .click();
  }

  /** Adds one `product` with its quick key (no DevTools session, so an emulated offline stays offline). */
  async addByQuickKey(product: string, quantity: number): Promise<void> {
    await this.page.getByRole('group', { name: 'Quick keys' }).getByRole('button', { name: product }).click();
    await expect(this.quantityOf(product)).toHaveValue(String(quantity));
  }

  /** Adds one more of a product already in the cart with its '+' and waits for the line to say `quantity`. */
  async oneMore(product: string, quantity: number): Promise<void> {
    await this.page.getByRole('button', { name: `One more ${product}`, exact: true }).click();
    await expect(this.quantityOf(product)).toHaveValue(String(quantity));
  }

  /** The deals a cart line got ([PROMO-T2]): each by name with what it took off, e.g. 'Buy one…−€1.99'. */
  dealsOnLine(product: string) {
    return this.cart()
      .getByRole('listitem')
      .filter({ has: this.quantityOf(product) })
      .getByRole('list', { name: 'Deals on this line' });
  }

  /** 'You saved' beside the cart's total (DESIGN §13) holds `amount`, e.g. '€1.99'. */
  async expectSaved(amount: string): Promise<void> {
    await expect(this.page.getByText('You saved', { exact: true })).toBeVisible();
    await expect(this.page.getByTestId('cart-saved')).toHaveText(amount);
  }

  /** Types `code` into the field labelled 'Coupon' and applies it (as a cashier would; scanned codes too). */
  async enterCoupon(code: string): Promise<void> {
    await this.page.getByLabel('Coupon', { exact: true }).fill(code);
    await this.page.getByRole('button', { name: 'Apply', exact: true }).click();
  }

  /** Why the last code typed into 'Coupon' was refused, in words ([PROMO-T6]). */
  couponRefusal() {
    return this.page.getByRole('alert').filter({ hasText: /coupon/i });
  }

  /** The coupons on the sale, each with its code and deal. */
  couponsOnSale() {
    return this.page.getByRole('list', { name: 'Coupons on this sale' });
  }

  /** The receipt shown after a sale: its total. */
  receiptTotal() {
    return this.page.getByTestId('receipt-total');
  }

  quantityOf(product: string) {
    return this.page.getByLabel(`Quantity of ${product}`);
  }

  cart() {
    return this.page.getByRole('list', { name: 'Cart' });
  }

  /** The cart's total: in the sale column, or on the cart bar of a narrow screen. */
  total() {
    return this.page.getByTestId('cart-total').or(this.page.getByTestId('cart-bar-total'));
  }

  /** `items` one-piece lines: counted in the cart, or read from the cart bar of a narrow screen. */
  async expectCartCount(items: number): Promise<void> {
    const bar = this.page.getByRole('button', { name: /^Open the cart: / });
    // A line's deals are list items too, inside it ('Deals on this line', issue 36: the demo's Espresso and
    // Croissant make a bundle): a cart line is the item with its quantity or weight field.
    const lines = this.cart()
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('textbox') });
    await expect(lines.or(bar).first()).toBeVisible();
    if (await bar.isVisible())
      await expect(bar).toHaveAccessibleName(`Open the cart: ${String(items)} items`);
    else await expect(lines).toHaveCount(items);
  }

  async expectEmptyCart(): Promise<void> {
    await expect(this.page.getByText(/The cart is empty/)).toBeVisible();
  }

  /** Waits until the open cart saved on the device holds `lines` lines (saves run just after each edit). */
  async waitForSavedCart(lines: number): Promise<void> {
    await expect
      .poll(() =>
        this.page.evaluate(async () => {
          const databases = await indexedDB.databases();
          const name = databases.find((db) => db.name?.startsWith('tillpoint-carts '))?.name;
          if (!name) return -1;
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const request = indexedDB.open(name);
            request.onsuccess = () => {
              resolve(request.result);
            };
            request.onerror = () => {
              reject(request.error ?? new Error('cannot open the cart store'));
            };
          });
          try {
            const read = db.transaction('carts').objectStore('carts').get('open');
            const row = await new Promise<{ cart?: { lines?: unknown[] } } | undefined>((resolve, reject) => {
              read.onsuccess = () => {
                resolve(read.result as { cart?: { lines?: unknown[] } } | undefined);
              };
              read.onerror = () => {
                reject(read.error ?? new Error('read failed'));
              };
            });
            return row?.cart?.lines?.length ?? 0;
          } finally {
            db.close();
          }
        }),
      )
      .toBe(lines);
  }

  async park(label: string): Promise<void> {
    await this.page.getByLabel('Name for the parked cart').fill(label);
    await this.page.getByRole('button', { name: 'Park cart' }).click();
    await this.expectEmptyCart();
  }

  async resume(label: string): Promise<void> {
    await this.page.getByRole('button', { name: new RegExp(`^Resume ${label}`) }).click();
  }

  async pay(): Promise<void> {
    await this.page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(this.page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  }

  /** A card payment of `amount` (e.g. '2.00') taken on the external terminal, with its reference. */
  async card(amount: string, reference: string): Promise<void> {
    await this.page.getByLabel('Amount').fill(amount);
    await this.page.getByLabel('Card reference').fill(reference);
    await this.page.getByRole('button', { name: 'Card', exact: true }).click();
  }

  /** Cash for whatever is still due. */
  async cashForTheRest(): Promise<void> {
    await this.page.getByRole('button', { name: 'Cash', exact: true }).click();
  }

  /** Completes the sale and answers the receipt number the receipt shows. */
  async completeSale(): Promise<string> {
    await this.page.getByRole('button', { name: 'Complete sale' }).click();
    const heading = this.page.getByRole('heading', { name: /^Receipt T\d+-\d{6}$/ });
    await expect(heading).toBeVisible();
    const text = (await heading.textContent()) ?? '';
    return text.replace(/^Receipt /, '');
  }

  /** On the receipt after a sale: 'Email receipt', the address, 'Send receipt' (queued, offline too). */
  async emailReceipt(address: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Email receipt' }).click();
    await this.page.getByRole('textbox', { name: 'Email' }).fill(address);
    await this.page.getByRole('button', { name: 'Send receipt' }).click();
  }

  async newSale(): Promise<void> {
    await this.page.getByRole('button', { name: 'New sale' }).click();
    await this.expectEmptyCart();
  }

  /** Waits until the nav no longer counts unsynced operations. */
  async expectAllSynced(timeout = 30_000): Promise<void> {
    await expect(this.page.getByText(/^\d+ unsynced$/)).toBeHidden({ timeout });
  }
}

// Issue 35, right-to-left: the layouts say start and end (tests/style/logical-css.test.ts keeps them so), so a
// right-to-left language needs no redesign. The register with four lines in the cart, and then its payment,
// on a landscape tablet and a phone, with the page turned right-to-left: it mirrors (the sale column on the
// left, a line's total left of its name), nothing scrolls sideways, every control a person can see is on the
// screen, no two of them lie over each other, and no line's name runs into its price. The app ships no
// right-to-left language yet, so the test sets `dir="rtl"` on the page itself.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSidewaysScroll, keepScreenshot, overlaps, visibleControls, type Box } from './layout-checks';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { RegisterModel } from './page-models/register-page';
import { ServerData } from './page-models/server-data';
import { DEMO_CASHIER, DEMO_PASSWORD } from './page-models/users';

const PRODUCTS = ['Espresso', 'Croissant', 'Sparkling water 0.5 l', 'Notebook A5'];
const SIZES = [
  { name: 'landscape tablet', width: 1024, height: 768 },
  { name: 'phone', width: 390, height: 844 },
];

async function boxOf(element: Locator, what: string): Promise<Box> {
  await expect(element).toBeVisible();
  const box = await element.boundingBox();
  if (!box) throw new Error(`${what} has no box`);
  return box;
}

/** `a` lies wholly left of `b` (1 px of rounding allowed): what the end of a line is in right-to-left. */
function leftOf(a: Box, b: Box): boolean {
  return a.x + a.width <= b.x + 1;
}

/**
 * Nothing scrolls sideways; every control in sight is inside the screen's width; no two overlap by more than
 * 1 px (a control inside another, as a field in a row, is one target). A control below the fold of a page
 * that scrolls down, or scrolled out of its own box, is not in sight.
 */
async function expectLaidOut(page: Page, where: string) {
  await expectNoSidewaysScroll(page);
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  const controls = (await visibleControls(page.locator('body'))).map((control, index) => ({
    ...control,
    index,
  }));
  const inSight = controls.filter(
    ({ shown }) => shown.width >= 1 && shown.height >= 1 && shown.y < height && shown.y + shown.height > 0,
  );
  expect(inSight.length, `controls in sight on ${where}`).toBeGreaterThan(3);
  const outside = inSight
    .filter(({ shown }) => shown.x < -1 || shown.x + shown.width > width + 1)
    .map(
      ({ name, shown }) =>
        `${name} at x ${String(Math.round(shown.x))}, ${String(Math.round(shown.width))} wide`,
    );
  expect.soft(outside, `controls past the screen's sides on ${where}`).toEqual([]);
  const overlapping: string[] = [];
  for (const [at, a] of inSight.entries())
    for (const b of inSight.slice(at + 1)) {
      const nested = b.inside === a.index || a.inside === b.index;
      if (!nested && overlaps(a.shown, b.shown, 1)) overlapping.push(`${a.name} over ${b.name}`);
    }
  expect.soft(overlapping, `controls lying over each other on ${where}`).toEqual([]);
}

/** Each cart line's name (the text shown, cut where it is cut) and its total: apart, the total on the left. */
async function expectLinesMirrored(page: Page, where: string) {
  const lines = await page.getByRole('list', { name: 'Cart' }).evaluate((cart) =>
    [...cart.querySelectorAll('.cart__line-row')].map((row) => {
      const name = row.querySelector('.cart__line-name');
      const amount = row.querySelector('.cart__line-amount');
      if (!name || !amount) return null;
      const range = document.createRange();
      range.selectNodeContents(name);
      const [text, frame] = [range.getBoundingClientRect(), name.getBoundingClientRect()];
      const left = Math.max(text.left, frame.left);
      const right = Math.min(text.right, frame.right);
      const box = amount.getBoundingClientRect();
      return {
        name: name.textContent,
        text: { x: left, y: text.top, width: right - left, height: text.height },
        amount: { x: box.left, y: box.top, width: box.width, height: box.height },
      };
    }),
  );
  expect(lines, `the cart's lines on ${where}`).toHaveLength(PRODUCTS.length);
  for (const line of lines) {
    if (!line) throw new Error(`a cart line without its name or total on ${where}`);
    expect
      .soft(overlaps(line.text, line.amount, 1), `${line.name}'s name over its total on ${where}`)
      .toBe(false);
    expect
      .soft(leftOf(line.amount, line.text), `${line.name}'s total left of its name on ${where}`)
      .toBe(true);
  }
}

test('the register turned right-to-left: mirrored, on screen, nothing overlapping', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const register = new RegisterModel(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await new LoginPage(page).goto();
  await new LoginPage(page).signIn(DEMO_CASHIER.email, DEMO_PASSWORD);
  await new DashboardPage(page).expectCounterShown('Demo Shop');
  await register.goto();
  await register.setUpTill(`Counter RTL ${Date.now().toString(36)}`);
  await register.waitForCatalog(DEMO_CASHIER.id, await new ServerData(request).productCount());
  for (const product of PRODUCTS) await register.addFromSearch(product);
  await register.search().fill('');
  await register.expectCartCount(PRODUCTS.length);

  // No language of the app is right-to-left yet: the page is turned as one would be.
  await page.evaluate(() => {
    document.documentElement.dir = 'rtl';
  });

  for (const size of SIZES) {
    const where = `${size.name} ${String(size.width)}×${String(size.height)}`;
    const shot = `rtl-${String(size.width)}x${String(size.height)}`;
    await test.step(where, async () => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const openCart = page.getByRole('button', { name: /^Open the cart: / });
      const pay = page.getByRole('button', { name: 'Pay', exact: true });
      const narrow = size.width < 700;

      if (narrow) {
        // The cart bar: Pay, at the end of the bar, is left of the cart's summary.
        await expect(openCart).toBeVisible();
        expect(
          leftOf(await boxOf(pay, 'Pay'), await boxOf(openCart, 'the cart bar')),
          'Pay left of the cart',
        ).toBe(true);
        await expectLaidOut(page, `the register, ${where}`);
        await keepScreenshot(page, testInfo, `${shot}-register`);
      } else {
        // The sale column, at the end of the row, is left of the products.
        const sale = await boxOf(page.getByRole('region', { name: 'Sale' }), 'the sale column');
        expect(
          leftOf(sale, await boxOf(register.search(), 'the search field')),
          'the sale left of the products',
        ).toBe(true);
      }
      // The category row fades at its end, where more tabs wait: on the left now.
      const fade = await page
        .getByRole('group', { name: 'Categories' })
        .evaluate((row) => getComputedStyle(row).maskImage);
      expect(fade, `the categories' fade on ${where}`).toContain('to left');
      if (narrow) await openCart.click();
      await expectLinesMirrored(page, where);
      await expectLaidOut(page, `the cart, ${where}`);
      await keepScreenshot(page, testInfo, `${shot}-cart`);

      // On a phone Pay is the cart bar's, under the sheet: back to the products first.
      const backToProducts = page.getByRole('button', { name: 'Back to products' });
      if (narrow) await backToProducts.click();
      await register.pay();
      // 'Complete sale' and 'Back to cart' stay in view over the pane as it scrolls (sticky): read the panel
      // scrolled to its end, where nothing lies under them.
      await page.locator('.register__sale').evaluate((pane) => {
        pane.scrollTop = pane.scrollHeight;
      });
      await expectLaidOut(page, `the payment, ${where}`);
      await keepScreenshot(page, testInfo, `${shot}-payment`);
      await page.getByRole('button', { name: 'Back to cart' }).click();
      if (await backToProducts.isVisible()) await backToProducts.click();
      await expect(pay).toBeVisible();
    });
  }
});

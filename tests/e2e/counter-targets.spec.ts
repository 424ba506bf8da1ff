// Issue 34, Layout: the counter's screens at the four sizes it is made for. The virtual printer's output never
// lies over Pay, the cart bar or the quick keys; the modifier dialog keeps its content inside itself and the
// screen; the counter bar says whole who is selling; and every button, link and field on the register, the
// payment and the receipt is at least 44×44 px, a finger's width ([FIT-1] … [FIT-4]).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { keepScreenshot, overlaps, visibleControls } from './layout-checks';
import { PrinterModel } from './page-models/printer';
import { RegisterModel } from './page-models/register-page';
import { ServerData } from './page-models/server-data';
import { SharedTillModel } from './page-models/shared-till';

const MANAGER = { email: 'manager@demo.test', id: 'd0000000-0000-4000-8000-000000000002' };
const CASHIER = { name: 'Cara Cashier', pin: '3333' };
const CROISSANT = '2000000000022';
const DEVICES = [
  { name: 'landscape tablet', width: 1024, height: 768 },
  { name: 'portrait tablet', width: 768, height: 1024 },
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];
const MIN = 44;

/** The visible controls in `scope` smaller than 44×44, as "role 'name' W×H" (layout-checks' visibleControls). */
async function smallTargets(scope: Locator): Promise<string[]> {
  return (await visibleControls(scope))
    .filter(({ target }) => target.width + 0.5 < MIN || target.height + 0.5 < MIN)
    .map(
      ({ name, target }) =>
        `${name} ${String(Math.round(target.width))}×${String(Math.round(target.height))}`,
    );
}

async function expectTargets(page: Page, where: string, scope: Locator = page.locator('body')) {
  const offenders = await smallTargets(scope);
  expect.soft(offenders, `targets under ${String(MIN)}×${String(MIN)} px on ${where}`).toEqual([]);
}

/** The printer's toggle (or its opened panel) lies over none of what the cashier needs on the register. */
async function expectPrinterClear(page: Page, where: string) {
  const toggle = page.getByRole('button', { name: /^Printer output/ });
  // Before the fold there was no toggle, only the panel: measure whichever is there, without waiting.
  const shown = (await toggle.count()) ? toggle : page.getByRole('region', { name: 'Printer output' });
  expect.soft(await shown.count(), `the printer's toggle on ${where}`).toBe(1);
  const printer = (await shown.count()) ? await shown.boundingBox() : null;
  if (!printer) return;
  const needed = [
    page.getByRole('button', { name: 'Pay', exact: true }),
    page.getByRole('button', { name: /^Open the cart: / }),
    page.getByRole('group', { name: 'Quick keys' }),
  ];
  for (const element of needed) {
    if (!(await element.isVisible())) continue;
    const box = await element.boundingBox();
    const name = (await element.getAttribute('aria-label')) ?? (await element.textContent()) ?? '';
    if (box) expect.soft(overlaps(printer, box), `printer toggle over ${name} on ${where}`).toBe(false);
  }
}

/** Every element in the dialog lies inside it, the dialog inside the screen, and no text runs past its box. */
async function expectDialogContained(dialog: Locator, where: string) {
  const outside = await dialog.evaluate((root) => {
    const frame = root.getBoundingClientRect();
    const bad: string[] = [];
    if (frame.left < 0 || frame.top < 0 || frame.right > innerWidth || frame.bottom > innerHeight)
      bad.push(`the dialog ${JSON.stringify(frame)} in ${String(innerWidth)}×${String(innerHeight)}`);
    for (const element of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const label = `${element.tagName.toLowerCase()} '${element.textContent.trim().slice(0, 30)}'`;
      if (box.left < frame.left - 1 || box.right > frame.right + 1) bad.push(`${label} outside sideways`);
      // Text that runs past its own box (a leaf, or a button): a long option name, 'Add to sale'.
      const leaf = element.children.length === 0 || element.tagName === 'BUTTON';
      if (
        leaf &&
        element.scrollWidth > element.clientWidth + 1 &&
        getComputedStyle(element).overflowX === 'visible'
      )
        bad.push(`${label} text overflows its box`);
    }
    return bad;
  });
  expect.soft(outside, `the modifier dialog on ${where}`).toEqual([]);
}

/** How wide the name's text is (`needs`) and how much of it shows (`shown`) inside what clips it. */
async function shownWidth(name: Locator): Promise<{ needs: number; shown: number }> {
  return name.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    let right = text.right;
    let left = text.left;
    for (let at: HTMLElement | null = element as HTMLElement; at; at = at.parentElement) {
      if (getComputedStyle(at).overflowX === 'visible') continue;
      const clip = at.getBoundingClientRect();
      right = Math.min(right, clip.right);
      left = Math.max(left, clip.left);
    }
    return { needs: Math.round(text.width), shown: Math.round(Math.max(0, right - left)) };
  });
}

async function expectWhoIsSellingReadable(page: Page, where: string) {
  const seller = await shownWidth(page.getByLabel('Selling'));
  expect
    .soft(seller.shown, `who is selling (${JSON.stringify(seller)}) on ${where}`)
    .toBeGreaterThanOrEqual(seller.needs - 1);
  for (const [label, element] of [
    ['shop', page.locator('.counter-bar__shop')],
    ['till', page.getByLabel('Till', { exact: true })],
  ] as const) {
    const name = await shownWidth(element);
    expect
      .soft(name.shown, `the ${label}'s name (${JSON.stringify(name)}) on ${where}`)
      .toBeGreaterThanOrEqual(Math.min(name.needs - 1, 40));
  }
}

test('[FIT-1] [FIT-2] [FIT-3] [FIT-4] the counter at four sizes: the printer aside, the dialog whole, the names readable, every target 44 px', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const server = new ServerData(request);
  const register = new RegisterModel(page);
  const shared = new SharedTillModel(page);
  const printer = new PrinterModel(page);

  await test.step('a shared till with the virtual printer; one sale printed', async () => {
    await shared.setUpTill(MANAGER, `Front counter by the window ${Date.now().toString(36)}`, server);
    await printer.gotoSettings();
    await printer.useVirtualPrinter();
    await shared.turnOn();
    await page.goto('/dashboard/register');
    await shared.expectLocked();
    // [FIT-1] Nothing printed yet: no printer box at all on the lock screen.
    await expect.soft(page.getByRole('button', { name: /^Printer output/ })).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'lock-screen');
    await shared.unlock(CASHIER.name, CASHIER.pin);
    await register.openShiftIfAsked();
    await register.scanUntil(CROISSANT, 'Croissant', 1);
    await register.pay();
    await register.cashForTheRest();
    await register.completeSale();
    await register.newSale();
  });

  for (const device of DEVICES) {
    const where = `${device.name} ${String(device.width)}×${String(device.height)}`;
    const shot = device.name.replace(/ /g, '-');
    await test.step(where, async () => {
      await page.setViewportSize({ width: device.width, height: device.height });

      // [FIT-2] The latte's options and 'Add to sale' stay inside the dialog and the screen.
      await register.search().fill('Latte');
      await page
        .getByRole('list', { name: 'Search results' })
        .getByRole('button', { name: /^Latte/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Latte' });
      await dialog.getByRole('button', { name: /^Oat/ }).click();
      // A shop may name an option at length: the demo's are short, so one is written long here.
      await dialog.getByRole('button', { name: /^Soy/ }).evaluate((button) => {
        button.textContent = 'Soy milk from the organic farm down the road, barista edition +0.50';
      });
      await expectDialogContained(dialog, where);
      await expectTargets(page, `the modifier dialog, ${where}`, dialog);
      await keepScreenshot(page, testInfo, `${shot}-modifiers`);
      await dialog.getByRole('button', { name: 'Add to sale' }).click();
      await expect(dialog).toBeHidden();
      await register.search().fill('');

      // [FIT-1] [FIT-3] [FIT-4] The register: printer aside, names whole, targets.
      await expectPrinterClear(page, where);
      await expectWhoIsSellingReadable(page, where);
      await expectTargets(page, `the register, ${where}`);
      await keepScreenshot(page, testInfo, `${shot}-register`);

      // [FIT-1] Opened, the printer shows the receipt's 48 columns uncut, scrolling inside.
      await printer.open();
      const paper = printer.lastPrint();
      await expect(paper).toContainText('TOTAL');
      const cut = await paper.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
      expect.soft(cut, `the printed receipt is cut sideways on ${where}`).toBe(false);
      await keepScreenshot(page, testInfo, `${shot}-printer-open`);
      await printer.close();

      await register.pay();
      await expectPrinterClear(page, `the payment, ${where}`);
      await expectTargets(page, `the payment, ${where}`);
      await keepScreenshot(page, testInfo, `${shot}-payment`);
      await register.cashForTheRest();
      await register.completeSale();
      await page.getByRole('button', { name: 'Email receipt' }).click();
      await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
      await expectTargets(page, `the receipt, ${where}`);
      await keepScreenshot(page, testInfo, `${shot}-receipt`);
      // 'New sale' (the page model's newSale reads the cart's words, which a narrow screen keeps in its sheet).
      await page.getByRole('button', { name: 'New sale' }).click();
      await expect(page.getByRole('button', { name: 'New sale' })).toBeHidden();
    });
  }
});

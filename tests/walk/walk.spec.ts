// The four-size walk (issue 34): every screen a shop uses, at the sizes Tillpoint is made for, saved as
// screenshots with a list of what a person would trip over — a page that scrolls sideways, a control smaller
// than a 44 px touch target, a name cut to nothing. It is a survey, not a gate: it fails only when a screen
// cannot be reached. The rules it surveys are asserted where they belong (counter-layout, back-office-layout).
// Run it with `npm run walk`; screenshots and findings.md land in walk/ (WALK_DIR overrides).
import { mkdirSync, appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from '../e2e/page-models/login-page';
import { openDashboardSection } from '../e2e/page-models/dashboard-page';
import { RegisterModel } from '../e2e/page-models/register-page';
import { RecentSalesModel } from '../e2e/page-models/recent-sales';
import { ServerData } from '../e2e/page-models/server-data';
import { SharedTillModel } from '../e2e/page-models/shared-till';
import { DEMO_PASSWORD, OWNER } from '../e2e/page-models/users';

const OWNER_ID = 'd0000000-0000-4000-8000-000000000001';
const SIZES = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const BACK_OFFICE = [
  'Overview',
  'Sales',
  'Products',
  'Stock movements',
  'Customers',
  'Shifts',
  'Insights',
  'Activity',
  'Settings',
];
const dir = process.env.WALK_DIR ?? 'walk';

/** What a person would trip over on the screen as it is now, as lines for findings.md. */
async function survey(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      found.push(`scrolls sideways: ${String(root.scrollWidth)} px in ${String(root.clientWidth)}`);
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=tab]',
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      // Nothing to see (hidden, or clipped to a pixel for screen readers only) or parked off screen.
      if (box.width < 4 || box.height < 4 || box.right <= 0) continue;
      if (getComputedStyle(control).visibility === 'hidden') continue;
      const what =
        control.getAttribute('aria-label') ??
        (control.textContent.trim().slice(0, 40) ||
          (control.getAttribute('name') ?? control.tagName.toLowerCase()));
      const label = control.closest('label')?.getBoundingClientRect();
      // A radio or checkbox inside its label is as big as its label.
      const target = label ?? box;
      if (target.width < 44 || target.height < 44)
        found.push(
          `small target: ${control.tagName.toLowerCase()} "${what}" ${String(Math.round(target.width))}×${String(Math.round(target.height))}`,
        );
      // Cut at the page's edge, not scrolled away inside a strip of its own (the sections' tab strip) nor
      // parked off screen until focused (the skip link).
      const cut = box.left < root.clientWidth && box.right > root.clientWidth + 1;
      let scroller = control.parentElement;
      while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX))
        scroller = scroller.parentElement;
      if (cut && !scroller) found.push(`cut at the edge: ${control.tagName.toLowerCase()} "${what}"`);
    }
    for (const cell of document.querySelectorAll<HTMLElement>('th, td')) {
      const text = cell.textContent.trim();
      if (text !== '' && cell.getBoundingClientRect().width > 0 && cell.scrollWidth > cell.clientWidth + 1)
        found.push(`cut cell: "${text.slice(0, 40)}"`);
    }
    return found;
  });
}

async function look(page: Page, size: { width: number; height: number }, screen: string): Promise<void> {
  const findings = join(dir, `findings-${String(size.width)}x${String(size.height)}.md`);
  await page.waitForTimeout(300);
  const name = `${String(size.width)}x${String(size.height)}-${screen.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
  const found = await survey(page);
  appendFileSync(
    findings,
    `## ${screen} at ${String(size.width)}×${String(size.height)} (${name}.png)\n\n${
      found.length === 0
        ? 'Nothing found.\n'
        : [...new Set(found)].map((line) => `- ${line}`).join('\n') + '\n'
    }\n`,
  );
}

for (const size of SIZES) {
  test(`the walk at ${String(size.width)}×${String(size.height)}`, async ({ page, request }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(size);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, `findings-${String(size.width)}x${String(size.height)}.md`),
      `# What the walk found at ${String(size.width)}×${String(size.height)}\n\n`,
    );
    const login = new LoginPage(page);
    await login.goto();
    await look(page, size, 'Sign in');
    await login.signIn(OWNER, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Today at a glance' })).toBeVisible();

    for (const section of BACK_OFFICE) {
      await openDashboardSection(page, section);
      await page.waitForLoadState('networkidle');
      await look(page, size, `Back office ${section}`);
    }

    const register = new RegisterModel(page);
    const server = new ServerData(request);
    await register.goto();
    await register.setUpTill(`Walk ${String(size.width)} ${Date.now().toString(36)}`);
    await register.waitForCatalog(OWNER_ID, await server.productCount());
    await look(page, size, 'Register');

    await register.search().fill('Latte');
    await look(page, size, 'Search results');
    await page
      .getByRole('button', { name: /^Latte/ })
      .first()
      .click();
    const latte = page.getByRole('dialog', { name: 'Latte' });
    await expect(latte).toBeVisible();
    await look(page, size, 'Modifier dialog');
    await latte.getByRole('button', { name: 'Oat +0.50' }).click();
    await latte.getByRole('button', { name: 'Add to sale' }).click();
    await register.search().fill('Bananas');
    await page
      .getByRole('button', { name: /^Bananas/ })
      .first()
      .click();
    const weigh = page.getByRole('dialog', { name: /^Weigh / });
    await look(page, size, 'Weigh dialog');
    await weigh.getByLabel('Weight (kg)').fill('1.181');
    await weigh.getByRole('button', { name: 'Add to sale' }).click();
    await register.search().fill('');
    await look(page, size, 'Cart');

    await register.pay();
    await look(page, size, 'Payment');
    await register.cashForTheRest();
    const receipt = await register.completeSale();
    await look(page, size, 'Receipt');
    // Not `newSale()`: on a narrow screen the empty cart waits in its closed sheet.
    await page.getByRole('button', { name: 'New sale' }).click();
    await expect(register.search()).toBeVisible();

    const recent = new RecentSalesModel(page);
    // On a narrow screen 'Recent sales' sits in the cart's sheet.
    const openCart = page.getByRole('button', { name: /^Open the cart/ });
    if (await openCart.isVisible()) await openCart.click();
    await recent.open();
    await look(page, size, 'Recent sales');
    await recent.row(receipt).click();
    await look(page, size, 'Refund form');
    await recent.dialog().getByRole('button', { name: 'Close', exact: true }).click();

    await openDashboardSection(page, 'Shifts');
    await look(page, size, 'Shift screen');
    await openDashboardSection(page, 'Sales');
    await page.getByRole('button', { name: receipt, exact: true }).first().click();
    await look(page, size, 'Sale detail');

    const shared = new SharedTillModel(page);
    await shared.turnOn();
    await look(page, size, 'Settings with shared mode');
    await page.goto('/dashboard/register');
    await expect(register.search().or(shared.lockScreen()).first()).toBeVisible();
    if (!(await shared.lockScreen().isVisible())) await page.keyboard.press('Control+Shift+L');
    await shared.expectLocked();
    await look(page, size, 'Lock screen');
  });
}

// What the layout tests measure on a page, in one place: nothing wider than the screen, an element wholly on
// screen, the controls a finger can reach (with their boxes) and whether two boxes overlap, and a screenshot
// kept with the report. Used by counter-layout, counter-targets, back-office-layout, insights and register-rtl.
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A control a person can see and reach, as its name for messages and its boxes. */
export interface Control {
  name: string;
  /** The box drawn, cut to what its scrolling ancestors show: empty when scrolled wholly out of sight. */
  shown: Box;
  /** The size a finger taps: the laid-out box, or a radio's or checkbox's label. */
  target: { width: number; height: number };
  /** The index in the list of a control this one lies inside (an input in a button-like row), else -1. */
  inside: number;
}

/**
 * The page never scrolls sideways; when it would, the message names the outermost elements that stick out
 * past the end of the line (the right edge, or the left in a right-to-left page). What scrolls inside its
 * own box (the category tabs, a wide table's panel) is not the page's width.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth, wide } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const rtl = getComputedStyle(document.documentElement).direction === 'rtl';
    const scrolls = (element: Element): boolean =>
      element.parentElement !== null &&
      (getComputedStyle(element.parentElement).overflowX !== 'visible' || scrolls(element.parentElement));
    const sticking = [...document.querySelectorAll('body *')].filter((element) => {
      const box = element.getBoundingClientRect();
      return (rtl ? box.left < -1 : box.right > width + 1) && !scrolls(element);
    });
    const outermost = sticking.filter((element) => !sticking.includes(element.parentElement as Element));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: width,
      wide: outermost.slice(0, 5).map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    };
  });
  expect(scrollWidth, `wider than the screen: ${wide.join(', ')}`).toBeLessThanOrEqual(clientWidth);
}

/** Fails unless the element is wholly inside the viewport; answers its box for the report. */
export async function expectOnScreen(page: Page, what: string, element: Locator): Promise<Box> {
  await expect(element).toBeVisible();
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error(`${what} has no box`);
  expect(box.x, `${what} left`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what} top`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} right`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${what} bottom`).toBeLessThanOrEqual(viewport.height);
  return box;
}

/** Whether two boxes share more than `slack` px each way (touching edges, or a 1 px rounding, is not overlap). */
export function overlaps(a: Box, b: Box, slack = 0): boolean {
  const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return across > slack && down > slack;
}

/**
 * The controls in `scope` a person can see: buttons, links, fields, radios, checkboxes and tabs. Controls
 * hidden from everyone are left out: inert or aria-hidden ones (the page under a dialog), the ones clipped
 * for screen readers only (React Aria's 'Dismiss' of a sheet), and a 1 px box or one parked off the screen
 * (the skip link until it is focused).
 */
export async function visibleControls(scope: Locator): Promise<Control[]> {
  return scope.evaluate((root) => {
    const selector =
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="radio"], [role="checkbox"], [role="tab"]';
    const controls: Control[] = [];
    const listed: HTMLElement[] = [];
    for (const element of Array.from(root.querySelectorAll<HTMLElement>(selector))) {
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (element.closest('[inert], [aria-hidden="true"]')) continue;
      let clipped = false;
      for (let at: Element | null = element; at && !clipped; at = at.parentElement)
        clipped = getComputedStyle(at).clipPath.startsWith('inset(50%');
      if (clipped) continue;
      const where = element.getBoundingClientRect();
      if (where.width <= 1 || where.height <= 1 || where.right <= 0 || where.left >= innerWidth) continue;
      let [left, top, right, bottom] = [where.left, where.top, where.right, where.bottom];
      for (let at = element.parentElement; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        const frame = at.getBoundingClientRect();
        if (style.overflowX !== 'visible')
          [left, right] = [Math.max(left, frame.left), Math.min(right, frame.right)];
        if (style.overflowY !== 'visible')
          [top, bottom] = [Math.max(top, frame.top), Math.min(bottom, frame.bottom)];
      }
      // The laid-out size, not the drawn one: a toast or a count caught mid-animation is scaled.
      let target = { width: element.offsetWidth, height: element.offsetHeight };
      const input = element instanceof HTMLInputElement ? element : null;
      if (input && (input.type === 'radio' || input.type === 'checkbox')) {
        const label = input.closest('label') ?? input.labels?.[0];
        if (label) target = { width: label.offsetWidth, height: label.offsetHeight };
      }
      const name =
        element.getAttribute('aria-label') ??
        (element.textContent.trim() || (input ? (input.labels?.[0]?.textContent ?? input.name) : ''));
      controls.push({
        name: `${element.tagName.toLowerCase()}${input ? `[${input.type}]` : ''} '${name.slice(0, 40)}'`,
        shown: { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) },
        target,
        inside: listed.findIndex((outer) => outer.contains(element)),
      });
      listed.push(element);
    }
    return controls;
  });
}

/** Saved in the test's output folder and attached to its report, so the screenshots outlive the run. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

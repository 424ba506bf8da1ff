// In-page measurements at the register. Each function runs inside the page (page.evaluate), so it is
// self-contained: timings come from performance.now() and event timestamps on the page's own clock.
import type { Page } from '@playwright/test';

/**
 * P2: each code "scanned" as a hardware scanner types it (a burst of keydowns, then Enter) on the document
 * where the register's scanner hook listens; timed from the first key to the commit that adds the cart line.
 * Every ten scans the cart is emptied with its Remove buttons, so carts stay the size of real ones.
 */
export function scanSamples(
  page: Page,
  codes: readonly string[],
): Promise<{ ms: number[]; missed: string[] }> {
  return page.evaluate(async (all) => {
    const lines = () => document.querySelectorAll('ul[aria-label="Cart"] > li').length;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const ms: number[] = [];
    const missed: string[] = [];
    for (const code of all) {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      const before = lines();
      const added = new Promise<number | null>((resolve) => {
        const observer = new MutationObserver(() => {
          if (lines() <= before) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(performance.now());
        });
        observer.observe(document.body, { childList: true, subtree: true });
        const timer = setTimeout(() => {
          observer.disconnect();
          resolve(null);
        }, 5000);
      });
      const start = performance.now();
      for (const key of [...Array.from(code), 'Enter']) {
        document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      }
      const at = await added;
      // A burst the OS interrupts for more than 35 ms is typing, not a scan, as on a real till: count it apart.
      if (at === null) missed.push(code);
      else ms.push(at - start);
      // Longer than the scanner's 35 ms gap, so the next code is a new burst.
      await pause(60);
      if (lines() >= 10) {
        // Remove is in a line's editor: open the first line's, remove it, until the cart is empty (a removal
        // may wait on an approval check, so each is awaited). Without emptying, the cart grew to every scan.
        for (let left = lines(); left > 0; left = lines()) {
          document.querySelector<HTMLButtonElement>('ul[aria-label="Cart"] > li .cart__line-open')?.click();
          await pause(0);
          document
            .querySelector<HTMLButtonElement>('ul[aria-label="Cart"] button[aria-label^="Remove "]')
            ?.click();
          for (let waited = 0; lines() === left; waited += 10) {
            if (waited > 5000) throw new Error('A cart line could not be removed.');
            await pause(10);
          }
        }
        await pause(100);
      }
    }
    return { ms, missed };
  }, codes);
}

/** P3, step 1 of a keystroke: watch the product list for the next render, timed from the keydown's timestamp. */
export function armKeystroke(page: Page): Promise<void> {
  return page.evaluate(() => {
    const section = document.querySelector('section[aria-label="Products"]');
    const field = section?.querySelector('.finder__search');
    if (!section || !field) throw new Error('The register shows no product finder.');
    let pressedAt: number | null = null;
    window.addEventListener(
      'keydown',
      (event) => {
        pressedAt = event.timeStamp;
      },
      { capture: true, once: true },
    );
    const pending = new Promise<number | null>((resolve) => {
      const observer = new MutationObserver((records) => {
        // React's commit: the list changed, or (when the visible rows stayed the same) React wrote the field's
        // value attribute; typing itself changes only the value property, never an attribute.
        const committed = records.some(
          (record) => !field.contains(record.target) || record.attributeName === 'value',
        );
        if (!committed) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve(pressedAt === null ? null : performance.now() - pressedAt);
      });
      observer.observe(section, { childList: true, subtree: true, characterData: true, attributes: true });
      const timer = setTimeout(() => {
        observer.disconnect();
        resolve(null);
      }, 1500);
    });
    (window as unknown as { benchKeystroke: Promise<number | null> }).benchKeystroke = pending;
  });
}

/** P3, step 2: the keystroke's time to rendered results, or null when the list did not change. */
export function keystrokeResult(page: Page): Promise<number | null> {
  return page.evaluate(
    () => (window as unknown as { benchKeystroke: Promise<number | null> }).benchKeystroke,
  );
}

/** P6: installed before the app's scripts run; notes when the register is usable (finder, list and cart). */
export function watchUsable(): void {
  const marked = window as unknown as { benchUsableAt?: number };
  const observer = new MutationObserver(() => {
    const usable =
      document.querySelector('#register-search') !== null &&
      document.querySelector('.finder__list li') !== null &&
      document.querySelector('.cart__empty, .cart') !== null;
    if (usable && marked.benchUsableAt === undefined) {
      marked.benchUsableAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** When the register became usable, and when the document had loaded (DOMContentLoaded), both from navigation start. */
export async function usableAt(page: Page): Promise<{ usable: number; loaded: number }> {
  await page.waitForFunction(
    () => (window as unknown as { benchUsableAt?: number }).benchUsableAt !== undefined,
    null,
    {
      timeout: 120_000,
    },
  );
  return page.evaluate(() => ({
    usable: (window as unknown as { benchUsableAt: number }).benchUsableAt,
    loaded:
      performance
        .getEntriesByType('navigation')
        .map((entry) => (entry as PerformanceNavigationTiming).domContentLoadedEventEnd)[0] ?? Number.NaN,
  }));
}

/** P8: the page's JS heap after a full garbage collection, over CDP. */
export async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const usage = await cdp.send('Runtime.getHeapUsage');
    return usage.usedSize;
  } finally {
    await cdp.detach();
  }
}

/** Same-origin scripts the page loaded (resource timing), as paths. */
export function scriptPaths(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.endsWith('.js'))
      .map((url) => url.pathname),
  );
}

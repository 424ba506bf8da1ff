// DESIGN §9: Tillpoint installs to a home screen. Chromium's own installability checks pass on the built app,
// the manifest carries the 192 and 512 icons and a maskable one, and the nav bar offers Install when the
// browser does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';

interface ManifestIcon {
  src: string;
  sizes: string;
  purpose?: string;
}

test('Chromium finds nothing stopping installation', async ({ baseURL }) => {
  // Playwright's usual contexts are incognito, where Chromium never installs; a profile on disk is not.
  const profile = mkdtempSync(join(tmpdir(), 'tillpoint-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
    ...(baseURL ? { baseURL } : {}),
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the manifest has 192, 512 and maskable icons that load', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = (await (await request.get(href ?? '')).json()) as {
    icons: ManifestIcon[];
    display: string;
    screenshots?: { form_factor?: string }[];
  };
  expect(manifest.display).toBe('standalone');
  const sizes = (purpose: string) =>
    manifest.icons.filter((icon) => (icon.purpose ?? 'any').includes(purpose)).map((icon) => icon.sizes);
  expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(sizes('maskable')).toContain('512x512');
  for (const icon of manifest.icons) expect((await request.get(icon.src)).ok()).toBe(true);
  const factors = (manifest.screenshots ?? []).map((shot) => shot.form_factor);
  expect(factors).toEqual(expect.arrayContaining(['wide', 'narrow']));
});

test('the nav bar offers Install when the browser does', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
  // Chromium fires beforeinstallprompt only after engagement; the test fires one with a recorded prompt().
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        document.documentElement.dataset.installPrompted = 'yes';
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
  });
  await page.getByRole('button', { name: 'Install app' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-install-prompted', 'yes');
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
});

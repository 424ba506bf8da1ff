// Takes the web app manifest's screenshots (public/screenshots) from the running app with Playwright: the
// dashboard signed in as the demo owner, wide (1280×800) and narrow (390×844). Start the app first
// (`npm run stack` and `npm run build && npm run preview`), then `node scripts/take-screenshots.mjs`.
// BASE_URL and CHROMIUM_PATH override where it looks.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const baseUrl = process.env.BASE_URL ?? 'http://localhost:4173';
const shots = [
  { file: 'public/screenshots/dashboard-wide.png', width: 1280, height: 800 },
  { file: 'public/screenshots/dashboard-narrow.png', width: 390, height: 844 },
];

mkdirSync('public/screenshots', { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const shot of shots) {
    // No service worker: an update or install prompt has no place in a store listing.
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: shot.width, height: shot.height },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('owner@demo.test');
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Today at a glance' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot.file });
    console.log(`wrote ${shot.file}`);
    await context.close();
  }
} finally {
  await browser.close();
}

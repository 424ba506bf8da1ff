// The pseudo-locale walk (issue 35): every screen in the pseudo-locale at 1024×768, where each message from
// a catalogue reads ⟦Ƥàý··⟧ — accented, 40 % longer, in markers. A word on screen outside the markers did not
// come from a catalogue (it is untranslated in every language), unless it is the shop's own data (a product,
// a customer, a till's name); a box the longer text overflows is too small for German. Either fails the test,
// naming the screen, the words and the element.
import { expect, test, type Page, type APIRequestContext } from '@playwright/test';
import { SERVICE_ROLE_KEY } from '../../supabase/local/config';
import { DEMO_PASSWORD, OWNER } from './page-models/users';

const STACK = 'http://127.0.0.1:54321';

type Part = 'common' | 'welcome' | 'counter' | 'back-office' | 'data';

/**
 * The catalogue parts (src/lib/i18n/catalog-parts.ts) whose every file is translated. A screen is walked once
 * all the parts it shows words from are here; until then it is listed as to be fixed, naming what is missing.
 */
const TRANSLATED: ReadonlySet<Part> = new Set<Part>(['common', 'welcome']);

/** Screens by address, with the catalogue parts whose words they show. */
interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  parts: Part[];
}

const SHELL: Part[] = ['common', 'data'];
const BACK: Part[] = [...SHELL, 'back-office'];
const SCREENS: Screen[] = [
  { name: 'Sign in', path: '/login', signedIn: false, parts: ['common', 'welcome'] },
  { name: 'Create an account', path: '/signup', signedIn: false, parts: ['common', 'welcome'] },
  { name: 'Forgot password', path: '/forgot-password', signedIn: false, parts: ['common', 'welcome'] },
  { name: 'About', path: '/about', signedIn: false, parts: ['common'] },
  { name: 'Register', path: '/dashboard/register', signedIn: true, parts: [...SHELL, 'counter'] },
  { name: 'Shifts', path: '/dashboard/shifts', signedIn: true, parts: [...SHELL, 'counter'] },
  { name: 'Sync', path: '/dashboard/settings/sync', signedIn: true, parts: [...BACK, 'counter'] },
  { name: 'Overview', path: '/dashboard', signedIn: true, parts: BACK },
  { name: 'Sales', path: '/dashboard/sales', signedIn: true, parts: BACK },
  { name: 'Products', path: '/dashboard/products', signedIn: true, parts: BACK },
  { name: 'Stock movements', path: '/dashboard/stock-movements', signedIn: true, parts: BACK },
  { name: 'Customers', path: '/dashboard/customers', signedIn: true, parts: BACK },
  { name: 'Insights', path: '/dashboard/insights', signedIn: true, parts: BACK },
  { name: 'Activity', path: '/dashboard/activity', signedIn: true, parts: BACK },
  { name: 'Settings', path: '/dashboard/settings', signedIn: true, parts: BACK },
  { name: 'Settings: shop', path: '/dashboard/settings/shop', signedIn: true, parts: BACK },
  { name: 'Settings: staff', path: '/dashboard/settings/staff', signedIn: true, parts: BACK },
  { name: 'Settings: devices', path: '/dashboard/settings/devices', signedIn: true, parts: BACK },
];

/** The shop's own words, which no catalogue holds: names of products, customers, staff, tills, the shop. */
async function shopData(request: APIRequestContext): Promise<string[]> {
  const headers = { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` };
  const sources: [string, string[]][] = [
    ['products', ['name']],
    ['categories', ['name']],
    ['customers', ['name', 'email']],
    ['staff', ['display_name']],
    ['companies', ['name']],
    ['stores', ['name']],
    ['terminals', ['name']],
    ['suppliers', ['name']],
    ['modifier_groups', ['name']],
    ['modifier_options', ['name']],
  ];
  const words: string[] = ['Tillpoint'];
  for (const [table, columns] of sources) {
    const response = await request.get(`${STACK}/rest/v1/${table}?select=${columns.join(',')}`, { headers });
    if (!response.ok()) continue;
    for (const row of (await response.json()) as Record<string, unknown>[])
      for (const column of columns) if (typeof row[column] === 'string') words.push(row[column]);
  }
  // Longest first, so "Oat milk" is taken out before "Oat".
  return words.filter((word) => word.trim() !== '').sort((a, b) => b.length - a.length);
}

interface Finding {
  kind: 'untranslated' | 'overflows';
  text: string;
  where: string;
}

/** Everything on the screen now that is either not from a catalogue or does not fit its box. */
async function inspect(page: Page, data: string[]): Promise<Finding[]> {
  return page.evaluate((shopWords) => {
    const findings: Finding[] = [];
    const describe = (element: Element) => {
      const first = element.getAttribute('class')?.split(' ')[0];
      return `${element.tagName.toLowerCase()}${first ? `.${first}` : ''}`;
    };
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    // Messages nest (a translated label placed inside another message): strip innermost first.
    const withoutMessages = (text: string) => {
      let rest = text;
      for (let before = ''; before !== rest;) {
        before = rest;
        rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
      }
      return rest;
    };
    const withoutData = (text: string) => {
      let rest = text;
      for (const word of shopWords) rest = rest.split(word).join(' ');
      return rest
        .replace(/\S+@\S+/g, ' ') // addresses
        .replace(/\b[\p{L}-]*\d[\p{L}\d./:-]*\b/gu, ' ') // receipt numbers, codes, times, sizes
        .replace(/\b[A-Z]{3}\b/g, ' '); // currency codes
    };

    // 1. Words outside the markers. A message's markers may sit in other text nodes than its words (a message
    // that wraps tags, <0>…</0>, is split across elements), so the markers are counted through the page's text
    // in reading order, and each visible text node keeps only what lies outside every message.
    const elements = document.body.querySelectorAll<HTMLElement>('*:not(script):not(style):not(svg *)');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const outside = new Map<Element, string>();
    let depth = 0;
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, svg')) continue;
      let left = '';
      for (const char of node.textContent ?? '') {
        if (char === '⟦') depth++;
        else if (char === '⟧') depth = Math.max(0, depth - 1);
        else if (depth === 0) left += char;
      }
      if (/\p{L}{2}/u.test(left) && visible(parent))
        outside.set(parent, `${outside.get(parent) ?? ''} ${left}`);
    }
    for (const [element, text] of outside) {
      const left = withoutData(text);
      if (/\p{L}{2}/u.test(left))
        findings.push({ kind: 'untranslated', text: left.trim().slice(0, 80), where: describe(element) });
    }
    // Labels a person hears.
    for (const element of document.body.querySelectorAll<HTMLElement>(
      '[aria-label], [placeholder], [title]',
    )) {
      for (const attribute of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(attribute);
        if (value === null || !visible(element)) continue;
        const left = withoutData(withoutMessages(value));
        if (/\p{L}{2}/u.test(left))
          findings.push({
            kind: 'untranslated',
            text: `${attribute}="${value.slice(0, 60)}"`,
            where: describe(element),
          });
      }
    }

    // 2. Text that does not fit: the page scrolls sideways, or a box clips or spills its text.
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      findings.push({ kind: 'overflows', text: `page ${String(root.scrollWidth)} px wide`, where: 'html' });
    for (const element of elements) {
      if (!visible(element) || !/\p{L}/u.test(element.textContent)) continue;
      const style = getComputedStyle(element);
      // A strip made to scroll sideways (tabs, a wide table) is not a box that is too small.
      if (['auto', 'scroll'].includes(style.overflowX)) continue;
      if (
        element.scrollWidth > element.clientWidth + 1 &&
        element.clientWidth > 0 &&
        style.display !== 'inline'
      )
        findings.push({
          kind: 'overflows',
          text: element.textContent.trim().slice(0, 60),
          where: describe(element),
        });
    }
    return findings;
  }, data);
}

test.describe('the pseudo-locale walk at 1024×768', () => {
  test.use({ viewport: { width: 1024, height: 768 } });
  let data: string[] = [];

  test.beforeAll(async ({ request }) => {
    data = await shopData(request);
  });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('tillpoint.language', 'pseudo');
    });
  });

  for (const screen of SCREENS) {
    test(`${screen.name} (${screen.path}) shows only catalogue words, and they fit`, async ({ page }) => {
      const missing = screen.parts.filter((part) => !TRANSLATED.has(part));
      test.fixme(missing.length > 0, `not translated yet: ${missing.join(', ')}`);
      if (screen.signedIn) {
        await page.goto('/login');
        await page.locator('input[type=email]').fill(OWNER);
        await page.locator('input[type=password]').fill(DEMO_PASSWORD);
        await page.locator('button[type=submit]').click();
        await page.waitForURL(/\/dashboard/);
      }
      await page.goto(screen.path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      // The markers prove the pseudo catalogue is the one showing.
      await expect(page.locator('body')).toContainText('⟦');
      const findings = await inspect(page, data);
      expect(
        findings,
        `${screen.name}:\n${findings.map((f) => `  ${f.kind}: "${f.text}" in ${f.where}`).join('\n')}`,
      ).toEqual([]);
    });
  }
});

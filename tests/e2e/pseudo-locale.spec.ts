// The pseudo-locale walk (issue 35): every screen in the pseudo-locale at 1024×768, where each message from
// a catalogue reads ⟦Ƥàý··⟧ — accented, 40 % longer, in markers. A word on screen outside the markers did not
// come from a catalogue (it is untranslated in every language), unless it is the shop's own data (a product,
// a customer, a till's name); a box the longer text overflows is too small for German. Either fails the test,
// naming the screen, the words and the element.
import { expect, test, type Page, type APIRequestContext } from '@playwright/test';
import { SERVICE_ROLE_KEY } from '../../supabase/local/config';
import { clearAccountLanguage } from './page-models/account-language';
import { LoginPage } from './page-models/login-page';
import { RegisterModel } from './page-models/register-page';
import { DEMO_PASSWORD, OWNER } from './page-models/users';

const STACK = 'http://127.0.0.1:54321';
const PAGE = 1000;

type Part = 'common' | 'welcome' | 'counter' | 'back-office' | 'data';

/**
 * The catalogue parts (src/lib/i18n/catalog-parts.ts) whose every file is translated. A screen is walked once
 * all the parts it shows words from are here; until then it is listed as to be fixed, naming what is missing.
 */
const TRANSLATED: ReadonlySet<Part> = new Set<Part>(['common', 'welcome', 'data', 'counter', 'back-office']);

/** Who walks a screen: a guest, the demo owner, or a new account with no shop yet (onboarding). */
type Walker = 'guest' | 'owner' | 'newcomer';

/** Screens by address, with the catalogue parts whose words they show. */
interface Screen {
  name: string;
  path: string;
  as: Walker;
  parts: Part[];
  /** Done in English before the walk switches to the pseudo-locale: what the screen needs to show itself. */
  prepare?: (page: Page) => Promise<void>;
}

/** The register as a cashier sees it all day: this device a till, its shift open. */
async function tillWithOpenShift(page: Page): Promise<void> {
  const register = new RegisterModel(page);
  await register.goto();
  await register.setUpTill(`Pseudo walk ${Date.now().toString(36)}`);
  await register.openShiftIfAsked();
}

const SHELL: Part[] = ['common', 'data'];
const BACK: Part[] = [...SHELL, 'back-office'];
const SCREENS: Screen[] = [
  { name: 'Home', path: '/', as: 'guest', parts: ['common', 'welcome'] },
  { name: 'Sign in', path: '/login', as: 'guest', parts: ['common', 'welcome'] },
  { name: 'Create an account', path: '/signup', as: 'guest', parts: ['common', 'welcome'] },
  { name: 'Forgot password', path: '/forgot-password', as: 'guest', parts: ['common', 'welcome'] },
  { name: 'About', path: '/about', as: 'guest', parts: ['common'] },
  { name: 'Customer display', path: '/display', as: 'guest', parts: ['common', 'counter'] },
  { name: 'Set up your shop', path: '/onboarding', as: 'newcomer', parts: [...SHELL, 'welcome'] },
  { name: 'New password', path: '/auth/reset-password', as: 'owner', parts: ['common', 'welcome'] },
  {
    name: 'Register: set up this till',
    path: '/dashboard/register',
    as: 'owner',
    parts: [...SHELL, 'counter'],
  },
  {
    name: 'Register',
    path: '/dashboard/register',
    as: 'owner',
    parts: [...SHELL, 'counter'],
    prepare: tillWithOpenShift,
  },
  {
    name: 'Shifts',
    path: '/dashboard/shifts',
    as: 'owner',
    parts: [...SHELL, 'counter'],
    prepare: tillWithOpenShift,
  },
  { name: 'Sync', path: '/dashboard/settings/sync', as: 'owner', parts: [...BACK, 'counter'] },
  { name: 'Overview', path: '/dashboard', as: 'owner', parts: BACK },
  { name: 'Sales', path: '/dashboard/sales', as: 'owner', parts: BACK },
  { name: 'Products', path: '/dashboard/products', as: 'owner', parts: BACK },
  { name: 'Promotions', path: '/dashboard/products/promotions', as: 'owner', parts: BACK },
  { name: 'Stock movements', path: '/dashboard/stock-movements', as: 'owner', parts: BACK },
  { name: 'Customers', path: '/dashboard/customers', as: 'owner', parts: BACK },
  { name: 'Insights', path: '/dashboard/insights', as: 'owner', parts: BACK },
  { name: 'Activity', path: '/dashboard/activity', as: 'owner', parts: BACK },
  { name: 'Settings', path: '/dashboard/settings', as: 'owner', parts: BACK },
  { name: 'Settings: shop', path: '/dashboard/settings/shop', as: 'owner', parts: BACK },
  { name: 'Settings: staff', path: '/dashboard/settings/staff', as: 'owner', parts: BACK },
  { name: 'Settings: devices', path: '/dashboard/settings/devices', as: 'owner', parts: BACK },
];
// Not walked: /r/$token, the public receipt, is in the shop's language whatever the visitor reads (a shipped
// one: the pseudo-locale is no shop's) — tests/e2e/receipt-link.spec.ts reads it in German; /auth/callback
// only passes through to the dashboard.

/** The shop's own words, which no catalogue holds: names of products, customers, staff, tills, the shop, and notes people wrote. */
async function shopData(request: APIRequestContext): Promise<string[]> {
  const headers = { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` };
  const sources: [string, string[]][] = [
    ['products', ['name']],
    ['categories', ['name']],
    ['customers', ['name', 'email']],
    ['staff', ['name']],
    ['company_members', ['display_name']],
    ['companies', ['name']],
    ['stores', ['name', 'address']],
    ['shifts', ['note']],
    ['stock_movements', ['note']],
    ['terminals', ['name']],
    ['suppliers', ['name']],
    ['invites', ['code']],
    ['devices', ['name']],
    ['modifier_groups', ['name']],
    ['modifier_options', ['name']],
    ['promotions', ['name']],
    ['coupons', ['code']],
  ];
  // 'Pseudo walk …' names the tills this walk sets up (after this list was read).
  const words = new Set<string>(['Tillpoint', 'Pseudo walk']);
  for (const [table, columns] of sources) {
    // Page by page: the stack answers at most 1000 rows (max_rows), and the seed has more stock movements.
    for (let offset = 0; ; offset += PAGE) {
      const response = await request.get(
        `${STACK}/rest/v1/${table}?select=${columns.join(',')}&limit=${String(PAGE)}&offset=${String(offset)}`,
        { headers },
      );
      // A table or column this test names wrongly must fail it, not leave the shop's words unexcluded.
      expect(response.ok(), `${table}: ${await response.text()}`).toBe(true);
      const rows = (await response.json()) as Record<string, unknown>[];
      for (const row of rows)
        for (const column of columns) if (typeof row[column] === 'string') words.add(row[column]);
      if (rows.length < PAGE) break;
    }
  }
  // Longest first, so "Oat milk" is taken out before "Oat".
  return [...words].filter((word) => word.trim() !== '').sort((a, b) => b.length - a.length);
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
    // Month and day names come from Intl, not a catalogue: the pseudo-locale formats dates as English does.
    const intlWords = (() => {
      const words: string[] = [];
      for (const month of ['long', 'short'] as const)
        for (let m = 0; m < 12; m++)
          words.push(new Intl.DateTimeFormat('en-GB', { month }).format(new Date(2026, m, 15)));
      for (const weekday of ['long', 'short'] as const)
        for (let d = 0; d < 7; d++)
          words.push(new Intl.DateTimeFormat('en-GB', { weekday }).format(new Date(2026, 10, 16 + d)));
      return words.sort((a, b) => b.length - a.length);
    })();
    const withoutData = (text: string) => {
      let rest = text;
      for (const word of shopWords) rest = rest.split(word).join(' ');
      for (const word of intlWords) rest = rest.replace(new RegExp(`\\b${word}\\b`, 'g'), ' ');
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

/** A confirmed account with no shop: it lands on onboarding. */
async function newcomer(request: APIRequestContext): Promise<string> {
  const email = `walker-${Date.now().toString(36)}@example.com`;
  const created = await request.post(`${STACK}/auth/v1/admin/users`, {
    headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    data: { email, password: DEMO_PASSWORD, email_confirm: true, user_metadata: { full_name: 'Walker' } },
  });
  expect(created.ok()).toBe(true);
  return email;
}

async function signIn(page: Page, email: string): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(email, DEMO_PASSWORD);
  await page.waitForURL(/\/(dashboard|onboarding)/);
}

test.describe('the pseudo-locale walk at 1024×768', () => {
  test.use({ viewport: { width: 1024, height: 768 } });
  let data: string[] = [];

  test.beforeAll(async ({ request }) => {
    data = await shopData(request);
    // languages.spec.ts gives the demo owner's account a language, and takes it back; be sure of it here.
    await clearAccountLanguage(request, OWNER);
  });

  for (const screen of SCREENS) {
    test(`${screen.name} (${screen.path}) shows only catalogue words, and they fit`, async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const missing = screen.parts.filter((part) => !TRANSLATED.has(part));
      test.fixme(missing.length > 0, `not translated yet: ${missing.join(', ')}`);
      // Signed in and prepared in English (the page models find controls by their English names), then the
      // device switches to the pseudo-locale and the screen is opened afresh, as after a reload.
      if (screen.as === 'owner') await signIn(page, OWNER);
      if (screen.as === 'newcomer') await signIn(page, await newcomer(request));
      if (screen.as === 'guest') await page.goto('/about');
      await screen.prepare?.(page);
      await page.evaluate(() => {
        localStorage.setItem('tillpoint.language', 'pseudo');
      });
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

// [RLANG-3] in a real browser: a German shop's public receipt page opens in German on a phone whose browser
// speaks English — the slip's words, amounts and date, the document's lang — and fits the phone's width with
// each total on one line (the slip lays its totals out itself: the page loads no register stylesheet).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { SERVICE_ROLE_KEY } from '../../supabase/local/config';
import { DEMO_COMPANY } from './page-models/server-data';

const STACK = 'http://127.0.0.1:54321';
const HEADERS = {
  apikey: SERVICE_ROLE_KEY,
  Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
  'content-type': 'application/json',
};

async function setShopLanguage(request: APIRequestContext, language: string): Promise<void> {
  const set = await request.patch(`${STACK}/rest/v1/companies?id=eq.${DEMO_COMPANY}`, {
    headers: HEADERS,
    data: { language },
  });
  expect(set.ok(), await set.text()).toBe(true);
}

/** A live link to one of the demo shop's seeded sales: its token. */
async function receiptLink(request: APIRequestContext): Promise<string> {
  const found = await request.get(
    `${STACK}/rest/v1/sales?company_id=eq.${DEMO_COMPANY}&kind=eq.sale&select=id&order=total.desc&limit=1`,
    { headers: HEADERS },
  );
  const [sale] = (await found.json()) as { id: string }[];
  const token = `lang${Date.now().toString(36)}${'x'.repeat(22)}`.slice(0, 26);
  const made = await request.post(`${STACK}/rest/v1/receipt_links`, {
    headers: HEADERS,
    data: { token, company_id: DEMO_COMPANY, sale_id: sale?.id },
  });
  expect(made.ok(), await made.text()).toBe(true);
  return token;
}

test("[RLANG-3] a German shop's receipt page is German on an English phone, and fits it", async ({
  browser,
  request,
}) => {
  const token = await receiptLink(request);
  await setShopLanguage(request, 'de');
  const phone = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  try {
    const page = await phone.newPage();
    await page.goto(`/r/${token}`);
    const slip = page.getByRole('article', { name: /^Beleg T\d+-\d+$/ });
    await expect(slip).toBeVisible();
    await expect(slip.getByText('Zwischensumme')).toBeVisible();
    await expect(slip.getByText('Steuerübersicht')).toBeVisible();
    await expect(page.getByTestId('receipt-total')).toHaveText(/^\d+,\d{2}\s€$/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    // The visitor's own words (the site's header) stay in their browser's language.
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();

    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const box = await slip.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    // Each total's label and amount share a line.
    const label = await slip.getByText('Summe', { exact: true }).boundingBox();
    const amount = await page.getByTestId('receipt-total').boundingBox();
    expect(Math.abs((label?.y ?? 0) - (amount?.y ?? 100))).toBeLessThan(4);
  } finally {
    await phone.close();
    await setShopLanguage(request, 'en');
  }
});

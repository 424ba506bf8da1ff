// Issue #9's cash-up story in a real browser: a cashier opens a shift on a new till with the float counted
// by note and coin, goes offline, sells in cash and by card, pays out, counts the drawer short and closes —
// all offline — then reconnects, and the server's shift (expected, counted, needing approval) and its sales
// match what the till's Z report printed.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { SERVICE_ROLE_KEY } from '../../supabase/local/config';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { RegisterModel } from './page-models/register-page';
import { ServerData } from './page-models/server-data';
import { ServiceWorkerModel } from './page-models/service-worker';
import { ShiftsModel } from './page-models/shifts-page';
import { DEMO_CASHIER, DEMO_PASSWORD } from './page-models/users';

const CROISSANT = { name: 'Croissant', barcode: '2000000000022' };
const NOTEBOOK = { name: 'Notebook A5', barcode: '2000000000053' };
const HEADERS = { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` };

interface ServerShiftRow {
  id: string;
  opening_float: number;
  expected_cash: number | null;
  counted_cash: number | null;
  needs_approval: boolean;
  closed_at: string | null;
}

async function rows<T>(request: APIRequestContext, path: string): Promise<T[]> {
  const response = await request.get(`http://127.0.0.1:54321/rest/v1/${path}`, { headers: HEADERS });
  if (!response.ok()) throw new Error(`GET ${path}: ${String(response.status())}`);
  return (await response.json()) as T[];
}

test('open, sell cash and card, pay out, close short offline; after reconnecting the server matches the Z report', async ({
  page,
  context,
  request,
}) => {
  const server = new ServerData(request);
  const register = new RegisterModel(page);
  const shifts = new ShiftsModel(page);
  const tillName = `Shift till ${Date.now().toString(36)}`;

  await test.step('sign in, set the device up as a till, open a shift with a counted float', async () => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(DEMO_CASHIER.email, DEMO_PASSWORD);
    await new DashboardPage(page).expectCounterShown('Demo Shop');
    await new ServiceWorkerModel(page).waitUntilControlled();
    await register.goto();
    await register.setUpTill(tillName);
    await shifts.open();
    // 1 × €50 + 2 × €20 + 5 × €2 = €100.00
    await shifts.openShiftCounted({ '€50.00 notes': 1, '€20.00 notes': 2, '€2.00 coins': 5 });
    await expect(shifts.expectedCash()).toHaveText('€100.00');
    await register.goto();
    await register.waitForCatalog(DEMO_CASHIER.id, await server.productCount());
  });
  const terminal = await server.terminalNamed(tillName);

  await context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();

  await test.step('sell a croissant in cash and a notebook by card', async () => {
    await register.scanUntil(CROISSANT.barcode, CROISSANT.name, 1);
    await register.pay();
    await register.cashForTheRest();
    await register.completeSale();
    await register.newSale();
    await register.scanUntil(NOTEBOOK.barcode, NOTEBOOK.name, 1);
    await register.pay();
    await register.card('4.90', 'e2e-shift');
    await register.completeSale();
    await register.newSale();
  });

  const z = await test.step('pay out, count the drawer short and close: the Z report', async () => {
    await shifts.open();
    await expect(shifts.expectedCash()).toHaveText('€101.80');
    await shifts.payOut('5', 'Window cleaner');
    await expect(shifts.expectedCash()).toHaveText('€96.80');
    const report = await shifts.close('95');
    await expect(report.getByRole('note')).toContainText('Not synced yet');
    return {
      expected: await shifts.figure(report, 'Expected in drawer'),
      counted: await shifts.figure(report, /^Counted$/),
      short: await shifts.figure(report, /^Short$/),
      sales: await shifts.figure(report, /^Sales \(2\)$/),
      card: await shifts.figure(report, /^Card$/),
      // [FLAGUI-5] Card typed in from an external terminal: named apart, as nothing but its slip confirms it.
      unverifiedCard: await shifts.figure(report, /^Unverified card: external terminal \(1\)$/),
    };
  });
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/flagsui-z-report.png`, fullPage: true });
  expect(z).toEqual({
    expected: 9680,
    counted: 9500,
    short: 180,
    sales: 670,
    card: 490,
    unverifiedCard: 490,
  });
  // The shift was opened online; its close is still only on the till.
  expect(await rows(request, `shifts?select=closed_at&terminal_id=eq.${terminal.id}`)).toEqual([
    { closed_at: null },
  ]);

  await context.setOffline(false);
  await register.expectAllSynced();

  const [shift, ...others] = await rows<ServerShiftRow>(
    request,
    `shifts?select=id,opening_float,expected_cash,counted_cash,needs_approval,closed_at&terminal_id=eq.${terminal.id}`,
  );
  expect(others).toEqual([]);
  expect({
    float: Number(shift?.opening_float),
    expected: Number(shift?.expected_cash),
    counted: Number(shift?.counted_cash),
    needsApproval: shift?.needs_approval,
  }).toEqual({ float: 10_000, expected: z.expected, counted: z.counted, needsApproval: true });
  const sales = await rows<{ shift_id: string; total: number | string }>(
    request,
    `sales?select=shift_id,total&terminal_id=eq.${terminal.id}`,
  );
  expect(sales.map((sale) => sale.shift_id)).toEqual([shift?.id, shift?.id]);
  expect(sales.reduce((total, sale) => total + Number(sale.total), 0)).toBe(z.sales);
});

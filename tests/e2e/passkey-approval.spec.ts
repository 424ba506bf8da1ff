// Issue 33's security-key approvals in a real browser, with Chromium's virtual authenticator (CDP WebAuthn):
// the demo manager adds a security key in Settings → Staff, the till receives its public key at the next
// sync, shared mode goes on, and — offline — the demo cashier's refund is approved by one touch of the key,
// checked by the till itself. Back online the refund reaches the server, which checks the signature again
// (the Edge Function verify-approvals, called by the till after the push) and marks the approval verified.
// SPEC [PASSKEY-T7], [PASSKEY-T8], [PASSKEY-T9]; the server's half is in supabase/SPEC.md.
import { expect, test, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { mirrorRow } from './page-models/mirror';
import { RecentSalesModel } from './page-models/recent-sales';
import { RegisterModel } from './page-models/register-page';
import { ServerData } from './page-models/server-data';
import { SharedTillModel } from './page-models/shared-till';

const readCredentials = (session: CDPSession, authenticatorId: string) =>
  session.send('WebAuthn.getCredentials', { authenticatorId });
/** A key the authenticator holds, private key included (CDP's WebAuthn.Credential). */
type Credential = Awaited<ReturnType<typeof readCredentials>>['credentials'][number];

/**
 * Chromium's virtual authenticator, attached to the page through CDP. It lives in the page's renderer, so a
 * navigation that changes process (a page the service worker serves offline) drops it with its keys:
 * plugIn() attaches it again holding the keys it had, as the same security key plugged in again.
 */
class VirtualKey {
  private session: CDPSession | null = null;
  private id = '';
  private kept: Credential[] = [];

  constructor(
    private readonly page: Page,
    private readonly context: BrowserContext,
  ) {}

  async credentials(): Promise<Credential[]> {
    if (this.session === null) return [];
    this.kept = (await readCredentials(this.session, this.id)).credentials;
    return this.kept;
  }

  async plugIn(): Promise<void> {
    if (this.session !== null) {
      const alive = await this.credentials().then(
        () => true,
        () => false,
      );
      if (alive) return;
    }
    this.session = await this.context.newCDPSession(this.page);
    await this.session.send('WebAuthn.enable');
    this.id = (
      await this.session.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: false,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      })
    ).authenticatorId;
    for (const credential of this.kept) {
      await this.session.send('WebAuthn.addCredential', { authenticatorId: this.id, credential });
    }
  }
}

const MANAGER = { email: 'manager@demo.test', id: 'd0000000-0000-4000-8000-000000000002' };
const DEMO_CASHIER = { name: 'Cara Cashier', id: 'd0000000-0000-4000-8000-000000000003', pin: '3333' };
const CROISSANT = { name: 'Croissant', barcode: '2000000000022' };

/** How many security keys this device's mirror holds for `staffId` (-1 before the first pull of staff). */
async function mirrorPasskeys(page: Page, userId: string, staffId: string): Promise<number> {
  const row = (await mirrorRow(page, userId, 'staff', staffId)) as { passkeys?: unknown[] } | undefined;
  return row?.passkeys?.length ?? -1;
}

test('[PASSKEY-T7] [PASSKEY-T8] a manager adds a security key, then approves a cashier’s refund with it offline; online the server verifies it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const server = new ServerData(request);
  const register = new RegisterModel(page);
  const shared = new SharedTillModel(page);
  const recent = new RecentSalesModel(page);
  const tillName = `Key till ${Date.now().toString(36)}`;

  // Chromium's virtual authenticator answers navigator.credentials as a platform key would, with a touch.
  const key = new VirtualKey(page, context);
  await key.plugIn();

  await test.step('the manager signs in and sets the device up as a till', async () => {
    await shared.setUpTill(MANAGER, tillName, server);
  });
  const terminal = await server.terminalNamed(tillName);

  await test.step('Settings → Staff: the manager adds a security key to their own name', async () => {
    await page.goto('/dashboard/settings/staff');
    await page.getByRole('button', { name: 'Add a security key' }).click();
    const form = page.getByRole('form', { name: 'Add a security key' });
    await form.getByLabel('Key name').fill('Virtual key');
    await form.getByRole('button', { name: 'Add key' }).click();
    await expect(page.getByText('Virtual key is added.')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Your security keys' }).getByText('Virtual key', { exact: true }),
    ).toBeVisible();
    expect(await key.credentials()).toHaveLength(1);
  });

  await test.step('the till receives the key’s public key and shared mode goes on', async () => {
    await page.goto('/dashboard/register');
    await expect
      .poll(() => mirrorPasskeys(page, MANAGER.id, MANAGER.id), { timeout: 60_000, intervals: [500, 1000] })
      .toBe(1);
    await shared.turnOn();
  });

  await context.setOffline(true);

  const sale = await test.step('offline, the demo cashier sells a croissant', async () => {
    await page.goto('/dashboard/register');
    await shared.unlock(DEMO_CASHIER.name, DEMO_CASHIER.pin);
    await register.scanUntil(CROISSANT.barcode, CROISSANT.name, 1, { inSearchField: true });
    await register.pay();
    await register.cashForTheRest();
    const receipt = await register.completeSale();
    await page.getByRole('button', { name: 'New sale' }).click();
    return receipt;
  });

  const refund =
    await test.step('the cashier refunds it; the manager approves with one touch of the key', async () => {
      await recent.open();
      await recent.row(sale).click();
      await recent.dialog().getByRole('button', { name: 'Refund', exact: true }).click();
      await recent.dialog().getByLabel(`Refund quantity of ${CROISSANT.name}`).fill('1');
      await recent.dialog().getByRole('button', { name: 'Complete refund' }).click();
      await key.plugIn();
      await shared.approveWithKey();
      const heading = recent
        .dialog()
        .getByRole('article', { name: /^Refund T\d+-\d{6}$/ })
        .getByRole('heading', { name: /^Refund T\d+-\d{6}$/ });
      await expect(heading).toBeVisible();
      return ((await heading.textContent()) ?? '').replace(/^Refund /, '');
    });

  await context.setOffline(false);
  await register.expectAllSynced(60_000);

  await test.step('the server verifies the key’s signature after the push', async () => {
    await expect
      .poll(
        async () => (await server.cashiersOfTerminal(terminal.id)).find((row) => row.receipt_no === refund),
        {
          timeout: 60_000,
          intervals: [500, 1000, 2000],
        },
      )
      .toEqual(
        expect.objectContaining({
          kind: 'refund',
          cashier_id: DEMO_CASHIER.id,
          cashier_verified: true,
          approved_by: MANAGER.id,
          approval_action: 'refund',
          approval_verified: true,
        }),
      );
  });
});

// 'Card' on the till's reader at the register and the local stack's 'Simulated reader' panel (issue 20), and
// the manager's call that puts a reader on a till (Settings → This till has its own screen for it).
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { signIn } from './stack-api';

const STACK = 'http://127.0.0.1:54321';
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** The seeded demo reader, "Counter reader" (supabase/seed.sql). */
export const DEMO_READER = { id: 'd7000000-0000-4000-8000-000000000001', label: 'Counter reader' };

/** As a manager, puts `readerId` on the till `terminalId` (the card-payments function's assign_reader). */
export async function assignReader(
  request: APIRequestContext,
  manager: { email: string; password: string },
  readerId: string,
  terminalId: string,
): Promise<void> {
  const token = await signIn(request, manager.email, manager.password);
  const response = await request.post(`${STACK}/functions/v1/card-payments`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}` },
    data: { action: 'assign_reader', reader_id: readerId, terminal_id: terminalId },
  });
  if (!response.ok()) throw new Error(`assign_reader: ${String(response.status())} ${await response.text()}`);
}

export class CardReaderModel {
  constructor(private readonly page: Page) {}

  /** The payment panel's one line about where 'Card' is taken. */
  cardLine(): Locator {
    return this.page.locator('.payment__card-line');
  }

  /** Presses 'Card' with the reader known: the amount goes to the reader, which waits for the card. */
  async sendToReader(label: string): Promise<void> {
    await expect(this.cardLine()).toContainText(`Card: on ${label}`);
    await this.page.getByRole('button', { name: 'Card', exact: true }).click();
    await expect(this.page.getByText(`Waiting for the card on ${label}`)).toBeVisible();
  }

  simulator(): Locator {
    return this.page.getByRole('region', { name: 'Simulated reader' });
  }

  /** Holds a test card to the simulated reader: 'Approve (4242…)', 'Decline', 'Insufficient funds'. */
  async present(card: string): Promise<void> {
    await this.simulator().getByRole('button', { name: card }).click();
  }
}

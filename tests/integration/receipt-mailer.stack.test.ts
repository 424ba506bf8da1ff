// [RCPT-15][RCPT-16] A receipt mail queued at the till goes through the real sync engine and the real Edge
// Function send-receipt: the engine pushes the receipt.email op, the receipt mailer sends it once after the
// push, the till forgets the address, and a second sync mails nothing more.
import 'fake-indexeddb/auto';
import { expect, test, vi } from 'vitest';
import { newId } from '../../src/domain/ids';
import { receiptActions } from '../../src/data/remote/receipt-links';
import type { Supabase } from '../../src/data/remote/supabase-client';
import { emailReceipt } from '../../src/data/ops/receipt-email';
import { receiptMailer } from '../../src/data/sync/receipt-mailer';
import { createShop, nth } from '../support/shop';
import { stackUrl, uniqueEmail } from '../support/supabase';
import { queueOneSale, registeredTill } from '../support/sync-stack';

async function mailsTo(to: string): Promise<{ subject: string }[]> {
  const response = await fetch(`${stackUrl()}/local/v1/mail?to=${encodeURIComponent(to)}`);
  return (await response.json()) as { subject: string }[];
}

test('[RCPT-16] a receipt queued offline is mailed once after the push that sends its op', async () => {
  const shop = await createShop({ products: 1 });
  const made = await registeredTill('mailer', shop.cashier.email, { storeId: shop.storeId, name: 'Mail' });
  const { saleId } = await queueOneSale(made.ledger, shop.companyId, nth(shop.products, 0));
  const to = uniqueEmail('till-receipt');
  const queued = await emailReceipt(
    { ledger: made.ledger, ids: newId, clock: () => new Date() },
    { saleId, email: to },
  );
  if (!queued.ok) throw new Error(queued.error.message);
  const mailer = receiptMailer(made.ledger, receiptActions(made.till.client as Supabase).email);
  const engine = made.till.engine(made.ledger, { afterPush: mailer });

  await engine.syncNow();
  await vi.waitFor(
    async () => {
      expect((await made.ledger.receiptEmails.get(queued.value.id))?.sent_at).not.toBeNull();
    },
    { timeout: 15_000, interval: 100 },
  );
  expect(await made.ledger.receiptEmails.get(queued.value.id)).toMatchObject({
    sync: 'synced',
    send_error: null,
    email: null,
  });
  await engine.syncNow();
  expect(await mailer(null)).toBe(0);
  const mails = await mailsTo(to);
  expect(mails).toHaveLength(1);
  expect(mails[0]?.subject).toContain('Your receipt');
});

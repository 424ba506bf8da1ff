// [RCPT-15][RCPT-16] Receipts queued at the till go by mail once the server answered their op: each once,
// kept for the next sync when the function fails, and the address forgotten unless a customer is attached.
import { describe, expect, test, vi } from 'vitest';
import { pinnedIds } from '../../domain/ids';
import { ok } from '../../domain/result';
import {
  addTerminal,
  COMPANY_A,
  COMPANY_B,
  freshLedger,
  oneLineSale,
  testDeps,
} from '../../../tests/support/ledger-fixtures';
import type { LedgerDb } from '../local/ledger-db';
import { emailReceipt } from '../ops/receipt-email';
import { recordSale } from '../ops/sale-record';
import { mailSyncedReceipts, rateLimitedWords, type SendReceipt } from './receipt-mailer';

const SENT_AT = new Date('2026-11-26T10:00:00Z');

async function queuedReceipt(ledger: LedgerDb, customerId: string | null = null) {
  await addTerminal(ledger);
  const ids = pinnedIds();
  const deps = testDeps(ledger, ids);
  const build = oneLineSale(ids, 1);
  const sale = await recordSale(deps, {
    companyId: COMPANY_A,
    build: (receiptNo, terminal) => {
      const args = build(receiptNo, terminal);
      return args.ok ? ok({ ...args.value, customer_id: customerId }) : args;
    },
    tracksStock: () => false,
  });
  if (!sale.ok) throw new Error(sale.error.message);
  const queued = await emailReceipt(deps, { saleId: sale.value.sale.id, email: ' ann@example.test ' });
  if (!queued.ok) throw new Error(queued.error.message);
  return queued.value;
}

/** What the push does once the server answered the op applied. */
async function answered(ledger: LedgerDb, id: string) {
  await ledger.receiptEmails.update(id, { sync: 'synced' });
}

describe('receipt mailer', () => {
  test('a queued receipt is mailed once after its op was answered, and its address forgotten', async () => {
    const ledger = freshLedger();
    const row = await queuedReceipt(ledger);
    const send = vi.fn<SendReceipt>().mockResolvedValue('sent');
    expect(await mailSyncedReceipts(ledger, send, null, () => SENT_AT)).toBe(0);
    expect(send).not.toHaveBeenCalled();

    await answered(ledger, row.id);
    expect(await mailSyncedReceipts(ledger, send, new Set([COMPANY_B]), () => SENT_AT)).toBe(0);
    expect(await mailSyncedReceipts(ledger, send, new Set([COMPANY_A]), () => SENT_AT)).toBe(1);
    expect(await mailSyncedReceipts(ledger, send, null, () => SENT_AT)).toBe(0);
    expect(send).toHaveBeenCalledOnce();
    expect(send).toHaveBeenCalledWith({ id: row.id, saleId: row.sale_id, email: 'ann@example.test' });
    expect(await ledger.receiptEmails.get(row.id)).toMatchObject({
      sent_at: SENT_AT.toISOString(),
      send_error: null,
      email: null,
    });
  });

  test('a failed send is kept with its reason and sent on the next sync; an attached customer keeps the address', async () => {
    const ledger = freshLedger();
    const row = await queuedReceipt(ledger, 'd5000000-0000-4000-8000-000000000001');
    await answered(ledger, row.id);
    const send = vi
      .fn<SendReceipt>()
      .mockRejectedValueOnce(
        Object.assign(new Error('The receipt could not be sent; try again.'), { code: 'error' }),
      )
      .mockResolvedValueOnce('already_sent');
    expect(await mailSyncedReceipts(ledger, send, null, () => SENT_AT)).toBe(0);
    expect(await ledger.receiptEmails.get(row.id)).toMatchObject({
      sent_at: null,
      send_error: 'The receipt could not be sent; try again.',
      email: 'ann@example.test',
    });
    expect(await mailSyncedReceipts(ledger, send, null, () => SENT_AT)).toBe(1);
    expect(send).toHaveBeenCalledTimes(2);
    expect(await ledger.receiptEmails.get(row.id)).toMatchObject({
      sent_at: SENT_AT.toISOString(),
      send_error: null,
      email: 'ann@example.test',
    });
  });

  test('[MAIL-6] a send refused rate_limited stays queued, saying why, and goes on a later sync', async () => {
    const ledger = freshLedger();
    const row = await queuedReceipt(ledger);
    await answered(ledger, row.id);
    const refused = 'Too many receipts were mailed in the last hour: try again later.';
    const send = vi
      .fn<SendReceipt>()
      .mockRejectedValueOnce(Object.assign(new Error(refused), { code: 'rate_limited' }))
      .mockResolvedValueOnce('sent');
    expect(await mailSyncedReceipts(ledger, send, null, () => SENT_AT)).toBe(0);
    expect(await ledger.receiptEmails.get(row.id)).toMatchObject({
      sent_at: null,
      send_error: rateLimitedWords(),
      email: 'ann@example.test',
    });
    expect(await mailSyncedReceipts(ledger, send, null, () => SENT_AT)).toBe(1);
    expect(await ledger.receiptEmails.get(row.id)).toMatchObject({ sent_at: SENT_AT.toISOString() });
  });
});

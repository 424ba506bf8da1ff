// The till's reads of customer value ([VAL-20], [VAL-32]): a sale writes its entries in its own transaction, the
// till finds the card it just sold by its code and spends against its own entries, and a pull of the balances
// that went past the sale's op settles them, so nothing counts twice.
import { describe, expect, test } from 'vitest';
import { pinnedIds } from '../../domain/ids';
import { ok } from '../../domain/result';
import type { SaleRecordArgs } from '../../domain/sale-record-schema';
import { availableOf } from '../../domain/value/available';
import { customerAccountId } from '../../domain/value/account-id';
import { valueCodeHash } from '../../domain/value/code';
import { DEFAULT_VALUE_SETTINGS } from '../../domain/value/settings';
import { FakeSyncServer } from '../../../tests/support/fake-sync-remote';
import {
  addTerminal,
  COMPANY_A,
  freshLedger,
  freshMirror,
  testDeps,
} from '../../../tests/support/ledger-fixtures';
import { recordSale } from '../ops/sale-record';
import { retryDeadLetter } from '../ops/retry-dead-letter';
import { saleValueKeys } from '../ops/sale-value-entries';
import { SyncEngine } from '../sync/sync-engine';
import type { TerminalIdentity } from './ledger-types';
import { customerAccounts, giftCardByHash, offlineSource, onlineSource } from './value-reads';

const CUSTOMER = 'd4700000-0000-4000-8000-000000000001';
const CARD = '01900000-0000-7000-8000-0000000000c1';
const CODE = 'ABCD-EFGH-JKLM-NPQ2';

/** A €25.00 gift card sold to the customer, €5.00 of it paid from their store credit and the rest by card. */
function cardSale(ids: () => string) {
  return (receiptNo: string, terminal: TerminalIdentity) =>
    ok<SaleRecordArgs>({
      id: ids(),
      terminal_id: terminal.id,
      customer_id: CUSTOMER,
      receipt_no: receiptNo,
      occurred_at: '2026-11-21T09:15:00.000Z',
      tax_total: 0,
      total: 2500,
      lines: [
        {
          id: ids(),
          product_id: null,
          name: 'Gift card',
          quantity: 1,
          unit_price: 2500,
          tax_rate_bp: 0,
          tax: 0,
          total: 2500,
          gift_card: { account_id: CARD, code: CODE },
        },
      ],
      payments: [
        { id: ids(), method: 'store_credit', amount: 500, balance_seen: 1000, offline: true },
        { id: ids(), method: 'card', amount: 2000 },
      ],
    });
}

async function sellCard(ledger: ReturnType<typeof freshLedger>) {
  const ids = pinnedIds();
  const sold = await recordSale(testDeps(ledger, ids), {
    companyId: COMPANY_A,
    build: cardSale(ids),
    tracksStock: () => false,
    value: await saleValueKeys(COMPANY_A, CUSTOMER, [CODE]),
  });
  if (!sold.ok) throw new Error(sold.error.message);
  return sold.value;
}

describe('customer value at the till', () => {
  test('[VAL-32] a sale writes its issue and redeem entries in its own transaction, with the line and payment ids', async () => {
    const ledger = freshLedger();
    await addTerminal(ledger);
    const sold = await sellCard(ledger);
    const [op] = await ledger.outbox.toArray();
    const args = op?.args as SaleRecordArgs;
    const credit = await customerAccountId(CUSTOMER, 'store_credit');
    const entries = await ledger.valueEntries.toArray();
    expect(entries).toHaveLength(2);
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: args.lines[0]?.id,
          account_id: CARD,
          kind: 'issue',
          delta: 2500,
          code_hash: await valueCodeHash(COMPANY_A, 'ABCDEFGHJKLMNPQ2'),
          code_last4: 'NPQ2',
          sale_id: sold.sale.id,
          op_id: sold.opId,
          settled: 0,
        }),
        expect.objectContaining({
          id: args.payments?.[0]?.id,
          account_id: credit,
          kind: 'redeem',
          delta: -500,
          tender_method: 'store_credit',
        }),
      ]),
    );
  });

  test('[VAL-20] offline, a card this till sold is found by its code and spendable from its own entries alone', async () => {
    const ledger = freshLedger();
    const mirror = freshMirror();
    await addTerminal(ledger);
    await sellCard(ledger);
    const card = await giftCardByHash(
      ledger,
      mirror,
      COMPANY_A,
      await valueCodeHash(COMPANY_A, 'ABCDEFGHJKLMNPQ2'),
    );
    expect(card).toMatchObject({
      id: CARD,
      kind: 'gift_card',
      codeLast4: 'NPQ2',
      issuedHere: true,
      pulled: null,
    });
    if (!card) throw new Error('card not found');
    expect(availableOf(card, offlineSource(card, DEFAULT_VALUE_SETTINGS))).toMatchObject({
      available: 2500,
      spendable: 2500,
      refusal: null,
    });
    // Never pulled, so the customer's store credit has no known balance offline: not spendable.
    const accounts = await customerAccounts(ledger, mirror, CUSTOMER);
    expect(accounts.store_credit).toMatchObject({ pulled: null, unreflected: [-500], issuedHere: false });
    expect(
      availableOf(accounts.store_credit, offlineSource(accounts.store_credit, DEFAULT_VALUE_SETTINGS))
        .refusal,
    ).toBe('unknown');
    // Online, the server's answer (1000) less what this till spent and has not sent yet.
    expect(availableOf(accounts.store_credit, onlineSource(accounts.store_credit, 1000)).spendable).toBe(500);
  });

  test('[VAL-32] [ONHAND-2] pushed, the entries keep their txid; a pull of balances past it settles them', async () => {
    const ledger = freshLedger();
    const mirror = freshMirror();
    const server = new FakeSyncServer(() => Date.parse('2026-11-21T09:00:00Z'));
    server.session = { userId: 'user-a', expiresAt: Date.parse('2026-11-21T10:00:00Z') / 1000 };
    server.memberships = [{ company_id: COMPANY_A, role: 'manager' }];
    const engine = new SyncEngine({
      ledger,
      mirrorFor: () => mirror,
      remote: server.remote(),
      now: () => Date.parse('2026-11-21T09:00:00Z'),
      random: () => 0.5,
      isOnline: () => true,
      batchSize: 10,
      pageSize: 3,
    });
    await addTerminal(ledger);
    await sellCard(ledger);
    await engine.syncNow();
    const applied = [...server.applied.values()][0];
    // Answered, not reflected yet: both entries still count, with the op's txid beside them.
    expect((await ledger.valueEntries.toArray()).map((e) => [e.settled, e.txid])).toEqual([
      [0, applied?.txid],
      [0, applied?.txid],
    ]);
    server.put('value_accounts', {
      id: CARD,
      company_id: COMPANY_A,
      kind: 'gift_card',
      customer_id: null,
      code_hash: await valueCodeHash(COMPANY_A, 'ABCDEFGHJKLMNPQ2'),
      code_last4: 'NPQ2',
      status: 'active',
      credit_limit: null,
    });
    server.put('value_balances', { id: CARD, company_id: COMPANY_A, account_id: CARD, balance: 2500 });
    await engine.syncNow();
    expect((await ledger.valueEntries.toArray()).map((e) => [e.settled, e.sync])).toEqual([
      [1, 'synced'],
      [1, 'synced'],
    ]);
    const card = await giftCardByHash(
      ledger,
      mirror,
      COMPANY_A,
      await valueCodeHash(COMPANY_A, 'ABCDEFGHJKLMNPQ2'),
    );
    expect(card).toMatchObject({ pulled: 2500, unreflected: [], issuedHere: false });
  });

  test('[VAL-32] a sale the server refused: its entries stop counting, marked for attention', async () => {
    const ledger = freshLedger();
    const mirror = freshMirror();
    const server = new FakeSyncServer(() => Date.parse('2026-11-21T09:00:00Z'));
    server.session = { userId: 'user-a', expiresAt: Date.parse('2026-11-21T10:00:00Z') / 1000 };
    server.memberships = [{ company_id: COMPANY_A, role: 'manager' }];
    const engine = new SyncEngine({
      ledger,
      mirrorFor: () => mirror,
      remote: server.remote(),
      now: () => Date.parse('2026-11-21T09:00:00Z'),
      random: () => 0.5,
      isOnline: () => true,
      batchSize: 10,
      pageSize: 3,
    });
    await addTerminal(ledger);
    const sold = await sellCard(ledger);
    server.rejections.set(sold.opId, 'gift_card_line');
    await engine.syncNow();
    expect((await ledger.valueEntries.toArray()).map((e) => [e.settled, e.sync])).toEqual([
      [1, 'attention'],
      [1, 'attention'],
    ]);
    const accounts = await customerAccounts(ledger, mirror, CUSTOMER);
    expect(accounts.store_credit.unreflected).toEqual([]);
    // "Retry" sends it again: its entries count again until that op is answered and pulled.
    const retried = await retryDeadLetter(ledger, sold.opId, {
      ids: pinnedIds(Date.UTC(2026, 10, 22)),
      clock: () => new Date(),
    });
    expect((await ledger.valueEntries.toArray()).map((e) => [e.settled, e.sync, e.op_id])).toEqual([
      [0, 'pending', retried?.op_id],
      [0, 'pending', retried?.op_id],
    ]);
  });
});

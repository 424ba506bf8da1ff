// [VAL-A1]…[VAL-A4] A manager corrects customer value from the back office, through the app's own path: the
// back office has no till, so `adjustValue` queues `value.adjust` naming the shop by `company_id` with no
// terminal, the sync engine pushes it over real supabase-js, and the statement the screen reads back shows the
// change with who made it and when. What the server refuses (a cashier without an approval, another shop's
// manager) ends as a dead letter and moves nothing. The op's own rules are tests/integration/value-ops.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LedgerDb } from '../../src/data/local/ledger-db';
import { adjustValue, type AdjustValueInput } from '../../src/data/ops/value-adjust';
import { valueReportsOf, type Statement } from '../../src/data/remote/value-reports';
import type { Supabase } from '../../src/data/remote/supabase-client';
import type { SyncEngine } from '../../src/data/sync/sync-engine';
import { newId } from '../../src/domain/ids';
import { valueAdjustPort } from '../../src/features/dashboard/customer-value/value-adjust-port';
import { dayIn } from '../../src/lib/calendar';
import { applyOps, op } from '../support/ops';
import { createShop, must, SHOP_TIME_ZONE, type Shop } from '../support/shop';
import { serviceClient } from '../support/supabase';
import { till, type Till } from '../support/sync-stack';
import { addCustomer, balanceOf, customerAccount, giftCard, writeEntry } from '../support/value';

interface BackOffice {
  till: Till;
  ledger: LedgerDb;
  engine: SyncEngine;
}

let shop: Shop;
let stranger: Shop;
const opened: LedgerDb[] = [];

/** A browser on the back office signed in as `email`: a ledger and an engine, and no till registered. */
async function backOffice(label: string, email: string): Promise<BackOffice> {
  const made = till(label);
  await made.signIn(email);
  const ledger = new LedgerDb(made.ledgerName);
  opened.push(ledger);
  return { till: made, ledger, engine: made.engine(ledger) };
}

function adjust(office: BackOffice, input: Omit<AdjustValueInput, 'terminalId'>) {
  return adjustValue(
    { ledger: office.ledger, ids: newId, clock: () => new Date() },
    { terminalId: null, ...input },
  );
}

/** The till support's client is untyped (any schema); the app's reports take the typed one it is. */
function clientOf(office: BackOffice): Supabase {
  return office.till.client as Supabase;
}

async function statementOf(office: BackOffice, companyId: string, accountId: string): Promise<Statement> {
  const today = dayIn(SHOP_TIME_ZONE);
  const answer = await valueReportsOf(clientOf(office), companyId).statement(accountId, today, today);
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
}

async function staffName(shopOf: Shop, id: string): Promise<string> {
  return must<{ name: string }>(
    await serviceClient()
      .from('staff')
      .select('name')
      .eq('company_id', shopOf.companyId)
      .eq('id', id)
      .single(),
    'read staff name',
  ).name;
}

beforeAll(async () => {
  [shop, stranger] = await Promise.all([createShop({ products: 1 }), createShop({ products: 1 })]);
});

afterAll(() => {
  for (const ledger of opened) ledger.close();
});

describe('[VAL-A4] the back office corrects a balance with no till', () => {
  test('[VAL-A1] a manager voids a gift card: balance 0, status void, the void entry names the manager', async () => {
    const card = await giftCard(shop, 'BACK-OFFICE-VOID-0001', 2500);
    const office = await backOffice('void', shop.manager.email);
    const queued = await adjust(office, {
      companyId: shop.companyId,
      accountId: card,
      action: 'void',
      reason: 'Reported stolen',
    });
    expect(queued.ok).toBe(true);
    expect(await office.ledger.outbox.toArray()).toMatchObject([
      { name: 'value.adjust', terminal_id: null, company_id: shop.companyId },
    ]);
    await office.engine.syncNow();
    // [VAL-A4] One push: the server's answer (with the account's id and status) is read at once.
    expect(office.engine.getStatus()).toMatchObject({ lastError: null, pending: 0 });
    expect(await office.ledger.outbox.count()).toBe(0);
    expect(await office.ledger.deadLetters.count()).toBe(0);
    expect(await balanceOf(card)).toBe(0);

    const statement = await statementOf(office, shop.companyId, card);
    expect(statement.account.status).toBe('void');
    expect(statement.closing).toBe(0);
    expect(statement.entries.at(-1)).toMatchObject({
      kind: 'void',
      delta: -2500,
      balanceAfter: 0,
      reason: 'Reported stolen',
      by: await staffName(shop, shop.manager.id),
    });
    expect(statement.entries.at(-1)?.recordedAt).toEqual(expect.any(String));
  });

  test('[VAL-A1] a manager adds €5 to store credit with a reason: an adjust entry with who and when', async () => {
    const customer = await addCustomer(shop, 'Dora Credit');
    const credit = await customerAccount(shop, customer, 'store_credit');
    await writeEntry(shop, credit, 'refund', 1000);
    const office = await backOffice('credit', shop.manager.email);
    const queued = await adjust(office, {
      companyId: shop.companyId,
      accountId: credit,
      action: 'adjust',
      delta: 500,
      reason: 'Goodwill for a late order',
    });
    expect(queued.ok).toBe(true);
    await office.engine.syncNow();
    expect(await office.ledger.deadLetters.count()).toBe(0);
    const statement = await statementOf(office, shop.companyId, credit);
    expect(statement.closing).toBe(1500);
    const entry = statement.entries.at(-1);
    expect(entry).toMatchObject({
      kind: 'adjust',
      delta: 500,
      balanceAfter: 1500,
      reason: 'Goodwill for a late order',
      by: await staffName(shop, shop.manager.id),
    });
    expect(Date.parse(entry?.occurredAt ?? '')).not.toBeNaN();
  });

  test('[VAL-A2] a block and an unblock read back as status changes with who and why', async () => {
    const card = await giftCard(shop, 'BACK-OFFICE-BLOCK-0001', 1000);
    const office = await backOffice('block', shop.owner.email);
    for (const action of ['block', 'unblock'] as const) {
      const queued = await adjust(office, {
        companyId: shop.companyId,
        accountId: card,
        action,
        reason: 'Checked',
      });
      expect(queued.ok).toBe(true);
    }
    await office.engine.syncNow();
    const statement = await statementOf(office, shop.companyId, card);
    const owner = await staffName(shop, shop.owner.id);
    expect(statement.account.status).toBe('active');
    expect(statement.statusChanges).toMatchObject([
      { from: 'active', to: 'blocked', reason: 'Checked', by: owner },
      { from: 'blocked', to: 'active', reason: 'Checked', by: owner },
    ]);
  });

  test('[VAL-A4] a cashier’s adjustment from the back office is refused by the server and moves nothing', async () => {
    const card = await giftCard(shop, 'BACK-OFFICE-CASHIER-0001', 1000);
    const office = await backOffice('cashier', shop.cashier.email);
    const queued = await adjust(office, {
      companyId: shop.companyId,
      accountId: card,
      action: 'adjust',
      delta: 5000,
      reason: 'Trust me',
    });
    expect(queued.ok).toBe(true);
    await office.engine.syncNow();
    // [PUSH-5] The op waits on the device for a manager to sign in: the server moved nothing.
    expect(await office.ledger.outbox.toArray()).toMatchObject([
      { name: 'value.adjust', last_error: { code: 'insufficient_role' } },
    ]);
    expect(await balanceOf(card)).toBe(1000);
  });

  test('[VAL-A4] another shop’s manager is refused and learns nothing of the card', async () => {
    const card = await giftCard(shop, 'BACK-OFFICE-STRANGER-0001', 1000);
    const office = await backOffice('stranger', stranger.manager.email);
    await adjust(office, { companyId: shop.companyId, accountId: card, action: 'void', reason: 'Mine now' });
    await adjust(office, {
      companyId: stranger.companyId,
      accountId: card,
      action: 'void',
      reason: 'Mine now',
    });
    await office.engine.syncNow();
    // Naming this shop: the op waits on the device for a member of this shop, never sent ([PUSH-5]; the
    // server's own not_member is tests/integration/value-ops'); naming their own: no such account, in words
    // that carry nothing of the card.
    expect(office.engine.getStatus()).toMatchObject({ waitingForOtherUser: 1 });
    expect((await office.ledger.outbox.toArray()).map((row) => row.last_error)).toEqual([null]);
    const dead = await office.ledger.deadLetters.toArray();
    expect(dead.map((row) => row.error.code)).toEqual(['unknown_account']);
    expect(JSON.stringify(dead.map((row) => row.error))).not.toMatch(/1000|10\.00|active|BACK-OFFICE/);
    const read = await valueReportsOf(clientOf(office), shop.companyId).statement(
      card,
      dayIn(SHOP_TIME_ZONE),
      dayIn(SHOP_TIME_ZONE),
    );
    expect(read.ok).toBe(false);
    expect(await balanceOf(card)).toBe(1000);
  });

  test('[VAL-A4] a missing reason is refused on the device in words, and nothing is queued', async () => {
    const card = await giftCard(shop, 'BACK-OFFICE-REASON-0001', 1000);
    const office = await backOffice('reason', shop.manager.email);
    const refused = await adjust(office, {
      companyId: shop.companyId,
      accountId: card,
      action: 'adjust',
      delta: 100,
      reason: '   ',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
    if (!refused.ok) expect(refused.error.message).toMatch(/Say why/);
    expect(await office.ledger.outbox.count()).toBe(0);
  });
});

test('[VAL-A4] the screen’s port follows its op: taken by the server for a manager, held in words for a cashier', async () => {
  const card = await giftCard(shop, 'BACK-OFFICE-PORT-0001', 1000);
  const outcomes: (string | null)[] = [];
  for (const email of [shop.manager.email, shop.cashier.email]) {
    const office = await backOffice('port', email);
    const port = valueAdjustPort(
      { ledger: office.ledger, ids: newId, clock: () => new Date() },
      shop.companyId,
    );
    const sent = await port.send({ accountId: card, action: 'adjust', delta: 200, reason: 'Counted' });
    if (!sent.ok) throw new Error(sent.error.message);
    const settled = port.settled(sent.value.id);
    await office.engine.syncNow();
    outcomes.push(await settled);
  }
  expect(outcomes).toEqual([null, expect.stringContaining('insufficient_role')]);
  expect(await balanceOf(card)).toBe(1200);
});

test('[VAL-A3] an approval naming an unknown action is refused in a sentence that lists value_adjust', async () => {
  const card = await giftCard(shop, 'BACK-OFFICE-APPROVAL-0001', 1000);
  const [answer] = await applyOps(shop.cashier.client, [
    op('value.adjust', {
      id: newId(),
      account_id: card,
      company_id: shop.companyId,
      action: 'adjust',
      delta: 100,
      reason: 'Counted',
      occurred_at: new Date().toISOString(),
      approval: { by: shop.manager.id, action: 'balance_fix', proof: '0'.repeat(64) },
    }),
  ]);
  expect(answer?.error).toMatchObject({ code: 'invalid_args' });
  expect(answer?.error?.message).toMatch(/shift_difference or value_adjust/);
});

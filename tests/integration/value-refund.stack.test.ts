// [VAL-15] [VAL-17] A refund to store credit made offline at the register (refundSale, the till's own code),
// synced through the real sync engine: the server writes the refund entry on the customer's derived store
// credit, and its balance equals the till's — what the till counted from its own entry before syncing, and
// what it pulls back after.
import 'fake-indexeddb/auto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { newId } from '../../src/domain/ids';
import { customerAccountId } from '../../src/domain/value/account-id';
import type { LedgerDb } from '../../src/data/local/ledger-db';
import { saleWithLines } from '../../src/data/local/ledger-reads';
import { refundSale } from '../../src/features/register/refund/refund-command';
import { createShop, must, nth, type Shop } from '../support/shop';
import { serviceClient } from '../support/supabase';
import { queueOneSale, registeredTill, type Till } from '../support/sync-stack';

let shop: Shop;
let till: Till;
let ledger: LedgerDb;

beforeAll(async () => {
  shop = await createShop({ products: 1 });
  // A manager's till: managers may both sell and refund.
  const made = await registeredTill('value-refund', shop.manager.email, {
    storeId: shop.storeId,
    name: 'Value refunds',
  });
  till = made.till;
  ledger = made.ledger;
});

afterAll(() => {
  ledger.close();
});

test('[VAL-15] a refund to store credit made offline syncs; the server’s store credit equals the till’s', async () => {
  const alice = uuidv7();
  must(
    await shop.manager.client
      .from('customers')
      .insert({ id: alice, company_id: shop.companyId, name: 'Alice' }),
    'customer',
  );
  const engine = till.engine(ledger);
  const deps = { ledger, ids: newId, clock: () => new Date() };
  const product = nth(shop.products, 0);

  till.net.offline = true;
  const sale = await queueOneSale(ledger, shop.companyId, product);
  const [line] = await ledger.saleLines.where('sale_id').equals(sale.saleId).toArray();
  // The sale had no customer: Alice is attached to the refund at the counter.
  const refunded = await refundSale(
    deps,
    {
      companyId: shop.companyId,
      rules: { currency: 'EUR', taxMode: 'inclusive', cashRounding: 1 },
      cashierId: null,
      shiftId: null,
      isWeighed: () => false,
      tracksStock: () => true,
    },
    {
      saleId: sale.saleId,
      quantities: [{ originalLineId: line?.id ?? '', quantity: 1000 }],
      tender: { method: 'store_credit' },
      reason: 'Changed her mind',
      restock: true,
      customerId: alice,
    },
  );
  if (!refunded.ok) throw new Error(refunded.error.message);
  const credit = await customerAccountId(alice, 'store_credit');
  const tillCredit = (await ledger.valueEntries.where('account_id').equals(credit).toArray()).reduce(
    (total, entry) => total + entry.delta,
    0,
  );
  expect(tillCredit).toBe(product.price);

  till.net.offline = false;
  for (let round = 0; round < 10 && (await ledger.outbox.count()) > 0; round++) await engine.syncNow();
  expect(await ledger.outbox.count()).toBe(0);
  expect(await saleWithLines(ledger, refunded.value.refundId)).toMatchObject({ sync: 'synced' });

  const server = serviceClient();
  const entries = must<{ id: string; kind: string; delta: number; sale_id: string }[]>(
    await server.from('value_entries').select('id, kind, delta, sale_id').eq('account_id', credit),
    'entries',
  );
  expect(entries).toEqual([
    expect.objectContaining({ kind: 'refund', delta: product.price, sale_id: refunded.value.refundId }),
  ]);
  // The till's entry and the server's are one entry: the same id.
  const [tillEntry] = await ledger.valueEntries.where('account_id').equals(credit).toArray();
  expect(entries[0]?.id).toBe(tillEntry?.id);
  const balance = must<{ balance: number }>(
    await server.from('value_balances').select('balance').eq('account_id', credit).single(),
    'balance',
  );
  expect(balance.balance).toBe(tillCredit);
  const account = must<{ kind: string; customer_id: string }>(
    await server.from('value_accounts').select('kind, customer_id').eq('id', credit).single(),
    'account',
  );
  expect(account).toEqual({ kind: 'store_credit', customer_id: alice });

  // Pulled back, the mirror says the same.
  await engine.syncNow();
  const pulled = await till.mirror(shop.manager.id).valueBalances.get(credit);
  expect(pulled?.balance).toBe(tillCredit);
  // …and the till's own entry is settled: it no longer counts on top of the mirror.
  expect(await ledger.valueEntries.get(tillEntry?.id ?? '')).toMatchObject({ settled: 1, sync: 'synced' });
  const flags = must<unknown[]>(
    await server.from('flags').select('kind, detail').eq('sale_id', refunded.value.refundId),
    'flags',
  );
  expect(flags).toEqual([]);
});

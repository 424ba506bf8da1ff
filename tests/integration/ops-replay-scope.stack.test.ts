// Exactly-once against other users, not only against retries (supabase/SPEC.md [OPS-12]–[OPS-14],
// src/data/sync/SPEC.md [PUSH-7]): an op_id is the till's own only when the op behind it is the same, and a
// stored answer goes back only to the shop it belongs to.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LedgerDb } from '../../src/data/local/ledger-db';
import { saleWithLines } from '../../src/data/local/ledger-reads';
import { applyOps, op, saleOp } from '../support/ops';
import { createShop, nth, registerTerminal, type Shop, type Terminal } from '../support/shop';
import { serviceClient } from '../support/supabase';
import { queueOneSale, registeredTill } from '../support/sync-stack';

let shopA: Shop;
let shopB: Shop;
let tillA: Terminal;
const ledgers: LedgerDb[] = [];

beforeAll(async () => {
  [shopA, shopB] = await Promise.all([createShop({ products: 2 }), createShop({ products: 1 })]);
  tillA = await registerTerminal(shopA.cashier, shopA.storeId);
});

afterAll(() => {
  for (const ledger of ledgers) ledger.close();
});

async function salesWithIds(ids: string[]): Promise<number> {
  const { count, error } = await serviceClient()
    .from('sales')
    .select('id', { count: 'exact', head: true })
    .in('id', ids);
  if (error) throw new Error(error.message);
  return count ?? 0;
}

async function appliedOpsRow(opId: string): Promise<unknown[]> {
  const { data, error } = await serviceClient().from('applied_ops').select('op_id').eq('op_id', opId);
  if (error) throw new Error(error.message);
  return data;
}

function customerOf(shop: Shop) {
  return op('customer.upsert', { id: crypto.randomUUID(), company_id: shop.companyId, name: 'Stranger' });
}

describe('an op_id another user used first', () => {
  test('[OPS-12] shop B took op_id X first: shop A’s sale with X answers op_id_conflict, not duplicate, and lands under a new id', async () => {
    const theirs = customerOf(shopB);
    expect(await applyOps(shopB.cashier.client, [theirs])).toMatchObject([{ status: 'applied' }]);
    const ours = {
      ...saleOp({ terminal: tillA, lines: [{ product: nth(shopA.products, 0), quantity: 1 }] }),
    };
    ours.op_id = theirs.op_id;
    const [answer] = await applyOps(shopA.cashier.client, [ours]);
    expect(answer).toMatchObject({ status: 'rejected', error: { code: 'op_id_conflict' } });
    expect(await salesWithIds([ours.args.id as string])).toBe(0);
    // The conflict is not recorded: the op under a new op_id applies.
    const [again] = await applyOps(shopA.cashier.client, [{ ...ours, op_id: crypto.randomUUID() }]);
    expect(again?.status).toBe('applied');
    expect(await salesWithIds([ours.args.id as string])).toBe(1);
  });

  test('[OPS-12] [PUSH-7] through the real engine: the till re-keys the clashing sale and the server has it once', async () => {
    const made = await registeredTill('replay', shopA.cashier.email, {
      storeId: shopA.storeId,
      name: 'Clash till',
    });
    ledgers.push(made.ledger);
    const sold = await queueOneSale(made.ledger, shopA.companyId, nth(shopA.products, 1));
    // A member of shop B learns the queued op_id (say, from a shared device's export) and uses it first.
    const stolen = { ...customerOf(shopB), op_id: sold.opId };
    expect(await applyOps(shopB.cashier.client, [stolen])).toMatchObject([{ status: 'applied' }]);

    await made.till.engine(made.ledger).syncNow();
    expect(await made.ledger.outbox.count()).toBe(0);
    expect(await made.ledger.deadLetters.count()).toBe(0);
    const local = await saleWithLines(made.ledger, sold.saleId);
    expect(local).toMatchObject({ sync: 'synced' });
    expect(local?.op_id).not.toBe(sold.opId);
    expect(await salesWithIds([sold.saleId])).toBe(1);
  });
});

describe('stored answers stay with their shop', () => {
  test('[OPS-13] replaying shop A’s rejected op_id from shop B does not return A’s error text', async () => {
    const bad = saleOp({ terminal: tillA, lines: [{ product: nth(shopA.products, 0), quantity: 1 }] });
    bad.args.total = (bad.args.total as number) + 1;
    const [first] = await applyOps(shopA.cashier.client, [bad]);
    expect(first).toMatchObject({ status: 'rejected', error: { code: 'total_mismatch' } });
    // The very same op, replayed by a member of another shop.
    const [leak] = await applyOps(shopB.owner.client, [bad]);
    expect(leak).toMatchObject({ status: 'rejected', error: { code: 'not_member' } });
    expect(JSON.stringify(leak)).not.toContain('add up');
    expect(leak?.txid).toBeUndefined();
    // Another op under the same op_id: a conflict, again without A's answer.
    const [other] = await applyOps(shopB.owner.client, [{ ...customerOf(shopB), op_id: bad.op_id }]);
    expect(other).toMatchObject({ status: 'rejected', error: { code: 'op_id_conflict' } });
    expect(JSON.stringify(other)).not.toContain('add up');
    // A's own till still gets its recorded answer.
    const [own] = await applyOps(shopA.cashier.client, [bad]);
    expect(own).toMatchObject({ status: 'rejected', replayed: true, error: first?.error });
  });

  test('[OPS-14] a non-member’s rejected op is never recorded against another shop', async () => {
    // Bad arguments are found before membership is checked, so the stranger gets a business rejection.
    const intruding = op('customer.upsert', { company_id: shopA.companyId, name: 'No id' });
    const [answer] = await applyOps(shopB.owner.client, [intruding]);
    expect(answer).toMatchObject({ status: 'rejected', error: { code: 'invalid_args' } });
    expect(await appliedOpsRow(intruding.op_id)).toEqual([]);
    // So shop A's own op with that op_id is answered on its merits.
    const real = { ...customerOf(shopA), op_id: intruding.op_id };
    expect(await applyOps(shopA.cashier.client, [real])).toMatchObject([{ status: 'applied' }]);
  });
});

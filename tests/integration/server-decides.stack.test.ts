// The server decides who sold and whether a shop keeps an owner; no field the till sends can say otherwise,
// and no counter can turn a paid sale into a rejection (supabase/SPEC.md [SALE-3], [SALE-9], [SCHEMA-11],
// [STOCK-6]). Tried as a cashier, as a member of another shop and as two owners at the same moment.
import pg from 'pg';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { applyOps, onHand, op, saleOp } from '../support/ops';
import { createShop, invite, nth, registerTerminal, type Shop, type Terminal } from '../support/shop';
import { serviceClient } from '../support/supabase';

let shop: Shop;
let stranger: Shop;
let till: Terminal;
const onPostgres = inject('stackDatabase') === 'postgres';

beforeAll(async () => {
  [shop, stranger] = await Promise.all([createShop({ products: 2 }), createShop({ products: 1 })]);
  till = await registerTerminal(shop.cashier, shop.storeId);
});

async function saleRow(id: string): Promise<{ cashier_id: string; recorded_by: string }> {
  const { data, error } = await serviceClient()
    .from('sales')
    .select('cashier_id, recorded_by')
    .eq('id', id)
    .single();
  if (error) throw new Error(error.message);
  return data;
}

describe('who sold', () => {
  test('[SALE-9] recorded_by is the signed-in sender, whatever the op says', async () => {
    const sale = saleOp({ terminal: till, lines: [{ product: nth(shop.products, 0), quantity: 1 }] });
    sale.args.cashier_id = shop.manager.id;
    sale.args.recorded_by = shop.owner.id;
    expect(await applyOps(shop.cashier.client, [sale])).toMatchObject([{ status: 'applied' }]);
    expect(await saleRow(sale.args.id as string)).toEqual({
      cashier_id: shop.manager.id,
      recorded_by: shop.cashier.id,
    });
  });

  test('[SALE-3] a cashier_id that is not a member of the shop is refused and nothing is recorded', async () => {
    const sale = saleOp({ terminal: till, lines: [{ product: nth(shop.products, 0), quantity: 1 }] });
    sale.args.cashier_id = stranger.owner.id;
    const [answer] = await applyOps(shop.cashier.client, [sale]);
    expect(answer).toMatchObject({ status: 'rejected', error: { code: 'unknown_cashier' } });
    const { count } = await serviceClient()
      .from('sales')
      .select('id', { count: 'exact', head: true })
      .eq('id', sale.args.id);
    expect(count).toBe(0);
  });
});

describe('stock counters', () => {
  test('[STOCK-6] on_hand past numeric(12,3) never rejects a sale whose money was taken', async () => {
    const product = nth(shop.products, 1);
    const waste = op('stock.move', {
      id: crypto.randomUUID(),
      store_id: shop.storeId,
      product_id: product.id,
      reason: 'waste',
      quantity: 999_999_999,
      occurred_at: new Date().toISOString(),
    });
    expect(await applyOps(shop.manager.client, [waste])).toMatchObject([{ status: 'applied' }]);
    const before = await onHand(shop.manager.client, shop.storeId, product.id);
    const sale = saleOp({ terminal: till, lines: [{ product, quantity: 2 }] });
    const [answer] = await applyOps(shop.cashier.client, [sale]);
    expect(answer?.status).toBe('applied');
    expect(await onHand(shop.manager.client, shop.storeId, product.id)).toBe(before - 2);
  });
});

describe('a shop always keeps an owner', () => {
  async function ownersOf(companyId: string): Promise<number> {
    const { count, error } = await serviceClient()
      .from('company_members')
      .select('id', { count: 'exact', head: true })
      .eq('company_id', companyId)
      .eq('role', 'owner')
      .is('deleted_at', null);
    if (error) throw new Error(error.message);
    return count ?? 0;
  }

  test.runIf(onPostgres)(
    '[SCHEMA-11] PostgreSQL: two owners stepping down at the same moment leave one owner',
    async () => {
      const race = await createShop({ products: 1 });
      const second = await invite(race.owner, race.companyId, 'owner', 'second-owner');
      const connect = async () => {
        const client = new pg.Client({ connectionString: inject('stackDatabaseUrl') });
        await client.connect();
        return client;
      };
      const [first, other] = await Promise.all([connect(), connect()]);
      const stepDown = (client: pg.Client, userId: string) =>
        client.query(
          `update public.company_members set role = 'manager' where company_id = $1 and user_id = $2`,
          [race.companyId, userId],
        );
      try {
        await first.query('begin');
        await other.query('begin');
        await stepDown(first, race.owner.id);
        // Without the lock this one would count the first owner (not yet committed) and go ahead.
        const secondStep = stepDown(other, second.id).then(
          () => null,
          (error: unknown) => error,
        );
        await first.query('commit');
        const refused = await secondStep;
        await other.query(refused ? 'rollback' : 'commit');
        expect(refused).toMatchObject({ hint: 'last_owner' });
      } finally {
        await first.end();
        await other.end();
      }
      expect(await ownersOf(race.companyId)).toBe(1);
    },
  );

  test('[SCHEMA-11] an owner stepping down after the other did is refused', async () => {
    const shop2 = await createShop({ products: 1 });
    const second = await invite(shop2.owner, shop2.companyId, 'owner', 'second-owner');
    const demote = (who: typeof second) =>
      who.client
        .from('company_members')
        .update({ role: 'manager' })
        .eq('company_id', shop2.companyId)
        .eq('user_id', who.id);
    expect((await demote(shop2.owner)).error).toBeNull();
    expect((await demote(second)).error?.hint).toBe('last_owner');
    expect(await ownersOf(shop2.companyId)).toBe(1);
  });
});

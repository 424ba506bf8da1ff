// [PULL-2] With a long transaction open while others commit, every row still arrives exactly once. On
// PostgreSQL this runs with real concurrent transactions on direct connections; PGlite has one connection,
// so there the same interleaving of commits and pulls runs one statement at a time.
import pg from 'pg';
import { beforeAll, expect, inject, test } from 'vitest';
import type { Cursor } from '../support/pull';
import { pullAll } from '../support/pull';
import { createShop, must } from '../support/shop';
import type { Shop } from '../support/shop';

let shop: Shop;
const onPostgres = inject('stackDatabase') === 'postgres';

beforeAll(async () => {
  shop = await createShop({ products: 1 });
});

function product(name: string) {
  return { id: crypto.randomUUID(), company_id: shop.companyId, name, price: 100, tax_rate_bp: 2000 };
}

/** Pulls from `cursor`, adds what arrived to `seen` (counting repeats) and returns the new cursor. */
async function pullInto(seen: Map<string, number>, cursor: Cursor | null): Promise<Cursor | null> {
  const { rows, next } = await pullAll(shop.cashier.client, 'products', cursor, 2);
  for (const row of rows) seen.set(row.id, (seen.get(row.id) ?? 0) + 1);
  return next;
}

test.runIf(onPostgres)(
  '[PULL-2] PostgreSQL: rows of a long transaction that commits last, behind later commits, still arrive exactly once',
  async () => {
    const seen = new Map<string, number>();
    let cursor = await pullInto(seen, null);
    const connect = async () => {
      const client = new pg.Client({ connectionString: inject('stackDatabaseUrl') });
      await client.connect();
      return client;
    };
    const [slow, medium] = await Promise.all([connect(), connect()]);
    const expected: string[] = [];
    try {
      const insert = async (client: pg.Client, name: string) => {
        const row = product(name);
        expected.push(row.id);
        await client.query(
          'insert into public.products (id, company_id, name, price, tax_rate_bp) values ($1, $2, $3, $4, $5)',
          [row.id, row.company_id, row.name, row.price, row.tax_rate_bp],
        );
      };
      // The slow transaction takes the lowest txid and stays open.
      await slow.query('begin');
      await insert(slow, 'slow 1');
      await medium.query('begin');
      await insert(medium, 'medium 1');
      // Others commit through the API while both are open…
      for (let i = 0; i < 5; i += 1) {
        const row = product(`api ${i}`);
        expected.push(row.id);
        must<unknown>(await shop.manager.client.from('products').insert(row), 'api insert');
        cursor = await pullInto(seen, cursor);
      }
      // …and nothing past the slow transaction's txid has been handed out yet.
      expect(expected.filter((id) => seen.has(id))).toEqual([]);
      await insert(slow, 'slow 2');
      await medium.query('commit');
      cursor = await pullInto(seen, cursor);
      expect(expected.filter((id) => seen.has(id))).toEqual([]);
      await slow.query('commit');
      cursor = await pullInto(seen, cursor);
    } finally {
      await slow.end();
      await medium.end();
    }
    await pullInto(seen, cursor);
    expect(expected.map((id) => seen.get(id))).toEqual(expected.map(() => 1));
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  },
);

test.runIf(!onPostgres)(
  '[PULL-2] PGlite (one connection): commits interleaved with pulls still bring every row exactly once',
  async () => {
    const seen = new Map<string, number>();
    let cursor = await pullInto(seen, null);
    const expected: string[] = [];
    for (let round = 0; round < 6; round += 1) {
      const rows = Array.from({ length: round % 3 }, (_, i) => product(`round ${round}.${i}`));
      expected.push(...rows.map((r) => r.id));
      if (rows.length > 0) must<unknown>(await shop.manager.client.from('products').insert(rows), 'insert');
      cursor = await pullInto(seen, cursor);
    }
    await pullInto(seen, cursor);
    expect(expected.map((id) => seen.get(id))).toEqual(expected.map(() => 1));
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  },
);

// `npm run seed:large`: benchmark data (DESIGN §10) — 50,000 products and 20,000 customers, and optionally a
// sales history — added to a company (Demo Shop by default) of the local database: PostgreSQL when
// DATABASE_URL is set, else the PGlite folder DATA_DIR (default .data; stop `npm run stack` first, PGlite
// allows one process). Everything is set-based SQL with ids derived from a name, so re-running adds nothing
// twice and a bigger --products adds only the missing rows.
import { parseArgs } from 'node:util';
import { openDatabase, prepareDatabase } from '../supabase/local/stack';
import type { Queryable } from '../supabase/local/db/database';

const DEMO_COMPANY = 'd1000000-0000-4000-8000-000000000001';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '50000' },
    customers: { type: 'string', default: '20000' },
    sales: { type: 'string', default: '0' },
    // A shop's catalogue (issue 39): every Nth product a parent of three size variants, every Mth one asking
    // for modifiers; 0 leaves the catalogue plain.
    'variants-every': { type: 'string', default: '0' },
    'modifiers-every': { type: 'string', default: '0' },
    company: { type: 'string', default: DEMO_COMPANY },
  },
});

function count(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0 || value > 1_000_000) {
    throw new Error(`--${name} must be a whole number from 0 to 1000000, got "${text}"`);
  }
  return value;
}

const products = count('products', values.products);
const customers = count('customers', values.customers);
const sales = count('sales', values.sales);
const variantsEvery = count('variants-every', values['variants-every']);
const modifiersEvery = count('modifiers-every', values['modifiers-every']);
const company = values.company;

// The EAN-13 check digit of a 12-digit text, inline so no helper function has to exist. The digit position is
// `k`, not `i`: an inner `i` would hide the product number the base is made of.
const ean13 = (base: string) => `${base} || ((10 - (
  select sum(substr(${base}, k, 1)::int * case when k % 2 = 0 then 3 else 1 end) from generate_series(1, 12) k
) % 10) % 10)::text`;

async function seedProducts(tx: Queryable): Promise<number> {
  const result = await tx.query(
    `with cats as (select array_agg(id order by sort_order, id) as ids from public.categories where company_id = $1::uuid)
     insert into public.products (id, company_id, category_id, sku, barcode, name, price, tax_rate_bp, cost, reorder_level)
     select md5('large-product:' || $1::text || ':' || i)::uuid, $1::uuid,
            cats.ids[1 + i % greatest(coalesce(array_length(cats.ids, 1), 0), 1)],
            'BULK-' || lpad(i::text, 6, '0'), ${ean13("'3' || lpad(i::text, 11, '0')")},
            (array['Blue', 'Green', 'Large', 'Small', 'Organic', 'Classic', 'Fresh', 'Mini'])[1 + i % 8] || ' ' ||
            (array['widget', 'gadget', 'snack', 'drink', 'notebook', 'soap', 'candle', 'mug', 'towel'])[1 + (i / 8) % 9]
            || ' ' || i,
            99 + (i * 37) % 4900, case when i % 5 = 0 then 550 else 2000 end, 40 + (i * 17) % 2000, 5
     from generate_series(1, $2::int) i, cats
     on conflict (id) do nothing`,
    [company, products],
  );
  const variants = await seedVariants(tx);
  // An opening delivery for each, so on-hand exists for every product.
  await tx.query(
    `insert into public.stock_movements (id, company_id, store_id, product_id, delta, reason, note, occurred_at)
     select md5('large-receive:' || p.id)::uuid, p.company_id, s.id, p.id, 100, 'receive', 'Benchmark stock', now()
     from public.products p
     cross join lateral (select id from public.stores where company_id = p.company_id order by created_at, id limit 1) s
     where p.company_id = $1::uuid and p.sku like 'BULK-%'
     on conflict (id) do nothing`,
    [company],
  );
  return result.affectedRows + variants;
}

/**
 * With --variants-every=N, every Nth bulk product becomes a parent (option names {Size}, [VAR-1], no barcode:
 * the register sells its variants, never the parent) of three
 * variants S, M and L: products of their own ('BULK-…-S', EAN-13 barcodes from 4…, the parent's price plus
 * 0, 1 and 2 euros), linked in product_variants. Returns the variant products added.
 */
async function seedVariants(tx: Queryable): Promise<number> {
  if (variantsEvery === 0) return 0;
  const parents = `from generate_series($2::int, $3::int, $2::int) i
     join public.products p on p.id = md5('large-product:' || $1::text || ':' || i)::uuid
     cross join (values (0, 'S'), (1, 'M'), (2, 'L')) v(k, size)`;
  const variantId = `md5('large-variant:' || $1::text || ':' || i || ':' || v.size)::uuid`;
  await tx.query(
    `update public.products set option_names = '{Size}', barcode = null
     where id in (select md5('large-product:' || $1::text || ':' || i)::uuid from generate_series($2::int, $3::int, $2::int) i)
       and option_names = '{}'`,
    [company, variantsEvery, products],
  );
  const added = await tx.query(
    `insert into public.products (id, company_id, category_id, sku, barcode, name, price, tax_rate_bp, cost, reorder_level)
     select ${variantId}, p.company_id, p.category_id, p.sku || '-' || v.size,
            ${ean13("'4' || lpad((i * 3 + v.k)::text, 11, '0')")}, p.name || ' / ' || v.size, p.price + 100 * v.k,
            p.tax_rate_bp, p.cost, p.reorder_level
     ${parents}
     on conflict (id) do nothing`,
    [company, variantsEvery, products],
  );
  await tx.query(
    `insert into public.product_variants (id, company_id, parent_id, option_values, position)
     select ${variantId}, p.company_id, p.id, array[v.size], v.k
     ${parents}
     on conflict (id) do nothing`,
    [company, variantsEvery, products],
  );
  return added.affectedRows;
}

/**
 * With --modifiers-every=M, every Mth bulk product (counted from the first: with the bench's ten and twenty,
 * no parent) asks for two of ten modifier groups of three options each ([MOD-1]), a required choice of one
 * and up to two extras. Returns the products that ask for modifiers.
 */
async function seedModifiers(tx: Queryable): Promise<number> {
  if (modifiersEvery === 0) return 0;
  await tx.query(
    `insert into public.modifier_groups (id, company_id, name, min_choices, max_choices, position)
     select md5('large-modifier-group:' || $1::text || ':' || g)::uuid, $1::uuid,
            case when g % 2 = 0 then 'Choice ' else 'Extras ' end || g, case when g % 2 = 0 then 1 else 0 end,
            case when g % 2 = 0 then 1 else 2 end, g
     from generate_series(1, 10) g
     on conflict (id) do nothing;`,
    [company],
  );
  await tx.query(
    `insert into public.modifier_options (id, company_id, group_id, name, price_delta, position)
     select md5('large-modifier-option:' || $1::text || ':' || g || ':' || o)::uuid, $1::uuid,
            md5('large-modifier-group:' || $1::text || ':' || g)::uuid, 'Option ' || g || '.' || o, 20 * (o - 1), o
     from generate_series(1, 10) g cross join generate_series(1, 3) o
     on conflict (id) do nothing`,
    [company],
  );
  // Made to order and tapped on the register, not scanned: they carry no barcode (a scan would ask for the
  // choices instead of adding a line, which is not what P2 times).
  await tx.query(
    `update public.products set barcode = null
     where id in (select md5('large-product:' || $1::text || ':' || i)::uuid from generate_series(1, $3::int, $2::int) i)`,
    [company, modifiersEvery, products],
  );
  const linked = await tx.query(
    `insert into public.product_modifier_groups (id, company_id, product_id, group_id, position)
     select md5('large-modifier-link:' || $1::text || ':' || i || ':' || k)::uuid, $1::uuid,
            md5('large-product:' || $1::text || ':' || i)::uuid,
            md5('large-modifier-group:' || $1::text || ':' || (1 + (i / $2::int + k) % 10))::uuid, k
     from generate_series(1, $3::int, $2::int) i cross join generate_series(0, 1) k
     on conflict (id) do nothing`,
    [company, modifiersEvery, products],
  );
  return linked.affectedRows / 2;
}

async function seedCustomers(tx: Queryable): Promise<number> {
  const result = await tx.query(
    `insert into public.customers (id, company_id, name, email, phone)
     select md5('large-customer:' || $1::text || ':' || i)::uuid, $1::uuid,
            (array['Ada', 'Ben', 'Cleo', 'Dan', 'Eva', 'Finn', 'Gia', 'Hal', 'Ida', 'Jon'])[1 + i % 10] || ' ' ||
            (array['Smith', 'Meyer', 'Rossi', 'Dupont', 'Novak', 'Silva', 'Berg'])[1 + (i / 10) % 7] || ' ' || i,
            'bulk-' || i || '@example.test', '+33 1 ' || lpad(i::text, 8, '0')
     from generate_series(1, $2::int) i
     on conflict (id) do nothing`,
    [company, customers],
  );
  return result.affectedRows;
}

/** A bench terminal with its own receipt numbers, and `sales` one-line card sales of bulk products. */
async function seedSales(tx: Queryable): Promise<number> {
  if (sales === 0) return 0;
  const terminal = (
    await tx.query<{ id: string }>(`select md5('large-terminal:' || $1::text)::uuid as id`, [company])
  ).rows[0]?.id;
  await tx.query(
    `with seq as (
       update public.companies set terminal_seq = terminal_seq + 1
       where id = $1::uuid and not exists (select 1 from public.terminals where id = $2) returning terminal_seq
     )
     insert into public.terminals (id, company_id, store_id, name, code)
     select $2, $1::uuid, (select id from public.stores where company_id = $1::uuid order by created_at, id limit 1), 'Bench',
            'T' || seq.terminal_seq
     from seq`,
    [company, terminal],
  );
  const result = await tx.query(
    `with t as (select * from public.terminals where id = $2),
     picked as (
       select i, md5('large-sale:' || $1::text || ':' || i)::uuid as sale_id, p.*,
              private.line_tax(p.price, p.tax_rate_bp, c.prices_include_tax) as tax, c.prices_include_tax as inclusive,
              c.currency, now() - make_interval(mins => i) as at
       from generate_series(1, $3::int) i
       join public.companies c on c.id = $1::uuid
       join public.products p on p.id = md5('large-product:' || $1::text || ':' || (1 + i % greatest($4::int, 1)))::uuid
     ),
     sales as (
       insert into public.sales (id, company_id, store_id, terminal_id, cashier_id, kind, receipt_no, currency,
                                 prices_include_tax, subtotal, discount_total, tax_total, total, occurred_at, op_id)
       select pk.sale_id, $1::uuid, t.store_id, t.id,
              (select user_id from public.company_members where company_id = $1::uuid order by created_at, id limit 1),
              'sale', t.code || '-' || lpad(pk.i::text, 6, '0'), pk.currency, pk.inclusive, pk.price, 0, pk.tax,
              pk.price + case when pk.inclusive then 0 else pk.tax end, pk.at, pk.sale_id
       from picked pk, t
       on conflict (id) do nothing
       returning id
     ),
     -- Data-modifying CTEs always run; the payments below need this one's sales, not its rows.
     lines as (
       insert into public.sale_lines (id, company_id, sale_id, line_no, product_id, sku, name, quantity, unit_price,
                                      tax_rate_bp, tax, total)
       select md5('large-line:' || pk.sale_id)::uuid, $1::uuid, pk.sale_id, 1, pk.id, pk.sku, pk.name, 1, pk.price,
              pk.tax_rate_bp, pk.tax, pk.price + case when pk.inclusive then 0 else pk.tax end
       from picked pk join sales s on s.id = pk.sale_id
       returning id
     )
     insert into public.payments (id, company_id, sale_id, method, amount, reference)
     select md5('large-payment:' || pk.sale_id)::uuid, $1::uuid, pk.sale_id, 'card',
            pk.price + case when pk.inclusive then 0 else pk.tax end, 'BENCH'
     from picked pk join sales s on s.id = pk.sale_id`,
    [company, terminal, sales, products],
  );
  return result.affectedRows;
}

const started = Date.now();
const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? '.data',
});
try {
  await prepareDatabase(db);
  const exists = await db.query('select 1 from public.companies where id = $1::uuid', [company]);
  if (exists.rows.length === 0) throw new Error(`No company ${company} in this database.`);
  const added = await db.transaction(async (tx) => ({
    products: await seedProducts(tx),
    withModifiers: await seedModifiers(tx),
    customers: await seedCustomers(tx),
    sales: await seedSales(tx),
  }));
  // PGlite has no autovacuum to gather statistics: without them the planner guesses a store has a handful of
  // stock levels and apply_ops' negative-stock check scans all of them for every sale (P5 of DESIGN §10).
  await db.exec('analyze');
  console.log(
    `seed:large added ${added.products} products (${added.withModifiers} asking for modifiers), ${added.customers} customers and ${added.sales} sales ` +
      `to company ${company} in ${((Date.now() - started) / 1000).toFixed(1)} s (rows already there were kept).`,
  );
} catch (error) {
  console.error(`seed:large failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await db.close();
}

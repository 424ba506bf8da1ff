// Profiling aid for P5 (not part of `npm run bench`): applies sale.record ops straight to a seeded local
// database with track_functions = 'all' and prints where apply_ops spends its time, per SQL function.
// Usage: DATA_DIR=<seeded PGlite folder> npx tsx --import ./scripts/lingui-register.mjs tests/bench/profile-ops.ts [sales] [batch]
import { addProduct, emptyCart } from '../../src/domain/cart-edit';
import { priceCart, type PricingRules } from '../../src/domain/cart';
import { newId } from '../../src/domain/ids';
import { units } from '../../src/domain/quantity';
import { buildSaleRecord } from '../../src/domain/sale-record';
import { openDatabase, prepareDatabase } from '../../supabase/local/stack';

const sales = Number(process.argv[2] ?? 200);
const batch = Number(process.argv[3] ?? 100);
const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? '.data',
});
await prepareDatabase(db);
const cashier = (
  await db.query<{ user_id: string; company_id: string }>(
    `select m.user_id, m.company_id from public.company_members m join auth.users u on u.id = m.user_id
     where u.email = 'cashier@demo.test'`,
  )
).rows[0];
if (!cashier) throw new Error('No demo cashier');
const terminal = newId();
await db.query(
  `insert into public.terminals (id, company_id, store_id, name, code)
   select $1, $2, (select id from public.stores where company_id = $2 order by created_at limit 1), 'Profile',
          'T' || (select coalesce(max(substr(code, 2)::int), 0) + 1 from public.terminals where company_id = $2)`,
  [terminal, cashier.company_id],
);
const code =
  (await db.query<{ code: string }>('select code from public.terminals where id = $1', [terminal])).rows[0]
    ?.code ?? '';
const products = (
  await db.query<{ id: string; name: string; sku: string; price: string; tax_rate_bp: number }>(
    `select id, name, sku, price, tax_rate_bp from public.products where company_id = $1 and active and not weighed limit 300`,
    [cashier.company_id],
  )
).rows;
const rules: PricingRules = { currency: 'EUR', taxMode: 'inclusive', cashRounding: 1 };
const ops = Array.from({ length: sales }, (_, n) => {
  let cart = emptyCart;
  for (let line = 0; line < 3; line++) {
    const p = products[(n * 3 + line) % products.length];
    if (p)
      cart = addProduct(
        cart,
        {
          productId: p.id,
          name: p.name,
          sku: p.sku,
          unitPrice: Number(p.price),
          taxRate: p.tax_rate_bp,
          weighed: false,
        },
        units(1 + line),
        newId(),
      );
  }
  const total = priceCart(cart, rules).totals.total;
  const args = buildSaleRecord(
    cart,
    [{ method: 'card', amount: total }],
    {
      saleId: newId(),
      terminalId: terminal,
      shiftId: null,
      cashierId: cashier.user_id,
      receiptNo: `${code}-${String(n + 1).padStart(6, '0')}`,
      occurredAt: new Date(),
      rules,
    },
    newId,
  );
  if (!args.ok) throw new Error(args.error.message);
  return {
    op_id: newId(),
    name: 'sale.record',
    args: args.value,
    terminal_id: terminal,
    seq: n + 1,
    created_at: new Date().toISOString(),
  };
});
const claims = JSON.stringify({ sub: cashier.user_id, role: 'authenticated' });
let total = 0;
for (let i = 0; i < ops.length; i += batch) {
  const started = performance.now();
  const answers = await db.transaction(async (tx) => {
    await tx.query(
      `select set_config('track_functions', 'all', true), set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`,
      [claims],
    );
    return (
      (
        await tx.query<{ a: { status: string; error?: unknown }[] }>(
          'select public.apply_ops($1::jsonb) as a',
          [JSON.stringify(ops.slice(i, i + batch))],
        )
      ).rows[0]?.a ?? []
    );
  });
  total += performance.now() - started;
  const bad = answers.filter((a) => a.status !== 'applied');
  if (bad.length > 0) console.log('not applied:', JSON.stringify(bad[0]));
}
console.log(
  `${sales} sales in batches of ${batch}: ${total.toFixed(0)} ms, ${(total / sales).toFixed(2)} ms per sale`,
);
await db.query('select pg_stat_force_next_flush()').catch(() => undefined);
const stats = await db.query<{ name: string; calls: string; total: number; self: number }>(
  `select schemaname || '.' || funcname as name, calls, round(total_time::numeric, 1)::float as total, round(self_time::numeric, 1)::float as self
   from pg_stat_user_functions order by self_time desc limit 20`,
);
console.table(stats.rows);
await db.close();

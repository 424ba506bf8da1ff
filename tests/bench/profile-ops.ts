// Profiling aid for P5 (not part of `npm run bench`): applies sale.record ops straight to a seeded local
// database with track_functions = 'all' and prints where apply_ops spends its time, per SQL function.
// Usage: DATA_DIR=<seeded PGlite folder> npx tsx --import ./scripts/lingui-register.mjs tests/bench/profile-ops.ts [sales] [batch]
// CAFE=1 sends café sales instead (P5c's mix): two lines in three a latte with its milk and extras (the demo's
// modifiers, [MOD-4]), a T-shirt variant on one sale in three, the demo customer on one in five, who earns
// loyalty points on the batch path ([VAL-10]; none with CAFE_CUSTOMERS=0, to compare).
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
const cafe = process.env.CAFE === '1';
const customer =
  (
    await db.query<{ id: string }>(
      'select id from public.customers where company_id = $1 order by id limit 1',
      [cashier.company_id],
    )
  ).rows[0]?.id ?? null;

/** [SALE-5] Tax of a line's amount at a rate, prices including tax; half away from zero. */
function inclusiveTax(amount: number, rate: number): number {
  return Math.round((amount * rate) / (10000 + rate));
}

/** A café sale as the till writes it: lattes with options (base price 320: whole 0, oat 50, shot 60, syrup 40). */
function cafeArgs(n: number) {
  const options = [
    [{ option_id: 'd4200000-0000-4000-8000-000000000002', price_delta: 50, name: 'Oat' }],
    [
      { option_id: 'd4200000-0000-4000-8000-000000000001', price_delta: 0, name: 'Whole' },
      { option_id: 'd4200000-0000-4000-8000-000000000004', price_delta: 60, name: 'Extra shot' },
    ],
    [
      { option_id: 'd4200000-0000-4000-8000-000000000003', price_delta: 50, name: 'Soy' },
      { option_id: 'd4200000-0000-4000-8000-000000000005', price_delta: 40, name: 'Vanilla syrup' },
    ],
  ];
  const lines = [0, 1, 2].map((line) => {
    const latte = line < 2;
    const mods = options[(n + line) % options.length] ?? [];
    const variant = `d4000000-0000-4000-8000-0000000000${String(11 + (n % 6))}`;
    const plain = products[(n * 3 + line) % products.length];
    const price = latte
      ? 320 + mods.reduce((sum, m) => sum + m.price_delta, 0)
      : n % 3 === 0
        ? 1500
        : Number(plain?.price ?? 100);
    const quantity = 1 + (line % 2);
    const total = price * quantity;
    return {
      id: newId(),
      product_id: latte ? 'd4000000-0000-4000-8000-0000000000a1' : n % 3 === 0 ? variant : plain?.id,
      name: latte ? 'Latte' : (plain?.name ?? 'Item'),
      quantity,
      unit_price: price,
      tax_rate_bp: 2000,
      tax: inclusiveTax(total, 2000),
      total,
      ...(latte ? { base_price: 320, modifiers: mods } : {}),
    };
  });
  const total = lines.reduce((sum, l) => sum + l.total, 0);
  return {
    id: newId(),
    terminal_id: terminal,
    cashier_id: cashier?.user_id,
    customer_id: n % 5 === 0 && process.env.CAFE_CUSTOMERS !== '0' ? customer : null,
    receipt_no: `${code}-${String(n + 1).padStart(6, '0')}`,
    occurred_at: new Date().toISOString(),
    total,
    tax_total: lines.reduce((sum, l) => sum + l.tax, 0),
    lines,
    payments: [{ id: newId(), method: 'card', amount: total }],
  };
}

const ops = Array.from({ length: sales }, (_, n) => {
  if (cafe)
    return {
      op_id: newId(),
      name: 'sale.record',
      args: cafeArgs(n),
      terminal_id: terminal,
      seq: n + 1,
      created_at: new Date().toISOString(),
    };
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

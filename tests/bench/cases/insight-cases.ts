// P9 (DESIGN §10): each insight function (supabase/SPEC.md [INS-2]..[INS-5]) over a year of a busy shop's
// sales — ≈ 500,000 sales with two lines each, a third with a customer, a refund in every 40 — answers in under
// a second on PostgreSQL, reading the daily summaries the triggers keep ([INS-6]). The floor is a `count(*)` over the same year's sales, the least any report of them
// costs. Runs in a database of its own (`insights_bench`) on the server DATABASE_URL names, made with the
// migrations and the demo seed, and dropped afterwards; with no DATABASE_URL it says so and does not run.
import type { Database, Queryable } from '../../../supabase/local/db/database';
import { openDatabase, prepareDatabase } from '../../../supabase/local/stack';
import { DEMO } from '../../support/demo';
import { adminQuery, withDatabase } from '../postgres';
import { notRun, row, type BenchRow } from '../report';

export const INSIGHTS_BUDGET = ['P9', 'insights over a year of sales', 'median < 1 s each'] as const;
const [ID, WHAT, BUDGET] = INSIGHTS_BUDGET;
const BENCH_DATABASE = 'insights_bench';
/** A year of a busy shop's sales; `--quick` loads a tenth, to prove the case runs. */
const FULL_SALES = 500_000;
const RUNS = 5;
const FUNCTIONS = ['insight_sales', 'insight_heatmap', 'insight_inventory', 'insight_customers'] as const;

const company = DEMO.companyId;
const store = DEMO.storeId;
const cashier = DEMO.users.cashier.id;
const terminal = 'd3000000-0000-4000-8000-000000000900';

/**
 * A year of sales up to now, set-based: triggers are off for the load (session_replication_role), so every
 * column a trigger would stamp is written here. Lines of the demo products with their costs; a tenth of the
 * sales discounted; a third with one of 5,000 customers; every 40th sale refunded in part the next day.
 */
async function seedYear(db: Queryable, sales: number): Promise<void> {
  await db.exec(`
    set session_replication_role = replica;
    insert into public.terminals (id, company_id, store_id, name, code)
    values ('${terminal}', '${company}', '${store}', 'Insights bench', 'T900');
    insert into public.customers (id, company_id, name)
    select md5('insights-customer:' || i)::uuid, '${company}', 'Bench customer ' || i
    from generate_series(1, 5000) i;
    create temporary table bench_products as
    select row_number() over (order by id) as n, id, name, price, cost from public.products
    where company_id = '${company}' and deleted_at is null;
    insert into public.sales (id, company_id, store_id, terminal_id, cashier_id, customer_id, kind, receipt_no,
                              currency, prices_include_tax, subtotal, discount_total, tax_total, total,
                              occurred_at, recorded_by, op_id)
    select md5('insights-sale:' || i)::uuid, '${company}', '${store}', '${terminal}', '${cashier}',
           case when i % 3 = 0 then md5('insights-customer:' || (1 + (i::bigint * 7919) % 5000))::uuid end,
           'sale', 'T900-' || lpad(i::text, 7, '0'), 'EUR', true, 1000, case when i % 10 = 0 then 100 else 0 end,
           150, case when i % 10 = 0 then 900 else 1000 end,
           now() - interval '365 days' + i * (interval '365 days' / ${String(sales)}), '${cashier}',
           md5('insights-sale:' || i)::uuid
    from generate_series(1, ${String(sales)}) i;
    insert into public.sale_lines (id, company_id, sale_id, line_no, product_id, name, quantity, unit_price,
                                   discount, tax_rate_bp, tax, total, unit_cost)
    select md5('insights-line:' || i || ':' || k)::uuid, '${company}', md5('insights-sale:' || i)::uuid, k, p.id,
           p.name, k, 500 / k, case when k = 2 and i % 10 = 0 then 100 else 0 end, 2000, 75,
           case when k = 2 and i % 10 = 0 then 400 else 500 end, p.cost
    from generate_series(1, ${String(sales)}) i
    cross join generate_series(1, 2) k
    join bench_products p on p.n = 1 + (i * k * 31) % (select count(*) from bench_products);
    insert into public.sales (id, company_id, store_id, terminal_id, cashier_id, customer_id, kind, refund_of,
                              receipt_no, currency, prices_include_tax, subtotal, discount_total, tax_total, total,
                              occurred_at, recorded_by, op_id)
    select md5('insights-refund:' || s.id)::uuid, s.company_id, s.store_id, s.terminal_id, s.cashier_id,
           s.customer_id, 'refund', s.id, 'T900-' || lpad((${String(sales)} + i / 40)::text, 7, '0'), 'EUR', true,
           500, 0, 75, 500, s.occurred_at + interval '1 day', s.cashier_id, md5('insights-refund:' || s.id)::uuid
    from generate_series(40, ${String(sales)}, 40) i
    join public.sales s on s.id = md5('insights-sale:' || i)::uuid
    where s.occurred_at < now() - interval '1 day';
    insert into public.sale_lines (id, company_id, sale_id, line_no, product_id, name, quantity, unit_price,
                                   discount, tax_rate_bp, tax, total, unit_cost, refund_of_line_id)
    select md5('insights-refund-line:' || r.id)::uuid, r.company_id, r.id, 1, l.product_id, l.name, l.quantity,
           l.unit_price, 0, 2000, 75, 500, l.unit_cost, l.id
    from public.sales r join public.sale_lines l on l.sale_id = r.refund_of and l.line_no = 1
    where r.terminal_id = '${terminal}' and r.kind = 'refund';
    set session_replication_role = origin;
    -- The load skipped the triggers that keep the insights' summaries ([INS-6]): build them as a new time
    -- zone would.
    select private.insight_rebuild('${company}');
  `);
}

/** One call as the demo manager, the way PostgREST makes it: the JWT's claims and the authenticated role. */
async function timedAsManager(db: Database, sql: string, params: unknown[]) {
  return db.transaction(async (tx) => {
    const claims = JSON.stringify({ sub: DEMO.users.manager.id, role: 'authenticated' });
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
    await tx.exec('set local role authenticated');
    const started = performance.now();
    await tx.query(sql, params);
    return performance.now() - started;
  });
}

function dayText(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export async function insightRows(log: (text: string) => void, quick: boolean): Promise<BenchRow[]> {
  const sales = quick ? FULL_SALES / 10 : FULL_SALES;
  const url = process.env.DATABASE_URL;
  if (!url) {
    log(
      'P9 skipped: it needs PostgreSQL (set DATABASE_URL, e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres)',
    );
    return [notRun(ID, WHAT, BUDGET, 'no PostgreSQL: set DATABASE_URL')];
  }
  const benchUrl = withDatabase(url, BENCH_DATABASE);
  await adminQuery(url, `drop database if exists ${BENCH_DATABASE} with (force)`);
  await adminQuery(url, `create database ${BENCH_DATABASE}`);
  const db = await openDatabase({ databaseUrl: benchUrl });
  try {
    const seeded = performance.now();
    await prepareDatabase(db);
    await seedYear(db, sales);
    // Statistics and the visibility map, as autovacuum would leave them (VACUUM runs outside a transaction).
    for (const table of [
      'public.sales',
      'public.customers',
      'private.insight_lines_daily',
      'private.insight_sales_hourly',
    ])
      await adminQuery(benchUrl, `vacuum analyze ${table}`);
    log(`P9 seeded ${String(sales)} sales in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

    const to = new Date();
    const from = new Date(to.getTime() - 364 * 86_400_000);
    const range = [company, dayText(from), dayText(to)];
    const floor: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      floor.push(
        await timedAsManager(
          db,
          `select count(*) from public.sales where company_id = $1 and occurred_at >= $2::date and occurred_at < $3::date + 1`,
          range,
        ),
      );
    }
    const floorMedian = [...floor].sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? Number.NaN;
    const rows: BenchRow[] = [];
    for (const fn of FUNCTIONS) {
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        samples.push(await timedAsManager(db, `select public.${fn}($1, $2::date, $3::date)`, range));
      }
      const result = row({
        id: `${ID}.${String(FUNCTIONS.indexOf(fn) + 1)}`,
        what: `${fn} (${WHAT})`,
        budget: BUDGET,
        unit: 'ms',
        samples,
        baseline: `count(*) floor ${floorMedian.toFixed(1)} ms`,
        passes: ({ median }) => median < 1000,
      });
      rows.push({
        ...result,
        baseline: `${result.baseline ?? ''} (${(result.median / floorMedian).toFixed(2)}×)`,
      });
      log(`P9 ${fn}: median ${result.median.toFixed(1)} ms`);
    }
    return rows;
  } finally {
    await db.close();
    await adminQuery(url, `drop database if exists ${BENCH_DATABASE} with (force)`);
  }
}

-- [OPS-15] Replaying queued sales, faster again (issue 17, P5); no new answer. private.plain_sales was a SQL
-- function, so Postgres (before 18) planned its one large statement again on every call: on PGlite that
-- planning cost a third of checking a batch of 100. As PL/pgSQL, the statement is prepared once per
-- connection. The body is 20261126000100's, unchanged.
-- Both batch functions also keep one generic plan from the first call (plan_cache_mode): by default a
-- prepared statement is planned afresh for its first five runs, and a plan here depends on nothing a
-- parameter's value could tell the planner (the ops arrive as one JSON array either way).

create or replace function private.plain_sales(p_ops jsonb, p_user uuid) returns jsonb
language plpgsql stable security definer set search_path = '' set jit = off
  set enable_hashjoin = off set enable_mergejoin = off set plan_cache_mode = force_generic_plan as $$
begin
  return (
    with op as (
      select o.n, (o.op ->> 'op_id')::uuid as op_id, o.op, o.op -> 'args' as args, a.*
      from pg_catalog.jsonb_array_elements(p_ops) with ordinality as o(op, n)
      cross join lateral pg_catalog.jsonb_to_record(o.op -> 'args') as a(
        id jsonb, terminal_id jsonb, shift_id jsonb, cashier_id jsonb, customer_id jsonb, receipt_no jsonb,
        occurred_at jsonb, note jsonb, subtotal jsonb, discount_total jsonb, tax_total jsonb, rounding jsonb,
        total jsonb, lines jsonb, payments jsonb)
    ),
    head as (
      select op.n, op.op_id, op.op, op.args, t.id as terminal_id, t.company_id, t.store_id, t.code,
             c.currency, c.prices_include_tax, c.cash_rounding,
             private.plain_uuid(op.id) as id, private.plain_uuid(op.shift_id) as shift_id,
             coalesce(private.plain_uuid(op.cashier_id), p_user) as cashier_id,
             private.plain_uuid(op.customer_id) as customer_id, private.plain_text(op.receipt_no, 20) as receipt_no,
             private.plain_time(op.occurred_at) as occurred_at, private.plain_text(op.note, 2000) as note,
             private.plain_money(op.subtotal) as subtotal, private.plain_money(op.discount_total) as discount_total,
             private.plain_money(op.tax_total) as tax_total,
             coalesce(private.plain_money(op.rounding, true), 0) as rounding, private.plain_money(op.total) as total,
             op.lines, coalesce(op.payments, '[]') as payments, private.plain_array(op.lines, 1, 1000) as lines_ok,
             private.plain_array(coalesce(op.payments, '[]'), 0, 20) as payments_ok,
             (op.shift_id is null or private.plain_uuid(op.shift_id) is not null)
             and (op.cashier_id is null or private.plain_uuid(op.cashier_id) is not null)
             and (op.customer_id is null or private.plain_uuid(op.customer_id) is not null)
             and (op.note is null or private.plain_text(op.note, 2000) is not null)
             and (op.subtotal is null or private.plain_money(op.subtotal) is not null)
             and (op.discount_total is null or private.plain_money(op.discount_total) is not null)
             and (op.rounding is null or private.plain_money(op.rounding, true) is not null) as optional_ok
      from op
      left join public.terminals t on t.id = private.plain_uuid(op.terminal_id)
      left join public.companies c on c.id = t.company_id
    ),
    line as (
      select h.n, l.i, l.v, r.*, private.plain_uuid(r.id) as line_id, private.plain_uuid(r.product_id) as product,
             private.plain_quantity(r.quantity) as qty, private.plain_money(r.unit_price) as price,
             coalesce(private.plain_money(r.discount), 0) as disc, private.plain_int(r.tax_rate_bp, 0, 10000) as rate,
             private.plain_money(r.tax) as line_tax, private.plain_money(r.total) as line_total,
             p.id as known_product, p.track_stock, h.prices_include_tax
      from head h
      cross join lateral pg_catalog.jsonb_array_elements(
        case when h.lines_ok then h.lines else '[]' end) with ordinality as l(v, i)
      cross join lateral pg_catalog.jsonb_to_record(
        case when pg_catalog.jsonb_typeof(l.v) = 'object' then l.v else '{}' end) as r(
        id jsonb, product_id jsonb, sku jsonb, name jsonb, quantity jsonb, unit_price jsonb, discount jsonb,
        tax_rate_bp jsonb, tax jsonb, total jsonb)
      left join public.products p on p.id = private.plain_uuid(r.product_id) and p.company_id = h.company_id
    ),
    priced as (
      select line.*, private.plain_text(line.sku, 64) as sku_text, private.plain_text(line.name, 200) as name_text,
             -- [SALE-5] extended = unit price × quantity rounded once (guarded: no cast can overflow).
             case when line.price::numeric * line.qty <= 1000000000000
                  then private.mul_div_round(line.price, (line.qty * 1000)::bigint, 1000) end as extended
      from line
    ),
    checked_line as (
      select priced.*, coalesce(
        priced.line_id is not null and priced.qty is not null and priced.rate is not null
        and priced.line_tax is not null and priced.line_total is not null and priced.extended is not null
        and (priced.product_id is null or priced.known_product is not null)
        and (priced.discount is null or private.plain_money(priced.discount) is not null)
        and (priced.sku is null or priced.sku_text is not null)
        and private.is_name(priced.name_text)
        and priced.disc <= priced.extended
        and priced.line_tax = private.line_tax(priced.extended - priced.disc, priced.rate::int, priced.prices_include_tax)
        and priced.line_total = priced.extended - priced.disc
                                + case when priced.prices_include_tax then 0 else priced.line_tax end, false) as ok
      from priced
    ),
    lines as (
      select l.n, bool_and(l.ok) as ok, sum(l.extended) as subtotal, sum(l.disc) as discounts,
             sum(l.line_tax) as taxes, sum(l.line_total) as totals,
             pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'id', l.line_id, 'line_no', l.i, 'product_id', l.product, 'sku', l.sku_text, 'name', l.name_text,
               'quantity', l.qty, 'unit_price', l.price, 'discount', l.disc, 'tax_rate_bp', l.rate, 'tax', l.line_tax,
               'total', l.line_total, 'track_stock', coalesce(l.track_stock, false)) order by l.i) as rows
      from checked_line l group by l.n
    ),
    payment as (
      select h.n, p.j, r.*, private.plain_uuid(r.id) as payment_id, private.plain_text(r.method, 10) as method_text,
             private.plain_money(r.amount) as amount_value, private.plain_money(r.tendered) as tendered_value,
             coalesce(private.plain_money(r.change), 0) as change_value, private.plain_text(r.reference, 200) as ref
      from head h
      cross join lateral pg_catalog.jsonb_array_elements(
        case when h.payments_ok then h.payments else '[]' end) with ordinality as p(v, j)
      cross join lateral pg_catalog.jsonb_to_record(
        case when pg_catalog.jsonb_typeof(p.v) = 'object' then p.v else '{}' end) as r(
        id jsonb, method jsonb, amount jsonb, tendered jsonb, change jsonb, reference jsonb)
    ),
    payments as (
      -- [SALE-7] Each tender positive; only cash has tendered/change, and change = tendered − amount.
      select p.n, sum(p.amount_value) as paid, bool_or(p.method_text = 'cash') as cash,
        bool_and(coalesce(p.payment_id is not null and p.method_text in ('cash', 'card', 'other') and p.amount_value > 0
          and (p.tendered is null or p.tendered_value is not null)
          and (p.change is null or private.plain_money(p.change) is not null)
          and (p.reference is null or p.ref is not null)
          and case when p.method_text = 'cash'
                   then coalesce(p.tendered_value, p.amount_value) - p.amount_value = p.change_value
                   else coalesce(p.tendered_value, p.amount_value) = p.amount_value and p.change_value = 0 end,
          false)) as ok,
        pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
          'id', p.payment_id, 'method', p.method_text, 'amount', p.amount_value,
          'tendered', case when p.method_text = 'cash' then p.tendered_value end, 'change', p.change_value,
          'reference', p.ref)) as rows
      from payment p group by p.n
    ),
    -- Ids an op shares with a stored row, or with an earlier op of the run (or an earlier item of its own).
    taken as (
      select o.n from op o join public.applied_ops a on a.op_id = o.op_id
      union
      select h.n from head h join public.sales s on s.id = h.id
      union
      select h.n from head h join public.sales s on s.company_id = h.company_id and s.receipt_no = h.receipt_no
      union
      select l.n from line l join public.sale_lines s on s.id = l.line_id
      union
      select l.n from line l join public.stock_movements m on m.id = l.line_id
      union
      select p.n from payment p join public.payments s on s.id = p.payment_id
      union
      select r.n from (
        select o.n, pg_catalog.row_number() over (partition by o.op_id order by o.n) as k from op o
        union all
        select h.n, pg_catalog.row_number() over (partition by h.id order by h.n) from head h
        union all
        select h.n, pg_catalog.row_number() over (partition by h.company_id, h.receipt_no order by h.n) from head h
        union all
        select l.n, pg_catalog.row_number() over (partition by l.line_id order by l.n, l.i) from line l
        union all
        select p.n, pg_catalog.row_number() over (partition by p.payment_id order by p.n, p.j) from payment p
      ) r where r.k > 1
    )
    select pg_catalog.jsonb_agg(case when
        h.id is not null and h.company_id is not null and h.optional_ok
        and h.company_id in (select private.company_ids('cashier'))
        -- [SALE-2] [SALE-3] [SALE-4]
        and (h.shift_id is null
             or exists (select 1 from public.shifts s where s.id = h.shift_id and s.terminal_id = h.terminal_id))
        and exists (select 1 from public.company_members m where m.company_id = h.company_id and m.user_id = h.cashier_id)
        and (h.customer_id is null
             or exists (select 1 from public.customers c where c.id = h.customer_id and c.company_id = h.company_id))
        and h.receipt_no ~ ('^' || h.code || '-[0-9]{6,9}$') and h.occurred_at is not null
        and h.total is not null and h.tax_total is not null
        and h.lines_ok and h.payments_ok
        -- [SALE-1] The lines add up; the sales table takes the subtotal.
        and l.ok and l.taxes = h.tax_total and l.totals + h.rounding = h.total and l.subtotal <= 1000000000000
        and coalesce(h.subtotal, l.subtotal) = l.subtotal and coalesce(h.discount_total, l.discounts) = l.discounts
        and coalesce(p.ok, true) and coalesce(p.paid, 0) = h.total
        -- [SALE-6]
        and (h.rounding = 0 or (pg_catalog.abs(h.rounding) * 2 <= h.cash_rounding and coalesce(p.cash, false)))
        and h.n not in (select t.n from taken t)
      then pg_catalog.jsonb_build_object(
        'op_id', h.op_id, 'digest', private.op_digest('sale.record', h.args),
        'seq', case when pg_catalog.jsonb_typeof(h.op -> 'seq') = 'number' and (h.op ->> 'seq') ~ '^[0-9]{1,15}$'
                    then (h.op ->> 'seq')::bigint end,
        'created_at', case when coalesce(h.op ->> 'created_at', '') ~ '^\d{4}-\d{2}-\d{2}T[0-9:.]+(Z|[+-][0-9:]+)$'
                           then h.op ->> 'created_at' end,
        'id', h.id, 'company_id', h.company_id, 'store_id', h.store_id, 'terminal_id', h.terminal_id,
        'shift_id', h.shift_id, 'cashier_id', h.cashier_id, 'customer_id', h.customer_id, 'receipt_no', h.receipt_no,
        'currency', h.currency, 'prices_include_tax', h.prices_include_tax, 'subtotal', l.subtotal,
        'discount_total', l.discounts, 'tax_total', h.tax_total, 'rounding', h.rounding, 'total', h.total,
        'note', h.note, 'occurred_at', h.occurred_at, 'lines', l.rows, 'payments', coalesce(p.rows, '[]'))
      else 'null'::jsonb end order by h.n)
    from head h
    left join lines l on l.n = h.n
    left join payments p on p.n = h.n
  );
end
$$;

alter function private.record_sales(jsonb, uuid) set plan_cache_mode = force_generic_plan;

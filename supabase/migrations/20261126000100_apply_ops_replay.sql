-- [OPS-15] [OPS-16] Replaying a day of queued sales, faster (issue 17, P5). Three changes, no new answer:
-- * The batch path looked stored ids up with hashed subplans and hash joins: the planner guesses 100 rows per
--   JSON array (10,000 lines per batch), so it read all of sale_lines, stock_movements, products and
--   stock_levels once per batch, and a replay got slower with every sale it recorded. private.plain_sales and
--   private.record_sales now probe the indexes row by row (plain joins, hash and merge joins off).
-- * private.record_sales reads the stock movements' lines from the batch, not back from sale_lines.
-- * apply_ops answers every op already in applied_ops with one statement before it applies anything
--   (private.stored_answers): a batch resent after a lost answer is answered without touching an op.

create or replace function private.plain_sales(p_ops jsonb, p_user uuid) returns jsonb
language sql stable security definer set search_path = '' set jit = off
  set enable_hashjoin = off set enable_mergejoin = off as $$
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
$$;

create or replace function private.record_sales(p_sales jsonb, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' set jit = off
  set enable_hashjoin = off set enable_mergejoin = off as $$
declare
  v_moves jsonb;
  v_claimed int;
  v_answers jsonb;
begin
  insert into public.sales (id, company_id, store_id, terminal_id, shift_id, cashier_id, customer_id, kind,
                            receipt_no, currency, prices_include_tax, subtotal, discount_total, tax_total, rounding,
                            total, note, occurred_at, op_id)
  select s.id, s.company_id, s.store_id, s.terminal_id, s.shift_id, s.cashier_id, s.customer_id, 'sale',
         s.receipt_no, s.currency, s.prices_include_tax, s.subtotal, s.discount_total, s.tax_total, s.rounding,
         s.total, s.note, s.occurred_at, s.op_id
  from pg_catalog.jsonb_to_recordset(p_sales) as s(id uuid, company_id uuid, store_id uuid, terminal_id uuid,
       shift_id uuid, cashier_id uuid, customer_id uuid, receipt_no text, currency char(3),
       prices_include_tax boolean, subtotal bigint, discount_total bigint, tax_total bigint, rounding bigint,
       total bigint, note text, occurred_at timestamptz, op_id uuid)
  order by s.id;

  insert into public.sale_lines (id, company_id, sale_id, line_no, product_id, sku, name, quantity, unit_price,
                                 discount, tax_rate_bp, tax, total)
  select l.id, s.company_id, s.id, l.line_no, l.product_id, l.sku, l.name, l.quantity, l.unit_price, l.discount,
         l.tax_rate_bp, l.tax, l.total
  from pg_catalog.jsonb_to_recordset(p_sales) as s(id uuid, company_id uuid, lines jsonb)
  cross join lateral pg_catalog.jsonb_to_recordset(s.lines) as l(id uuid, line_no int, product_id uuid, sku text,
       name text, quantity numeric, unit_price bigint, discount bigint, tax_rate_bp int, tax bigint, total bigint)
  order by l.id;

  insert into public.payments (id, company_id, sale_id, method, amount, tendered, change, reference)
  select p.id, s.company_id, s.id, p.method, p.amount, p.tendered, p.change, p.reference
  from pg_catalog.jsonb_to_recordset(p_sales) as s(id uuid, company_id uuid, payments jsonb)
  cross join lateral pg_catalog.jsonb_to_recordset(s.payments) as p(id uuid, method text, amount bigint,
       tendered bigint, change bigint, reference text)
  order by p.id;

  -- [STOCK-2] One movement per tracked product line, read from the batch rather than the stored lines: a
  -- join to sale_lines scanned the whole table once it held more rows than the batch.
  with moved as (
    insert into public.stock_movements (id, company_id, store_id, product_id, delta, reason, sale_id, sale_line_id,
                                        terminal_id, user_id, occurred_at, op_id)
    select l.id, s.company_id, s.store_id, l.product_id, -l.quantity, 'sale', s.id, l.id, s.terminal_id,
           s.cashier_id, s.occurred_at, s.op_id
    from pg_catalog.jsonb_to_recordset(p_sales) as s(id uuid, company_id uuid, store_id uuid, terminal_id uuid,
         cashier_id uuid, occurred_at timestamptz, op_id uuid, lines jsonb)
    cross join lateral pg_catalog.jsonb_to_recordset(s.lines) as l(id uuid, product_id uuid, quantity numeric)
    join public.products p on p.id = l.product_id
    where p.track_stock
    order by l.product_id, l.id
    returning sale_id, store_id, product_id, delta
  )
  select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(moved)) into v_moves from moved;

  -- [STOCK-3] Each sale's negative-stock warnings as they stood after it: the level now, less what the
  -- sales after it in this batch took.
  with sale as (
    select s.n, s.id, s.op_id, s.company_id, s.terminal_id, s.store_id, s.lines
    from rows from (pg_catalog.jsonb_to_recordset(p_sales) as (id uuid, op_id uuid, company_id uuid,
         terminal_id uuid, store_id uuid, lines jsonb)) with ordinality as s(id, op_id, company_id, terminal_id,
         store_id, lines, n)
  ),
  move as (
    select s.n, m.store_id, m.product_id, m.delta
    from pg_catalog.jsonb_to_recordset(coalesce(v_moves, '[]')) as m(sale_id uuid, store_id uuid, product_id uuid,
         delta numeric)
    join sale s on s.id = m.sale_id
  ),
  touched as (
    select distinct s.n, s.store_id, l.product_id
    from sale s cross join lateral pg_catalog.jsonb_to_recordset(s.lines) as l(product_id uuid)
    where l.product_id is not null
  ),
  -- What the sales after each one in this batch took of each product it sold (null: none came after).
  later as (
    select t.n, t.store_id, t.product_id,
           sum(coalesce(m.delta, 0)) over (partition by t.store_id, t.product_id order by t.n
                                          rows between 1 following and unbounded following) as delta
    from touched t
    left join (select m.n, m.store_id, m.product_id, sum(m.delta) as delta from move m group by 1, 2, 3) m
      on m.n = t.n and m.store_id = t.store_id and m.product_id = t.product_id
  ),
  level as (
    select t.n, t.store_id, t.product_id, coalesce(k.on_hand - t.delta, k.on_hand) as on_hand
    from later t join public.stock_levels k on k.store_id = t.store_id and k.product_id = t.product_id
  ),
  warned as (
    select s.n, s.op_id, s.company_id, s.terminal_id, coalesce(w.warnings, '[]') as warnings
    from sale s
    left join (
      select v.n, pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('code', 'negative_stock',
               'product_id', v.product_id, 'store_id', v.store_id, 'on_hand', v.on_hand) order by v.product_id)
               as warnings
      from level v where v.on_hand < 0 group by v.n) w on w.n = s.n
  ),
  claimed as (
    insert into public.applied_ops (op_id, company_id, terminal_id, user_id, name, digest, status, seq, created_at,
                                    result)
    select s.op_id, w.company_id, w.terminal_id, p_user, 'sale.record', s.digest, 'applied', s.seq,
           s.created_at::timestamptz, pg_catalog.jsonb_build_object('warnings', w.warnings)
    from pg_catalog.jsonb_to_recordset(p_sales) as s(op_id uuid, digest text, seq bigint, created_at text)
    join warned w on w.op_id = s.op_id
    order by s.op_id
    on conflict (op_id) do nothing
    returning op_id
  )
  select (select count(*) from claimed),
         pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('op_id', w.op_id, 'status', 'applied',
                                'txid', pg_catalog.pg_current_xact_id()::text)
                              || case when pg_catalog.jsonb_array_length(w.warnings) > 0
                                      then pg_catalog.jsonb_build_object('warnings', w.warnings) else '{}' end
                              order by w.n)
    into v_claimed, v_answers
  from warned w;
  if v_claimed <> pg_catalog.jsonb_array_length(p_sales) then
    raise exception 'An op of this batch was claimed by another batch meanwhile' using errcode = 'P0001',
      hint = 'claimed_meanwhile';
  end if;
  return v_answers;
end
$$;

-- [OPS-16] The stored answer of each op of a batch that applied_ops already holds, as private.apply_op
-- would give it (private.replay_answer), in one statement; JSON null for an op not seen before, and for one
-- apply_op answers without looking (not an object, op_id not a UUID). Nothing a batch applies changes these
-- answers: ops never delete or change an applied_ops row they did not claim, nor anyone's membership.
create function private.stored_answers(p_ops jsonb, p_user uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select pg_catalog.jsonb_agg(
           case when a.op_id is null then 'null'
                else private.replay_answer(a, private.op_digest(left(coalesce(o.op ->> 'name', ''), 100),
                                                                o.op -> 'args'), p_user) end
           order by o.n)
  from pg_catalog.jsonb_array_elements(p_ops) with ordinality as o(op, n)
  left join public.applied_ops a
    on pg_catalog.jsonb_typeof(o.op) = 'object' and a.op_id = private.try_uuid(o.op ->> 'op_id')
$$;

-- [OPS-1] apply_ops: a batch of at most 500 ops, answered in order, one answer per op: an op already seen
-- from applied_ops ([OPS-16]), runs of other sale.record ops through private.apply_sale_run ([OPS-15]),
-- every other op through private.apply_op.
create or replace function public.apply_ops(ops jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_answers jsonb := '[]';
  v_stored jsonb;
  v_count int;
  v_start int := 0;
  v_end int;
begin
  if v_user is null then
    raise exception 'Sign in to sync' using errcode = '42501', hint = 'not_signed_in';
  end if;
  -- [RLS-6] The whole batch waits for an aal2 session; no op is answered (or recorded) for this token.
  perform private.require_second_factor();
  if pg_catalog.jsonb_typeof(ops) is distinct from 'array' then
    raise exception 'ops must be a JSON array of operations' using errcode = '22023', hint = 'invalid_batch';
  end if;
  v_count := pg_catalog.jsonb_array_length(ops);
  if v_count > 500 then
    raise exception 'A batch holds at most 500 ops, got %', v_count using errcode = '22023', hint = 'batch_too_large';
  end if;
  if v_count = 0 then return v_answers; end if;
  v_stored := private.stored_answers(ops, v_user);
  -- [OPS-16] A batch resent after its answer was lost: every op is answered from applied_ops at once.
  if not v_stored @> '[null]' then return v_stored; end if;
  while v_start < v_count loop
    v_end := v_start;
    while v_end < v_count and v_stored -> v_end = 'null' and private.is_sale_record(ops -> v_end) loop
      v_end := v_end + 1;
    end loop;
    if v_end > v_start then
      v_answers := v_answers || private.apply_sale_run(private.jsonb_slice(ops, v_start, v_end), v_user);
      v_start := v_end;
    else
      v_answers := v_answers || pg_catalog.jsonb_build_array(
        case when v_stored -> v_start = 'null' then private.apply_op(ops -> v_start, v_user)
             else v_stored -> v_start end);
      v_start := v_start + 1;
    end if;
  end loop;
  return v_answers;
end
$$;

grant execute on all functions in schema private to anon, authenticated, service_role;

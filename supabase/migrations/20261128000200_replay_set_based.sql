-- [OPS-15] Replaying queued sales, cheaper per row (issue 17, P5). A batch of 100 three-line sales writes
-- about a thousand rows, and each row paid for checks that prove nothing new. No answer changes:
-- * The company_id foreign keys of sales, sale_lines, payments, stock_movements and stock_levels go. Each of
--   those tables has a composite key that starts with company_id — (company_id, store_id) to stores or
--   (company_id, sale_id) to sales — and the parent's own company_id references companies, so the company
--   a row names exists whenever its composite key holds. They cost one foreign-key check per row written.
-- * sale_lines_sale_idx goes: the unique (sale_id, line_no) index starts with sale_id and serves every
--   query by sale.
-- * The txid triggers of the tables only apply_ops writes run only when a row's txid is not already the
--   current transaction's ([SCHEMA-3]). The column's default is pg_current_xact_id(), so an insert that
--   leaves txid alone no longer calls a PL/pgSQL function per row; any other value is still overwritten.
--   stock_levels' trigger likewise runs only when txid or updated_at is not already the current one, and the
--   stock trigger's upsert sets both ([STOCK-1]).
-- * private.record_sales works out negative-stock warnings only when one of the batch's levels is negative
--   ([STOCK-3]), and no longer hands its stock movements back as JSON to read them again.

alter table public.sales drop constraint sales_company_id_fkey;
alter table public.sale_lines drop constraint sale_lines_company_id_fkey;
alter table public.payments drop constraint payments_company_id_fkey;
alter table public.stock_movements drop constraint stock_movements_company_id_fkey;
alter table public.stock_levels drop constraint stock_levels_company_id_fkey;

drop index public.sale_lines_sale_idx;

do $$
declare
  t text;
begin
  foreach t in array array['sales', 'sale_lines', 'payments', 'stock_movements'] loop
    execute format('drop trigger %I on public.%I', t || '_txid', t);
    execute format('create trigger %I before insert or update on public.%I for each row '
                   'when (new.txid is distinct from pg_catalog.pg_current_xact_id()) '
                   'execute function private.set_txid()', t || '_txid', t);
  end loop;
end
$$;

drop trigger stock_levels_txid on public.stock_levels;
create trigger stock_levels_txid before insert or update on public.stock_levels for each row
  when (new.txid is distinct from pg_catalog.pg_current_xact_id() or new.updated_at is distinct from pg_catalog.now())
  execute function private.set_txid_and_updated_at();

-- [STOCK-1] As in 20261125000100, with txid set along with updated_at, so the row trigger has nothing to do.
create or replace function private.apply_stock_movements() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.stock_levels as l (company_id, store_id, product_id, on_hand)
  select m.company_id, m.store_id, m.product_id, sum(m.delta)
  from added m
  group by m.company_id, m.store_id, m.product_id
  order by m.store_id, m.product_id
  on conflict (store_id, product_id) do update
    set on_hand = l.on_hand + excluded.on_hand, updated_at = pg_catalog.now(), txid = pg_catalog.pg_current_xact_id();
  return null;
end
$$;

create or replace function private.record_sales(p_sales jsonb, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' set jit = off
  set enable_hashjoin = off set enable_mergejoin = off set plan_cache_mode = force_generic_plan as $$
declare
  v_negative boolean;
  v_claimed int;
  v_answers jsonb;
begin
  insert into public.sales (id, company_id, store_id, terminal_id, shift_id, cashier_id, customer_id, kind,
                            receipt_no, currency, prices_include_tax, subtotal, discount_total, tax_total, rounding,
                            total, note, occurred_at, op_id, cashier_verified, approved_by, approval_action,
                            approval_verified)
  select s.id, s.company_id, s.store_id, s.terminal_id, s.shift_id, s.cashier_id, s.customer_id, 'sale',
         s.receipt_no, s.currency, s.prices_include_tax, s.subtotal, s.discount_total, s.tax_total, s.rounding,
         s.total, s.note, s.occurred_at, s.op_id, s.cashier_verified, s.approved_by, s.approval_action,
         s.approval_verified
  from pg_catalog.jsonb_to_recordset(p_sales) as s(id uuid, company_id uuid, store_id uuid, terminal_id uuid,
       shift_id uuid, cashier_id uuid, customer_id uuid, receipt_no text, currency char(3),
       prices_include_tax boolean, subtotal bigint, discount_total bigint, tax_total bigint, rounding bigint,
       total bigint, note text, occurred_at timestamptz, op_id uuid, cashier_verified boolean, approved_by uuid,
       approval_action text, approval_verified boolean)
  order by s.id;
  -- [STAFF-6] The run's unverified cashiers and approvals, flagged as the one-op path flags them.
  perform private.flag_unverified('sale.record', p_sales);

  -- [SALE-10] Each line's unit cost is the product's cost as it stands now, read in the same statement (a
  -- join on the primary key): never a figure from the till.
  insert into public.sale_lines (id, company_id, sale_id, line_no, product_id, sku, name, quantity, unit_price,
                                 discount, tax_rate_bp, tax, total, unit_cost)
  select l.id, s.company_id, s.id, l.line_no, l.product_id, l.sku, l.name, l.quantity, l.unit_price, l.discount,
         l.tax_rate_bp, l.tax, l.total, p.cost
  from pg_catalog.jsonb_to_recordset(p_sales) as s(id uuid, company_id uuid, lines jsonb)
  cross join lateral pg_catalog.jsonb_to_recordset(s.lines) as l(id uuid, line_no int, product_id uuid, sku text,
       name text, quantity numeric, unit_price bigint, discount bigint, tax_rate_bp int, tax bigint, total bigint)
  left join public.products p on p.id = l.product_id
  order by l.id;

  insert into public.payments (id, company_id, sale_id, method, amount, tendered, change, reference)
  select p.id, s.company_id, s.id, p.method, p.amount, p.tendered, p.change, p.reference
  from pg_catalog.jsonb_to_recordset(p_sales) as s(id uuid, company_id uuid, payments jsonb)
  cross join lateral pg_catalog.jsonb_to_recordset(s.payments) as p(id uuid, method text, amount bigint,
       tendered bigint, change bigint, reference text)
  order by p.id;

  -- [STOCK-2] One movement per tracked product line, read from the batch rather than the stored lines: a
  -- join to sale_lines scanned the whole table once it held more rows than the batch.
  insert into public.stock_movements (id, company_id, store_id, product_id, delta, reason, sale_id, sale_line_id,
                                      terminal_id, user_id, occurred_at, op_id)
  select l.id, s.company_id, s.store_id, l.product_id, -l.quantity, 'sale', s.id, l.id, s.terminal_id,
         s.mover, s.occurred_at, s.op_id
  from pg_catalog.jsonb_to_recordset(p_sales) as s(id uuid, company_id uuid, store_id uuid, terminal_id uuid,
       mover uuid, occurred_at timestamptz, op_id uuid, lines jsonb)
  cross join lateral pg_catalog.jsonb_to_recordset(s.lines) as l(id uuid, product_id uuid, quantity numeric)
  join public.products p on p.id = l.product_id
  where p.track_stock
  order by l.product_id, l.id;

  -- [STOCK-3] A sale only takes stock, so a level that is not negative now was not negative after any sale of
  -- the batch either: only when one of the batch's levels is negative now are the warnings worked out.
  select exists (
    select 1
    from pg_catalog.jsonb_to_recordset(p_sales) as s(store_id uuid, lines jsonb)
    cross join lateral pg_catalog.jsonb_to_recordset(s.lines) as l(product_id uuid)
    join public.stock_levels k on k.store_id = s.store_id and k.product_id = l.product_id
    where k.on_hand < 0)
  into v_negative;

  -- Each sale's negative-stock warnings as they stood after it: the level now, less what the sales after it
  -- in this batch took (the movements above, read from the batch again).
  with sale as (
    select s.n, s.id, s.op_id, s.company_id, s.terminal_id, s.store_id, s.lines
    from rows from (pg_catalog.jsonb_to_recordset(p_sales) as (id uuid, op_id uuid, company_id uuid,
         terminal_id uuid, store_id uuid, lines jsonb)) with ordinality as s(id, op_id, company_id, terminal_id,
         store_id, lines, n)
  ),
  line as (
    select s.n, s.store_id, l.product_id, l.quantity
    from sale s cross join lateral pg_catalog.jsonb_to_recordset(s.lines) as l(product_id uuid, quantity numeric)
    where v_negative and l.product_id is not null
  ),
  touched as (
    select distinct t.n, t.store_id, t.product_id from line t
  ),
  move as (
    select t.n, t.store_id, t.product_id, -(t.quantity::numeric(12, 3)) as delta
    from line t join public.products p on p.id = t.product_id
    where p.track_stock
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

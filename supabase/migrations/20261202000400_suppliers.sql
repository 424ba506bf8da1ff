-- Suppliers (issue 22; supabase/SPEC.md §6.1 [INS-8]..[INS-11]): whom a shop buys each product from and how
-- long a delivery takes, so Insights' reorder list becomes a purchase list per supplier.
-- * public.suppliers: the shop's suppliers (name, email, phone, lead time in days). Members read, managers and
--   owners write. Removal is a tombstone (deleted_at), as every removal through the API is ([RLS-5]); the
--   products that named a removed supplier are let go of it in the same statement, so none points at it and
--   the reorder list shows them under "No supplier" — where a manager sees them — instead of refusing the
--   removal until every product has been edited by hand. The name of a removed supplier can be used again.
-- * products.supplier_id: null, or one of the product's own shop's live suppliers. A variant without its own
--   supplier is bought from its parent's ([VAR-3]).
-- * insight_inventory (redefined, same signature and fields): each reorder row says its supplier and uses the
--   supplier's lead time instead of p_lead_days.
-- * import_products: a `supplier` column, by name ([IMP-9]).
-- Suppliers are read by the back office from the server only (tills never need them), so they are not pulled.

-- [INS-8]
create table public.suppliers (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  name text not null check (name = pg_catalog.btrim(name) and pg_catalog.char_length(name) between 1 and 120),
  email text check (email is null or (pg_catalog.char_length(email) <= 254
                                      and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$')),
  phone text check (phone is null or (pg_catalog.btrim(phone) <> '' and pg_catalog.char_length(phone) <= 40)),
  lead_time_days int not null default 7 check (lead_time_days between 0 and 366),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id)
);
comment on table public.suppliers is
  'Whom a shop buys from: name (unique per shop, case-insensitive), email, phone, lead time in days; soft-deleted.';
create unique index suppliers_name_key on public.suppliers (company_id, pg_catalog.lower(name))
  where deleted_at is null;
create trigger suppliers_txid before insert or update on public.suppliers
  for each row execute function private.set_txid_and_updated_at();

-- [INS-8] Members read; managers and owners write; nobody hard-deletes ([RLS-5]).
alter table public.suppliers enable row level security;
revoke all on public.suppliers from anon;
revoke delete, truncate on public.suppliers from authenticated;
create policy suppliers_read on public.suppliers for select to authenticated
  using (company_id in (select private.company_ids('cashier')));
create policy suppliers_manager_insert on public.suppliers for insert to authenticated
  with check (company_id in (select private.company_ids('manager')));
create policy suppliers_manager_update on public.suppliers for update to authenticated
  using (company_id in (select private.company_ids('manager')))
  with check (company_id in (select private.company_ids('manager')));

-- [INS-9] A product's supplier is one of its own shop's: the composite key holds it whatever writes, and the
-- trigger says so in words (and refuses a removed supplier) before the key would.
alter table public.products add column supplier_id uuid;
alter table public.products add constraint products_supplier_fkey
  foreign key (company_id, supplier_id) references public.suppliers (company_id, id);
create index products_supplier_idx on public.products (supplier_id) where supplier_id is not null;

create function private.check_product_supplier() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.supplier_id is not null
     and (tg_op = 'INSERT' or new.supplier_id is distinct from old.supplier_id
          or new.company_id is distinct from old.company_id)
     and not exists (select 1 from public.suppliers s
                     where s.id = new.supplier_id and s.company_id = new.company_id and s.deleted_at is null) then
    raise exception 'That supplier is not one of this shop''s suppliers.'
      using errcode = '23503', hint = 'unknown_supplier';
  end if;
  return new;
end
$$;
create trigger products_supplier_check before insert or update of supplier_id, company_id on public.products
  for each row execute function private.check_product_supplier();

-- [INS-8] A removed supplier lets go of its products, in the statement that removes it.
create function private.release_supplier_products() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.products p set supplier_id = null
  where p.company_id = new.company_id and p.supplier_id = new.id;
  return null;
end
$$;
create trigger suppliers_release_products after update of deleted_at on public.suppliers
  for each row when (old.deleted_at is null and new.deleted_at is not null)
  execute function private.release_supplier_products();

-- [INS-4] [INS-10] As in 20261202000200_insights.sql, and each product's supplier — its own, else its parent's
-- for a variant ([VAR-3]) — is joined once, in `supplied`: the reorder point uses the supplier's lead time (or
-- p_lead_days for a product without one), and each reorder row carries supplier_id, supplier_name (also as
-- `supplier`, the field the one-list page read) and the lead_days it used.
create or replace function public.insight_inventory(p_company uuid, p_from date, p_to date, p_store uuid default null,
                                                    p_dead_days int default 30, p_lead_days int default 7,
                                                    p_cover_days int default 14)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_days int := p_to - p_from + 1;
  v_result jsonb;
begin
  perform private.report_range(p_company, p_from, p_to);
  if p_dead_days not between 1 and 366 or p_lead_days not between 0 and 366 or p_cover_days not between 0 and 366 then
    perform private.reject('invalid_args', 'Choose between 1 and 366 days for dead stock, lead time and cover');
  end if;
  with supplied as (
    select p.id, sup.id as supplier_id, sup.name as supplier_name, sup.lead_time_days
    from public.products p
    left join public.product_variants v on v.id = p.id and v.deleted_at is null
    left join public.products parent on parent.id = v.parent_id
    left join public.suppliers sup on sup.id = coalesce(p.supplier_id, parent.supplier_id)
      and sup.company_id = p_company and sup.deleted_at is null
    where p.company_id = p_company and p.track_stock and p.deleted_at is null
  ),
  stock as (
    select p.id, p.name, p.sku, p.cost, p.price, p.reorder_level, coalesce(sum(l.on_hand), 0) as on_hand
    from public.products p
    left join public.stock_levels l on l.product_id = p.id and l.company_id = p_company
      and (p_store is null or l.store_id = p_store)
    where p.company_id = p_company and p.track_stock and p.deleted_at is null
    group by p.id
  ),
  sold as (
    select l.product_id, sum(l.quantity) as quantity
    from private.insight_lines_daily l
    where l.company_id = p_company and l.day between p_from and p_to and (p_store is null or l.store_id = p_store)
    group by l.product_id
  ),
  -- The last day each product sold, looked for over the dead-stock window only.
  recent as (
    select l.product_id, max(l.day) as last_sold_on
    from private.insight_lines_daily l
    where l.company_id = p_company and l.day > p_to - p_dead_days and l.day <= p_to and l.items > 0
      and (p_store is null or l.store_id = p_store)
    group by l.product_id
  ),
  figure as (
    select s.id as product_id, s.name, s.sku, s.cost, s.price, s.reorder_level, s.on_hand,
           su.supplier_id, su.supplier_name, coalesce(su.lead_time_days, p_lead_days) as lead_days,
           coalesce(d.quantity, 0) as sold,
           case when s.on_hand > 0 and s.cost is not null
                then private.mul_div_round(s.cost, (s.on_hand * 1000)::bigint, 1000) end as value_at_cost,
           case when s.on_hand > 0
                then private.mul_div_round(s.price, (s.on_hand * 1000)::bigint, 1000) else 0 end as value_at_price,
           case when coalesce(d.quantity, 0) + greatest(s.on_hand, 0) > 0 and coalesce(d.quantity, 0) >= 0
                then round(100 * coalesce(d.quantity, 0) / (coalesce(d.quantity, 0) + greatest(s.on_hand, 0)), 1)
           end as sell_through_pct,
           rc.last_sold_on is null and s.on_hand > 0 as dead
    from stock s
    join supplied su on su.id = s.id
    left join sold d on d.product_id = s.id
    left join recent rc on rc.product_id = s.id
  ),
  -- Units sold per day times days, worked out as sold × days ÷ period days so whole figures stay whole.
  point as (
    select f.*, greatest(coalesce(f.reorder_level, 0), greatest(f.sold, 0) * f.lead_days / v_days) as reorder_point
    from figure f
  ),
  reorder as (
    select o.*, ceil(o.reorder_point + greatest(o.sold, 0) * p_cover_days / v_days - o.on_hand) as order_quantity
    from point o
  )
  select jsonb_build_object(
    'totals', (
      select jsonb_build_object(
        'products', count(*), 'in_stock', count(*) filter (where f.on_hand > 0),
        'value_at_cost', coalesce(sum(f.value_at_cost), 0), 'value_at_price', coalesce(sum(f.value_at_price), 0),
        'uncosted_in_stock', count(*) filter (where f.on_hand > 0 and f.cost is null),
        'dead', count(*) filter (where f.dead), 'to_reorder',
        (select count(*) from reorder o where o.order_quantity > 0 and o.on_hand <= o.reorder_point))
      from figure f),
    'products', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'product_id', f.product_id, 'name', f.name, 'sku', f.sku, 'on_hand', f.on_hand, 'sold', f.sold,
               'value_at_cost', f.value_at_cost, 'value_at_price', f.value_at_price,
               'sell_through_pct', f.sell_through_pct,
               'days_of_cover', case when f.sold > 0 then round(greatest(f.on_hand, 0) * v_days / f.sold, 1) end,
               'dead', f.dead) order by f.sold desc, f.name), '[]')
      from figure f),
    'dead', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'product_id', f.product_id, 'name', f.name, 'sku', f.sku, 'on_hand', f.on_hand,
               'value_at_cost', f.value_at_cost, 'value_at_price', f.value_at_price)
               order by f.value_at_price desc, f.name), '[]')
      from figure f where f.dead),
    'reorder', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'product_id', o.product_id, 'name', o.name, 'sku', o.sku, 'supplier', o.supplier_name,
               'supplier_id', o.supplier_id, 'supplier_name', o.supplier_name, 'lead_days', o.lead_days,
               'on_hand', o.on_hand, 'per_day', round(greatest(o.sold, 0) / v_days, 2),
               'reorder_level', o.reorder_level, 'reorder_point', round(o.reorder_point, 2),
               'order_quantity', o.order_quantity, 'unit_cost', o.cost,
               'order_cost', case when o.cost is not null
                                  then private.mul_div_round(o.cost, (o.order_quantity * 1000)::bigint, 1000) end)
               order by o.on_hand - o.reorder_point, o.name), '[]')
      from reorder o where o.order_quantity > 0 and o.on_hand <= o.reorder_point),
    'settings', jsonb_build_object('days', v_days, 'dead_days', p_dead_days, 'lead_days', p_lead_days,
                                   'cover_days', p_cover_days,
                                   'has_supplier', exists (select 1 from figure f where f.supplier_id is not null))
  ) into v_result;
  return v_result;
end
$$;

-- [IMP-9] The products CSV names each product's supplier (`supplier`, by name). The import so far (products,
-- variants, scale codes: 20261202000300) is kept as private.import_products_scale_codes; this one runs it, then
-- sets the suppliers of the rows that carry the column, in the caller's one transaction (a refusal undoes all).
alter function public.import_products(uuid, jsonb) rename to import_products_scale_codes;
alter function public.import_products_scale_codes(uuid, jsonb) set schema private;
revoke execute on function private.import_products_scale_codes(uuid, jsonb) from public, anon, authenticated;

create function public.import_products(p_company uuid, p_rows jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_result jsonb;
  v_bad record;
begin
  -- The earlier parts check the caller, the rows and their shape first.
  v_result := private.import_products_scale_codes(p_company, p_rows);

  create temp table import_suppliers on commit drop as
    select e.n, case when pg_catalog.jsonb_typeof(e.r -> 'row') = 'number' and (e.r ->> 'row') ~ '^\d{1,9}$'
                     then (e.r ->> 'row')::int else e.n::int + 1 end as line,
           e.r ->> 'sku' as sku, nullif(pg_catalog.btrim(coalesce(e.r ->> 'supplier', '')), '') as supplier
    from pg_catalog.jsonb_array_elements(p_rows) with ordinality as e(r, n)
    where e.r ? 'supplier';
  if not exists (select 1 from pg_temp.import_suppliers) then
    drop table pg_temp.import_suppliers;
    return v_result;
  end if;

  select i.line, i.supplier into v_bad
  from pg_temp.import_suppliers i
  where i.supplier is not null
    and not exists (select 1 from public.suppliers s
                    where s.company_id = p_company and s.deleted_at is null
                      and pg_catalog.lower(s.name) = pg_catalog.lower(i.supplier))
  order by i.n limit 1;
  if found then
    raise exception 'Row %: no supplier named "%"', v_bad.line, v_bad.supplier
      using errcode = 'P0001', hint = 'invalid_row';
  end if;

  update public.products p set supplier_id = s.id
  from pg_temp.import_suppliers i
  left join public.suppliers s on s.company_id = p_company and s.deleted_at is null
    and pg_catalog.lower(s.name) = pg_catalog.lower(i.supplier)
  where p.company_id = p_company and p.deleted_at is null and p.sku is not null
    and pg_catalog.lower(p.sku) = pg_catalog.lower(i.sku) and p.supplier_id is distinct from s.id;

  drop table pg_temp.import_suppliers;
  return v_result;
end
$$;
comment on function public.import_products(uuid, jsonb) is
  'CSV import: products by SKU (SPEC IMP-1…6), variants (IMP-7), scale item codes (IMP-8), suppliers by name (IMP-9).';
revoke execute on function public.import_products(uuid, jsonb) from public, anon;
grant execute on function public.import_products(uuid, jsonb) to authenticated, service_role;

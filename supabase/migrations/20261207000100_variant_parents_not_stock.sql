-- A product with variants is not a stock item (issue 34; supabase/SPEC.md "Variant parents are not stock",
-- [PSTOCK-1]..[PSTOCK-2]). A parent (a product with option names, [VAR-1]) is sold through its variants, each a
-- products row with its own stock ([VAR-3]); the parent's own stock level stays at zero, so with a reorder
-- level it was reported low and put on the purchase list. The low-stock report and the Insights inventory
-- (its reorder list, the stock figures and the dead stock) now leave parents out: their variants count.
-- Both functions are replaced as they were (20261121000700_reports.sql, 20261202000400_suppliers.sql) but for
-- `cardinality(option_names) = 0`, the same test of "a parent" the till uses (`isParent`).

-- [PSTOCK-1] [REP-9] Low stock: tracked, undeleted products at or below their reorder level (or below zero), per
-- store; never a parent.
create or replace function public.report_low_stock(p_company uuid, p_store uuid default null)
returns table (store_id uuid, product_id uuid, name text, sku text, on_hand numeric, reorder_level numeric)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_role(p_company, 'manager');
  return query
  select st.id, p.id, p.name, p.sku, coalesce(l.on_hand, 0), p.reorder_level
  from public.products p
  cross join public.stores st
  left join public.stock_levels l on l.product_id = p.id and l.store_id = st.id
  where p.company_id = p_company and st.company_id = p_company and p.track_stock and p.deleted_at is null
    and pg_catalog.cardinality(p.option_names) = 0
    and st.deleted_at is null and (p_store is null or st.id = p_store)
    and (coalesce(l.on_hand, 0) < 0 or coalesce(l.on_hand, 0) <= p.reorder_level)
  order by coalesce(l.on_hand, 0) - coalesce(p.reorder_level, 0), p.name;
end
$$;

-- [PSTOCK-2] [INS-4] [INS-10] As in 20261202000400_suppliers.sql, with parents left out of `stock`, so of every
-- figure built on it: the products, the totals and the stock value, dead stock and the reorder list.
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
      and pg_catalog.cardinality(p.option_names) = 0
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

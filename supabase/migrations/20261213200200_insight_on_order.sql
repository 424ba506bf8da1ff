-- [PUR-38] Insights → Inventory counts what is already on its way (issue 38, piece C; supabase/SPEC.md
-- [PUR-38], docs/purchasing.md "Insights → Inventory, and the reports"). insight_inventory keeps its signature
-- and every field, and adds: totals.open_orders (orders `ordered` or `partly_received`), on_order_units,
-- on_order_value (Σ still to come × the line's unit cost), on_order_uncosted (lines with no cost still to
-- come), in_transit_units, in_transit_value (at the products' costs); on every product and reorder row
-- on_order and in_transit. The purchase list compares the stock position — on hand + on order + in transit —
-- with the reorder point, so an order already placed is never ordered again. Still to come is
-- max(0, quantity − received − held − cancelled) of the lines not removed ([PUR-2]); in transit is
-- sent − received − damaged − lost − returned ([PUR-4]), both at p_store or every store.
-- The body is 20261207000100_variant_parents_not_stock.sql's but for those figures.

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
  -- [PUR-38] Still to come on the orders sent and not yet complete, per product, at the store (or every store).
  ordered as (
    select l.product_id, sum(c.quantity) as units,
           sum(private.mul_div_round(l.unit_cost, (c.quantity * 1000)::bigint, 1000)) as value,
           count(*) filter (where l.unit_cost is null and c.quantity > 0) as uncosted
    from public.purchase_order_lines l
    join public.purchase_orders o on o.company_id = l.company_id and o.id = l.purchase_order_id
    cross join lateral (select greatest(0, l.quantity - l.received - l.held - l.cancelled) as quantity) c
    where l.company_id = p_company and l.removed_at is null and o.status in ('ordered', 'partly_received')
      and (p_store is null or o.store_id = p_store)
    group by l.product_id
  ),
  -- [PUR-38] Sent and not yet received, damaged, lost or returned, per product, coming to the store (or any).
  travelling as (
    select l.product_id, sum(l.sent - l.received - l.damaged - l.lost - l.returned) as units
    from public.transfer_lines l
    join public.transfers t on t.company_id = l.company_id and t.id = l.transfer_id
    where l.company_id = p_company and l.removed_at is null and t.status in ('in_transit', 'partly_received')
      and (p_store is null or t.to_store_id = p_store)
    group by l.product_id
    having sum(l.sent - l.received - l.damaged - l.lost - l.returned) > 0
  ),
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
           rc.last_sold_on is null and s.on_hand > 0 as dead,
           coalesce(od.units, 0) as on_order, coalesce(tr.units, 0) as in_transit,
           s.on_hand + coalesce(od.units, 0) + coalesce(tr.units, 0) as position
    from stock s
    join supplied su on su.id = s.id
    left join sold d on d.product_id = s.id
    left join recent rc on rc.product_id = s.id
    left join ordered od on od.product_id = s.id
    left join travelling tr on tr.product_id = s.id
  ),
  -- Units sold per day times days, worked out as sold × days ÷ period days so whole figures stay whole.
  -- [PUR-38] The reorder rule compares the position (on hand + on order + in transit) with the point, so an
  -- order already placed, or stock already on its way, is never ordered again.
  point as (
    select f.*, greatest(coalesce(f.reorder_level, 0), greatest(f.sold, 0) * f.lead_days / v_days) as reorder_point
    from figure f
  ),
  reorder as (
    select o.*, ceil(o.reorder_point + greatest(o.sold, 0) * p_cover_days / v_days - o.position) as order_quantity
    from point o
  )
  select jsonb_build_object(
    'totals', (
      select jsonb_build_object(
        'products', count(*), 'in_stock', count(*) filter (where f.on_hand > 0),
        'value_at_cost', coalesce(sum(f.value_at_cost), 0), 'value_at_price', coalesce(sum(f.value_at_price), 0),
        'uncosted_in_stock', count(*) filter (where f.on_hand > 0 and f.cost is null),
        'dead', count(*) filter (where f.dead), 'to_reorder',
        (select count(*) from reorder o where o.order_quantity > 0 and o.position <= o.reorder_point),
        'open_orders', (select count(*) from public.purchase_orders o
                        where o.company_id = p_company and o.status in ('ordered', 'partly_received')
                          and (p_store is null or o.store_id = p_store)),
        'on_order_units', (select coalesce(sum(od.units), 0) from ordered od),
        'on_order_value', (select coalesce(sum(od.value), 0) from ordered od),
        'on_order_uncosted', (select coalesce(sum(od.uncosted), 0) from ordered od),
        'in_transit_units', (select coalesce(sum(tr.units), 0) from travelling tr),
        'in_transit_value', (
          select coalesce(sum(private.mul_div_round(p.cost, (tr.units * 1000)::bigint, 1000)), 0)
          from travelling tr join public.products p on p.company_id = p_company and p.id = tr.product_id))
      from figure f),
    'products', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'product_id', f.product_id, 'name', f.name, 'sku', f.sku, 'on_hand', f.on_hand, 'sold', f.sold,
               'value_at_cost', f.value_at_cost, 'value_at_price', f.value_at_price,
               'sell_through_pct', f.sell_through_pct,
               'days_of_cover', case when f.sold > 0 then round(greatest(f.on_hand, 0) * v_days / f.sold, 1) end,
               'dead', f.dead, 'on_order', f.on_order, 'in_transit', f.in_transit) order by f.sold desc, f.name), '[]')
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
               'on_hand', o.on_hand, 'on_order', o.on_order, 'in_transit', o.in_transit,
               'per_day', round(greatest(o.sold, 0) / v_days, 2),
               'reorder_level', o.reorder_level, 'reorder_point', round(o.reorder_point, 2),
               'order_quantity', o.order_quantity, 'unit_cost', o.cost,
               'order_cost', case when o.cost is not null
                                  then private.mul_div_round(o.cost, (o.order_quantity * 1000)::bigint, 1000) end)
               order by o.position - o.reorder_point, o.name), '[]')
      from reorder o where o.order_quantity > 0 and o.position <= o.reorder_point),
    'settings', jsonb_build_object('days', v_days, 'dead_days', p_dead_days, 'lead_days', p_lead_days,
                                   'cover_days', p_cover_days,
                                   'has_supplier', exists (select 1 from figure f where f.supplier_id is not null))
  ) into v_result;
  return v_result;
end
$$;

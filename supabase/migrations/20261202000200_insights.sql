-- Insights for managers and owners (issue 22; supabase/SPEC.md §6.1 [INS-1]..[INS-7]): what sells, what to
-- reorder, who comes back. Each function answers one view of /dashboard/insights as one jsonb object, computed
-- set-based over the period's sales (a year of a busy shop's, ≈ 500,000 sales, in under a second on PostgreSQL:
-- `npm run bench -- --only=P9`). Dates and hours are the company's time zone, p_from..p_to inclusive, checked
-- like every report by private.report_range ([REP-1]: managers and owners of that company, at most 367 days).
-- The comparisons to the previous period and to last year are the same functions over other dates.

-- [INS-6] A year of sales and their lines is too many rows to add up in a second on a small server (joining
-- a million lines alone takes longer), so two summaries are kept as sales arrive, per day in the company's
-- time zone: the lines per product, and the sales per hour and staff member. Statement triggers on sales and
-- sale_lines add each batch set-based (sales are never updated); a change of the company's time zone rebuilds
-- its summaries from the sales. Private: read only through the functions below, which check the caller.
create table private.insight_lines_daily (
  company_id uuid not null,
  store_id uuid not null,
  day date not null,
  -- Lines without a product (a free-text item) are kept under the nil uuid, so the key has no null.
  product_id uuid not null,
  quantity numeric not null,
  items numeric not null,
  net_total bigint not null,
  net_sales bigint not null,
  costed_net bigint not null,
  cost_total bigint not null,
  uncosted_net bigint not null,
  primary key (company_id, day, store_id, product_id)
);
comment on table private.insight_lines_daily is
  'INS-6: per company, local day, store and product: net units (sales − refunds), units sold (items), net total, net excl. tax, costed net, cost and uncosted net.';

create table private.insight_sales_hourly (
  company_id uuid not null,
  store_id uuid not null,
  day date not null,
  hour smallint not null,
  cashier_id uuid not null,
  sales_count int not null,
  sales_total bigint not null,
  refunds_count int not null,
  refunds_total bigint not null,
  discounted_sales int not null,
  discount_total bigint not null,
  primary key (company_id, day, hour, store_id, cashier_id)
);
comment on table private.insight_sales_hourly is
  'INS-6: per company, local day and hour, store and staff member: sales, refunds and discounts given.';

-- Adds sales (p_sales, or every sale of the company when null) to the hourly summary.
create function private.insight_count_sales(p_company uuid, p_sales uuid[]) returns void
language sql set search_path = '' as $$
  insert into private.insight_sales_hourly as t
  select s.company_id, s.store_id, (s.occurred_at at time zone c.time_zone)::date,
         extract(hour from s.occurred_at at time zone c.time_zone)::smallint, s.cashier_id,
         count(*) filter (where s.kind = 'sale'), coalesce(sum(s.total) filter (where s.kind = 'sale'), 0),
         count(*) filter (where s.kind = 'refund'), coalesce(sum(s.total) filter (where s.kind = 'refund'), 0),
         count(*) filter (where s.kind = 'sale' and s.discount_total > 0),
         coalesce(sum(s.discount_total) filter (where s.kind = 'sale'), 0)
  from public.sales s join public.companies c on c.id = s.company_id
  where s.company_id = p_company and (p_sales is null or s.id = any (p_sales))
  group by 1, 2, 3, 4, 5
  on conflict (company_id, day, hour, store_id, cashier_id) do update set
    sales_count = t.sales_count + excluded.sales_count, sales_total = t.sales_total + excluded.sales_total,
    refunds_count = t.refunds_count + excluded.refunds_count,
    refunds_total = t.refunds_total + excluded.refunds_total,
    discounted_sales = t.discounted_sales + excluded.discounted_sales,
    discount_total = t.discount_total + excluded.discount_total
$$;

-- Adds sale lines (p_lines, or every line of the company when null) to the daily product summary, with
-- [REP-11]'s arithmetic: net excl. tax = total − tax, cost = round(unit_cost × quantity) per line.
create function private.insight_count_lines(p_company uuid, p_lines uuid[]) returns void
language sql set search_path = '' as $$
  insert into private.insight_lines_daily as t
  select s.company_id, s.store_id, (s.occurred_at at time zone c.time_zone)::date,
         coalesce(l.product_id, '00000000-0000-0000-0000-000000000000'),
         sum(case when s.kind = 'sale' then l.quantity else -l.quantity end),
         coalesce(sum(l.quantity) filter (where s.kind = 'sale'), 0),
         sum(case when s.kind = 'sale' then l.total else -l.total end),
         sum(case when s.kind = 'sale' then l.total - l.tax else l.tax - l.total end),
         coalesce(sum(case when s.kind = 'sale' then l.total - l.tax else l.tax - l.total end)
                  filter (where l.unit_cost is not null), 0),
         coalesce(sum((case when s.kind = 'sale' then 1 else -1 end)
                      * private.mul_div_round(l.unit_cost, (l.quantity * 1000)::bigint, 1000)), 0),
         coalesce(sum(case when s.kind = 'sale' then l.total - l.tax else l.tax - l.total end)
                  filter (where l.unit_cost is null), 0)
  from public.sale_lines l
  join public.sales s on s.id = l.sale_id
  join public.companies c on c.id = s.company_id
  where l.company_id = p_company and (p_lines is null or l.id = any (p_lines))
  group by 1, 2, 3, 4
  on conflict (company_id, day, store_id, product_id) do update set
    quantity = t.quantity + excluded.quantity, items = t.items + excluded.items,
    net_total = t.net_total + excluded.net_total, net_sales = t.net_sales + excluded.net_sales,
    costed_net = t.costed_net + excluded.costed_net, cost_total = t.cost_total + excluded.cost_total,
    uncosted_net = t.uncosted_net + excluded.uncosted_net
$$;

-- Both summaries of one company, again from its sales (a new time zone; `npm run bench`'s bulk load).
create function private.insight_rebuild(p_company uuid) returns void
language plpgsql set search_path = '' as $$
begin
  delete from private.insight_sales_hourly where company_id = p_company;
  delete from private.insight_lines_daily where company_id = p_company;
  perform private.insight_count_sales(p_company, null);
  perform private.insight_count_lines(p_company, null);
end
$$;

-- One statement's new sales or lines, per company (a batch is one shop's, but nothing here relies on it).
create function private.insight_rows_added() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_company uuid;
  v_ids uuid[];
begin
  for v_company in select distinct n.company_id from new_rows n loop
    v_ids := array(select n.id from new_rows n where n.company_id = v_company);
    if tg_table_name = 'sales' then
      perform private.insight_count_sales(v_company, v_ids);
    else
      perform private.insight_count_lines(v_company, v_ids);
    end if;
  end loop;
  return null;
end
$$;
create trigger sales_insight_summary after insert on public.sales
  referencing new table as new_rows for each statement execute function private.insight_rows_added();
create trigger sale_lines_insight_summary after insert on public.sale_lines
  referencing new table as new_rows for each statement execute function private.insight_rows_added();

create function private.insight_time_zone_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.insight_rebuild(new.id);
  return null;
end
$$;
create trigger companies_insight_time_zone after update of time_zone on public.companies
  for each row when (old.time_zone is distinct from new.time_zone)
  execute function private.insight_time_zone_changed();

select private.insight_rebuild(c.id) from public.companies c;

-- [INS-6] A customer's visits in time order: first visits (new or returning) and lapsed customers.
create index sales_customer_visits_idx on public.sales (company_id, customer_id, occurred_at)
  include (kind, total, store_id) where customer_id is not null;

-- [INS-2] Sales: totals with gross margin ([REP-11]'s arithmetic), by category and by product (margin from
-- sale_lines.unit_cost, uncosted revenue apart), by day (average basket and items per basket), and discounts
-- and refunds by the staff member who gave them. Read from the daily summaries ([INS-6]).
create function public.insight_sales(p_company uuid, p_from date, p_to date, p_store uuid default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_result jsonb;
begin
  perform private.report_range(p_company, p_from, p_to);
  with line as (
    select * from private.insight_lines_daily l
    where l.company_id = p_company and l.day between p_from and p_to and (p_store is null or l.store_id = p_store)
  ),
  hourly as (
    select * from private.insight_sales_hourly h
    where h.company_id = p_company and h.day between p_from and p_to and (p_store is null or h.store_id = p_store)
  ),
  by_product as (
    select nullif(l.product_id, '00000000-0000-0000-0000-000000000000') as product_id,
           sum(l.quantity) as quantity, sum(l.net_total)::bigint as net_total, sum(l.net_sales)::bigint as net_sales,
           sum(l.costed_net)::bigint as costed_net, sum(l.cost_total)::bigint as cost_total,
           sum(l.uncosted_net)::bigint as uncosted_net
    from line l group by l.product_id
  ),
  product as (
    select b.*, b.costed_net - b.cost_total as margin, p.category_id,
           coalesce(p.name, 'Items without a product') as name, c.name as category
    from by_product b
    left join public.products p on p.id = b.product_id
    left join public.categories c on c.id = p.category_id
  ),
  category as (
    select p.category_id, coalesce(max(p.category), 'No category') as name, sum(p.quantity) as quantity,
           sum(p.net_total)::bigint as net_total, sum(p.net_sales)::bigint as net_sales,
           sum(p.costed_net)::bigint as costed_net, sum(p.cost_total)::bigint as cost_total,
           sum(p.margin)::bigint as margin, sum(p.uncosted_net)::bigint as uncosted_net
    from product p group by p.category_id
  ),
  by_day as (
    select h.day, sum(h.sales_count)::bigint as sales_count, sum(h.sales_total)::bigint as sales_total,
           sum(h.refunds_count)::bigint as refunds_count, sum(h.refunds_total)::bigint as refunds_total
    from hourly h group by h.day
  ),
  items_by_day as (
    select l.day, sum(l.items) as items from line l group by l.day
  ),
  day as (
    select d::date as day, coalesce(b.sales_count, 0) as sales_count, coalesce(b.sales_total, 0) as sales_total,
           coalesce(b.refunds_count, 0) as refunds_count, coalesce(b.refunds_total, 0) as refunds_total,
           coalesce(i.items, 0) as items,
           case when b.sales_count > 0 then round(b.sales_total::numeric / b.sales_count)::bigint end as average_basket,
           case when b.sales_count > 0 then round(i.items / b.sales_count, 2) end as items_per_basket
    from pg_catalog.generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') d
    left join by_day b on b.day = d::date
    left join items_by_day i on i.day = d::date
  ),
  person as (
    select h.cashier_id, coalesce(max(st.name), 'Unknown cashier') as name,
           sum(h.sales_count)::bigint as sales_count, sum(h.discounted_sales)::bigint as discounted_sales,
           sum(h.discount_total)::bigint as discount_total, sum(h.refunds_count)::bigint as refunds_count,
           sum(h.refunds_total)::bigint as refunds_total
    from hourly h
    left join public.staff st on st.company_id = p_company and st.id = h.cashier_id
    group by h.cashier_id
  )
  select jsonb_build_object(
    'totals', (
      select jsonb_build_object(
        'sales_count', coalesce(sum(d.sales_count), 0), 'sales_total', coalesce(sum(d.sales_total), 0),
        'refunds_count', coalesce(sum(d.refunds_count), 0), 'refunds_total', coalesce(sum(d.refunds_total), 0),
        'net_total', coalesce(sum(d.sales_total - d.refunds_total), 0), 'items', coalesce(sum(d.items), 0),
        'average_basket', case when sum(d.sales_count) > 0
                               then round(sum(d.sales_total) / sum(d.sales_count))::bigint end,
        'items_per_basket', case when sum(d.sales_count) > 0 then round(sum(d.items) / sum(d.sales_count), 2) end,
        'net_sales', (select coalesce(sum(p.net_sales), 0) from product p),
        'costed_net', (select coalesce(sum(p.costed_net), 0) from product p),
        'cost_total', (select coalesce(sum(p.cost_total), 0) from product p),
        'margin', (select coalesce(sum(p.margin), 0) from product p),
        'uncosted_net', (select coalesce(sum(p.uncosted_net), 0) from product p),
        'discount_total', (select coalesce(sum(x.discount_total), 0) from person x))
      from day d),
    'categories', (select coalesce(jsonb_agg(to_jsonb(c) order by c.net_total desc, c.name), '[]') from category c),
    'products', (
      select coalesce(jsonb_agg(to_jsonb(p) - 'category_id' order by p.net_total desc, p.name), '[]')
      from product p),
    'days', (select jsonb_agg(to_jsonb(d) order by d.day) from day d),
    'people', (
      select coalesce(jsonb_agg(to_jsonb(x) order by x.discount_total + x.refunds_total desc, x.name), '[]')
      from person x)
  ) into v_result;
  return v_result;
end
$$;

-- [INS-3] Sales by hour × weekday in the company's time zone: 7 × 24 cells (weekday 1 = Monday … 7 = Sunday),
-- zero cells included, sales counted and net of refunds.
create function public.insight_heatmap(p_company uuid, p_from date, p_to date, p_store uuid default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_result jsonb;
begin
  perform private.report_range(p_company, p_from, p_to);
  with cell as (
    select extract(isodow from h.day)::int as weekday, h.hour::int as hour, sum(h.sales_count)::bigint as sales_count,
           sum(h.sales_total - h.refunds_total)::bigint as net_total
    from private.insight_sales_hourly h
    where h.company_id = p_company and h.day between p_from and p_to and (p_store is null or h.store_id = p_store)
    group by 1, 2
  )
  select jsonb_build_object('cells', jsonb_agg(jsonb_build_object(
           'weekday', w, 'hour', hr, 'sales_count', coalesce(c.sales_count, 0), 'net_total', coalesce(c.net_total, 0))
           order by w, hr))
  from pg_catalog.generate_series(1, 7) w
  cross join pg_catalog.generate_series(0, 23) hr
  left join cell c on c.weekday = w and c.hour = hr
  into v_result;
  return v_result;
end
$$;

-- [INS-4] Inventory of tracked, undeleted products (of one store, or all stores added up): stock value at cost
-- and at price, net units sold in the period, sell-through, days of cover, dead stock (in stock, no sale in the
-- p_dead_days up to the period's end) and the reorder list from the period's velocity, a lead time and the
-- product's reorder level. Products carry no supplier: the reorder list is one purchase list.
create function public.insight_inventory(p_company uuid, p_from date, p_to date, p_store uuid default null,
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
  with stock as (
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
    left join sold d on d.product_id = s.id
    left join recent rc on rc.product_id = s.id
  ),
  -- Units sold per day times days, worked out as sold × days ÷ period days so whole figures stay whole.
  point as (
    select f.*, greatest(coalesce(f.reorder_level, 0), greatest(f.sold, 0) * p_lead_days / v_days) as reorder_point
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
               'product_id', o.product_id, 'name', o.name, 'sku', o.sku, 'supplier', null, 'on_hand', o.on_hand,
               'per_day', round(greatest(o.sold, 0) / v_days, 2), 'reorder_level', o.reorder_level,
               'reorder_point', round(o.reorder_point, 2), 'order_quantity', o.order_quantity,
               'order_cost', case when o.cost is not null
                                  then private.mul_div_round(o.cost, (o.order_quantity * 1000)::bigint, 1000) end)
               order by o.on_hand - o.reorder_point, o.name), '[]')
      from reorder o where o.order_quantity > 0 and o.on_hand <= o.reorder_point),
    'settings', jsonb_build_object('days', v_days, 'dead_days', p_dead_days, 'lead_days', p_lead_days,
                                   'cover_days', p_cover_days, 'has_supplier', false)
  ) into v_result;
  return v_result;
end
$$;

-- [INS-5] Customers: who bought in the period (new: their first sale ever is in it; returning: they bought
-- before), repeat rate (customers with two sales or more), visits per customer, the customers' share of net
-- sales, the top 10 by net spend, and lapsed customers (came at least 3 times about monthly — on average at
-- most 31 days apart — and not in the 60 days up to the period's end).
create function public.insight_customers(p_company uuid, p_from date, p_to date, p_store uuid default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
  v_result jsonb;
begin
  select * into r from private.report_range(p_company, p_from, p_to);
  -- Every visit and refund of a customer up to the period's end, read from the customer index alone.
  with visit as materialized (
    select s.customer_id, s.kind, s.total, s.occurred_at
    from public.sales s
    where s.company_id = p_company and s.customer_id is not null and s.occurred_at < r.ends
      and (p_store is null or s.store_id = p_store)
  ),
  buyer as (
    select x.customer_id, count(*) filter (where x.kind = 'sale') as visits,
           sum(case when x.kind = 'sale' then x.total else -x.total end)::bigint as net_spend,
           max(x.occurred_at) filter (where x.kind = 'sale') as last_visit
    from visit x where x.occurred_at >= r.starts
    group by x.customer_id having count(*) filter (where x.kind = 'sale') > 0
  ),
  history as (
    select x.customer_id, min(x.occurred_at) as first_visit, max(x.occurred_at) as last_visit, count(*) as visits
    from visit x where x.kind = 'sale'
    group by x.customer_id
  ),
  lapsed as (
    select h.*, c.name
    from history h join public.customers c on c.id = h.customer_id
    where h.visits >= 3 and h.last_visit < r.ends - interval '60 days'
      and h.last_visit - h.first_visit <= (h.visits - 1) * interval '31 days'
  ),
  shares as (
    select (select coalesce(sum(h.sales_total - h.refunds_total), 0)::bigint
            from private.insight_sales_hourly h
            where h.company_id = p_company and h.day between p_from and p_to
              and (p_store is null or h.store_id = p_store)) as net_total,
           (select coalesce(sum(case when x.kind = 'sale' then x.total else -x.total end), 0)::bigint
            from visit x where x.occurred_at >= r.starts) as customer_net
  )
  select jsonb_build_object(
    'totals', (
      select jsonb_build_object(
        'customers', count(*), 'new', count(*) filter (where h.first_visit >= r.starts),
        'returning', count(*) filter (where h.first_visit < r.starts),
        'repeat', count(*) filter (where b.visits >= 2),
        'repeat_rate_pct', case when count(*) > 0
                                then round(100.0 * count(*) filter (where b.visits >= 2) / count(*), 1) end,
        'visits', coalesce(sum(b.visits), 0),
        'visits_per_customer', case when count(*) > 0 then round(sum(b.visits)::numeric / count(*), 2) end,
        'net_total', (select net_total from shares), 'customer_net', (select customer_net from shares),
        'customer_share_pct', (select case when net_total <> 0 then round(100.0 * customer_net / net_total, 1) end
                               from shares))
      from buyer b join history h on h.customer_id = b.customer_id),
    'top', (
      select coalesce(jsonb_agg(to_jsonb(t) order by t.net_spend desc, t.name), '[]') from (
        select b.customer_id, c.name, b.visits, b.net_spend, b.last_visit
        from buyer b join public.customers c on c.id = b.customer_id
        order by b.net_spend desc, c.name limit 10) t),
    'lapsed', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'customer_id', l.customer_id, 'name', l.name, 'visits', l.visits, 'first_visit', l.first_visit,
               'last_visit', l.last_visit) order by l.last_visit desc, l.name), '[]')
      from lapsed l)
  ) into v_result;
  return v_result;
end
$$;

do $$
declare
  f text;
begin
  foreach f in array array['insight_sales(uuid, date, date, uuid)', 'insight_heatmap(uuid, date, date, uuid)',
                           'insight_inventory(uuid, date, date, uuid, int, int, int)',
                           'insight_customers(uuid, date, date, uuid)'] loop
    execute 'revoke execute on function public.' || f || ' from public, anon';
    execute 'grant execute on function public.' || f || ' to authenticated, service_role';
  end loop;
end
$$;


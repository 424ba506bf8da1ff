-- [INS-6] The summaries add a statement's new rows straight from its transition table (issue 17, P5).
-- private.insight_rows_added handed the new rows' ids to insight_count_sales / insight_count_lines, whose
-- filter `p_ids is null or id = any (p_ids)` (the same function also rebuilds a whole company) can use no
-- index: each batch apply_ops wrote read every sale and line the company ever had, so a replay slowed down as
-- the shop's history grew (10 ms a batch of 100 with 8,000 lines on PGlite; seconds with a year of sales).
-- The trigger now aggregates new_rows itself, joined to sales and companies by primary key; the rebuild keeps
-- the two functions. The figures are the same: the same expressions over the same rows.

create or replace function private.insight_rows_added() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_table_name = 'sales' then
    insert into private.insight_sales_hourly as t
    select s.company_id, s.store_id, (s.occurred_at at time zone c.time_zone)::date,
           extract(hour from s.occurred_at at time zone c.time_zone)::smallint, s.cashier_id,
           count(*) filter (where s.kind = 'sale'), coalesce(sum(s.total) filter (where s.kind = 'sale'), 0),
           count(*) filter (where s.kind = 'refund'), coalesce(sum(s.total) filter (where s.kind = 'refund'), 0),
           count(*) filter (where s.kind = 'sale' and s.discount_total > 0),
           coalesce(sum(s.discount_total) filter (where s.kind = 'sale'), 0)
    from new_rows s join public.companies c on c.id = s.company_id
    group by 1, 2, 3, 4, 5
    order by 1, 3, 4, 2, 5
    on conflict (company_id, day, hour, store_id, cashier_id) do update set
      sales_count = t.sales_count + excluded.sales_count, sales_total = t.sales_total + excluded.sales_total,
      refunds_count = t.refunds_count + excluded.refunds_count,
      refunds_total = t.refunds_total + excluded.refunds_total,
      discounted_sales = t.discounted_sales + excluded.discounted_sales,
      discount_total = t.discount_total + excluded.discount_total;
  else
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
    from new_rows l
    join public.sales s on s.id = l.sale_id
    join public.companies c on c.id = s.company_id
    group by 1, 2, 3, 4
    -- Rows in key order, so two batches of one shop lock the summary rows they share in the same order.
    order by 1, 3, 2, 4
    on conflict (company_id, day, store_id, product_id) do update set
      quantity = t.quantity + excluded.quantity, items = t.items + excluded.items,
      net_total = t.net_total + excluded.net_total, net_sales = t.net_sales + excluded.net_sales,
      costed_net = t.costed_net + excluded.costed_net, cost_total = t.cost_total + excluded.cost_total,
      uncosted_net = t.uncosted_net + excluded.uncosted_net;
  end if;
  return null;
end
$$;

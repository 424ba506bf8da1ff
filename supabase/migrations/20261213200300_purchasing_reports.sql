-- The three purchasing reports (issue 38, piece C; supabase/SPEC.md [PUR-39]…[PUR-41]): what came in from each
-- supplier, what is on its way between stores, what the stocktakes found. Managers and owners of the shop,
-- checked as every report ([REP-1]: 42501 for cashiers and strangers, invalid_args for a bad range, days in
-- the shop's time zone). The back office shows each with 'Export CSV' in these columns.

-- [PUR-39] Received by supplier: per supplier and product, the quantities receipts posted (and holds a manager
-- accepted, [PUR-20]) whose receipt happened in the range; an extra (a product not on the order) counts under
-- the order's supplier. cost_value = Σ round(quantity × unit cost) per receipt line; a line with no unit cost
-- adds to uncosted_quantity instead.
create function public.report_received(p_company uuid, p_from date, p_to date, p_store uuid default null,
                                       p_supplier uuid default null)
returns table (supplier_id uuid, supplier_name text, product_id uuid, name text, sku text, quantity numeric,
               cost_value bigint, uncosted_quantity numeric, receipts bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
begin
  select * into r from private.report_range(p_company, p_from, p_to);
  return query
  with taken as (
    select o.supplier_id, l.product_id, l.receipt_id, l.unit_cost,
           l.posted + case when l.settled = 'accepted' then l.held else 0 end as quantity
    from public.purchase_receipts pr
    join public.purchase_receipt_lines l on l.company_id = pr.company_id and l.receipt_id = pr.id
    join public.purchase_orders o on o.company_id = pr.company_id and o.id = pr.purchase_order_id
    where pr.company_id = p_company and pr.occurred_at >= r.starts and pr.occurred_at < r.ends
      and (p_store is null or pr.store_id = p_store) and (p_supplier is null or o.supplier_id = p_supplier)
  )
  select t.supplier_id, s.name, t.product_id, p.name, p.sku, sum(t.quantity),
         coalesce(sum(private.mul_div_round(t.unit_cost, (t.quantity * 1000)::bigint, 1000)), 0)::bigint,
         coalesce(sum(t.quantity) filter (where t.unit_cost is null), 0),
         count(distinct t.receipt_id)
  from taken t
  join public.suppliers s on s.company_id = p_company and s.id = t.supplier_id
  join public.products p on p.company_id = p_company and p.id = t.product_id
  where t.quantity > 0
  group by t.supplier_id, s.name, t.product_id, p.name, p.sku
  order by s.name, t.supplier_id, p.name, t.product_id;
end
$$;

-- [PUR-40] In transit: every transfer line with something still on its way (sent − received − damaged − lost −
-- returned > 0), valued at the product's cost now (null without one); p_store: either end. Days on the way
-- count the shop's calendar days since it was sent.
create function public.report_in_transit(p_company uuid, p_store uuid default null)
returns table (transfer_id uuid, number text, from_store_id uuid, to_store_id uuid, product_id uuid, name text,
               sku text, sent_at timestamptz, in_transit numeric, value_at_cost bigint, days_in_transit int)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_zone text;
begin
  perform private.require_role(p_company, 'manager');
  select c.time_zone into v_zone from public.companies c where c.id = p_company;
  return query
  select t.id, t.number, t.from_store_id, t.to_store_id, l.product_id, p.name, p.sku, t.sent_at, w.quantity,
         case when p.cost is not null then private.mul_div_round(p.cost, (w.quantity * 1000)::bigint, 1000) end,
         ((pg_catalog.now() at time zone v_zone)::date - (t.sent_at at time zone v_zone)::date)::int
  from public.transfers t
  join public.transfer_lines l on l.company_id = t.company_id and l.transfer_id = t.id and l.removed_at is null
  join public.products p on p.company_id = t.company_id and p.id = l.product_id
  cross join lateral (select l.sent - l.received - l.damaged - l.lost - l.returned as quantity) w
  where t.company_id = p_company and t.status not in ('draft', 'cancelled') and w.quantity > 0
    and (p_store is null or p_store in (t.from_store_id, t.to_store_id))
  order by t.sent_at, t.number, l.position;
end
$$;

-- [PUR-41] Variances: the results of the stocktakes approved in the range, as they were posted ([PUR-34]);
-- every product counted, a variance of 0 too.
create function public.report_stocktake_variances(p_company uuid, p_from date, p_to date, p_store uuid default null)
returns table (stocktake_id uuid, number text, store_id uuid, approved_at timestamptz, product_id uuid, name text,
               sku text, expected numeric, counted numeric, variance numeric, variance_value bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
begin
  select * into r from private.report_range(p_company, p_from, p_to);
  return query
  select s.id, s.number, s.store_id, s.approved_at, x.product_id, p.name, p.sku, x.expected, x.counted, x.variance,
         x.variance_value
  from public.stocktakes s
  join public.stocktake_results x on x.company_id = s.company_id and x.stocktake_id = s.id
  join public.products p on p.company_id = s.company_id and p.id = x.product_id
  where s.company_id = p_company and s.status = 'approved' and s.approved_at >= r.starts and s.approved_at < r.ends
    and (p_store is null or s.store_id = p_store)
  order by s.approved_at, s.number, p.name, x.product_id;
end
$$;

revoke execute on function public.report_received(uuid, date, date, uuid, uuid),
  public.report_in_transit(uuid, uuid), public.report_stocktake_variances(uuid, date, date, uuid)
  from public, anon;
grant execute on function public.report_received(uuid, date, date, uuid, uuid),
  public.report_in_transit(uuid, uuid), public.report_stocktake_variances(uuid, date, date, uuid)
  to authenticated;

-- Reports for managers and owners (supabase/SPEC.md [REP-n]). Dates are calendar days in the company's time
-- zone, from p_from to p_to inclusive, by when the sale happened at the till (occurred_at). Refunds count
-- against the day, hour, product, tender, cashier and terminal they were made on.

-- [REP-1] The range as instants, after checking the caller is a manager or owner and the range is sane.
create function private.report_range(p_company uuid, p_from date, p_to date)
returns table (starts timestamptz, ends timestamptz, time_zone text)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_role(p_company, 'manager');
  if p_from is null or p_to is null or p_to < p_from or p_to - p_from > 366 then
    perform private.reject('invalid_args', 'Choose a date range of at most 367 days, from before to');
  end if;
  select c.time_zone into time_zone from public.companies c where c.id = p_company;
  starts := p_from::timestamp at time zone time_zone;
  ends := (p_to + 1)::timestamp at time zone time_zone;
  return next;
end
$$;

-- [REP-2] Sales by day: every day of the range (zero days included).
create function public.report_sales_by_day(p_company uuid, p_from date, p_to date)
returns table (day date, sales_count bigint, sales_total bigint, refunds_count bigint, refunds_total bigint,
               tax_total bigint, net_total bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
begin
  select * into r from private.report_range(p_company, p_from, p_to);
  return query
  select d::date, coalesce(a.sales_count, 0), coalesce(a.sales_total, 0), coalesce(a.refunds_count, 0),
         coalesce(a.refunds_total, 0), coalesce(a.tax_total, 0), coalesce(a.net_total, 0)
  from pg_catalog.generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') d
  left join (
    select (s.occurred_at at time zone r.time_zone)::date as local_day,
           count(*) filter (where s.kind = 'sale') as sales_count,
           coalesce(sum(s.total) filter (where s.kind = 'sale'), 0)::bigint as sales_total,
           count(*) filter (where s.kind = 'refund') as refunds_count,
           coalesce(sum(s.total) filter (where s.kind = 'refund'), 0)::bigint as refunds_total,
           sum(case when s.kind = 'sale' then s.tax_total else -s.tax_total end)::bigint as tax_total,
           sum(case when s.kind = 'sale' then s.total else -s.total end)::bigint as net_total
    from public.sales s
    where s.company_id = p_company and s.occurred_at >= r.starts and s.occurred_at < r.ends
    group by 1
  ) a on a.local_day = d::date
  order by d;
end
$$;

-- [REP-3] Sales by hour of the day (0–23, company time), over the whole range.
create function public.report_sales_by_hour(p_company uuid, p_from date, p_to date)
returns table (hour int, sales_count bigint, net_total bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
begin
  select * into r from private.report_range(p_company, p_from, p_to);
  return query
  select h, coalesce(a.sales_count, 0), coalesce(a.net_total, 0)
  from pg_catalog.generate_series(0, 23) h
  left join (
    select extract(hour from s.occurred_at at time zone r.time_zone)::int as local_hour,
           count(*) filter (where s.kind = 'sale') as sales_count,
           sum(case when s.kind = 'sale' then s.total else -s.total end)::bigint as net_total
    from public.sales s
    where s.company_id = p_company and s.occurred_at >= r.starts and s.occurred_at < r.ends
    group by 1
  ) a on a.local_hour = h
  order by h;
end
$$;

-- [REP-4] Top products by net revenue (sales minus refunds), with net quantity.
create function public.report_top_products(p_company uuid, p_from date, p_to date, p_limit int default 10)
returns table (product_id uuid, name text, quantity numeric, net_total bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
begin
  select * into r from private.report_range(p_company, p_from, p_to);
  return query
  select l.product_id, max(l.name),
         sum(case when s.kind = 'sale' then l.quantity else -l.quantity end),
         sum(case when s.kind = 'sale' then l.total else -l.total end)::bigint as net
  from public.sales s join public.sale_lines l on l.sale_id = s.id
  where s.company_id = p_company and s.occurred_at >= r.starts and s.occurred_at < r.ends
    and l.product_id is not null
  group by l.product_id
  order by net desc, l.product_id
  limit least(greatest(coalesce(p_limit, 10), 1), 100);
end
$$;

-- [REP-5] Payment mix: money taken per tender method, net of refunds paid out.
create function public.report_payment_mix(p_company uuid, p_from date, p_to date)
returns table (method text, payments_count bigint, net_amount bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
begin
  select * into r from private.report_range(p_company, p_from, p_to);
  return query
  select p.method, count(*), sum(case when s.kind = 'sale' then p.amount else -p.amount end)::bigint
  from public.sales s join public.payments p on p.sale_id = s.id
  where s.company_id = p_company and s.occurred_at >= r.starts and s.occurred_at < r.ends
  group by p.method order by p.method;
end
$$;

-- [REP-6] Sales by cashier.
create function public.report_sales_by_cashier(p_company uuid, p_from date, p_to date)
returns table (cashier_id uuid, display_name text, sales_count bigint, refunds_count bigint, net_total bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
begin
  select * into r from private.report_range(p_company, p_from, p_to);
  return query
  select s.cashier_id, max(m.display_name), count(*) filter (where s.kind = 'sale'),
         count(*) filter (where s.kind = 'refund'),
         sum(case when s.kind = 'sale' then s.total else -s.total end)::bigint as net
  from public.sales s
  left join public.company_members m on m.company_id = s.company_id and m.user_id = s.cashier_id
  where s.company_id = p_company and s.occurred_at >= r.starts and s.occurred_at < r.ends
  group by s.cashier_id order by net desc, s.cashier_id;
end
$$;

-- [REP-7] Sales by terminal.
create function public.report_sales_by_terminal(p_company uuid, p_from date, p_to date)
returns table (terminal_id uuid, code text, name text, sales_count bigint, refunds_count bigint, net_total bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
begin
  select * into r from private.report_range(p_company, p_from, p_to);
  return query
  select t.id, t.code, t.name, count(*) filter (where s.kind = 'sale'),
         count(*) filter (where s.kind = 'refund'),
         sum(case when s.kind = 'sale' then s.total else -s.total end)::bigint as net
  from public.sales s join public.terminals t on t.id = s.terminal_id
  where s.company_id = p_company and s.occurred_at >= r.starts and s.occurred_at < r.ends
  group by t.id order by t.code;
end
$$;

-- [REP-8] Refunds in the range, newest first, with the receipt they refund.
create function public.report_refunds(p_company uuid, p_from date, p_to date)
returns table (id uuid, receipt_no text, refund_of uuid, original_receipt_no text, total bigint, reason text,
               cashier_id uuid, terminal_id uuid, occurred_at timestamptz, recorded_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
begin
  select * into r from private.report_range(p_company, p_from, p_to);
  return query
  select s.id, s.receipt_no, s.refund_of, o.receipt_no, s.total, s.reason, s.cashier_id, s.terminal_id,
         s.occurred_at, s.recorded_at
  from public.sales s join public.sales o on o.id = s.refund_of
  where s.company_id = p_company and s.kind = 'refund' and s.occurred_at >= r.starts and s.occurred_at < r.ends
  order by s.occurred_at desc, s.id;
end
$$;

-- [REP-9] Low stock: tracked, undeleted products at or below their reorder level (or below zero), per store.
create function public.report_low_stock(p_company uuid, p_store uuid default null)
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
    and st.deleted_at is null and (p_store is null or st.id = p_store)
    and (coalesce(l.on_hand, 0) < 0 or coalesce(l.on_hand, 0) <= p.reorder_level)
  order by coalesce(l.on_hand, 0) - coalesce(p.reorder_level, 0), p.name;
end
$$;

do $$
declare
  f text;
begin
  foreach f in array array['report_sales_by_day(uuid, date, date)', 'report_sales_by_hour(uuid, date, date)',
                           'report_top_products(uuid, date, date, int)', 'report_payment_mix(uuid, date, date)',
                           'report_sales_by_cashier(uuid, date, date)', 'report_sales_by_terminal(uuid, date, date)',
                           'report_refunds(uuid, date, date)', 'report_low_stock(uuid, uuid)'] loop
    execute 'revoke execute on function public.' || f || ' from public, anon';
    execute 'grant execute on function public.' || f || ' to authenticated, service_role';
  end loop;
end
$$;
grant execute on all functions in schema private to anon, authenticated, service_role;

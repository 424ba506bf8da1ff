-- Customer totals for the customer list (issue 16, supabase/SPEC.md [REP-10]): how often each customer came
-- and what they spent, so a manager sees the regulars at a glance. A refund carries its sale's customer
-- (op_refund_record copies it) and counts against them; it is not a visit.

create index sales_company_customer_idx on public.sales (company_id, customer_id) where customer_id is not null;

-- [REP-10] Every customer of the company with a sale or refund: visits (sales), net spend (sales − refunds),
-- last visit. Managers and owners only, like every report.
create function public.report_customer_totals(p_company uuid)
returns table (customer_id uuid, visits bigint, net_spend bigint, last_visit timestamptz)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_role(p_company, 'manager');
  return query
  select s.customer_id, count(*) filter (where s.kind = 'sale'),
         sum(case when s.kind = 'sale' then s.total else -s.total end)::bigint,
         max(s.occurred_at) filter (where s.kind = 'sale')
  from public.sales s
  where s.company_id = p_company and s.customer_id is not null
  group by s.customer_id;
end
$$;
revoke execute on function public.report_customer_totals(uuid) from public, anon;
grant execute on function public.report_customer_totals(uuid) to authenticated, service_role;

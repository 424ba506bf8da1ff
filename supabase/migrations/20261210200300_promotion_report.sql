-- [PROMO-20] Each promotion's uses, the discount given and the sales it touched, over a time range (issue 36):
-- managers and owners only, as the other reports (private.require_role: a cashier gets insufficient_role,
-- another shop's caller not_member).
--
-- The discount is as the sales gave it, not net of refunds: a refund returns lines, and which part of a refunded
-- line's discount was which promotion's is the till's line detail, which the server does not keep per line.
-- refunds_total says how much of the touched sales was given back, so a manager reads both.
create function public.promotion_report(p_company uuid, p_from timestamptz, p_to timestamptz)
returns table (promotion_id uuid, name text, status text, uses bigint, discount_given bigint, server_amount bigint,
               sales_count bigint, sales_total bigint, refunds_total bigint, removed_count bigint)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_role(p_company, 'manager');
  if p_from is null or p_to is null or p_to <= p_from or p_to - p_from > interval '367 days' then
    perform private.reject('invalid_args', 'Choose a time range of at most 367 days, from before to');
  end if;
  return query
  with got as (
    select sp.promotion_id, sp.sale_id, sp.till_amount, sp.server_amount, sp.removed, s.total
    from public.sale_promotions sp
    join public.sales s on s.id = sp.sale_id and s.company_id = p_company
    where sp.company_id = p_company and s.kind = 'sale' and s.occurred_at >= p_from and s.occurred_at < p_to
  ),
  per as (
    select g.promotion_id,
           count(*) filter (where not g.removed and g.till_amount > 0) as uses,
           coalesce(sum(g.till_amount) filter (where not g.removed), 0)::bigint as discount_given,
           coalesce(sum(g.server_amount) filter (where not g.removed), 0)::bigint as server_amount,
           count(*) filter (where not g.removed and (g.till_amount > 0 or g.server_amount > 0)) as sales_count,
           coalesce(sum(g.total) filter (where not g.removed and (g.till_amount > 0 or g.server_amount > 0)), 0)::bigint
             as sales_total,
           coalesce(sum((select sum(r.total) from public.sales r
                         where r.refund_of = g.sale_id and r.company_id = p_company and r.kind = 'refund'))
                    filter (where not g.removed and (g.till_amount > 0 or g.server_amount > 0)), 0)::bigint
             as refunds_total,
           count(*) filter (where g.removed) as removed_count
    from got g
    group by g.promotion_id
  )
  select p.id, p.name, p.status, coalesce(x.uses, 0), coalesce(x.discount_given, 0), coalesce(x.server_amount, 0),
         coalesce(x.sales_count, 0), coalesce(x.sales_total, 0), coalesce(x.refunds_total, 0),
         coalesce(x.removed_count, 0)
  from public.promotions p
  left join per x on x.promotion_id = p.id
  where p.company_id = p_company and (p.deleted_at is null or x.promotion_id is not null)
  order by coalesce(x.discount_given, 0) desc, p.name, p.id;
end
$$;
comment on function public.promotion_report(uuid, timestamptz, timestamptz) is
  'PROMO-20: per promotion of the shop (live, or touched in the range): uses, discount given (as sold, not net of '
  'refunds), the server''s amount, the sales touched and their total, refunds of them, times taken off.';
revoke execute on function public.promotion_report(uuid, timestamptz, timestamptz) from public, anon;
grant execute on function public.promotion_report(uuid, timestamptz, timestamptz) to authenticated, service_role;

-- [FLAGUI-6] The card report's unverified part (issue 33): card tenders of sales whose money no reader payment
-- of this shop accounts for — taken on an external terminal, or naming a PaymentIntent the server never saw
-- succeed. "Verified" means the server checked it: a card tender is verified only when a `card_payments` row
-- that succeeded is linked to it ([CARD-7]). Refunds are left out: they pay money back, which is not the claim
-- a card tender on a sale makes. Same range and roles as the other reports ([REP-1]).
create function public.report_card_unverified(p_company uuid, p_from date, p_to date)
returns table (payments_count bigint, amount bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
begin
  select * into r from private.report_range(p_company, p_from, p_to);
  return query
  select count(*), coalesce(sum(p.amount), 0)::bigint
  from public.sales s join public.payments p on p.sale_id = s.id
  where s.company_id = p_company and s.kind = 'sale' and p.method = 'card'
    and s.occurred_at >= r.starts and s.occurred_at < r.ends
    and not exists (
      select 1 from public.card_payments c
      where c.company_id = p_company and c.payment_id = p.id and c.status = 'succeeded'
    );
end
$$;
revoke execute on function public.report_card_unverified(uuid, date, date) from public, anon;
grant execute on function public.report_card_unverified(uuid, date, date) to authenticated, service_role;

-- The check above looks a tender's reader payment up by the tender's id.
create index if not exists card_payments_payment_idx on public.card_payments (payment_id)
  where payment_id is not null;

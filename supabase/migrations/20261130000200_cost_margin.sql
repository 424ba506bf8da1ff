-- Cost and margin (issue 21; supabase/SPEC.md [SALE-10], [COST-1]..[COST-3], [REP-11]). The functions that
-- write sale lines and receives are changed where they are defined (migrations are still folded, one
-- definition per function): private.record_sales (20261128000200), op_sale_record and op_sale_refund
-- (20261127000100), op_stock_move (20261121000400).
-- * sale_lines.unit_cost: the product's cost when the sale was applied, stamped by the server from
--   products.cost (never from the op) in the same statements that write the lines; a refund line copies its
--   sale line's, so a refund takes back its share of the cost.
-- * companies.cost_method ('last' or 'average', owners): how a receive with a unit cost moves products.cost.
-- * stock.move (receive) takes an optional unit_cost, kept on the movement (stock_movements.unit_cost).
-- * report_margin: net sales excluding tax, cost of the lines sold, and the revenue with no known cost.

-- [COST-1]
alter table public.companies
  add column cost_method text not null default 'last' check (cost_method in ('last', 'average'));
comment on column public.companies.cost_method is
  'How a receive''s unit cost moves a product''s cost (COST-3): last cost, or moving average.';
grant update (cost_method) on public.companies to authenticated;

alter table public.sale_lines add column unit_cost bigint check (unit_cost is null or unit_cost >= 0);
comment on column public.sale_lines.unit_cost is
  'The product''s cost per unit when the sale was applied (SALE-10); null: no known cost. Refund lines copy it.';
alter table public.stock_movements
  add column unit_cost bigint check (unit_cost is null or unit_cost between 0 and 1000000000000);
comment on column public.stock_movements.unit_cost is 'The unit cost a receive was recorded with (COST-3).';

-- [REP-11] Gross margin over the range: net sales excluding tax (line total − line tax, sales minus refunds),
-- the cost of the lines sold (round(unit_cost × quantity) per line, refunds taking back their share) and the
-- margin on the lines with a known cost. Lines with no cost are not counted as free: their revenue is
-- reported as uncosted_net and left out of the margin.
create function public.report_margin(p_company uuid, p_from date, p_to date)
returns table (net_sales bigint, costed_net bigint, cost_total bigint, margin bigint, uncosted_net bigint,
               uncosted_lines bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
begin
  select * into r from private.report_range(p_company, p_from, p_to);
  return query
  with line as (
    select case when s.kind = 'sale' then 1 else -1 end as sign, l.total - l.tax as net, l.unit_cost,
           case when l.unit_cost is not null
                then private.mul_div_round(l.unit_cost, (l.quantity * 1000)::bigint, 1000) end as cost
    from public.sales s join public.sale_lines l on l.sale_id = s.id
    where s.company_id = p_company and s.occurred_at >= r.starts and s.occurred_at < r.ends
  )
  select coalesce(sum(x.sign * x.net), 0)::bigint,
         coalesce(sum(x.sign * x.net) filter (where x.unit_cost is not null), 0)::bigint,
         coalesce(sum(x.sign * x.cost), 0)::bigint,
         coalesce(sum(x.sign * (x.net - x.cost)) filter (where x.unit_cost is not null), 0)::bigint,
         coalesce(sum(x.sign * x.net) filter (where x.unit_cost is null), 0)::bigint,
         count(*) filter (where x.unit_cost is null and x.sign = 1)
  from line x;
end
$$;
revoke execute on function public.report_margin(uuid, date, date) from public, anon;
grant execute on function public.report_margin(uuid, date, date) to authenticated, service_role;

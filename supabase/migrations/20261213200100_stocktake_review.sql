-- [PUR-37] stocktake_review: what a manager reads before approving a stocktake (and after: what was posted).
-- Figures by [PUR-33]'s rule as at now while the stocktake is open or cancelled; once approved, the stored
-- results, which never change. Checked as every report ([REP-1]): managers and owners of the stocktake's
-- shop; another shop's stocktake is unknown_stocktake.

-- The figures the review shows per product counted: the stored results once approved, else as at now.
create function private.stocktake_review_figures(p_stocktake public.stocktakes)
returns table (product_id uuid, in_scope boolean, counted numeric, counted_at timestamptz, expected numeric,
               variance numeric, unit_cost bigint, variance_value bigint)
language sql stable security definer set search_path = '' as $$
  select r.product_id, r.in_scope, r.counted, r.counted_at, r.expected, r.variance, r.unit_cost, r.variance_value
  from public.stocktake_results r
  where p_stocktake.status = 'approved' and r.stocktake_id = p_stocktake.id
  union all
  select f.* from private.stocktake_figures(p_stocktake, false) f where p_stocktake.status <> 'approved'
$$;

create function public.stocktake_review(p_stocktake uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v public.stocktakes;
  v_result jsonb;
begin
  if auth.uid() is null then
    raise exception 'Sign in first' using errcode = '42501', hint = 'not_signed_in';
  end if;
  select * into v from public.stocktakes s where s.id = p_stocktake;
  if not found or not private.is_member(v.company_id) then
    perform private.reject('unknown_stocktake', 'This stocktake is not a stocktake of this shop');
  end if;
  perform private.require_role(v.company_id, 'manager');
  with figures as (
    select f.*, p.name, p.sku from private.stocktake_review_figures(v) f
    join public.products p on p.company_id = v.company_id and p.id = f.product_id
  ), rows as (
    select f.in_scope, f.name, pg_catalog.jsonb_build_object(
             'product_id', f.product_id, 'name', f.name, 'sku', f.sku, 'expected', f.expected, 'counted', f.counted,
             'variance', f.variance, 'unit_cost', f.unit_cost, 'variance_value', f.variance_value,
             'counted_at', f.counted_at,
             'counts', coalesce((
               select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
                        'id', l.id, 'counted', l.counted, 'zone', l.zone, 'terminal_id', l.terminal_id,
                        'staff_id', l.staff_id, 'counted_at', l.counted_at, 'late', l.late,
                        'replaced', exists (select 1 from public.stocktake_lines r
                                            where r.stocktake_id = l.stocktake_id and r.replaces = l.id
                                              and not r.late))
                      order by l.counted_at, l.id)
               from public.stocktake_lines l where l.stocktake_id = v.id and l.product_id = f.product_id), '[]'))
             as line
    from figures f
  )
  select pg_catalog.jsonb_build_object(
    'stocktake', pg_catalog.jsonb_build_object(
      'id', v.id, 'number', v.number, 'store_id', v.store_id, 'scope', v.scope, 'category_id', v.category_id,
      'supplier_id', v.supplier_id, 'status', v.status, 'opened_at', v.opened_at, 'approved_at', v.approved_at,
      'approved_by', v.approved_by, 'uncounted', v.uncounted, 'note', v.note),
    'lines', (select coalesce(pg_catalog.jsonb_agg(r.line order by r.name), '[]') from rows r where r.in_scope),
    'out_of_scope',
      (select coalesce(pg_catalog.jsonb_agg(r.line order by r.name), '[]') from rows r where not r.in_scope),
    'not_counted', (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'product_id', p.id, 'name', p.name, 'sku', p.sku, 'on_hand', coalesce(l.on_hand, 0))
               order by p.name), '[]')
      from private.stocktake_scope(v) s
      join public.products p on p.company_id = v.company_id and p.id = s.product_id
      left join public.stock_levels l on l.store_id = v.store_id and l.product_id = p.id
      where not exists (select 1 from figures f where f.product_id = s.product_id)),
    -- The store's tills that have sent nothing since the stocktake opened: their sales may still be on the way.
    'unsynced_tills', (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'terminal_id', t.id, 'name', t.name, 'last_synced_at', t.last_synced_at) order by t.name), '[]')
      from (select t.id, t.name,
                   (select a.applied_at from public.applied_ops a
                    where a.company_id = v.company_id and a.terminal_id = t.id
                    order by a.applied_at desc limit 1) as last_synced_at
            from public.terminals t
            where t.company_id = v.company_id and t.store_id = v.store_id and t.deleted_at is null) t
      where t.last_synced_at is null or t.last_synced_at < v.opened_at)
  ) into v_result;
  return v_result;
end
$$;
revoke execute on function public.stocktake_review(uuid) from public, anon;
grant execute on function public.stocktake_review(uuid) to authenticated;
revoke execute on function private.stocktake_review_figures(public.stocktakes) from public, anon, authenticated;

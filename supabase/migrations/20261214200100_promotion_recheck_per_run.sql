-- ---------------------------------------------------------------------------------------------------------
-- [PROMO-23] private.sale_meets_promotions for many sales at once. apply_ops asked it once per applied sale,
-- and each call found its shop's live promotions and read the ids their rules name again: the same work a
-- hundred times a batch. Here each shop's promotions and named ids are read once for the run; a sale is in the
-- answer exactly when private.sale_meets_promotions(its company, it) is true.
-- ---------------------------------------------------------------------------------------------------------
create function private.sales_meeting_promotions(p_sales uuid[]) returns table (sale_id uuid)
language sql stable security definer set search_path = '' set jit = off as $$
  with sale as (
    select s.id, s.company_id from public.sales s where s.id = any(p_sales)
  ), live as (
    select p.company_id, p.rule from public.promotions p
    where p.company_id in (select s.company_id from sale s)
      and p.deleted_at is null and p.status = 'active' and not p.coupon_only
  ), named as (
    select l.company_id, pg_catalog.jsonb_path_query(l.rule, 'strict $.**.product_ids[*]') #>> '{}' as id
    from live l
    union
    select l.company_id, pg_catalog.jsonb_path_query(l.rule, 'strict $.**.category_ids[*]') #>> '{}' from live l
  )
  select s.id from sale s
  where exists (
          select 1 from live l
          where l.company_id = s.company_id
            and (l.rule ->> 'kind' = 'basket_threshold'
                 or (l.rule ->> 'kind' in ('percent_off', 'amount_off') and l.rule -> 'items' = 'null'::jsonb)))
     or exists (
          select 1
          from public.sale_lines sl
          left join public.products pr on pr.company_id = s.company_id and pr.id = sl.product_id
          left join public.product_variants v on v.company_id = s.company_id and v.id = sl.product_id
          join named n on n.company_id = s.company_id
                      and n.id in (sl.product_id::text, v.parent_id::text, pr.category_id::text)
          where sl.sale_id = s.id)
$$;

-- [PROMO-23] The one-sale question, said once: private.sales_meeting_promotions for that sale. Its callers pass
-- the sale's own company (the rule reads the sale's).
create or replace function private.sale_meets_promotions(p_company uuid, p_sale uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from private.sales_meeting_promotions(array[p_sale]) m
                 join public.sales s on s.id = m.sale_id and s.company_id = p_company)
$$;

-- [PROMO-22] [PROMO-23] As in 20261210300100_promotion_recheck.sql, with the run's sales that a promotion could
-- touch asked once (private.sales_meeting_promotions) instead of once per sale.
create or replace function private.recheck_promotions(p_ops jsonb, p_answers jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  s record;
  v_lines jsonb;
  v_promotions jsonb;
  v_coupons jsonb;
  v_outcome jsonb;
  v_till jsonb;
  v_server jsonb;
  v_state text;
  v_message text;
  v_meeting uuid[];
begin
  if not p_answers @> '[{"status": "applied"}]' then return; end if;
  begin
    -- [PROMO-23] The run's sales a promotion could touch, worked out for all of them at once.
    v_meeting := array(
      select m.sale_id
      from private.sales_meeting_promotions(array(
             select private.as_uuid(o.args ->> 'id') from private.applied_now(p_ops, p_answers) o
             where o.name = 'sale.record')) m);
    for s in
      select sa.id, sa.company_id, sa.store_id, sa.terminal_id, sa.op_id, sa.customer_id, o.args,
             private.price_window_start(sa.occurred_at, sa.recorded_at) as at, c.time_zone
      from private.applied_now(p_ops, p_answers) o
      join public.sales sa on sa.id = private.as_uuid(o.args ->> 'id') and sa.op_id = o.op_id
      join public.companies c on c.id = sa.company_id
      where o.name = 'sale.record'
        -- Only a sale the engine could answer something for: one that names promotions, coupons or removals,
        -- or one with a line a promotion of its shop could touch ([PROMO-23]).
        and (coalesce(pg_catalog.jsonb_array_length(case when pg_catalog.jsonb_typeof(o.args -> 'promotions') = 'array'
                                                         then o.args -> 'promotions' end), 0) > 0
             or coalesce(pg_catalog.jsonb_array_length(case when pg_catalog.jsonb_typeof(o.args -> 'coupons') = 'array'
                                                         then o.args -> 'coupons' end), 0) > 0
             or coalesce(pg_catalog.jsonb_array_length(
                  case when pg_catalog.jsonb_typeof(o.args -> 'removed_promotions') = 'array'
                       then o.args -> 'removed_promotions' end), 0) > 0
             or sa.id = any(v_meeting))
    loop
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'line_id', l.id, 'product_id', l.product_id, 'parent_id', v.parent_id, 'category_id', p.category_id,
               'unit_price', l.unit_price, 'quantity', (l.quantity * 1000)::bigint,
               'weighed', coalesce(p.weighed, false),
               'manual_discount', coalesce(a.value -> 'manual_discount' = 'true'::jsonb, false),
               'no_promotions', false) order by l.line_no), '[]')
        into v_lines
      from public.sale_lines l
      left join public.products p on p.company_id = s.company_id and p.id = l.product_id
      left join public.product_variants v on v.company_id = s.company_id and v.id = l.product_id
      left join lateral (
        select x.value from pg_catalog.jsonb_array_elements(
          case when pg_catalog.jsonb_typeof(s.args -> 'lines') = 'array' then s.args -> 'lines' else '[]' end) x
        where x.value ->> 'id' = l.id::text limit 1) a on true
      where l.sale_id = s.id;

      select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'id', p.id, 'priority', p.priority, 'combinable', p.combinable, 'starts_at', p.starts_at,
               'ends_at', p.ends_at, 'slots', p.slots, 'store_ids', pg_catalog.to_jsonb(p.store_ids),
               'customers_only', p.customers_only, 'coupon_only', p.coupon_only, 'rule', p.rule)), '[]')
        into v_promotions
      from public.promotions p
      where p.company_id = s.company_id and p.deleted_at is null and p.status = 'active';

      -- [PROMO-12] The codes the sale entered that the shop has and that were good at the sale's time.
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('code', k.code, 'promotion_id', k.promotion_id)
                                           order by e.n), '[]')
        into v_coupons
      from pg_catalog.jsonb_array_elements_text(
             case when pg_catalog.jsonb_typeof(s.args -> 'coupons') = 'array' then s.args -> 'coupons' else '[]' end)
           with ordinality as e(code, n)
      join public.coupons k on k.company_id = s.company_id and k.code = pg_catalog.upper(pg_catalog.btrim(e.code))
                           and k.deleted_at is null and k.active and (k.expires_at is null or k.expires_at > s.at);

      v_outcome := private.promotion_outcome(v_lines, v_promotions, pg_catalog.jsonb_build_object(
        'at', pg_catalog.to_char(s.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'time_zone', coalesce(s.time_zone, 'UTC'),
        'store_id', s.store_id,
        'customer_attached', s.customer_id is not null,
        'coupons', v_coupons,
        'manual_cart_discount', coalesce(s.args -> 'manual_cart_discount' = 'true'::jsonb, false),
        'removed_promotion_ids', case when pg_catalog.jsonb_typeof(s.args -> 'removed_promotions') = 'array'
                                      then s.args -> 'removed_promotions' else '[]' end));

      insert into public.sale_promotions as sp (company_id, sale_id, promotion_id, server_amount, coupon_code)
      select s.company_id, s.id, (a.value ->> 'promotion_id')::uuid, (a.value ->> 'amount')::bigint,
             a.value ->> 'coupon_code'
      from pg_catalog.jsonb_array_elements(v_outcome -> 'applied') a
      on conflict (sale_id, promotion_id) do update
        set server_amount = excluded.server_amount, coupon_code = coalesce(sp.coupon_code, excluded.coupon_code);

      -- Both answers, by promotion, where they differ: what the till charged and what the server works out.
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('promotion_id', sp.promotion_id,
                                                                'amount', sp.till_amount) order by sp.promotion_id)
               filter (where sp.till_amount > 0),
             pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('promotion_id', sp.promotion_id,
                                                                'amount', sp.server_amount) order by sp.promotion_id)
               filter (where sp.server_amount > 0)
        into v_till, v_server
      from public.sale_promotions sp
      where sp.sale_id = s.id and sp.company_id = s.company_id and not sp.removed;
      if exists (select 1 from public.sale_promotions sp
                 where sp.sale_id = s.id and sp.company_id = s.company_id and not sp.removed
                   and sp.till_amount <> sp.server_amount) then
        perform private.add_flag(s.company_id, 'promotion', 'promotion:' || s.id || ':recheck', s.id, s.op_id,
          s.terminal_id, pg_catalog.jsonb_build_object(
            'reason', 'differs',
            'till', coalesce(v_till, '[]'), 'server', coalesce(v_server, '[]'),
            'till_saved', (select coalesce(sum(x.till_amount), 0) from public.sale_promotions x
                           where x.sale_id = s.id and not x.removed),
            'server_saved', (v_outcome ->> 'total_saved')::bigint));
      end if;
    end loop;
  exception when others then
    get stacked diagnostics v_state = returned_sqlstate, v_message = message_text;
    if v_state like '40%' or v_state like '53%' or v_state like '57%' or v_state like '08%' or v_state = '55P03' then
      raise;
    end if;
    raise warning 'recheck_promotions (%): %', v_state, v_message;
  end;
end
$$;

revoke execute on function private.sales_meeting_promotions(uuid[]) from public, anon, authenticated;

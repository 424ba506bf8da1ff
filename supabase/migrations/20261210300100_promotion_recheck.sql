-- [PROMO-22] apply_ops works every sale's promotions out again (issue 36): after each batch, for every
-- sale.record it applied in a shop that has promotions (or that names some), the server runs its own engine
-- (private.promotion_outcome, 20261210100000_promotion_rules.sql — the till's applyPromotions, proven alike by
-- tests/integration/promotion-agree.test.ts) on what it knows itself:
-- * the lines as it stored them (product, its parent when it is a variant, its category, unit price, quantity,
--   whether the product is weighed), a line the till says had a manual discount of its own (`manual_discount`)
--   taking no promotions ([PROMO-4]);
-- * the shop's live, active promotions as they are now (a promotion ended or edited while the till was offline
--   gives a different answer — that is the point), in the shop's time zone, at the sale's time as the price
--   re-check reads it (private.price_window_start: never after the server recorded it, nor more than a week
--   before);
-- * the sale's store, whether a customer is attached, the coupons it entered that the shop has, active and
--   unexpired at that time, the promotions the cashier took off, and whether a manual cart discount replaced
--   the basket stage (`manual_cart_discount`) ([PROMO-8]).
-- Its answer is stored beside the till's (sale_promotions.server_amount, upserted on (sale_id, promotion_id)),
-- and when any promotion's amounts differ the sale is flagged `promotion` once, with both answers side by side.
-- The sale is kept as recorded: the customer has paid. A fault is a warning, as in private.flag_sales.
--
-- [PROMO-23] The engine runs only for a sale it could answer something for. The demo shop (and the bench's
-- catalogue, which is added to it) has promotions, and a sale of 3 lines through the PL/pgSQL engine costs
-- milliseconds: run for every sale, that is most of a 10,000-sale replay ([OPS-15], P5). A sale needs the
-- engine when it names promotions, coupons or removals (the till's answer is to be checked), or when a line's
-- product, its parent or its category is named by one of its shop's active promotions that needs no coupon,
-- or such a promotion is a basket one (every line). Any other sale has no promotion on either side.

-- Whether any line of the sale could take one of its shop's active, coupon-free promotions.
create function private.sale_meets_promotions(p_company uuid, p_sale uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  with live as (
    select p.rule from public.promotions p
    where p.company_id = p_company and p.deleted_at is null and p.status = 'active' and not p.coupon_only
  ), named as (
    select pg_catalog.jsonb_path_query(l.rule, 'strict $.**.product_ids[*]') #>> '{}' as id from live l
    union
    select pg_catalog.jsonb_path_query(l.rule, 'strict $.**.category_ids[*]') #>> '{}' from live l
  )
  select exists (
           select 1 from live l
           where l.rule ->> 'kind' = 'basket_threshold'
              or (l.rule ->> 'kind' in ('percent_off', 'amount_off') and l.rule -> 'items' = 'null'::jsonb))
      or exists (
           select 1
           from public.sale_lines sl
           left join public.products pr on pr.company_id = p_company and pr.id = sl.product_id
           left join public.product_variants v on v.company_id = p_company and v.id = sl.product_id
           join named n on n.id in (sl.product_id::text, v.parent_id::text, pr.category_id::text)
           where sl.sale_id = p_sale)
$$;
revoke execute on function private.sale_meets_promotions(uuid, uuid) from public, anon, authenticated;

create function private.recheck_promotions(p_ops jsonb, p_answers jsonb) returns void
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
begin
  if not p_answers @> '[{"status": "applied"}]' then return; end if;
  begin
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
             or private.sale_meets_promotions(sa.company_id, sa.id))
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
revoke execute on function private.recheck_promotions(jsonb, jsonb) from public, anon, authenticated;

-- [OPS-1] apply_ops as in 20261210200200_sale_promotions_recorded.sql, and [PROMO-22] each sale's promotions
-- worked out again after they are recorded.
create or replace function public.apply_ops(ops jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_answers jsonb := '[]';
  v_stored jsonb;
  v_count int;
  v_start int := 0;
  v_end int;
  v_run jsonb;
  v_run_answers jsonb;
begin
  if v_user is null then
    raise exception 'Sign in to sync' using errcode = '42501', hint = 'not_signed_in';
  end if;
  -- [RLS-6] The whole batch waits for an aal2 session; no op is answered (or recorded) for this token.
  perform private.require_second_factor();
  if pg_catalog.jsonb_typeof(ops) is distinct from 'array' then
    raise exception 'ops must be a JSON array of operations' using errcode = '22023', hint = 'invalid_batch';
  end if;
  v_count := pg_catalog.jsonb_array_length(ops);
  if v_count > 500 then
    raise exception 'A batch holds at most 500 ops, got %', v_count using errcode = '22023', hint = 'batch_too_large';
  end if;
  if v_count = 0 then return v_answers; end if;
  v_stored := private.stored_answers(ops, v_user);
  -- [OPS-16] A batch resent after its answer was lost: every op is answered from applied_ops at once.
  if not v_stored @> '[null]' then return v_stored; end if;
  while v_start < v_count loop
    v_end := v_start;
    while v_end < v_count and v_stored -> v_end = 'null' and private.is_sale_record(ops -> v_end) loop
      v_end := v_end + 1;
    end loop;
    if v_end > v_start then
      v_run := private.jsonb_slice(ops, v_start, v_end);
      v_run_answers := private.apply_sale_run(v_run, v_user);
      v_answers := v_answers || v_run_answers;
      v_start := v_end;
    else
      v_answers := v_answers || pg_catalog.jsonb_build_array(
        case when v_stored -> v_start = 'null' then private.apply_op(ops -> v_start, v_user)
             else v_stored -> v_start end);
      v_start := v_start + 1;
    end if;
  end loop;
  -- [RCPT-18] Every sale the batch applied is linked, whichever path applied it: one statement.
  perform private.link_receipts(ops, v_answers);
  -- [PROMO-17] What each sale got: its promotions, coupons counted, promotions taken off.
  perform private.record_sale_promotions(ops, v_answers);
  -- [PROMO-22] The same promotions worked out again by the server, and a flag where the answers differ.
  perform private.recheck_promotions(ops, v_answers);
  perform private.flag_sales(ops, v_answers);
  return v_answers;
end
$$;

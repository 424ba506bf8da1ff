-- [PROMO-14] A promotion whose rules contradict each other is refused where it is saved, with the field named
-- (issue 36, supabase/SPEC.md "Promotions and coupons"). The same codes and field paths as the back office's
-- form check, src/domain/promotions/promotion-check.ts (checkPromotion), so the form puts the server's
-- refusal under the right field: `field` is the engine's (camelCase) path, e.g. `rule.components.1.quantity`.
-- The server also refuses what the till's types cannot express: an unknown kind, a missing or extra key, a
-- value of the wrong JSON type (`bad_rule`, [PROMO-15]). This file holds the rules alone (pure functions, so
-- tests/integration/promotion-check-agree.test.ts runs them beside checkPromotion in PGlite);
-- 20261210200100_promotion_checks_applied.sql applies them to public.promotions.

-- A JSON number that is a whole number JavaScript holds exactly (Number.isSafeInteger), else null.
create function private.promo_whole(v jsonb) returns numeric
language sql immutable parallel safe as $$
  select case when pg_catalog.jsonb_typeof(v) is distinct from 'number' then null
              when (v #>> '{}')::numeric <> trunc((v #>> '{}')::numeric) then null
              when abs((v #>> '{}')::numeric) > 9007199254740991 then null
              else (v #>> '{}')::numeric end
$$;

-- An item set as stored ({"product_ids": [uuid…], "category_ids": [uuid…]}, nothing else), or null when
-- p_nullable. Its emptiness is checked apart (`no_items`).
create function private.promo_set_ok(v jsonb, p_nullable boolean) returns boolean
language sql immutable parallel safe as $$
  select case
    when v is null then false
    when v = 'null'::jsonb then p_nullable
    when pg_catalog.jsonb_typeof(v) <> 'object' then false
    when pg_catalog.jsonb_typeof(v -> 'product_ids') is distinct from 'array'
      or pg_catalog.jsonb_typeof(v -> 'category_ids') is distinct from 'array' then false
    else v - 'product_ids' - 'category_ids' = '{}'
         and pg_catalog.jsonb_array_length(v -> 'product_ids') <= 1000
         and pg_catalog.jsonb_array_length(v -> 'category_ids') <= 1000
         and not exists (
           select 1 from pg_catalog.jsonb_array_elements((v -> 'product_ids') || (v -> 'category_ids')) e
           where case when pg_catalog.jsonb_typeof(e) <> 'string' then true
                      else (e #>> '{}') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' end)
  end
$$;

-- A value of a rule's key has the JSON shape its type needs (the ranges are checked apart).
-- (CASE, not AND: a JSON operator meeting the wrong type raises, and AND's order is the planner's.)
create function private.promo_shape_ok(v jsonb, p_type text) returns boolean
language sql immutable parallel safe as $$
  select case p_type
    when 'set' then private.promo_set_ok(v, false)
    when 'set?' then private.promo_set_ok(v, true)
    when 'rate' then pg_catalog.jsonb_typeof(v) is not distinct from 'number'
    when 'amount' then pg_catalog.jsonb_typeof(v) is not distinct from 'number'
    when 'count' then pg_catalog.jsonb_typeof(v) is not distinct from 'number'
    when 'bool' then pg_catalog.jsonb_typeof(v) is not distinct from 'boolean'
    when 'off' then case
      when pg_catalog.jsonb_typeof(v) is distinct from 'object' then false
      when v ->> 'kind' = 'percent' then pg_catalog.jsonb_typeof(v -> 'rate') is not distinct from 'number'
                                         and v - 'kind' - 'rate' = '{}'
      when v ->> 'kind' = 'amount' then pg_catalog.jsonb_typeof(v -> 'amount') is not distinct from 'number'
                                        and v - 'kind' - 'amount' = '{}'
      else false end
    when 'components' then case
      when pg_catalog.jsonb_typeof(v) is distinct from 'array' then false
      when pg_catalog.jsonb_array_length(v) > 20 then false
      else not exists (
        select 1 from pg_catalog.jsonb_array_elements(v) c
        where case when pg_catalog.jsonb_typeof(c) <> 'object' then true
                   else c - 'items' - 'quantity' <> '{}' or not private.promo_set_ok(c -> 'items', false)
                        or pg_catalog.jsonb_typeof(c -> 'quantity') is distinct from 'number' end) end
    else false
  end
$$;

-- The problem of one value of a well-shaped rule, in checkPromotion's terms (null: none).
create function private.promo_value_problem(v jsonb, p_type text, p_field text) returns jsonb
language sql immutable parallel safe as $$
  select case
    when p_type = 'rate' and coalesce(private.promo_whole(v) between 0 and 10000, false) is false
      then pg_catalog.jsonb_build_object('field', p_field, 'code', 'rate_out_of_range')
    when p_type = 'amount' and coalesce(private.promo_whole(v) between 0 and 1000000000000, false) is false
      then pg_catalog.jsonb_build_object('field', p_field, 'code', 'amount_out_of_range')
    when p_type = 'count' and coalesce(private.promo_whole(v) >= 1, false) is false
      then pg_catalog.jsonb_build_object('field', p_field, 'code', 'quantity_too_small')
    when p_type in ('set', 'set?') and v <> 'null'::jsonb
         and pg_catalog.jsonb_array_length(v -> 'product_ids') = 0
         and pg_catalog.jsonb_array_length(v -> 'category_ids') = 0
      then pg_catalog.jsonb_build_object('field', p_field, 'code', 'no_items')
  end
$$;

-- A stored key's name as checkPromotion's field path names it (snake_case → camelCase).
create function private.promo_camel(p_key text) returns text
language sql immutable parallel safe as $$
  select pg_catalog.string_agg(case when w.i = 1 then w.part
                                    else pg_catalog.upper(pg_catalog.left(w.part, 1)) || substr(w.part, 2) end,
                               '' order by w.i)
  from pg_catalog.unnest(pg_catalog.string_to_array(p_key, '_')) with ordinality as w(part, i)
$$;

-- A rule's keys and their types, in the order checkPromotion checks them (null: an unknown kind).
create function private.promo_rule_keys(p_kind text) returns text[][]
language sql immutable parallel safe as $$
  select case p_kind
    when 'percent_off' then array[['items', 'set?'], ['rate', 'rate']]
    when 'amount_off' then array[['items', 'set?'], ['amount', 'amount']]
    when 'basket_threshold' then array[['min_spend', 'amount'], ['off', 'off']]
    when 'buy_x_get_y' then array[['buy', 'set'], ['get', 'set?'], ['buy_quantity', 'count'],
                                  ['get_quantity', 'count'], ['get_rate', 'rate'], ['repeat', 'bool']]
    when 'mix_match' then array[['items', 'set'], ['quantity', 'count'], ['price', 'amount'], ['repeat', 'bool']]
    when 'bundle_price' then array[['components', 'components'], ['price', 'amount'], ['repeat', 'bool']]
    when 'fixed_price' then array[['items', 'set'], ['unit_price', 'amount']]
  end
$$;

-- [PROMO-14] [PROMO-15] Every problem of a rule: its shape first (`bad_rule`: nothing else is read of a rule
-- that is not one), then what checkPromotion's checkRule finds, in its order.
create function private.promo_rule_problems(r jsonb) returns jsonb
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  v_keys text[][];
  v_problems jsonb := '[]';
  v_key text;
  v_type text;
  v_field text;
  v_off jsonb;
  c record;
  i int;
begin
  if pg_catalog.jsonb_typeof(r) is distinct from 'object' then
    return '[{"field": "rule", "code": "bad_rule"}]';
  end if;
  v_keys := private.promo_rule_keys(case when pg_catalog.jsonb_typeof(r -> 'kind') = 'string' then r ->> 'kind' end);
  if v_keys is null then
    return '[{"field": "rule.kind", "code": "bad_rule"}]';
  end if;
  for i in 1 .. pg_catalog.array_length(v_keys, 1) loop
    if not private.promo_shape_ok(r -> v_keys[i][1], v_keys[i][2]) then
      v_problems := v_problems || pg_catalog.jsonb_build_array(pg_catalog.jsonb_build_object(
        'field', 'rule.' || private.promo_camel(v_keys[i][1]), 'code', 'bad_rule'));
    end if;
  end loop;
  for v_key in select k from pg_catalog.jsonb_object_keys(r) k order by k loop
    if v_key <> 'kind' and not exists (select 1 from pg_catalog.generate_subscripts(v_keys, 1) s where v_keys[s][1] = v_key) then
      v_problems := v_problems || pg_catalog.jsonb_build_array(pg_catalog.jsonb_build_object(
        'field', 'rule.' || private.promo_camel(v_key), 'code', 'bad_rule'));
    end if;
  end loop;
  if v_problems <> '[]' then return v_problems; end if;

  for i in 1 .. pg_catalog.array_length(v_keys, 1) loop
    v_key := v_keys[i][1];
    v_type := v_keys[i][2];
    v_field := 'rule.' || private.promo_camel(v_key);
    if v_type = 'off' then
      v_off := r -> 'off';
      v_problems := v_problems || pg_catalog.jsonb_build_array(
        case when v_off ->> 'kind' = 'percent' then private.promo_value_problem(v_off -> 'rate', 'rate', 'rule.off.rate')
             else private.promo_value_problem(v_off -> 'amount', 'amount', 'rule.off.amount') end);
    elsif v_type = 'components' then
      if pg_catalog.jsonb_array_length(r -> 'components') = 0 then
        v_problems := v_problems || '[{"field": "rule.components", "code": "no_components"}]';
      end if;
      for c in select e.value, e.n - 1 as n
               from pg_catalog.jsonb_array_elements(r -> 'components') with ordinality as e(value, n) order by e.n loop
        v_problems := v_problems
          || pg_catalog.jsonb_build_array(private.promo_value_problem(
               c.value -> 'items', 'set', 'rule.components.' || c.n || '.items'),
             private.promo_value_problem(c.value -> 'quantity', 'count', 'rule.components.' || c.n || '.quantity'));
      end loop;
    else
      v_problems := v_problems || pg_catalog.jsonb_build_array(private.promo_value_problem(r -> v_key, v_type, v_field));
    end if;
  end loop;
  -- jsonb_build_array(null) is [null]: drop the nulls the checks above answered for "no problem".
  return coalesce((select pg_catalog.jsonb_agg(e.value order by e.n)
                   from pg_catalog.jsonb_array_elements(v_problems) with ordinality as e(value, n)
                   where e.value <> 'null'::jsonb), '[]');
end
$$;

-- A weekly slot as [PROMO-2] reads it: days 1…7 (at least one), whole minutes 0 ≤ from < to ≤ 1440.
create function private.promo_slot_ok(s jsonb) returns boolean
language sql immutable parallel safe as $$
  select case
    when pg_catalog.jsonb_typeof(s) is distinct from 'object' then false
    when pg_catalog.jsonb_typeof(s -> 'days') is distinct from 'array' then false
    else coalesce(s - 'days' - 'from' - 'to' = '{}'
      and pg_catalog.jsonb_array_length(s -> 'days') >= 1
      and not exists (select 1 from pg_catalog.jsonb_array_elements(s -> 'days') d
                      where coalesce(private.promo_whole(d) between 1 and 7, false) is false)
      and private.promo_whole(s -> 'from') >= 0
      and private.promo_whole(s -> 'from') < private.promo_whole(s -> 'to')
      and private.promo_whole(s -> 'to') <= 1440, false)
  end
$$;

-- A time as checkPromotion reads it (null: none); raises nothing.
create function private.promo_time(v jsonb) returns timestamptz
language plpgsql immutable parallel safe set search_path = '' as $$
begin
  if v is null or v = 'null'::jsonb then return null; end if;
  return (v #>> '{}')::timestamptz;
end
$$;

-- [PROMO-14] Every problem of a promotion as stored (keys starts_at, ends_at, slots, priority, rule), as
-- [{field, code}] in checkPromotion's order; [] when the engine may use it. The priority is also held to the
-- column's 0…10000, so the form is told which field rather than meeting the table's check.
-- (Not parallel safe: its exception blocks are subtransactions.)
create function private.promotion_problems(p jsonb) returns jsonb
language plpgsql immutable set search_path = '' as $$
declare
  v_problems jsonb := '[]';
  v_starts timestamptz;
  v_ends timestamptz;
  v_starts_bad boolean := false;
  v_ends_bad boolean := false;
  s record;
begin
  begin
    v_starts := private.promo_time(p -> 'starts_at');
  exception when others then
    v_starts_bad := true;
  end;
  begin
    v_ends := private.promo_time(p -> 'ends_at');
  exception when others then
    v_ends_bad := true;
  end;
  if v_starts_bad then v_problems := v_problems || '[{"field": "startsAt", "code": "not_a_time"}]'; end if;
  if v_ends_bad then
    v_problems := v_problems || '[{"field": "endsAt", "code": "not_a_time"}]';
  elsif v_ends <= v_starts then
    v_problems := v_problems || '[{"field": "endsAt", "code": "ends_before_start"}]';
  end if;
  if pg_catalog.jsonb_typeof(p -> 'slots') is distinct from 'array' then
    v_problems := v_problems || '[{"field": "slots", "code": "bad_slot"}]';
  else
    for s in select e.value, e.n - 1 as n
             from pg_catalog.jsonb_array_elements(p -> 'slots') with ordinality as e(value, n) order by e.n loop
      if not private.promo_slot_ok(s.value) then
        v_problems := v_problems || pg_catalog.jsonb_build_array(
          pg_catalog.jsonb_build_object('field', 'slots.' || s.n, 'code', 'bad_slot'));
      end if;
    end loop;
  end if;
  if coalesce(private.promo_whole(p -> 'priority') between 0 and 10000, false) is false then
    v_problems := v_problems || '[{"field": "priority", "code": "bad_priority"}]';
  end if;
  return v_problems || private.promo_rule_problems(p -> 'rule');
end
$$;

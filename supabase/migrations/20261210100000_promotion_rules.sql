-- The server's own promotions engine (issue 36, supabase/SPEC.md "Promotions and coupons", [PROMO-1]…[PROMO-14]):
-- private.promotion_outcome(lines, promotions, context) gives the same answer as the till's
-- applyPromotions(lines, indexPromotions(promotions), context) (src/domain/promotions/), in snake_case, so
-- apply_ops can work every sale's promotions out again and flag a difference. Pure functions only, in their own
-- file, so tests/integration/promotion-agree.test.ts loads it alone and runs it beside the till's code.
--
-- The functions follow the till's modules, so the two read side by side:
--   money.ts       promotion_mul_div_round, promotion_allocate
--   schedule.ts    promotion_instant, promotion_local_time, promotion_in_schedule
--   promotion-check.ts  promotion_whole, promotion_set_ok, promotion_slot_ok, promotion_rule_ok, promotion_is_usable
--   promotion-index.ts  promotion_item_sets, promotion_matches
--   units.ts       promotion_spread (takeFrom is written out where it is used: cap at the unit's value)
--   unit-kinds.ts  promotion_percent_off, promotion_amount_off_each, promotion_fixed_price,
--                  promotion_amount_off_basket, promotion_basket_threshold
--   group-kinds.ts promotion_pool, promotion_buy_x_get_y, promotion_mix_match, promotion_bundle_price
--   (evaluator)    promotion_take
--   choose.ts      promotion_work, promotion_choose
--   apply-promotions.ts  promotion_refusal, promotion_outcome
-- A "take" (what one promotion takes off some units) is three arrays: off_units/off_amounts (units with
-- something off, and how much) and used (units it discounted or bought to qualify: [PROMO-6], [PROMO-10]).
-- Units are numbered 1…n in the order of the lines, a line's pieces in a row; arrays of unit facts are indexed
-- by that number.
-- Only the entry point, promotion_outcome, sets search_path: the helpers name everything pg_catalog-qualified,
-- run with the caller's rights, and are called thousands of times a sale — a SET clause would stop PostgreSQL
-- inlining the small SQL ones and cost a configuration change on every call.

create schema if not exists private;

-- [MONEY-3] a × b ÷ d rounded half away from zero, exactly (numeric div truncates toward zero, as BigInt does).
create or replace function private.promotion_mul_div_round(a numeric, b numeric, d numeric) returns bigint
language sql immutable parallel safe as $$
  select (case when pg_catalog.abs(pg_catalog.mod(a * b, d)) * 2 < pg_catalog.abs(d)
               then pg_catalog.div(a * b, d)
               else pg_catalog.div(a * b, d) + pg_catalog.sign(a * b) * pg_catalog.sign(d) end)::bigint
$$;

-- [MONEY-5] p_total (> 0) split over p_weights (≥ 0, some > 0) in proportion, by largest remainder: each share
-- is the floor of its exact part, and the units left over go to the largest remainders, the earlier weight first
-- on a tie — money.ts's allocate, so the till and the server put the odd cent on the same unit.
create or replace function private.promotion_allocate(p_total bigint, p_weights bigint[]) returns bigint[]
language plpgsql immutable parallel safe as $$
declare
  v_whole numeric := 0;
  v_shares bigint[];
  v_remainders numeric[];
  v_left bigint := p_total;
  v_exact numeric;
  i int;
begin
  for i in 1..pg_catalog.cardinality(p_weights) loop
    v_whole := v_whole + p_weights[i];
  end loop;
  for i in 1..pg_catalog.cardinality(p_weights) loop
    v_exact := p_total::numeric * p_weights[i];
    v_shares[i] := pg_catalog.div(v_exact, v_whole);
    v_remainders[i] := pg_catalog.mod(v_exact, v_whole);
    v_left := v_left - v_shares[i];
  end loop;
  if v_left > 0 then
    for i in select r from pg_catalog.generate_subscripts(v_remainders, 1) r
             order by v_remainders[r] desc, r limit v_left loop
      v_shares[i] := v_shares[i] + 1;
    end loop;
  end if;
  return v_shares;
end
$$;

-- [PROMO-2] An ISO instant as epoch milliseconds (what Date.parse gives: truncated to the millisecond), null
-- when it is not a time. Only dates written as the database and the tills write them (year first) are read, so
-- words PostgreSQL knows and JavaScript does not ('now', 'infinity') are not a time for either.
create or replace function private.promotion_instant(p_text text) returns bigint
language plpgsql stable as $$
begin
  if p_text is null or p_text !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' then
    return null;
  end if;
  return pg_catalog.floor(extract(epoch from p_text::timestamptz) * 1000)::bigint;
exception when others then
  return null;
end
$$;

-- [PROMO-2] The sale's instant (epoch ms) and its weekday (1 = Monday … 7 = Sunday) and minute of the day in
-- the shop's time zone. A zone that is not a tz database name reads as UTC, as the till's Intl does: the shape
-- check keeps out what PostgreSQL reads and Intl refuses (POSIX 'UTC+3', offsets '+03:00').
create or replace function private.promotion_local_time(p_at text, p_zone text,
                                                        out at_ms bigint, out weekday int, out minute int)
language plpgsql stable as $$
declare
  v_at timestamptz;
  v_local timestamp;
begin
  at_ms := private.promotion_instant(p_at);
  if at_ms is null then
    raise exception 'promotion_outcome: the sale''s time % is not a time', p_at;
  end if;
  v_at := p_at::timestamptz;
  begin
    if coalesce(p_zone, '') !~ '^[A-Za-z][A-Za-z0-9_]*(/[A-Za-z0-9_+-]+)*$' then
      raise exception 'not a zone';
    end if;
    v_local := v_at at time zone p_zone;
  exception when others then
    v_local := v_at at time zone 'UTC';
  end;
  weekday := extract(isodow from v_local)::int;
  minute := (extract(hour from v_local) * 60 + extract(minute from v_local))::int;
end
$$;

-- [PROMO-2] Dates half-open [starts_at, ends_at); weekly slots half-open [from, to) on their days.
create or replace function private.promotion_in_schedule(p_promotion jsonb, p_at_ms bigint, p_weekday int,
                                                         p_minute int) returns boolean
language sql stable parallel safe as $$
  select (coalesce(p_promotion -> 'starts_at', 'null') = 'null'
          or p_at_ms >= private.promotion_instant(p_promotion ->> 'starts_at'))
     and (coalesce(p_promotion -> 'ends_at', 'null') = 'null'
          or p_at_ms < private.promotion_instant(p_promotion ->> 'ends_at'))
     and (pg_catalog.jsonb_array_length(coalesce(p_promotion -> 'slots', '[]')) = 0
          or exists (select 1 from pg_catalog.jsonb_array_elements(p_promotion -> 'slots') s
                     where s -> 'days' @> pg_catalog.to_jsonb(p_weekday)
                       and p_minute >= (s -> 'from')::numeric and p_minute < (s -> 'to')::numeric))
$$;

-- [PROMO-14] The checks of promotion-check.ts, as a yes or no: a promotion with any problem is left out.
-- A JSON number that is a whole number within [p_min, p_max] (Number.isSafeInteger and the range).
create or replace function private.promotion_whole(p_value jsonb, p_min numeric, p_max numeric) returns boolean
language sql immutable parallel safe as $$
  select case when pg_catalog.jsonb_typeof(p_value) = 'number'
              then p_value::numeric = pg_catalog.trunc(p_value::numeric)
                   and p_value::numeric between p_min and p_max
              else false end
$$;

-- An item set names something: products or categories (lists of ids; a missing list is empty).
create or replace function private.promotion_set_ok(p_set jsonb) returns boolean
language sql immutable parallel safe as $$
  select coalesce(pg_catalog.jsonb_typeof(p_set) = 'object'
     and pg_catalog.jsonb_typeof(coalesce(p_set -> 'product_ids', '[]')) = 'array'
     and pg_catalog.jsonb_typeof(coalesce(p_set -> 'category_ids', '[]')) = 'array'
     and (coalesce(p_set -> 'product_ids', '[]') <> '[]' or coalesce(p_set -> 'category_ids', '[]') <> '[]'), false)
$$;

-- A weekly slot: some days 1…7, minutes 0 ≤ from < to ≤ 1440.
create or replace function private.promotion_slot_ok(p_slot jsonb) returns boolean
language sql immutable parallel safe as $$
  select coalesce(pg_catalog.jsonb_typeof(p_slot -> 'days') = 'array'
     and pg_catalog.jsonb_array_length(p_slot -> 'days') > 0
     and (select pg_catalog.bool_and(private.promotion_whole(d, 1, 7))
          from pg_catalog.jsonb_array_elements(p_slot -> 'days') d)
     and private.promotion_whole(p_slot -> 'from', 0, 1440)
     and private.promotion_whole(p_slot -> 'to', 0, 1440)
     and (p_slot -> 'from')::numeric < (p_slot -> 'to')::numeric, false)
$$;

-- A rule of a known kind whose numbers are in range: rates 0…10000 bp, amounts 0…10^12, counts ≥ 1.
create or replace function private.promotion_rule_ok(p_rule jsonb) returns boolean
language plpgsql immutable parallel safe as $$
declare
  c_rate constant numeric := 10000;
  c_amount constant numeric := 1e12;
  c_safe constant numeric := 9007199254740991;
  v_null_items boolean := coalesce(p_rule -> 'items', 'null') = 'null';
begin
  case p_rule ->> 'kind'
    when 'percent_off' then
      return (v_null_items or private.promotion_set_ok(p_rule -> 'items'))
         and private.promotion_whole(p_rule -> 'rate', 0, c_rate);
    when 'amount_off' then
      return (v_null_items or private.promotion_set_ok(p_rule -> 'items'))
         and private.promotion_whole(p_rule -> 'amount', 0, c_amount);
    when 'basket_threshold' then
      return private.promotion_whole(p_rule -> 'min_spend', 0, c_amount)
         and case when p_rule -> 'off' ->> 'kind' = 'percent'
                  then private.promotion_whole(p_rule -> 'off' -> 'rate', 0, c_rate)
                  else private.promotion_whole(p_rule -> 'off' -> 'amount', 0, c_amount) end;
    when 'buy_x_get_y' then
      return private.promotion_set_ok(p_rule -> 'buy')
         and (coalesce(p_rule -> 'get', 'null') = 'null' or private.promotion_set_ok(p_rule -> 'get'))
         and private.promotion_whole(p_rule -> 'buy_quantity', 1, c_safe)
         and private.promotion_whole(p_rule -> 'get_quantity', 1, c_safe)
         and private.promotion_whole(p_rule -> 'get_rate', 0, c_rate);
    when 'mix_match' then
      return private.promotion_set_ok(p_rule -> 'items')
         and private.promotion_whole(p_rule -> 'quantity', 1, c_safe)
         and private.promotion_whole(p_rule -> 'price', 0, c_amount);
    when 'bundle_price' then
      return pg_catalog.jsonb_typeof(p_rule -> 'components') = 'array'
         and pg_catalog.jsonb_array_length(p_rule -> 'components') > 0
         and (select pg_catalog.bool_and(private.promotion_set_ok(c -> 'items')
                                         and private.promotion_whole(c -> 'quantity', 1, c_safe))
              from pg_catalog.jsonb_array_elements(p_rule -> 'components') c)
         and private.promotion_whole(p_rule -> 'price', 0, c_amount);
    when 'fixed_price' then
      return private.promotion_set_ok(p_rule -> 'items')
         and private.promotion_whole(p_rule -> 'unit_price', 0, c_amount);
    else
      -- A kind this server does not know is left out rather than guessed at.
      return false;
  end case;
end
$$;

-- [PROMO-14] checkPromotion finds nothing: times are times, the end after the start, slots and priority sound,
-- the rule sound.
create or replace function private.promotion_is_usable(p_promotion jsonb) returns boolean
language sql stable parallel safe as $$
  with times as (
    select coalesce(p_promotion -> 'starts_at', 'null') = 'null' as open_start,
           coalesce(p_promotion -> 'ends_at', 'null') = 'null' as open_end,
           private.promotion_instant(p_promotion ->> 'starts_at') as starts,
           private.promotion_instant(p_promotion ->> 'ends_at') as ends
  )
  select coalesce(pg_catalog.jsonb_typeof(p_promotion -> 'id') = 'string'
     and (open_start or starts is not null)
     and (open_end or ends is not null)
     and (open_start or open_end or ends > starts)
     and pg_catalog.jsonb_typeof(coalesce(p_promotion -> 'slots', '[]')) = 'array'
     and (select coalesce(pg_catalog.bool_and(private.promotion_slot_ok(s)), true)
          from pg_catalog.jsonb_array_elements(coalesce(p_promotion -> 'slots', '[]')) s)
     and private.promotion_whole(p_promotion -> 'priority', -9007199254740991, 9007199254740991)
     and pg_catalog.jsonb_typeof(coalesce(p_promotion -> 'store_ids', '[]')) = 'array'
     and private.promotion_rule_ok(p_promotion -> 'rule'), false)
  from times
$$;

-- [PROMO-1] The item sets a rule's units come from; null for a basket kind ([PROMO-8]: every unit).
create or replace function private.promotion_item_sets(p_rule jsonb) returns jsonb
language sql immutable parallel safe as $$
  select case p_rule ->> 'kind'
    when 'percent_off' then case when coalesce(p_rule -> 'items', 'null') = 'null' then null
                                 else pg_catalog.jsonb_build_array(p_rule -> 'items') end
    when 'amount_off' then case when coalesce(p_rule -> 'items', 'null') = 'null' then null
                                else pg_catalog.jsonb_build_array(p_rule -> 'items') end
    when 'basket_threshold' then null
    when 'buy_x_get_y' then case when coalesce(p_rule -> 'get', 'null') = 'null'
                                 then pg_catalog.jsonb_build_array(p_rule -> 'buy')
                                 else pg_catalog.jsonb_build_array(p_rule -> 'buy', p_rule -> 'get') end
    when 'bundle_price' then (select pg_catalog.jsonb_agg(c -> 'items' order by i)
                              from pg_catalog.jsonb_array_elements(p_rule -> 'components') with ordinality x(c, i))
    else pg_catalog.jsonb_build_array(p_rule -> 'items')
  end
$$;

-- [PROMO-1] A unit matches a set when its product, its parent product or its category is named.
create or replace function private.promotion_matches(p_set jsonb, p_product text, p_parent text, p_category text)
returns boolean
language sql immutable parallel safe as $$
  select coalesce(p_set -> 'product_ids' ? p_product, false)
      or coalesce(p_set -> 'product_ids' ? p_parent, false)
      or coalesce(p_set -> 'category_ids' ? p_category, false)
$$;

-- [PROMO-1] Every product (or category) id the sets name, so a line is matched against a promotion at once.
-- Only strings: the till's Set.has never finds a number among ids, nor does jsonb's ?.
create or replace function private.promotion_set_ids(p_sets jsonb, p_key text) returns text[]
language sql immutable parallel safe as $$
  select coalesce(pg_catalog.array_agg(id #>> '{}'), '{}')
  from pg_catalog.jsonb_array_elements(coalesce(p_sets, '[]')) s,
       pg_catalog.jsonb_array_elements(coalesce(s -> p_key, '[]')) id
  where pg_catalog.jsonb_typeof(id) = 'string'
$$;

-- [PROMO-5] A saving shared by units in proportion to their list values, by largest remainder; each share
-- capped at the unit's value. Every unit counts as used, even one whose share is nothing.
create or replace function private.promotion_spread(p_units int[], p_saving bigint, p_values bigint[],
                                                    out off_units int[], out off_amounts bigint[], out used int[])
language plpgsql immutable parallel safe as $$
declare
  v_weights bigint[] := '{}';
  v_shares bigint[];
  v_off bigint;
begin
  off_units := '{}'; off_amounts := '{}'; used := p_units;
  if p_saving <= 0 then
    return;
  end if;
  for i in 1..pg_catalog.cardinality(p_units) loop
    v_weights[i] := p_values[p_units[i]];
  end loop;
  v_shares := private.promotion_allocate(p_saving, v_weights);
  for i in 1..pg_catalog.cardinality(p_units) loop
    v_off := least(v_shares[i], p_values[p_units[i]]);
    if v_off > 0 then
      off_units := off_units || p_units[i]; off_amounts := off_amounts || v_off;
    end if;
  end loop;
end
$$;

-- [PROMO-1] [PROMO-5] A rate off each unit worth something: round(value × rate ÷ 10000).
create or replace function private.promotion_percent_off(p_units int[], p_rate bigint, p_values bigint[],
                                                         out off_units int[], out off_amounts bigint[], out used int[])
language sql immutable parallel safe as $$
  with taken as (
    select u, least(private.promotion_mul_div_round(p_values[u], p_rate, 10000), p_values[u]) as off
    from pg_catalog.unnest(p_units) u
    where p_values[u] > 0
  )
  select coalesce(pg_catalog.array_agg(u order by u) filter (where off > 0), '{}'),
         coalesce(pg_catalog.array_agg(off order by u) filter (where off > 0), '{}'),
         coalesce(pg_catalog.array_agg(u order by u), '{}')
  from taken
$$;

-- [PROMO-1] An amount off each unit, per kg of a weighed one (extended by its quantity: [QTY-3]).
create or replace function private.promotion_amount_off_each(p_units int[], p_amount bigint, p_quantity bigint[],
                                                             p_values bigint[], out off_units int[],
                                                             out off_amounts bigint[], out used int[])
language sql immutable parallel safe as $$
  with taken as (
    select u, least(private.promotion_mul_div_round(p_amount, p_quantity[u], 1000), p_values[u]) as off
    from pg_catalog.unnest(p_units) u
  )
  select coalesce(pg_catalog.array_agg(u order by u) filter (where off > 0), '{}'),
         coalesce(pg_catalog.array_agg(off order by u) filter (where off > 0), '{}'),
         coalesce(pg_catalog.array_agg(u order by u), '{}')
  from taken
$$;

-- [PROMO-1] Each unit at a fixed price (per kg of a weighed one); a unit already cheaper is not touched.
create or replace function private.promotion_fixed_price(p_units int[], p_unit_price bigint, p_quantity bigint[],
                                                         p_values bigint[], out off_units int[],
                                                         out off_amounts bigint[], out used int[])
language sql immutable parallel safe as $$
  with saving as (
    select u, p_values[u] - private.promotion_mul_div_round(p_unit_price, p_quantity[u], 1000) as saving
    from pg_catalog.unnest(p_units) u
  ), taken as (
    select u, least(saving, p_values[u]) as off from saving where saving > 0
  )
  select coalesce(pg_catalog.array_agg(u order by u) filter (where off > 0), '{}'),
         coalesce(pg_catalog.array_agg(off order by u) filter (where off > 0), '{}'),
         coalesce(pg_catalog.array_agg(u order by u), '{}')
  from taken
$$;

-- [PROMO-1] Once off the basket, shared over the units, never more than they are worth.
create or replace function private.promotion_amount_off_basket(p_units int[], p_amount bigint, p_values bigint[],
                                                               out off_units int[], out off_amounts bigint[],
                                                               out used int[])
language sql immutable parallel safe as $$
  select s.off_units, s.off_amounts, s.used
  from private.promotion_spread(
         p_units,
         least(p_amount, (select coalesce(pg_catalog.sum(p_values[u]), 0)::bigint
                                     from pg_catalog.unnest(p_units) u)),
         p_values) s
$$;

-- [PROMO-7] A percent or an amount off the basket when the spend (list value of every unit) reaches min_spend.
-- An amount is capped at what the units are worth ([DISC-1]'s discountOn).
create or replace function private.promotion_basket_threshold(p_units int[], p_rule jsonb, p_values bigint[],
                                                              p_spend bigint, out off_units int[],
                                                              out off_amounts bigint[], out used int[])
language plpgsql immutable parallel safe as $$
declare
  v_worth bigint;
begin
  if p_spend < (p_rule -> 'min_spend')::numeric then
    off_units := '{}'; off_amounts := '{}'; used := '{}';
  elsif p_rule -> 'off' ->> 'kind' = 'percent' then
    select t.off_units, t.off_amounts, t.used into off_units, off_amounts, used
    from private.promotion_percent_off(p_units, (p_rule -> 'off' -> 'rate')::numeric::bigint, p_values) t;
  else
    select coalesce(pg_catalog.sum(p_values[u]), 0) into v_worth from pg_catalog.unnest(p_units) u;
    select t.off_units, t.off_amounts, t.used into off_units, off_amounts, used
    from private.promotion_spread(
           p_units,
           case when v_worth <= 0 then 0
                else least((p_rule -> 'off' -> 'amount')::numeric::bigint, v_worth) end,
           p_values) t;
  end if;
end
$$;

-- [PROMO-4] [PROMO-6] The units a group kind counts from a set: pieces only (a weighing is never counted),
-- most valuable first, ties by unit number — the order groups are formed in.
create or replace function private.promotion_pool(p_units int[], p_set jsonb, p_countable boolean[],
                                                  p_product text[], p_parent text[], p_category text[],
                                                  p_values bigint[]) returns int[]
language sql immutable parallel safe as $$
  select coalesce(pg_catalog.array_agg(u order by p_values[u] desc, u), '{}')
  from pg_catalog.unnest(p_units) u
  where p_countable[u] and private.promotion_matches(p_set, p_product[u], p_parent[u], p_category[u])
$$;

-- [PROMO-6] Buy X get Y. From the same set: groups of buy + get from the most valuable down, the last
-- get_quantity of each complete group discounted. From a named set: units of the get set only count as get
-- units; each buy_quantity buy units earn get_quantity get units (most valuable first), and the cheapest buy
-- units are the ones that qualify.
create or replace function private.promotion_buy_x_get_y(p_units int[], p_rule jsonb, p_countable boolean[],
                                                         p_product text[], p_parent text[], p_category text[],
                                                         p_values bigint[], out off_units int[],
                                                         out off_amounts bigint[], out used int[])
language plpgsql immutable parallel safe as $$
declare
  v_buy_quantity int := (p_rule -> 'buy_quantity')::numeric;
  v_get_quantity int := (p_rule -> 'get_quantity')::numeric;
  v_rate bigint := (p_rule -> 'get_rate')::numeric;
  v_repeat boolean := p_rule -> 'repeat' = 'true';
  v_sorted int[];
  v_gets int[];
  v_buys int[];
  v_given int[];
  v_size int;
  v_groups int;
  v_needed int;
  v_start int := 0;
  v_off bigint;
  u int;
begin
  off_units := '{}'; off_amounts := '{}'; used := '{}';
  if coalesce(p_rule -> 'get', 'null') = 'null' then
    v_sorted := private.promotion_pool(p_units, p_rule -> 'buy', p_countable, p_product, p_parent, p_category,
                                       p_values);
    v_size := v_buy_quantity + v_get_quantity;
    while v_start + v_size <= pg_catalog.cardinality(v_sorted) loop
      for i in 1..v_size loop
        u := v_sorted[v_start + i];
        used := used || u;
        if i > v_buy_quantity then
          v_off := least(private.promotion_mul_div_round(p_values[u], v_rate, 10000), p_values[u]);
          if v_off > 0 then
            off_units := off_units || u; off_amounts := off_amounts || v_off;
          end if;
        end if;
      end loop;
      exit when not v_repeat;
      v_start := v_start + v_size;
    end loop;
    return;
  end if;
  v_gets := private.promotion_pool(p_units, p_rule -> 'get', p_countable, p_product, p_parent, p_category,
                                   p_values);
  -- A unit of the get set only counts as a get unit, so one unit never pays for itself.
  select coalesce(pg_catalog.array_agg(b order by i), '{}') into v_buys
  from pg_catalog.unnest(private.promotion_pool(p_units, p_rule -> 'buy', p_countable, p_product, p_parent,
                                                p_category, p_values)) with ordinality x(b, i)
  where b <> all(v_gets);
  v_groups := pg_catalog.cardinality(v_buys) / v_buy_quantity;
  if not v_repeat then v_groups := least(v_groups, 1); end if;
  v_given := v_gets[1:v_groups * v_get_quantity];
  foreach u in array v_given loop
    used := used || u;
    v_off := least(private.promotion_mul_div_round(p_values[u], v_rate, 10000), p_values[u]);
    if v_off > 0 then
      off_units := off_units || u; off_amounts := off_amounts || v_off;
    end if;
  end loop;
  -- The cheapest buy units qualify, leaving the valuable ones to other deals.
  v_needed := ((pg_catalog.cardinality(v_given) + v_get_quantity - 1) / v_get_quantity) * v_buy_quantity;
  if v_needed > 0 then
    used := used || v_buys[pg_catalog.cardinality(v_buys) - v_needed + 1:];
  end if;
end
$$;

-- [PROMO-6] Mix and match: groups of `quantity` units from the most valuable down, each saving
-- Σ value − price spread over its units; a group saving nothing ends it.
create or replace function private.promotion_mix_match(p_units int[], p_rule jsonb, p_countable boolean[],
                                                       p_product text[], p_parent text[], p_category text[],
                                                       p_values bigint[], out off_units int[],
                                                       out off_amounts bigint[], out used int[])
language plpgsql immutable parallel safe as $$
declare
  v_quantity int := (p_rule -> 'quantity')::numeric;
  v_price bigint := (p_rule -> 'price')::numeric;
  v_repeat boolean := p_rule -> 'repeat' = 'true';
  v_sorted int[];
  v_group int[];
  v_value bigint;
  v_start int := 0;
  s record;
begin
  off_units := '{}'; off_amounts := '{}'; used := '{}';
  v_sorted := private.promotion_pool(p_units, p_rule -> 'items', p_countable, p_product, p_parent, p_category,
                                     p_values);
  while v_start + v_quantity <= pg_catalog.cardinality(v_sorted) loop
    v_group := v_sorted[v_start + 1:v_start + v_quantity];
    select pg_catalog.sum(p_values[u]) into v_value from pg_catalog.unnest(v_group) u;
    exit when v_value <= v_price;
    s := private.promotion_spread(v_group, v_value - v_price, p_values);
    off_units := off_units || s.off_units; off_amounts := off_amounts || s.off_amounts; used := used || s.used;
    exit when not v_repeat;
    v_start := v_start + v_quantity;
  end loop;
end
$$;

-- [PROMO-6] Bundle price: each bundle takes, per component in order, its most valuable units not in a
-- bundle yet; a bundle worth no more than the price ends it, as does a component left short.
create or replace function private.promotion_bundle_price(p_units int[], p_rule jsonb, p_countable boolean[],
                                                          p_product text[], p_parent text[], p_category text[],
                                                          p_values bigint[], out off_units int[],
                                                          out off_amounts bigint[], out used int[])
language plpgsql immutable parallel safe as $$
declare
  v_price bigint := (p_rule -> 'price')::numeric;
  v_repeat boolean := p_rule -> 'repeat' = 'true';
  v_components int := pg_catalog.jsonb_array_length(p_rule -> 'components');
  -- Each component's pool, as array text: plain arrays cannot be ragged.
  v_pools text[];
  v_taken int[] := '{}';
  v_bundle int[];
  v_picked int[];
  v_quantity int;
  v_value bigint;
  s record;
begin
  off_units := '{}'; off_amounts := '{}'; used := '{}';
  for c in 1..v_components loop
    v_pools[c] := private.promotion_pool(p_units, p_rule -> 'components' -> (c - 1) -> 'items', p_countable,
                                         p_product, p_parent, p_category, p_values)::text;
  end loop;
  loop
    v_bundle := '{}';
    for c in 1..v_components loop
      v_quantity := (p_rule -> 'components' -> (c - 1) -> 'quantity')::numeric;
      select coalesce(pg_catalog.array_agg(u order by i), '{}') into v_picked
      from (select u, i from pg_catalog.unnest(v_pools[c]::int[]) with ordinality x(u, i)
            where u <> all(v_taken) order by i limit v_quantity) p;
      if pg_catalog.cardinality(v_picked) < v_quantity then
        return;
      end if;
      v_taken := v_taken || v_picked;
      v_bundle := v_bundle || v_picked;
    end loop;
    select pg_catalog.sum(p_values[u]) into v_value from pg_catalog.unnest(v_bundle) u;
    if v_value <= v_price then
      return;
    end if;
    s := private.promotion_spread(v_bundle, v_value - v_price, p_values);
    off_units := off_units || s.off_units; off_amounts := off_amounts || s.off_amounts; used := used || s.used;
    exit when not v_repeat;
  end loop;
end
$$;

-- [PROMO-1] One promotion worked out alone on some units' list values (promotion-index.ts's evaluator).
create or replace function private.promotion_take(p_rule jsonb, p_units int[], p_countable boolean[],
                                                  p_quantity bigint[], p_values bigint[], p_product text[],
                                                  p_parent text[], p_category text[], p_spend bigint,
                                                  out off_units int[], out off_amounts bigint[], out used int[])
language plpgsql immutable parallel safe as $$
declare
  t record;
begin
  case p_rule ->> 'kind'
    when 'percent_off' then
      t := private.promotion_percent_off(p_units, (p_rule -> 'rate')::numeric::bigint, p_values);
    when 'amount_off' then
      if coalesce(p_rule -> 'items', 'null') = 'null' then
        t := private.promotion_amount_off_basket(p_units, (p_rule -> 'amount')::numeric::bigint, p_values);
      else
        t := private.promotion_amount_off_each(p_units, (p_rule -> 'amount')::numeric::bigint, p_quantity,
                                               p_values);
      end if;
    when 'basket_threshold' then
      t := private.promotion_basket_threshold(p_units, p_rule, p_values, p_spend);
    when 'fixed_price' then
      t := private.promotion_fixed_price(p_units, (p_rule -> 'unit_price')::numeric::bigint, p_quantity, p_values);
    when 'mix_match' then
      t := private.promotion_mix_match(p_units, p_rule, p_countable, p_product, p_parent, p_category, p_values);
    when 'bundle_price' then
      t := private.promotion_bundle_price(p_units, p_rule, p_countable, p_product, p_parent, p_category, p_values);
    when 'buy_x_get_y' then
      t := private.promotion_buy_x_get_y(p_units, p_rule, p_countable, p_product, p_parent, p_category, p_values);
  end case;
  off_units := t.off_units; off_amounts := t.off_amounts; used := t.used;
end
$$;

-- [PROMO-9] A candidate (one exclusive promotion, or the stack of combinable ones: line kinds then basket
-- kinds, each by priority) worked out on the free units. Each member is worked out alone on the list values of
-- the free units it could touch; its discounts are then counted in the stack's order, each capped at what the
-- members before it left of the unit — so no member's answer depends on another's. The leader is the first
-- member that saves something ([PROMO-11]'s ties). p_members and the leader are indexes into p_rules;
-- p_relevant[(member − 1) × p_line_count + line] says whether the member could touch a unit of that line.
create or replace function private.promotion_work(
  p_members int[], p_rules jsonb[], p_relevant boolean[], p_line_count int, p_free boolean[], p_line int[],
  p_countable boolean[], p_quantity bigint[], p_values bigint[], p_product text[], p_parent text[],
  p_category text[], p_spend bigint,
  out saving bigint, out leader int, out used int[], out off_members int[], out off_units int[],
  out off_amounts bigint[])
language plpgsql immutable parallel safe as $$
declare
  v_left bigint[] := p_values;
  v_units int[];
  v_member_saving bigint;
  v_off bigint;
  m int;
  u int;
  t record;
begin
  saving := 0; used := '{}'; off_members := '{}'; off_units := '{}'; off_amounts := '{}';
  foreach m in array p_members loop
    select coalesce(pg_catalog.array_agg(x order by x), '{}') into v_units
    from pg_catalog.generate_subscripts(p_values, 1) x
    where p_free[x] and p_relevant[(m - 1) * p_line_count + p_line[x]];
    t := private.promotion_take(p_rules[m], v_units, p_countable, p_quantity, p_values, p_product, p_parent,
                                p_category, p_spend);
    used := used || t.used;
    v_member_saving := 0;
    for i in 1..coalesce(pg_catalog.cardinality(t.off_units), 0) loop
      u := t.off_units[i];
      v_off := least(t.off_amounts[i], v_left[u]);
      if v_off > 0 then
        v_left[u] := v_left[u] - v_off;
        v_member_saving := v_member_saving + v_off;
        off_members := off_members || m; off_units := off_units || u; off_amounts := off_amounts || v_off;
      end if;
    end loop;
    if v_member_saving > 0 and leader is null then
      leader := m;
    end if;
    saving := saving + v_member_saving;
  end loop;
end
$$;

-- [PROMO-10] [PROMO-11] The best for the customer, greedily: the candidates are each exclusive promotion and
-- the stack of all combinable ones; each round the one saving most on the units nobody holds yet is chosen
-- (ties: its leader's lower priority, then smaller id — p_rules come sorted so, so the smaller index) and holds
-- every unit its members used; until none saves anything. A candidate's answer is kept until a unit of a line
-- it could touch is taken. Answers what each chosen promotion took off each unit, in the order chosen.
create or replace function private.promotion_choose(
  p_rules jsonb[], p_combinable boolean[], p_basket boolean[], p_relevant boolean[], p_line_count int,
  p_line int[], p_countable boolean[], p_quantity bigint[], p_values bigint[], p_product text[],
  p_parent text[], p_category text[], p_spend bigint,
  out chosen_promotions int[], out chosen_units int[], out chosen_amounts bigint[])
language plpgsql immutable parallel safe as $$
declare
  v_count int := coalesce(pg_catalog.cardinality(p_rules), 0);
  v_free boolean[] := pg_catalog.array_fill(true, array[coalesce(pg_catalog.cardinality(p_values), 0)]);
  v_stack int[];
  -- Candidate c holds one exclusive promotion (its index) or, as 0, the stack.
  c_promotion int[];
  c_saving bigint[];
  c_leader int[];
  c_stale boolean[];
  c_alive boolean[];
  v_best int;
  v_members int[];
  v_taken_lines int[];
  u int;
  w record;
begin
  chosen_promotions := '{}'; chosen_units := '{}'; chosen_amounts := '{}';
  select coalesce(pg_catalog.array_agg(i order by p_basket[i], i), '{}') into v_stack
  from pg_catalog.generate_series(1, v_count) i where p_combinable[i];
  select coalesce(pg_catalog.array_agg(i order by i), '{}') into c_promotion
  from pg_catalog.generate_series(1, v_count) i where not p_combinable[i];
  if pg_catalog.cardinality(v_stack) > 0 then
    c_promotion := c_promotion || 0;
  end if;
  c_stale := pg_catalog.array_fill(true, array[pg_catalog.cardinality(c_promotion)]);
  c_alive := c_stale;
  loop
    v_best := null;
    for c in 1..coalesce(pg_catalog.cardinality(c_promotion), 0) loop
      continue when not c_alive[c];
      if c_stale[c] then
        w := private.promotion_work(case when c_promotion[c] = 0 then v_stack else array[c_promotion[c]] end,
                                    p_rules, p_relevant, p_line_count, v_free, p_line, p_countable, p_quantity,
                                    p_values, p_product, p_parent, p_category, p_spend);
        c_saving[c] := w.saving;
        c_leader[c] := w.leader;
        c_stale[c] := false;
      end if;
      if c_saving[c] > 0 and (v_best is null or c_saving[c] > c_saving[v_best]
                              or (c_saving[c] = c_saving[v_best] and c_leader[c] < c_leader[v_best])) then
        v_best := c;
      end if;
    end loop;
    exit when v_best is null;
    c_alive[v_best] := false;
    v_members := case when c_promotion[v_best] = 0 then v_stack else array[c_promotion[v_best]] end;
    -- Its answer again, in full: nothing it could touch has changed since it was worked out.
    w := private.promotion_work(v_members, p_rules, p_relevant, p_line_count, v_free, p_line, p_countable,
                                p_quantity, p_values, p_product, p_parent, p_category, p_spend);
    chosen_promotions := chosen_promotions || w.off_members;
    chosen_units := chosen_units || w.off_units;
    chosen_amounts := chosen_amounts || w.off_amounts;
    foreach u in array w.used loop
      v_free[u] := false;
    end loop;
    select coalesce(pg_catalog.array_agg(distinct p_line[unit]), '{}') into v_taken_lines
    from pg_catalog.unnest(w.used) unit;
    for c in 1..pg_catalog.cardinality(c_promotion) loop
      continue when not c_alive[c] or c_stale[c];
      v_members := case when c_promotion[c] = 0 then v_stack else array[c_promotion[c]] end;
      c_stale[c] := exists (select 1 from pg_catalog.unnest(v_members) m, pg_catalog.unnest(v_taken_lines) l
                            where p_relevant[(m - 1) * p_line_count + l]);
    end loop;
  end loop;
end
$$;

-- [PROMO-2] [PROMO-3] Why a promotion does not apply to this sale ('not_active', 'customer_required'); null
-- when it may.
create or replace function private.promotion_refusal(p_promotion jsonb, p_context jsonb, p_at_ms bigint,
                                                     p_weekday int, p_minute int) returns text
language sql stable parallel safe as $$
  select case
    when not private.promotion_in_schedule(p_promotion, p_at_ms, p_weekday, p_minute) then 'not_active'
    when coalesce(p_promotion -> 'store_ids', '[]') <> '[]'
         and not coalesce(p_promotion -> 'store_ids' ? (p_context ->> 'store_id'), false) then 'not_active'
    when coalesce(p_context -> 'removed_promotion_ids' ? (p_promotion ->> 'id'), false) then 'not_active'
    when coalesce(p_promotion -> 'customers_only' = 'true', false)
         and not coalesce(p_context -> 'customer_attached' = 'true', false) then 'customer_required'
  end
$$;

-- [PROMO-13] The answer from what the chosen promotions took (p_promotions, p_units, p_amounts: one entry per
-- promotion and unit, in the order they were chosen): each line's discount and its promotions in the order they
-- took from it; each applied promotion by priority then id (the order of p_ids) with its lines and coupon; each
-- entered code's status ([PROMO-12]); the total saved.
create or replace function private.promotion_answer(p_lines jsonb, p_context jsonb, p_usable jsonb,
                                                    p_unlocked jsonb, p_ids text[], p_unit_line int[],
                                                    p_promotions int[], p_units int[], p_amounts bigint[])
returns jsonb
language sql stable parallel safe as $$
  with took as (
    select t.promotion, p_unit_line[t.unit] as line, t.amount, t.seq
    from unnest(p_promotions, p_units, p_amounts) with ordinality as t(promotion, unit, amount, seq)
  ), per_line as (
    select line, promotion, pg_catalog.sum(amount) as amount, pg_catalog.min(seq) as first
    from took group by line, promotion
  ), line_saving as (
    select line, pg_catalog.sum(amount) as discount,
           pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('promotion_id', p_ids[promotion], 'amount', amount)
                                order by first) as promotions
    from per_line group by line
  ), applied as (
    select promotion, pg_catalog.sum(amount) as amount,
           (select pg_catalog.jsonb_agg(p_lines -> (line - 1) -> 'line_id' order by line)
            from (select distinct t2.line from took t2 where t2.promotion = took.promotion) touched) as line_ids
    from took group by promotion
  ), coupon as (
    select c, k, c ->> 'promotion_id' as promotion_id
    from pg_catalog.jsonb_array_elements(coalesce(p_context -> 'coupons', '[]')) with ordinality as x(c, k)
  )
  select pg_catalog.jsonb_build_object(
    'lines', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'line_id', l.x -> 'line_id', 'discount', coalesce(s.discount, 0),
               'promotions', coalesce(s.promotions, '[]')) order by l.i)
      from pg_catalog.jsonb_array_elements(p_lines) with ordinality as l(x, i)
      left join line_saving s on s.line = l.i), '[]'),
    'applied', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'promotion_id', p_ids[promotion], 'amount', amount, 'line_ids', line_ids,
               'coupon_code', p_unlocked -> p_ids[promotion]) order by promotion)
      from applied), '[]'),
    'coupons', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'code', c -> 'code', 'promotion_id', c -> 'promotion_id',
               'status', case
                 when not p_usable ? promotion_id then 'unknown_promotion'
                 when exists (select 1 from coupon e where e.k < coupon.k and e.promotion_id = coupon.promotion_id)
                   then 'duplicate'
                 when p_usable -> promotion_id ->> 'refusal' is not null then p_usable -> promotion_id ->> 'refusal'
                 when exists (select 1 from applied a where p_ids[a.promotion] = coupon.promotion_id) then 'applied'
                 else 'no_saving' end) order by k)
      from coupon), '[]'),
    'total_saved', (select coalesce(pg_catalog.sum(amount), 0) from took))
$$;

-- [PROMO-1]…[PROMO-14] The promotions a sale gets: the same answer as the till's applyPromotions, in
-- snake_case (notes/promo-contract.md):
--   p_lines      [{line_id, product_id, parent_id, category_id, unit_price, quantity (thousandths), weighed,
--                  manual_discount, no_promotions}]
--   p_promotions [{id, priority, combinable, starts_at, ends_at, slots, store_ids, customers_only, coupon_only,
--                  rule}] — the active rows; ones with problems ([PROMO-14]) are left out here
--   p_context    {at, time_zone, store_id, customer_attached, coupons: [{code, promotion_id}],
--                 manual_cart_discount, removed_promotion_ids}
--   answer       {lines: [{line_id, discount, promotions: [{promotion_id, amount}]}],
--                 applied: [{promotion_id, amount, line_ids, coupon_code}],
--                 coupons: [{code, promotion_id, status}], total_saved}
create or replace function private.promotion_outcome(p_lines jsonb, p_promotions jsonb, p_context jsonb)
returns jsonb
language plpgsql stable set search_path = '' as $$
declare
  v_now record;
  -- [PROMO-4] The units, numbered in line order: a piece line of n pieces is n countable units worth the unit
  -- price each; a weighed line (or an odd quantity) one unit worth its extended price; a line with a manual
  -- discount or that takes no promotions, none.
  u_line int[];
  u_countable boolean[];
  u_quantity bigint[];
  u_value bigint[];
  u_product text[];
  u_parent text[];
  u_category text[];
  v_spend bigint;
  v_line_count int := pg_catalog.jsonb_array_length(p_lines);
  -- The usable promotions ([PROMO-14]), keyed by id, each with why it does not apply (null: it may).
  v_usable_list jsonb;
  v_usable jsonb;
  l_product text[];
  l_parent text[];
  l_category text[];
  -- [PROMO-12] Promotion id → the first code entered for it.
  v_unlocked jsonb;
  -- The active promotions that could touch this cart, by priority then id (COLLATE "C", as JavaScript's <).
  a_id text[];
  a_rule jsonb[];
  a_combinable boolean[];
  a_basket boolean[];
  a_relevant boolean[];
  v_chosen record;
begin
  v_now := private.promotion_local_time(p_context ->> 'at', p_context ->> 'time_zone');

  select coalesce(pg_catalog.array_agg(l.i order by l.i, piece), '{}'),
         coalesce(pg_catalog.array_agg(l.countable order by l.i, piece), '{}'),
         coalesce(pg_catalog.array_agg(case when l.countable then 1000 else l.quantity end order by l.i, piece), '{}'),
         coalesce(pg_catalog.array_agg(case when l.countable then l.unit_price
                                            else private.promotion_mul_div_round(l.unit_price, l.quantity, 1000) end
                                       order by l.i, piece), '{}'),
         coalesce(pg_catalog.array_agg(l.x ->> 'product_id' order by l.i, piece), '{}'),
         coalesce(pg_catalog.array_agg(l.x ->> 'parent_id' order by l.i, piece), '{}'),
         coalesce(pg_catalog.array_agg(l.x ->> 'category_id' order by l.i, piece), '{}')
    into u_line, u_countable, u_quantity, u_value, u_product, u_parent, u_category
  from (select x, i::int, (x -> 'unit_price')::numeric::bigint as unit_price,
               (x -> 'quantity')::numeric::bigint as quantity,
               not coalesce(x -> 'weighed' = 'true', false) and (x -> 'quantity')::numeric % 1000 = 0 as countable
        from pg_catalog.jsonb_array_elements(p_lines) with ordinality as line(x, i)
        where not coalesce(x -> 'manual_discount' = 'true', false)
          and not coalesce(x -> 'no_promotions' = 'true', false)) l
  cross join lateral pg_catalog.generate_series(1, case when l.countable then l.quantity / 1000 else 1 end) piece;
  select coalesce(pg_catalog.sum(v), 0) into v_spend from pg_catalog.unnest(u_value) v;

  -- [PROMO-14] The usable promotions, each with why it does not apply to this sale (null: it may).
  select coalesce(pg_catalog.jsonb_agg(x || pg_catalog.jsonb_build_object(
           'refusal', private.promotion_refusal(x, p_context, v_now.at_ms, v_now.weekday, v_now.minute))), '[]')
    into v_usable_list
  from pg_catalog.jsonb_array_elements(p_promotions) x
  where private.promotion_is_usable(x);
  select coalesce(pg_catalog.jsonb_object_agg(x ->> 'id', pg_catalog.jsonb_build_object('refusal', x -> 'refusal')),
                  '{}')
    into v_usable
  from pg_catalog.jsonb_array_elements(v_usable_list) x;

  select coalesce(pg_catalog.jsonb_object_agg(promotion_id, code), '{}') into v_unlocked
  from (select distinct on (c ->> 'promotion_id') c ->> 'promotion_id' as promotion_id, c -> 'code' as code
        from pg_catalog.jsonb_array_elements(coalesce(p_context -> 'coupons', '[]')) with ordinality as x(c, k)
        where v_usable ? (c ->> 'promotion_id')
        order by c ->> 'promotion_id', k) first_codes;

  select coalesce(pg_catalog.array_agg(x ->> 'product_id' order by i), '{}'),
         coalesce(pg_catalog.array_agg(x ->> 'parent_id' order by i), '{}'),
         coalesce(pg_catalog.array_agg(x ->> 'category_id' order by i), '{}')
    into l_product, l_parent, l_category
  from pg_catalog.jsonb_array_elements(p_lines) with ordinality as line(x, i);

  -- [PROMO-3] [PROMO-8] [PROMO-12] The active ones: not refused, not a basket kind under a manual cart discount,
  -- a coupon-only one only when its coupon was entered, and only those with a unit they could touch (a basket
  -- kind can touch every unit). Each comes with the lines it could touch: a_relevant, flattened as
  -- (promotion − 1) × lines + line.
  with usable as (
    select x ->> 'id' as id, (x -> 'priority')::numeric as priority, x -> 'rule' as rule,
           coalesce(x -> 'combinable' = 'true', false) as combinable,
           private.promotion_item_sets(x -> 'rule') as sets
    from pg_catalog.jsonb_array_elements(v_usable_list) x
    where x -> 'refusal' = 'null'
      and (not coalesce(x -> 'coupon_only' = 'true', false) or v_unlocked ? (x ->> 'id'))
  ), named as materialized (
    -- Materialized: else each id list is worked out again for every line it is matched against.
    select u.*, private.promotion_set_ids(u.sets, 'product_ids') as products,
           private.promotion_set_ids(u.sets, 'category_ids') as categories
    from usable u
    where not (u.sets is null and coalesce(p_context -> 'manual_cart_discount' = 'true', false))
  ), line as (
    select * from unnest(l_product, l_parent, l_category) with ordinality as l(product, parent, category, i)
  ), reach as (
    select n.*, array(
             select n.sets is null or coalesce(l.product = any(n.products) or l.parent = any(n.products)
                                               or l.category = any(n.categories), false)
             from line l order by l.i) as relevant
    from named n
  ), active as (
    select r.*, pg_catalog.row_number() over (order by r.priority, r.id collate "C") as k
    from reach r
    where r.sets is null or exists (select 1 from pg_catalog.unnest(u_line) line where r.relevant[line])
  )
  select pg_catalog.array_agg(id order by k), pg_catalog.array_agg(rule order by k),
         pg_catalog.array_agg(combinable order by k), pg_catalog.array_agg(sets is null order by k),
         (select pg_catalog.array_agg(touches order by a.k, j)
          from active a, pg_catalog.unnest(a.relevant) with ordinality as r(touches, j))
    into a_id, a_rule, a_combinable, a_basket, a_relevant
  from active;

  v_chosen := private.promotion_choose(a_rule, a_combinable, a_basket, a_relevant, v_line_count, u_line,
                                       u_countable, u_quantity, u_value, u_product, u_parent, u_category, v_spend);

  return private.promotion_answer(p_lines, p_context, v_usable, v_unlocked, a_id, u_line,
                                  v_chosen.chosen_promotions, v_chosen.chosen_units, v_chosen.chosen_amounts);
end
$$;

-- Only apply_ops, running as its owner, works a sale's promotions out: nobody calls these directly.
do $$
declare
  f regprocedure;
begin
  for f in select p.oid::regprocedure from pg_catalog.pg_proc p
           where p.pronamespace = 'private'::regnamespace and p.proname like 'promotion\_%' loop
    execute pg_catalog.format('revoke execute on function %s from public, anon, authenticated', f);
  end loop;
end
$$;

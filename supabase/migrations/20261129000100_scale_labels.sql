-- Scale labels: EAN-13 codes in GS1's restricted range 20–29 that carry an item code and a price or a
-- weight. The server reads a label with the same layout and the same arithmetic as the till
-- (src/domain/embedded-barcode.ts, rules SCALE-1 to SCALE-4), so what a cashier scanned offline is checked
-- again when the sale arrives. Pure functions: no table is read, so they are immutable and inlinable.

-- [SCALE-1] The standard GS1 modulo-10 check digit (weights 3, 1, 3… from the right).
create or replace function private.gs1_check_digit(digits text)
returns int
language sql immutable strict parallel safe as $$
  select (10 - (sum(substr(digits, length(digits) - i, 1)::int * case when i % 2 = 0 then 3 else 1 end) % 10)::int) % 10
  from generate_series(0, length(digits) - 1) as i
$$;

-- [SCALE-2] The GS1 price/weight verifier digit of a 4- or 5-digit value (GS1 General Specifications
-- §7.9.3). Each digit is weighted "2-", "3", "5+" or "5-": the products, reduced to one digit, are the
-- tables below, indexed by the digit.
create or replace function private.gs1_value_check_digit(value text)
returns int
language plpgsql immutable strict parallel safe as $$
declare
  two_minus constant int[] := array[0, 2, 4, 6, 8, 9, 1, 3, 5, 7];
  three constant int[] := array[0, 3, 6, 9, 2, 5, 8, 1, 4, 7];
  five_plus constant int[] := array[0, 5, 1, 6, 2, 7, 3, 8, 4, 9];
  five_minus constant int[] := array[0, 5, 9, 4, 8, 3, 7, 2, 6, 1];
  d int[];
  total int;
begin
  if value !~ '^[0-9]{4,5}$' then
    raise exception 'a verifier digit covers a 4- or 5-digit value, not %', value using errcode = '22023';
  end if;
  select array_agg(substr(value, i, 1)::int + 1 order by i) into d from generate_series(1, length(value)) as i;
  if length(value) = 4 then
    return ((two_minus[d[1]] + two_minus[d[2]] + three[d[3]] + five_minus[d[4]]) * 3) % 10;
  end if;
  total := five_plus[d[1]] + two_minus[d[2]] + five_minus[d[3]] + five_plus[d[4]] + two_minus[d[5]];
  -- The check digit is the one whose "5-" product brings the total up to a multiple of ten.
  return array_position(five_minus, (10 - total % 10) % 10) - 1;
end
$$;

-- [SCALE-4] Reads a label with the shop's layouts (a JSON array of {prefix, kind, item_digits, decimals,
-- value_check_digit}) for a currency with `minor_units` decimals. Answers {ok: true, item_code, price |
-- weight} (price in minor units, weight in thousandths of a kg) or {ok: false, code} with the till's
-- error codes: not_embedded, check_digit, no_layout, value_check_digit, zero_value.
create or replace function private.read_scale_label(code text, layouts jsonb, minor_units int)
returns jsonb
language plpgsql immutable parallel safe as $$
declare
  scanned constant text := btrim(coalesce(code, ''));
  layout jsonb;
  item_end int;
  value_start int;
  value_text text;
  amount bigint;
begin
  if scanned !~ '^2[0-9]{12}$' then
    return jsonb_build_object('ok', false, 'code', 'not_embedded');
  end if;
  if private.gs1_check_digit(left(scanned, 12)) <> substr(scanned, 13, 1)::int then
    return jsonb_build_object('ok', false, 'code', 'check_digit');
  end if;
  select l into layout
  from jsonb_array_elements(coalesce(layouts, '[]')) as l
  where l ->> 'prefix' = left(scanned, 2)
  limit 1;
  if layout is null then
    return jsonb_build_object('ok', false, 'code', 'no_layout');
  end if;
  item_end := 2 + (layout ->> 'item_digits')::int;
  value_start := item_end + case when (layout ->> 'value_check_digit')::boolean then 1 else 0 end;
  value_text := substr(scanned, value_start + 1, 12 - value_start);
  if (layout ->> 'value_check_digit')::boolean
     and private.gs1_value_check_digit(value_text) <> substr(scanned, item_end + 1, 1)::int then
    return jsonb_build_object('ok', false, 'code', 'value_check_digit');
  end if;
  amount := value_text::bigint;
  if amount = 0 then
    return jsonb_build_object('ok', false, 'code', 'zero_value');
  end if;
  return jsonb_build_object('ok', true, 'item_code', substr(scanned, 3, item_end - 2)) ||
    case when layout ->> 'kind' = 'price'
      then jsonb_build_object('price', amount * power(10, minor_units - (layout ->> 'decimals')::int)::bigint)
      else jsonb_build_object('weight', amount * power(10, 3 - (layout ->> 'decimals')::int)::bigint)
    end;
end
$$;

grant execute on all functions in schema private to anon, authenticated, service_role;

-- Where a shop keeps its scale's layout (companies.scale_labels, SCALE-3) and which product a label's item
-- code names (products.scale_code, SCALE-4). The pure readers are in 20261129000100_scale_labels.sql.

-- [SCALE-3] What is wrong with a shop's layouts, in the till's words; null when they are fine.
create or replace function private.scale_layouts_problem(layouts jsonb, minor_units int)
returns text
language plpgsql immutable parallel safe as $$
declare
  layout jsonb;
  item_digits int;
  decimals int;
  value_digits int;
  most int;
begin
  if jsonb_typeof(layouts) is distinct from 'array' then
    return 'Scale labels are a list of layouts.';
  end if;
  if jsonb_array_length(layouts) > 10 then
    return 'A shop has at most 10 scale label layouts (one per prefix 20–29).';
  end if;
  for layout in select l from jsonb_array_elements(layouts) as l loop
    if jsonb_typeof(layout) <> 'object'
       or coalesce(layout ->> 'prefix', '') !~ '^2[0-9]$' then
      return 'A scale label starts with 20 to 29.';
    end if;
    if coalesce(layout ->> 'kind', '') not in ('price', 'weight') then
      return 'A scale label carries a price or a weight.';
    end if;
    if jsonb_typeof(layout -> 'item_digits') <> 'number' or (layout ->> 'item_digits') !~ '^[4-6]$' then
      return 'The item code has 4, 5 or 6 digits.';
    end if;
    if jsonb_typeof(layout -> 'value_check_digit') <> 'boolean' then
      return 'Say whether the label has a price check digit.';
    end if;
    item_digits := (layout ->> 'item_digits')::int;
    value_digits := 13 - 2 - item_digits - 1 - case when (layout ->> 'value_check_digit')::boolean then 1 else 0 end;
    if (layout ->> 'value_check_digit')::boolean and value_digits not in (4, 5) then
      return 'A price check digit needs a 4- or 5-digit price: use a shorter item code.';
    end if;
    most := case when layout ->> 'kind' = 'price' then minor_units else 3 end;
    if jsonb_typeof(layout -> 'decimals') <> 'number' or (layout ->> 'decimals') !~ '^[0-9]$' then
      return 'Give the number of decimals on the label.';
    end if;
    decimals := (layout ->> 'decimals')::int;
    if decimals > most or decimals >= value_digits then
      return case when layout ->> 'kind' = 'price'
        then format('A price on a label has 0 to %s decimals.', least(most, value_digits - 1))
        else format('A weight on a label has 0 to %s decimals (3 means grams).', least(most, value_digits - 1))
      end;
    end if;
  end loop;
  if (select count(distinct l ->> 'prefix') from jsonb_array_elements(layouts) as l) < jsonb_array_length(layouts) then
    return 'Each prefix has one layout.';
  end if;
  return null;
end
$$;

alter table public.companies
  add column scale_labels jsonb not null default '[]';
comment on column public.companies.scale_labels is
  'The shop''s scale label layouts (SCALE-3): [{prefix, kind, item_digits, decimals, value_check_digit}].';

create function private.check_scale_labels() returns trigger
language plpgsql set search_path = '' as $$
declare
  problem text := private.scale_layouts_problem(
    new.scale_labels, (select c.minor_units from public.currencies c where c.code = new.currency));
begin
  if problem is not null then
    raise exception '%', problem using errcode = '22023', hint = 'invalid_scale_labels';
  end if;
  return new;
end
$$;
create trigger companies_scale_labels before insert or update of scale_labels, currency on public.companies
  for each row execute function private.check_scale_labels();

grant update (scale_labels) on public.companies to authenticated;

-- The item code a scale prints for a product (its PLU): digits, one product per code in a company.
alter table public.products
  add column scale_code text check (scale_code is null or scale_code ~ '^[0-9]{1,6}$');
comment on column public.products.scale_code is
  'The item code this product has on scale labels (SCALE-4); leading zeros do not count.';
create unique index products_scale_code_key on public.products (company_id, (ltrim(scale_code, '0')))
  where scale_code is not null and deleted_at is null;

grant execute on all functions in schema private to anon, authenticated, service_role;

-- CSV product import (issue #8, supabase/SPEC.md §8 IMP-1…IMP-6): a manager's whole file is applied in one
-- transaction or not at all. Every row is checked first (set-based, so 50,000 rows stay well inside the
-- API's statement timeout), the first bad row raises with its row number, and only then are categories
-- named in the file made and products created or updated by SKU (case-insensitive).
--
-- A row is an object with the file's columns: `sku`, `name`, `price` (minor units) are required; `barcode`,
-- `category` (a name), `tax_rate_bp`, `track_stock`, `reorder_level`, `cost` (minor units) are optional. A key that is absent
-- leaves an existing product's value alone (the file had no such column); a key that is null clears it.
-- `row` is the row number to name in errors (the client sends the file's line; by default index + 2,
-- counting the header as row 1).

-- [IMP-2] The problem with one row's fields, or null when they are all well-formed.
create function private.import_row_problem(r jsonb) returns text
language sql immutable as $$
  select case
    when pg_catalog.jsonb_typeof(r) is distinct from 'object' then 'is not an object'
    when pg_catalog.jsonb_typeof(r -> 'sku') is distinct from 'string'
      or not (r ->> 'sku') ~ '^[!-~]{1,64}$'
      then 'SKU must be 1 to 64 characters without spaces'
    when pg_catalog.jsonb_typeof(r -> 'name') is distinct from 'string' or not private.is_name(r ->> 'name')
      then 'needs a name (at most 200 characters)'
    when pg_catalog.jsonb_typeof(r -> 'price') is distinct from 'number'
      or not (r ->> 'price') ~ '^\d{1,13}$' or (r ->> 'price')::numeric > 1000000000000
      then 'price must be a whole number of minor units from 0 to 10^12'
    when r ? 'barcode' and pg_catalog.jsonb_typeof(r -> 'barcode') <> 'null'
      and (pg_catalog.jsonb_typeof(r -> 'barcode') <> 'string' or not (r ->> 'barcode') ~ '^[!-~]{1,64}$')
      then 'barcode must be 1 to 64 characters without spaces'
    when r ? 'category' and pg_catalog.jsonb_typeof(r -> 'category') <> 'null'
      and (pg_catalog.jsonb_typeof(r -> 'category') <> 'string' or not private.is_name(r ->> 'category', 100))
      then 'category must be a name of at most 100 characters'
    when r ? 'tax_rate_bp' and (pg_catalog.jsonb_typeof(r -> 'tax_rate_bp') <> 'number'
      or not (r ->> 'tax_rate_bp') ~ '^\d{1,5}$' or (r ->> 'tax_rate_bp')::int > 10000)
      then 'tax rate must be 0 to 10000 basis points (0 to 100 %)'
    when r ? 'track_stock' and pg_catalog.jsonb_typeof(r -> 'track_stock') <> 'boolean'
      then 'track_stock must be true or false'
    when r ? 'reorder_level' and pg_catalog.jsonb_typeof(r -> 'reorder_level') <> 'null'
      and (pg_catalog.jsonb_typeof(r -> 'reorder_level') not in ('number', 'string')
        or not (r ->> 'reorder_level') ~ '^\d{1,9}(\.\d{1,3})?$')
      then 'reorder level must be a number of at least 0 with at most 3 decimals'
    when r ? 'cost' and pg_catalog.jsonb_typeof(r -> 'cost') <> 'null'
      and (pg_catalog.jsonb_typeof(r -> 'cost') <> 'number'
        or not (r ->> 'cost') ~ '^\d{1,13}$' or (r ->> 'cost')::numeric > 1000000000000)
      then 'cost must be a whole number of minor units from 0 to 10^12'
  end
$$;

-- [IMP-1] … [IMP-6]
create function public.import_products(p_company uuid, p_rows jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_bad record;
  v_default_tax int;
  v_created int;
  v_updated int;
  v_categories int;
begin
  -- [IMP-1] Managers and owners of the company.
  perform private.require_role(p_company, 'manager');
  if p_rows is null or pg_catalog.jsonb_typeof(p_rows) <> 'array' then
    raise exception 'p_rows must be an array of rows' using errcode = 'P0001', hint = 'invalid_args';
  end if;
  if pg_catalog.jsonb_array_length(p_rows) = 0 then
    raise exception 'The file has no rows to import' using errcode = 'P0001', hint = 'invalid_args';
  end if;
  if pg_catalog.jsonb_array_length(p_rows) > 100000 then
    raise exception 'At most 100000 rows at once' using errcode = 'P0001', hint = 'invalid_args';
  end if;

  create temp table import_raw on commit drop as
    select e.n, e.r,
           case when pg_catalog.jsonb_typeof(e.r -> 'row') = 'number' and (e.r ->> 'row') ~ '^\d{1,9}$'
                then (e.r ->> 'row')::int else e.n::int + 1 end as line
    from pg_catalog.jsonb_array_elements(p_rows) with ordinality as e(r, n);

  -- [IMP-2] The first malformed row, in file order.
  select line, private.import_row_problem(r) as problem into v_bad
  from pg_temp.import_raw
  where private.import_row_problem(r) is not null
  order by n limit 1;
  if found then
    raise exception 'Row %: %', v_bad.line, v_bad.problem using errcode = 'P0001', hint = 'invalid_row';
  end if;

  create temp table import_rows on commit drop as
    select n, line, r ->> 'sku' as sku, pg_catalog.btrim(r ->> 'name') as name, (r ->> 'price')::bigint as price,
           r ? 'barcode' as has_barcode, r ->> 'barcode' as barcode,
           r ? 'category' as has_category, pg_catalog.btrim(r ->> 'category') as category,
           (r ->> 'tax_rate_bp')::int as tax_rate_bp, (r ->> 'track_stock')::boolean as track_stock,
           r ? 'reorder_level' as has_reorder_level, (r ->> 'reorder_level')::numeric(12, 3) as reorder_level,
           r ? 'cost' as has_cost, (r ->> 'cost')::bigint as cost
    from pg_temp.import_raw;

  -- [IMP-3] An SKU or a barcode appears once in the file.
  select d.line, pg_catalog.format('SKU "%s" is also on row %s', d.sku, d.first_line) as problem into v_bad
  from (select line, n, sku, pg_catalog.first_value(line) over w as first_line, pg_catalog.row_number() over w as k
        from pg_temp.import_rows window w as (partition by pg_catalog.lower(sku) order by n)) d
  where d.k > 1 order by d.n limit 1;
  if found then
    raise exception 'Row %: %', v_bad.line, v_bad.problem using errcode = 'P0001', hint = 'invalid_row';
  end if;
  select d.line, pg_catalog.format('barcode "%s" is also on row %s', d.barcode, d.first_line) as problem
  into v_bad
  from (select line, n, barcode, pg_catalog.first_value(line) over w as first_line, pg_catalog.row_number() over w as k
        from pg_temp.import_rows where barcode is not null
        window w as (partition by barcode order by n)) d
  where d.k > 1 order by d.n limit 1;
  if found then
    raise exception 'Row %: %', v_bad.line, v_bad.problem using errcode = 'P0001', hint = 'invalid_row';
  end if;

  -- [IMP-4] A barcode held by another active product of the company (one this file does not re-barcode).
  select r.line, pg_catalog.format('barcode "%s" already belongs to "%s"', r.barcode, p.name) as problem
  into v_bad
  from pg_temp.import_rows r
  join public.products p on p.company_id = p_company and p.barcode = r.barcode
                        and p.active and p.deleted_at is null
  where p.sku is distinct from r.sku and pg_catalog.lower(coalesce(p.sku, '')) <> pg_catalog.lower(r.sku)
    and not exists (select 1 from pg_temp.import_rows o
                    where pg_catalog.lower(o.sku) = pg_catalog.lower(p.sku) and o.has_barcode
                      and o.barcode is distinct from p.barcode)
  order by r.n limit 1;
  if found then
    raise exception 'Row %: %', v_bad.line, v_bad.problem using errcode = 'P0001', hint = 'invalid_row';
  end if;

  -- [IMP-5] Categories named in the file and not yet in the company are made (the first spelling wins).
  insert into public.categories (company_id, name)
  select distinct on (pg_catalog.lower(r.category)) p_company, r.category
  from pg_temp.import_rows r
  where r.category is not null
    and not exists (select 1 from public.categories c
                    where c.company_id = p_company and c.deleted_at is null
                      and pg_catalog.lower(c.name) = pg_catalog.lower(r.category))
  order by pg_catalog.lower(r.category), r.n;
  get diagnostics v_categories = row_count;

  select c.default_tax_rate_bp into v_default_tax from public.companies c where c.id = p_company;

  begin
    -- [IMP-6] Create or update by SKU, case-insensitive; absent keys keep what the product had.
    update public.products p set
      name = r.name,
      price = r.price,
      barcode = case when r.has_barcode then r.barcode else p.barcode end,
      category_id = case when r.has_category then c.id else p.category_id end,
      tax_rate_bp = coalesce(r.tax_rate_bp, p.tax_rate_bp),
      track_stock = coalesce(r.track_stock, p.track_stock),
      reorder_level = case when r.has_reorder_level then r.reorder_level else p.reorder_level end,
      cost = case when r.has_cost then r.cost else p.cost end
    from pg_temp.import_rows r
    left join public.categories c
      on c.company_id = p_company and c.deleted_at is null and pg_catalog.lower(c.name) = pg_catalog.lower(r.category)
    where p.company_id = p_company and p.deleted_at is null and p.sku is not null
      and pg_catalog.lower(p.sku) = pg_catalog.lower(r.sku);
    get diagnostics v_updated = row_count;

    insert into public.products (company_id, sku, name, price, barcode, category_id, tax_rate_bp, track_stock,
                                 reorder_level, cost)
    select p_company, r.sku, r.name, r.price, r.barcode, c.id, coalesce(r.tax_rate_bp, v_default_tax),
           coalesce(r.track_stock, true), r.reorder_level, r.cost
    from pg_temp.import_rows r
    left join public.categories c
      on c.company_id = p_company and c.deleted_at is null and pg_catalog.lower(c.name) = pg_catalog.lower(r.category)
    where not exists (select 1 from public.products p
                      where p.company_id = p_company and p.deleted_at is null and p.sku is not null
                        and pg_catalog.lower(p.sku) = pg_catalog.lower(r.sku))
    order by r.n;
    get diagnostics v_created = row_count;
  exception when unique_violation then
    -- Two products swapping barcodes in one file, or a concurrent write: nothing of the file stays.
    raise exception 'Two products would share a barcode or SKU (%); nothing was imported', sqlerrm
      using errcode = 'P0001', hint = 'invalid_row';
  end;

  drop table pg_temp.import_rows;
  drop table pg_temp.import_raw;
  return pg_catalog.jsonb_build_object('created', v_created, 'updated', v_updated,
                                       'categories_created', v_categories);
end
$$;
comment on function public.import_products(uuid, jsonb) is
  'CSV import: validates every row, then creates or updates products by SKU in one transaction (SPEC IMP-1…6).';

-- [STACK-2] Signed-in managers only (the function checks the role); PUBLIC's default execute goes too.
revoke execute on function public.import_products(uuid, jsonb) from public, anon;
grant execute on function public.import_products(uuid, jsonb) to authenticated, service_role;

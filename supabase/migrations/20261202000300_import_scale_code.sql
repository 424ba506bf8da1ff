-- [IMP-8] The products CSV carries each product's scale item code (`scale_code`, [SCALE-4]), so a shop that
-- sells from a scale moves its catalogue in and out in one file. The import so far (products, then variants:
-- 20261201000100) is kept as private.import_products_variants; this one checks the codes first, runs it, then
-- sets the codes of the rows that carry the column, all in the caller's one transaction.

alter function public.import_products(uuid, jsonb) rename to import_products_variants;
alter function public.import_products_variants(uuid, jsonb) set schema private;
revoke execute on function private.import_products_variants(uuid, jsonb) from public, anon, authenticated;

create function public.import_products(p_company uuid, p_rows jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_result jsonb;
  v_bad record;
begin
  -- The products part checks the caller, the rows and their shape first; codes are checked after it, so a file
  -- with both kinds of problem reports the products part's, as it did before scale codes.
  v_result := private.import_products_variants(p_company, p_rows);

  create temp table import_scale_codes on commit drop as
    select e.n, case when pg_catalog.jsonb_typeof(e.r -> 'row') = 'number' and (e.r ->> 'row') ~ '^\d{1,9}$'
                     then (e.r ->> 'row')::int else e.n::int + 1 end as line,
           e.r ->> 'sku' as sku, nullif(pg_catalog.btrim(coalesce(e.r ->> 'scale_code', '')), '') as code
    from pg_catalog.jsonb_array_elements(p_rows) with ordinality as e(r, n)
    where e.r ? 'scale_code';
  if not exists (select 1 from pg_temp.import_scale_codes) then
    drop table pg_temp.import_scale_codes;
    return v_result;
  end if;

  select x.line, x.problem into v_bad
  from (select s.n, s.line, case
        when s.code !~ '^[0-9]{1,6}$' then pg_catalog.format('scale item code "%s" is not 1 to 6 digits', s.code)
        when exists (select 1 from pg_temp.import_scale_codes o
                     where o.n < s.n and pg_catalog.ltrim(o.code, '0') = pg_catalog.ltrim(s.code, '0'))
          then pg_catalog.format('scale item code %s is also on another row', s.code)
        when held.name is not null
          then pg_catalog.format('scale item code %s already belongs to "%s"', s.code, held.name)
        end as problem
    from pg_temp.import_scale_codes s
    left join lateral (
      select p.name from public.products p
      where p.company_id = p_company and p.deleted_at is null and p.scale_code is not null
        and pg_catalog.ltrim(p.scale_code, '0') = pg_catalog.ltrim(s.code, '0')
        and (p.sku is null or pg_catalog.lower(p.sku) <> pg_catalog.lower(s.sku))
        and not exists (select 1 from pg_temp.import_scale_codes o
                        where o.sku is not null and p.sku is not null
                          and pg_catalog.lower(o.sku) = pg_catalog.lower(p.sku))
      limit 1) held on s.code is not null
    ) x
  where x.problem is not null
  order by x.n limit 1;
  if found then
    raise exception 'Row %: %', v_bad.line, v_bad.problem using errcode = 'P0001', hint = 'invalid_row';
  end if;

  -- Codes leaving a product first, so two rows that swap codes do not meet in the unique index.
  update public.products p set scale_code = null
  from pg_temp.import_scale_codes s
  where p.company_id = p_company and p.deleted_at is null and p.sku is not null
    and pg_catalog.lower(p.sku) = pg_catalog.lower(s.sku) and p.scale_code is distinct from s.code;
  update public.products p set scale_code = s.code
  from pg_temp.import_scale_codes s
  where p.company_id = p_company and p.deleted_at is null and p.sku is not null
    and pg_catalog.lower(p.sku) = pg_catalog.lower(s.sku) and s.code is not null
    and p.scale_code is distinct from s.code;

  drop table pg_temp.import_scale_codes;
  return v_result;
end
$$;
comment on function public.import_products(uuid, jsonb) is
  'CSV import: products by SKU (SPEC IMP-1…6), variants by parent_sku and option columns (IMP-7), scale item codes (IMP-8).';
revoke execute on function public.import_products(uuid, jsonb) from public, anon;
grant execute on function public.import_products(uuid, jsonb) to authenticated, service_role;

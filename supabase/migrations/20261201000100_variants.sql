-- Variants (issue 21; supabase/SPEC.md §13 [VAR-1]..[VAR-9]). Every variant is a sellable products row of its
-- own, so stock, stock movements, sale lines, costs, CSV rows and reports are per variant with nothing changed
-- on those paths. What makes a product a variant is its row in public.product_variants: its parent (a product
-- with option names, e.g. {Size,Colour}) and its values for them (e.g. {M,Blue}). This migration adds:
-- * products.option_names, public.product_variants (pulled like products), their checks and RLS;
-- * save_product_variants: a parent's option names and its whole grid of variants in one transaction;
-- * import_products carries variants (parent_sku and option columns); the first version is kept as
--   private.import_products_base and does the products part.
-- A sale of a parent is still a sale that happened: record_sales is untouched and accepts it ([VAR-8]).

-- [VAR-1] Option names: up to three, distinct (case-insensitive), each 1–30 characters and not blank.
create function private.option_names_ok(p_names text[]) returns boolean
language sql immutable as $$
  select p_names is not null and pg_catalog.cardinality(p_names) <= 3
     and pg_catalog.array_position(p_names, null) is null
     and not exists (select 1 from pg_catalog.unnest(p_names) n where not private.is_name(n, 30))
     and (select count(distinct pg_catalog.lower(pg_catalog.btrim(n))) from pg_catalog.unnest(p_names) n)
         = pg_catalog.cardinality(p_names)
$$;

-- [VAR-2] Option values: one to three, each 1–60 characters and not blank.
create function private.option_values_ok(p_values text[]) returns boolean
language sql immutable as $$
  select p_values is not null and pg_catalog.cardinality(p_values) between 1 and 3
     and pg_catalog.array_position(p_values, null) is null
     and not exists (select 1 from pg_catalog.unnest(p_values) v where not private.is_name(v, 60))
$$;

alter table public.products
  add column option_names text[] not null default '{}' check (private.option_names_ok(option_names));
comment on column public.products.option_names is
  'A parent''s options (e.g. {Size,Colour}; VAR-1): a product with option names is sold through its variants.';

create table public.product_variants (
  -- [VAR-3] The variant's own products row: its SKU, barcode, price, cost, stock and active flag.
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  parent_id uuid not null,
  option_values text[] not null check (private.option_values_ok(option_values)),
  position int not null default 0 check (position between 0 and 10000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  check (id <> parent_id),
  -- [VAR-4] Variant and parent are products of the same company as the link.
  foreign key (company_id, id) references public.products (company_id, id),
  foreign key (company_id, parent_id) references public.products (company_id, id)
);
comment on table public.product_variants is
  'Which products are variants of which parent, and their option values (VAR-3); soft-deleted with deleted_at.';
-- [VAR-5] One variant per combination of a parent, among undeleted links.
create unique index product_variants_options_key on public.product_variants (parent_id, option_values)
  where deleted_at is null;
create index product_variants_parent_idx on public.product_variants (parent_id);
create index product_variants_pull_idx on public.product_variants (company_id, txid, id);
create trigger product_variants_txid before insert or update on public.product_variants
  for each row execute function private.set_txid_and_updated_at();

-- [VAR-6] A link holds when the parent has option names and the variant one value for each, the parent is not
-- itself a variant and the variant is not a parent. Checked at commit, so a parent's option names and its
-- variants can change together in one transaction (save_product_variants, import_products).
create function private.check_variant_links() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_parent uuid;
  v_problem text;
begin
  -- The row's parent: the product itself, or the link's parent (read as json: `new` differs by table).
  v_parent := case when tg_table_name = 'products' then new.id else (pg_catalog.to_jsonb(new) ->> 'parent_id')::uuid end;
  select case
    when pg_catalog.cardinality(p.option_names) = 0 and exists (
           select 1 from public.product_variants v where v.parent_id = p.id and v.deleted_at is null)
      then pg_catalog.format('"%s" has variants, so it needs its option names', p.name)
    when exists (select 1 from public.product_variants v
                 where v.parent_id = p.id and v.deleted_at is null
                   and pg_catalog.cardinality(v.option_values) <> pg_catalog.cardinality(p.option_names))
      then pg_catalog.format('Each variant of "%s" needs one value for each of its options (%s)', p.name,
                             pg_catalog.array_to_string(p.option_names, ', '))
    when pg_catalog.cardinality(p.option_names) > 0 and exists (
           select 1 from public.product_variants v where v.id = p.id and v.deleted_at is null)
      then pg_catalog.format('"%s" is a variant, so it cannot have variants of its own', p.name)
  end into v_problem
  from public.products p where p.id = v_parent;
  if v_problem is null and tg_table_name = 'product_variants' and (pg_catalog.to_jsonb(new) ->> 'deleted_at') is null then
    select case
      when exists (select 1 from public.product_variants v where v.parent_id = new.id and v.deleted_at is null)
        or pg_catalog.cardinality(p.option_names) > 0
        then pg_catalog.format('"%s" has options of its own, so it cannot be a variant', p.name)
    end into v_problem
    from public.products p where p.id = new.id;
  end if;
  if v_problem is not null then
    raise exception '%', v_problem using errcode = '23514', hint = 'invalid_variant';
  end if;
  return null;
end
$$;
create constraint trigger product_variants_links after insert or update on public.product_variants
  deferrable initially deferred for each row execute function private.check_variant_links();
create constraint trigger products_variant_links after update of option_names on public.products
  deferrable initially deferred for each row execute function private.check_variant_links();

-- [VAR-7] Members read; managers and owners write; nobody deletes (a link is removed with deleted_at).
alter table public.product_variants enable row level security;
revoke all on public.product_variants from anon;
revoke delete, truncate on public.product_variants from authenticated;
create policy product_variants_read on public.product_variants for select to authenticated
  using (company_id in (select private.company_ids('cashier')));
create policy product_variants_manager_insert on public.product_variants for insert to authenticated
  with check (company_id in (select private.company_ids('manager')));
create policy product_variants_manager_update on public.product_variants for update to authenticated
  using (company_id in (select private.company_ids('manager')))
  with check (company_id in (select private.company_ids('manager')));

-- [PULL-1] Tills mirror the links, so the register asks for a parent's options and finds variants by value.
create or replace function private.pull_tables() returns text[]
language sql immutable set search_path = '' as $$
  select array['companies', 'company_members', 'stores', 'terminals', 'categories', 'products', 'customers',
               'stock_levels', 'shifts', 'cash_movements', 'sales', 'sale_lines', 'payments', 'stock_movements',
               'staff', 'product_variants']
$$;

-- ---------------------------------------------------------------------------------------------------------
-- save_product_variants
-- ---------------------------------------------------------------------------------------------------------
-- [VAR-9] The grid of a parent, as the back office saves it: its option names and every variant
-- ({id?, option_values, sku, barcode, price, cost, active}). A row with the id of one of the parent's variants
-- updates it; a row without an id makes a new products row (the parent's category, tax rate, unit and stock
-- tracking) and links it; the parent's variants the grid leaves out are deactivated (kept, with their stock and
-- history), and their links removed when they no longer fit the option names. Each variant is named
-- "<parent> <values joined by ' / '>". Everything is checked first; the first problem raises P0001
-- `invalid_variants` with words a manager understands, and nothing is written.
create function public.save_product_variants(p_parent uuid, p_option_names text[], p_variants jsonb)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_parent public.products;
  v_names text[] := coalesce((select array_agg(pg_catalog.btrim(n) order by o)
                              from pg_catalog.unnest(p_option_names) with ordinality as u(n, o)), '{}');
  v_problem text;
  v_created int;
  v_updated int;
  v_deactivated int;
begin
  select * into v_parent from public.products p where p.id = p_parent and p.deleted_at is null;
  if not found then
    -- Said the same way whether the product is another shop's or missing: nothing leaks.
    perform private.require_role(null, 'manager');
  end if;
  perform private.require_role(v_parent.company_id, 'manager');
  if exists (select 1 from public.product_variants v where v.id = p_parent and v.deleted_at is null) then
    raise exception '"%" is a variant, so it cannot have variants of its own', v_parent.name
      using errcode = 'P0001', hint = 'invalid_variants';
  end if;
  if not private.option_names_ok(v_names) then
    raise exception 'Options need up to three different names of at most 30 characters'
      using errcode = 'P0001', hint = 'invalid_variants';
  end if;
  if p_variants is null or pg_catalog.jsonb_typeof(p_variants) <> 'array'
     or pg_catalog.jsonb_array_length(p_variants) > 1000 then
    raise exception 'The variants must be a list of at most 1000 rows' using errcode = 'P0001', hint = 'invalid_args';
  end if;
  if pg_catalog.jsonb_array_length(p_variants) > 0 and pg_catalog.cardinality(v_names) = 0 then
    raise exception 'Name the options (e.g. Size) before adding variants' using errcode = 'P0001',
      hint = 'invalid_variants';
  end if;

  create temp table variant_rows on commit drop as
    select e.n, e.r, private.try_uuid(e.r ->> 'id') as id,
           case when pg_catalog.jsonb_typeof(e.r -> 'option_values') = 'array'
                then array(select pg_catalog.btrim(x) from pg_catalog.jsonb_array_elements_text(e.r -> 'option_values') x)
           end as option_values
    from pg_catalog.jsonb_array_elements(p_variants) with ordinality as e(r, n);

  -- Each row's fields, the first problem in grid order.
  select pg_catalog.format('Row %s: %s', x.n, x.problem) into v_problem
  from (select r.n, case
        when pg_catalog.jsonb_typeof(r.r) <> 'object' then 'is not a variant'
        when r.r ? 'id' and r.id is null then 'has an id that is not a uuid'
        when r.option_values is null or pg_catalog.cardinality(r.option_values) <> pg_catalog.cardinality(v_names)
          then pg_catalog.format('needs one value for each option (%s)', pg_catalog.array_to_string(v_names, ', '))
        when not private.option_values_ok(r.option_values) then 'option values must be 1 to 60 characters'
        when pg_catalog.jsonb_typeof(r.r -> 'price') is distinct from 'number' or not (r.r ->> 'price') ~ '^\d{1,13}$'
          then 'needs a price'
        when r.r ? 'cost' and pg_catalog.jsonb_typeof(r.r -> 'cost') <> 'null'
          and not coalesce((r.r ->> 'cost') ~ '^\d{1,13}$', false) then 'cost must be a whole amount of at least 0'
        when pg_catalog.jsonb_typeof(r.r -> 'sku') not in ('null', 'string')
          or (r.r ->> 'sku') !~ '^[!-~]{1,64}$' then 'SKU must be 1 to 64 characters without spaces'
        when pg_catalog.jsonb_typeof(r.r -> 'barcode') not in ('null', 'string')
          or (r.r ->> 'barcode') !~ '^[!-~]{1,64}$' then 'barcode must be 1 to 64 characters without spaces'
        when r.r ? 'active' and pg_catalog.jsonb_typeof(r.r -> 'active') <> 'boolean' then 'active must be true or false'
        when r.id is not null and not exists (select 1 from public.product_variants v
                                              where v.id = r.id and v.parent_id = p_parent)
          then 'is not a variant of this product'
        end as problem
        from pg_temp.variant_rows r) x
  where x.problem is not null
  order by x.n limit 1;

  -- [VAR-5] A combination, an SKU or a barcode once in the grid.
  v_problem := coalesce(v_problem, (
    select pg_catalog.format('%s is listed twice (rows %s and %s)',
                             pg_catalog.array_to_string(a.option_values, ' / '), a.n, b.n)
    from pg_temp.variant_rows a join pg_temp.variant_rows b
      on a.n < b.n and pg_catalog.lower(a.option_values::text) = pg_catalog.lower(b.option_values::text)
    order by b.n, a.n limit 1));
  v_problem := coalesce(v_problem, (
    select pg_catalog.format('Row %s: SKU "%s" is also on row %s', b.n, b.r ->> 'sku', a.n)
    from pg_temp.variant_rows a join pg_temp.variant_rows b
      on a.n < b.n and pg_catalog.lower(a.r ->> 'sku') = pg_catalog.lower(b.r ->> 'sku')
    order by b.n, a.n limit 1));
  v_problem := coalesce(v_problem, (
    select pg_catalog.format('Row %s: barcode "%s" is also on row %s', b.n, b.r ->> 'barcode', a.n)
    from pg_temp.variant_rows a join pg_temp.variant_rows b on a.n < b.n and a.r ->> 'barcode' = b.r ->> 'barcode'
    order by b.n, a.n limit 1));
  -- [SCHEMA-7] Codes held by another product of the shop (not one of this grid's rows).
  v_problem := coalesce(v_problem, (
    select pg_catalog.format('Row %s: SKU "%s" already belongs to "%s"', r.n, r.r ->> 'sku', p.name)
    from pg_temp.variant_rows r
    join public.products p on p.company_id = v_parent.company_id and p.deleted_at is null and p.sku is not null
                          and pg_catalog.lower(p.sku) = pg_catalog.lower(r.r ->> 'sku')
    where p.id is distinct from r.id
    order by r.n limit 1));
  v_problem := coalesce(v_problem, (
    select pg_catalog.format('Row %s: barcode "%s" already belongs to "%s"', r.n, r.r ->> 'barcode', p.name)
    from pg_temp.variant_rows r
    join public.products p on p.company_id = v_parent.company_id and p.deleted_at is null and p.active
                          and p.barcode = r.r ->> 'barcode'
    where p.id is distinct from r.id and coalesce((r.r ->> 'active')::boolean, true)
    order by r.n limit 1));
  if v_problem is not null then
    raise exception '%', v_problem using errcode = 'P0001', hint = 'invalid_variants';
  end if;

  update public.products p set option_names = v_names
  where p.id = p_parent and p.option_names is distinct from v_names;

  -- Variants the grid leaves out: deactivated; their links go when they no longer fit the option names.
  with gone as (
    select v.id, pg_catalog.cardinality(v.option_values) = pg_catalog.cardinality(v_names) as fits
    from public.product_variants v
    where v.parent_id = p_parent and v.deleted_at is null
      and not exists (select 1 from pg_temp.variant_rows r where r.id = v.id)
  ), unlinked as (
    update public.product_variants v set deleted_at = now()
    from gone g where v.id = g.id and not g.fits
    returning v.id
  )
  update public.products p set active = false
  from gone g where p.id = g.id and p.active;
  get diagnostics v_deactivated = row_count;

  -- Existing rows first (so a code moved from one row to another is free before it is taken).
  update public.products p set
    name = pg_catalog.left(v_parent.name || ' ' || pg_catalog.array_to_string(r.option_values, ' / '), 200),
    sku = r.r ->> 'sku', barcode = r.r ->> 'barcode', price = (r.r ->> 'price')::bigint,
    cost = (r.r ->> 'cost')::bigint, active = coalesce((r.r ->> 'active')::boolean, true)
  from pg_temp.variant_rows r
  where p.id = r.id;
  get diagnostics v_updated = row_count;
  update public.product_variants v set option_values = r.option_values, position = r.n::int - 1, deleted_at = null
  from pg_temp.variant_rows r
  where v.id = r.id
    and (v.option_values, v.position, v.deleted_at) is distinct from (r.option_values, r.n::int - 1, null::timestamptz);

  update pg_temp.variant_rows set id = gen_random_uuid() where id is null;
  with made as (
    insert into public.products (id, company_id, category_id, sku, barcode, name, price, tax_rate_bp, cost, unit,
                                 weighed, track_stock, reorder_level, active)
    select r.id, v_parent.company_id, v_parent.category_id, r.r ->> 'sku', r.r ->> 'barcode',
           pg_catalog.left(v_parent.name || ' ' || pg_catalog.array_to_string(r.option_values, ' / '), 200),
           (r.r ->> 'price')::bigint, v_parent.tax_rate_bp, (r.r ->> 'cost')::bigint, v_parent.unit,
           v_parent.weighed, v_parent.track_stock, v_parent.reorder_level,
           coalesce((r.r ->> 'active')::boolean, true)
    from pg_temp.variant_rows r
    where not exists (select 1 from public.products p where p.id = r.id)
    order by r.n
    returning id
  )
  select count(*) into v_created from made;
  insert into public.product_variants (id, company_id, parent_id, option_values, position)
  select r.id, v_parent.company_id, p_parent, r.option_values, r.n::int - 1
  from pg_temp.variant_rows r
  where not exists (select 1 from public.product_variants v where v.id = r.id);

  drop table pg_temp.variant_rows;
  return pg_catalog.jsonb_build_object(
    'created', v_created, 'updated', v_updated, 'deactivated', v_deactivated,
    'variants', coalesce((select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('id', v.id,
                                                      'option_values', v.option_values) order by v.position)
                          from public.product_variants v where v.parent_id = p_parent and v.deleted_at is null),
                         '[]'::jsonb));
end
$$;
comment on function public.save_product_variants(uuid, text[], jsonb) is
  'A parent''s option names and its whole grid of variants, checked then written in one transaction (VAR-9).';
revoke execute on function public.save_product_variants(uuid, text[], jsonb) from public, anon;
grant execute on function public.save_product_variants(uuid, text[], jsonb) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- import_products carries variants
-- ---------------------------------------------------------------------------------------------------------
-- [IMP-7] A row may name its parent (`parent_sku`) and its options (`option1_name`, `option1_value` … 3): after
-- the products part (the first version, now private.import_products_base), each parent named gets the option
-- names its variants' rows give, and each such row is linked to it with its values (a link that was removed
-- comes back). Rows without parent_sku are not touched as variants. One transaction, as before.
alter function public.import_products(uuid, jsonb) rename to import_products_base;
alter function public.import_products_base(uuid, jsonb) set schema private;
revoke execute on function private.import_products_base(uuid, jsonb) from public, anon, authenticated;

create function public.import_products(p_company uuid, p_rows jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_result jsonb;
  v_bad record;
  v_linked int;
begin
  v_result := private.import_products_base(p_company, p_rows);

  create temp table import_variants on commit drop as
    select e.n, case when pg_catalog.jsonb_typeof(e.r -> 'row') = 'number' and (e.r ->> 'row') ~ '^\d{1,9}$'
                     then (e.r ->> 'row')::int else e.n::int + 1 end as line,
           e.r ->> 'sku' as sku, e.r ->> 'parent_sku' as parent_sku,
           array(select pg_catalog.btrim(e.r ->> ('option' || i || '_name')) from generate_series(1, 3) i
                 where coalesce(e.r ->> ('option' || i || '_name'), '') <> '') as option_names,
           array(select pg_catalog.btrim(e.r ->> ('option' || i || '_value')) from generate_series(1, 3) i
                 where coalesce(e.r ->> ('option' || i || '_value'), '') <> '') as option_values
    from pg_catalog.jsonb_array_elements(p_rows) with ordinality as e(r, n)
    where coalesce(e.r ->> 'parent_sku', '') <> '';
  if not exists (select 1 from pg_temp.import_variants) then
    -- A file without variants answers as before.
    drop table pg_temp.import_variants;
    return v_result;
  end if;

  select x.line, x.problem into v_bad
  from (select v.n, v.line, case
        when pg_catalog.lower(v.parent_sku) = pg_catalog.lower(v.sku) then 'a product cannot be its own parent'
        when p.id is null then pg_catalog.format('parent SKU "%s" is not a product', v.parent_sku)
        when not private.option_names_ok(v.option_names) or pg_catalog.cardinality(v.option_names) = 0
          then 'a variant needs up to three different option names'
        when pg_catalog.cardinality(v.option_values) <> pg_catalog.cardinality(v.option_names)
          or not private.option_values_ok(v.option_values)
          then 'a variant needs a value (at most 60 characters) for each option name'
        when exists (select 1 from pg_temp.import_variants o
                     where pg_catalog.lower(o.parent_sku) = pg_catalog.lower(v.parent_sku) and o.n < v.n
                       and o.option_names <> v.option_names)
          then pg_catalog.format('its option names differ from another variant of "%s"', v.parent_sku)
        when exists (select 1 from pg_temp.import_variants o
                     where pg_catalog.lower(o.parent_sku) = pg_catalog.lower(v.parent_sku) and o.n < v.n
                       and pg_catalog.lower(o.option_values::text) = pg_catalog.lower(v.option_values::text))
          then pg_catalog.format('%s of "%s" is also on another row',
                                 (select pg_catalog.array_to_string(o.option_values, ' / ') from pg_temp.import_variants o
                                  where pg_catalog.lower(o.parent_sku) = pg_catalog.lower(v.parent_sku)
                                    and pg_catalog.lower(o.option_values::text) = pg_catalog.lower(v.option_values::text)
                                  order by o.n limit 1), v.parent_sku)
        when exists (select 1 from pg_temp.import_variants o
                     where pg_catalog.lower(o.sku) = pg_catalog.lower(v.parent_sku))
          then pg_catalog.format('"%s" is a variant, so it cannot have variants of its own', v.parent_sku)
        end as problem
    from pg_temp.import_variants v
    left join public.products p on p.company_id = p_company and p.deleted_at is null and p.sku is not null
                               and pg_catalog.lower(p.sku) = pg_catalog.lower(v.parent_sku)
       ) x
  where x.problem is not null
  order by x.n limit 1;
  if found then
    raise exception 'Row %: %', v_bad.line, v_bad.problem using errcode = 'P0001', hint = 'invalid_row';
  end if;

  update public.products p set option_names = v.option_names
  from (select distinct on (pg_catalog.lower(parent_sku)) parent_sku, option_names
        from pg_temp.import_variants order by pg_catalog.lower(parent_sku), n) v
  where p.company_id = p_company and p.deleted_at is null and p.sku is not null
    and pg_catalog.lower(p.sku) = pg_catalog.lower(v.parent_sku) and p.option_names <> v.option_names;

  begin
    insert into public.product_variants as pv (id, company_id, parent_id, option_values, position)
    select c.id, p_company, p.id, v.option_values,
           (pg_catalog.row_number() over (partition by p.id order by v.n))::int - 1
    from pg_temp.import_variants v
    join public.products p on p.company_id = p_company and p.deleted_at is null and p.sku is not null
                          and pg_catalog.lower(p.sku) = pg_catalog.lower(v.parent_sku)
    join public.products c on c.company_id = p_company and c.deleted_at is null and c.sku is not null
                          and pg_catalog.lower(c.sku) = pg_catalog.lower(v.sku)
    on conflict (id) do update
    set parent_id = excluded.parent_id, option_values = excluded.option_values, position = excluded.position,
        deleted_at = null
    where (pv.parent_id, pv.option_values, pv.position, pv.deleted_at)
          is distinct from (excluded.parent_id, excluded.option_values, excluded.position, null::timestamptz);
    get diagnostics v_linked = row_count;
  exception when unique_violation then
    raise exception 'Two variants of one product would have the same options (%); nothing was imported', sqlerrm
      using errcode = 'P0001', hint = 'invalid_row';
  end;

  drop table pg_temp.import_variants;
  return v_result || pg_catalog.jsonb_build_object('variants_linked', v_linked);
end
$$;
comment on function public.import_products(uuid, jsonb) is
  'CSV import: products by SKU (SPEC IMP-1…6), then variants by parent_sku and option columns (IMP-7).';
revoke execute on function public.import_products(uuid, jsonb) from public, anon;
grant execute on function public.import_products(uuid, jsonb) to authenticated, service_role;

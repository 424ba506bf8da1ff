-- The RxDB peer's tables (issue 17), made in the bench's own fresh database after seed:large and never an app
-- migration. They are shaped as RxDB's Supabase replication plugin (rxdb/plugins/replication-supabase) reads
-- and writes them: a text primary key (RxDB's keys are strings), `_modified` stamped by a trigger on every
-- write (the pull's checkpoint is `_modified` then the key), and `_deleted` for soft deletes. Row level
-- security gives the shop's members what the app gives them on products and sales.
drop table if exists public.rxdb_products, public.rxdb_sales;

create or replace function private.rxdb_stamp_modified() returns trigger
language plpgsql as $$
begin
  new._modified := now();
  return new;
end
$$;

-- The catalogue as the app's products table has it, one row per live product.
create table public.rxdb_products (
  id text primary key,
  company_id uuid not null,
  category_id uuid,
  sku text,
  barcode text,
  name text not null,
  price bigint not null,
  tax_rate_bp int not null,
  cost bigint,
  unit text not null,
  weighed boolean not null,
  track_stock boolean not null,
  reorder_level numeric(12, 3),
  quick_key int,
  active boolean not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  _modified timestamptz not null default now(),
  _deleted boolean not null default false
);

-- One row per sale, shaped as the app's sale.record argument (lines and payments as JSON), plus its company.
create table public.rxdb_sales (
  id text primary key,
  company_id uuid not null,
  terminal_id uuid not null,
  shift_id uuid,
  cashier_id uuid,
  customer_id uuid,
  receipt_no text not null,
  occurred_at timestamptz not null,
  note text,
  subtotal bigint,
  discount_total bigint,
  tax_total bigint not null,
  rounding bigint,
  total bigint not null,
  lines jsonb not null,
  payments jsonb,
  receipt_token text,
  _modified timestamptz not null default now(),
  _deleted boolean not null default false
);

do $$
declare
  t text;
begin
  foreach t in array array['rxdb_products', 'rxdb_sales'] loop
    execute format('create trigger %I before insert or update on public.%I for each row '
                   'execute function private.rxdb_stamp_modified()', t || '_modified', t);
    -- The pull pages by (_modified, id): without this index every page would sort the whole table.
    execute format('create index %I on public.%I (_modified, id)', t || '_checkpoint', t);
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on public.%I from anon', t);
    execute format('revoke delete, truncate on public.%I from authenticated', t);
    execute format('create policy %I on public.%I for select to authenticated '
                   'using (company_id in (select private.company_ids(''cashier'')))', t || '_read', t);
  end loop;
end
$$;

-- As in the app: managers change the catalogue, every member records sales.
create policy rxdb_products_manager_insert on public.rxdb_products for insert to authenticated
  with check (company_id in (select private.company_ids('manager')));
create policy rxdb_products_manager_update on public.rxdb_products for update to authenticated
  using (company_id in (select private.company_ids('manager')))
  with check (company_id in (select private.company_ids('manager')));
create policy rxdb_sales_member_insert on public.rxdb_sales for insert to authenticated
  with check (company_id in (select private.company_ids('cashier')));
create policy rxdb_sales_member_update on public.rxdb_sales for update to authenticated
  using (company_id in (select private.company_ids('cashier')))
  with check (company_id in (select private.company_ids('cashier')));

insert into public.rxdb_products (id, company_id, category_id, sku, barcode, name, price, tax_rate_bp, cost, unit,
                                  weighed, track_stock, reorder_level, quick_key, active, created_at, updated_at)
select id::text, company_id, category_id, sku, barcode, name, price, tax_rate_bp, cost, unit,
       weighed, track_stock, reorder_level, quick_key, active, created_at, updated_at
from public.products
where deleted_at is null;

analyze public.rxdb_products;
analyze public.rxdb_sales;

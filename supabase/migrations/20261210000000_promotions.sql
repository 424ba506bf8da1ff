-- Promotions and coupons (issue 36; supabase/SPEC.md "Promotions and coupons", [PROMO-1]…): the tables.
-- * promotions: a shop's deals, pulled by tills like products (members read; managers and owners write;
--   tombstones with deleted_at). `rule` is the engine's PromotionRule (src/domain/promotions/promotion-types.ts)
--   with its keys in snake_case: {"kind": "buy_x_get_y", "buy": {"product_ids": […], "category_ids": […]},
--   "buy_quantity": 2, "get": null, "get_quantity": 1, "get_rate": 10000, "repeat": true}. `slots` is
--   [{"days": [1…7], "from": minutes, "to": minutes}] ([PROMO-2]).
-- * coupons: codes that unlock a promotion ([PROMO-12]), pulled so a till checks them offline. `max_uses`
--   null is unlimited, 1 is single-use; `uses` is the server's count, kept by apply_ops only.
-- * sale_promotions: what each recorded sale got, as the till said and as the server worked it out again,
--   side by side; written by apply_ops only.
-- Checks of the rules themselves ([PROMO-14]), the functions that write these tables and the re-check in
-- apply_ops come in the migrations after this one.

create table public.promotions (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  name text not null check (private.is_name(name, 100)),
  status text not null default 'active' check (status in ('draft', 'active', 'paused', 'ended')),
  priority int not null default 100 check (priority between 0 and 10000),
  combinable boolean not null default true,
  starts_at timestamptz,
  ends_at timestamptz,
  slots jsonb not null default '[]' check (pg_catalog.jsonb_typeof(slots) = 'array'),
  store_ids uuid[] not null default '{}',
  customers_only boolean not null default false,
  coupon_only boolean not null default false,
  rule jsonb not null check (pg_catalog.jsonb_typeof(rule) = 'object'),
  created_by uuid,
  updated_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id)
);
comment on table public.promotions is
  'A deal the tills work out offline and apply_ops works out again ([PROMO-1]…): rule (snake_case '
  'PromotionRule), when (dates, weekly slots in the shop''s time zone), where (store_ids, empty: all), for whom.';

create table public.coupons (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  promotion_id uuid not null,
  code text not null check (code ~ '^[A-Z0-9][A-Z0-9-]{2,31}$'),
  max_uses int check (max_uses is null or max_uses >= 1),
  uses int not null default 0 check (uses >= 0),
  expires_at timestamptz,
  batch_id uuid,
  active boolean not null default true,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id),
  foreign key (company_id, promotion_id) references public.promotions (company_id, id)
);
comment on table public.coupons is
  'A code that unlocks a promotion ([PROMO-12]): upper case, unique in its shop; max_uses null is unlimited, '
  '1 single-use; uses is counted by apply_ops only; batch_id groups codes generated together.';
create unique index coupons_code_key on public.coupons (company_id, code) where deleted_at is null;
create index coupons_promotion_idx on public.coupons (promotion_id);

do $$
declare
  t text;
begin
  foreach t in array array['promotions', 'coupons'] loop
    -- [SCHEMA-3] [PULL-2]
    execute format('create trigger %I before insert or update on public.%I for each row execute function '
                   'private.set_txid_and_updated_at()', t || '_txid', t);
    execute format('create index %I on public.%I (company_id, txid, id)', t || '_pull_idx', t);
    -- Members read (a till works them out offline); managers and owners write; nobody hard-deletes ([RLS-5]).
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on public.%I from anon', t);
    execute format('revoke delete, truncate on public.%I from authenticated', t);
    execute format('create policy %I on public.%I for select to authenticated '
                   'using (company_id in (select private.company_ids(''cashier'')))', t || '_read', t);
    execute format('create policy %I on public.%I for insert to authenticated '
                   'with check (company_id in (select private.company_ids(''manager'')))', t || '_manager_insert', t);
    execute format('create policy %I on public.%I for update to authenticated '
                   'using (company_id in (select private.company_ids(''manager''))) '
                   'with check (company_id in (select private.company_ids(''manager'')))', t || '_manager_update', t);
  end loop;
end
$$;

-- What a sale got. One row per promotion the till or the server applied (or the cashier took off): the
-- till's amount and the server's, so a manager reads both answers side by side.
create table public.sale_promotions (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  sale_id uuid not null,
  -- Not a foreign key: a till may name a promotion the server does not know (deleted, or made up); it is kept
  -- as the till said and flagged.
  promotion_id uuid not null,
  till_amount bigint not null default 0 check (till_amount >= 0),
  server_amount bigint not null default 0 check (server_amount >= 0),
  coupon_code text,
  -- [PROMO-3] Taken off the sale by the cashier the server knows sold it (never a name the till sends).
  removed boolean not null default false,
  removed_by uuid,
  created_at timestamptz not null default now(),
  unique (sale_id, promotion_id)
);
comment on table public.sale_promotions is
  'Each promotion a sale got as the till recorded it (till_amount) and as apply_ops worked it out again '
  '(server_amount), its coupon, and whether the cashier took it off. Written by apply_ops only.';
create index sale_promotions_company_idx on public.sale_promotions (company_id, promotion_id);
alter table public.sale_promotions enable row level security;
revoke all on public.sale_promotions from anon;
revoke insert, update, delete, truncate on public.sale_promotions from authenticated;
create policy sale_promotions_manager_read on public.sale_promotions for select to authenticated
  using (company_id in (select private.company_ids('manager')));

-- [PULL-1] Tills mirror promotions and coupons.
create or replace function private.pull_tables() returns text[]
language sql immutable set search_path = '' as $$
  select array['companies', 'company_members', 'stores', 'terminals', 'categories', 'products', 'customers',
               'stock_levels', 'shifts', 'cash_movements', 'sales', 'sale_lines', 'payments', 'stock_movements',
               'staff', 'product_variants', 'modifier_groups', 'modifier_options', 'product_modifier_groups',
               'promotions', 'coupons']
$$;

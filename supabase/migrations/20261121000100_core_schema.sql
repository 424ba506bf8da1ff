-- Tillpoint's server data model (DESIGN §4, supabase/SPEC.md): every business table, its constraints, its
-- indexes, its row-level security, and the triggers that stamp pull cursors (txid) and keep stock levels.
-- Rules are named [SCHEMA-n] / [RLS-n] as in supabase/SPEC.md.

create schema if not exists private;
comment on schema private is 'Helpers for policies and triggers; not exposed through the REST API.';
grant usage on schema private to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- Helpers that do not read tables
-- ---------------------------------------------------------------------------------------------------------

-- [SCHEMA-3] txid: the transaction that last wrote the row, the pull cursor's first key.
create function private.set_txid() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.txid := pg_catalog.pg_current_xact_id();
  return new;
end
$$;

create function private.set_txid_and_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.txid := pg_catalog.pg_current_xact_id();
  new.updated_at := pg_catalog.now();
  return new;
end
$$;

-- [SCHEMA-5] Recorded sales, their lines and payments, and stock and cash movements are never changed.
create function private.forbid_change() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception '% rows are never changed or deleted once recorded; record a correction instead', tg_table_name
    using errcode = '42501', hint = 'immutable';
end
$$;

-- [SCHEMA-2] Used by check constraints on every insert of a named row: inlinable, so no SET clause.
create function private.is_name(value text, max_length int default 200) returns boolean
language sql immutable as $$
  select value is not null and pg_catalog.btrim(value) <> '' and pg_catalog.char_length(value) <= max_length
$$;

create function private.role_rank(role text) returns int
language sql immutable as $$
  select case role when 'cashier' then 1 when 'manager' then 2 when 'owner' then 3 else null end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- currencies: ISO 4217 reference data
-- ---------------------------------------------------------------------------------------------------------
create table public.currencies (
  code char(3) primary key check (code ~ '^[A-Z]{3}$'),
  minor_units smallint not null check (minor_units between 0 and 4)
);
comment on table public.currencies is
  'ISO 4217 currencies a company may keep its books in, with the number of minor-unit digits. Reference data.';
insert into public.currencies (code, minor_units) values
  ('AED',2),('AFN',2),('ALL',2),('AMD',2),('AOA',2),('ARS',2),('AUD',2),('AWG',2),('AZN',2),('BAM',2),
  ('BBD',2),('BDT',2),('BGN',2),('BHD',3),('BIF',0),('BMD',2),('BND',2),('BOB',2),('BRL',2),('BSD',2),
  ('BTN',2),('BWP',2),('BYN',2),('BZD',2),('CAD',2),('CDF',2),('CHF',2),('CLP',0),('CNY',2),('COP',2),
  ('CRC',2),('CUP',2),('CVE',2),('CZK',2),('DJF',0),('DKK',2),('DOP',2),('DZD',2),('EGP',2),('ERN',2),
  ('ETB',2),('EUR',2),('FJD',2),('FKP',2),('GBP',2),('GEL',2),('GHS',2),('GIP',2),('GMD',2),('GNF',0),
  ('GTQ',2),('GYD',2),('HKD',2),('HNL',2),('HTG',2),('HUF',2),('IDR',2),('ILS',2),('INR',2),('IQD',3),
  ('IRR',2),('ISK',0),('JMD',2),('JOD',3),('JPY',0),('KES',2),('KGS',2),('KHR',2),('KMF',0),('KPW',2),
  ('KRW',0),('KWD',3),('KYD',2),('KZT',2),('LAK',2),('LBP',2),('LKR',2),('LRD',2),('LSL',2),('LYD',3),
  ('MAD',2),('MDL',2),('MGA',2),('MKD',2),('MMK',2),('MNT',2),('MOP',2),('MRU',2),('MUR',2),('MVR',2),
  ('MWK',2),('MXN',2),('MYR',2),('MZN',2),('NAD',2),('NGN',2),('NIO',2),('NOK',2),('NPR',2),('NZD',2),
  ('OMR',3),('PAB',2),('PEN',2),('PGK',2),('PHP',2),('PKR',2),('PLN',2),('PYG',0),('QAR',2),('RON',2),
  ('RSD',2),('RUB',2),('RWF',0),('SAR',2),('SBD',2),('SCR',2),('SDG',2),('SEK',2),('SGD',2),('SHP',2),
  ('SLE',2),('SOS',2),('SRD',2),('SSP',2),('STN',2),('SVC',2),('SYP',2),('SZL',2),('THB',2),('TJS',2),
  ('TMT',2),('TND',3),('TOP',2),('TRY',2),('TTD',2),('TWD',2),('TZS',2),('UAH',2),('UGX',0),('USD',2),
  ('UYU',2),('UZS',2),('VES',2),('VND',0),('VUV',0),('WST',2),('XAF',0),('XCD',2),('XCG',2),('XOF',0),
  ('XPF',0),('YER',2),('ZAR',2),('ZMW',2),('ZWG',2);

-- ---------------------------------------------------------------------------------------------------------
-- companies and membership
-- ---------------------------------------------------------------------------------------------------------
create table public.companies (
  id uuid primary key default gen_random_uuid(),
  name text not null check (private.is_name(name)),
  currency char(3) not null references public.currencies (code),
  time_zone text not null default 'UTC',
  prices_include_tax boolean not null default true,
  default_tax_rate_bp int not null default 0 check (default_tax_rate_bp between 0 and 10000),
  -- Cash payments are rounded to this many minor units; 1 means no cash rounding.
  cash_rounding int not null default 1 check (cash_rounding between 1 and 100000),
  -- [SCHEMA-12] What every receipt prints: header and address on top, tax number below them, footer at the
  -- end. Null when unset; never blank, and bounded so a receipt stays a receipt.
  receipt_header text check (receipt_header is null or private.is_name(receipt_header, 500)),
  receipt_footer text check (receipt_footer is null or private.is_name(receipt_footer, 500)),
  address text check (address is null or private.is_name(address, 300)),
  tax_number text check (tax_number is null or private.is_name(tax_number, 50)),
  -- The last terminal short code handed out (T1, T2, …); only register_terminal moves it.
  terminal_seq int not null default 0 check (terminal_seq >= 0),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id()
);
comment on table public.companies is
  'A shop business: currency, time zone, whether prices include tax, cash rounding, what receipts print. Everything else belongs to one.';

-- [SCHEMA-4] An unknown time zone is refused by Postgres itself (22023) when it is first used.
create function private.check_time_zone() returns trigger
language plpgsql set search_path = '' as $$
begin
  perform pg_catalog.now() at time zone new.time_zone;
  return new;
end
$$;
create trigger companies_time_zone before insert or update of time_zone on public.companies
  for each row execute function private.check_time_zone();

create table public.company_members (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('owner', 'manager', 'cashier')),
  display_name text not null check (private.is_name(display_name, 100)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, user_id)
);
comment on table public.company_members is
  'Who belongs to a company and in which role (cashier < manager < owner). deleted_at removes a member.';
create index company_members_user_idx on public.company_members (user_id) where deleted_at is null;

-- ---------------------------------------------------------------------------------------------------------
-- Role helpers for policies and functions (security definer: they read company_members past its own RLS)
-- ---------------------------------------------------------------------------------------------------------
-- [RLS-6] Two-step sign-in protects data, not only the account: a user who enrolled a verified factor counts
-- as nobody's member with a password-only (aal1) token. Tills keep working offline and sync with the aal2
-- session they stored at sign-in (a refresh keeps its aal).
create function private.second_factor_ok() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or not exists (select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status = 'verified')
$$;

-- [RLS-6] For functions: the clear refusal the app turns into "enter the code from your authenticator".
create function private.require_second_factor() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.second_factor_ok() then
    raise exception 'This account uses two-step sign-in: sign in again with the code from the authenticator app'
      using errcode = '42501', hint = 'second_factor_required';
  end if;
end
$$;

create function private.member_role(p_company uuid) returns text
language sql stable security definer set search_path = '' as $$
  select m.role from public.company_members m
  where m.company_id = p_company and m.user_id = auth.uid() and m.deleted_at is null
    and private.second_factor_ok()
$$;

-- [RLS-1] The caller is an active member of the company.
create function private.is_member(p_company uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.company_members m
    where m.company_id = p_company and m.user_id = auth.uid() and m.deleted_at is null
  ) and private.second_factor_ok()
$$;

-- [RLS-2] The caller's role in the company is at least p_min_role (cashier < manager < owner).
create function private.has_role(p_company uuid, p_min_role text) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(private.role_rank(private.member_role(p_company)) >= private.role_rank(p_min_role), false)
$$;

-- The companies where the caller holds at least p_min_role; policies use it as `in (select …)` so the
-- membership is looked up once per statement, not once per row.
create function private.company_ids(p_min_role text default 'cashier') returns setof uuid
language sql stable security definer set search_path = '' as $$
  select m.company_id from public.company_members m
  where m.user_id = auth.uid() and m.deleted_at is null
    and private.role_rank(m.role) >= private.role_rank(p_min_role)
    and private.second_factor_ok()
$$;

grant execute on all functions in schema private to anon, authenticated, service_role;

-- [SCHEMA-6] A company always keeps at least one active owner.
create function private.keep_an_owner() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.role = 'owner' and old.deleted_at is null and (new.role <> 'owner' or new.deleted_at is not null) then
    -- [SCHEMA-11] Two owners stepping down at once would each see the other and both commit: the company row
    -- lock makes the second wait and then count again, seeing the first one's change.
    perform 1 from public.companies c where c.id = old.company_id for update;
  end if;
  if old.role = 'owner' and old.deleted_at is null and (new.role <> 'owner' or new.deleted_at is not null)
     and not exists (
       select 1 from public.company_members m
       where m.company_id = old.company_id and m.id <> old.id and m.role = 'owner' and m.deleted_at is null
     ) then
    raise exception 'A company needs at least one owner' using errcode = '23514', hint = 'last_owner';
  end if;
  return new;
end
$$;
create trigger company_members_keep_owner before update on public.company_members
  for each row execute function private.keep_an_owner();

create table public.invites (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  code text not null unique check (code ~ '^[A-Z2-9]{8}$'),
  role text not null check (role in ('owner', 'manager', 'cashier')),
  email text check (email is null or email ~ '^[^@\s]+@[^@\s]+$'),
  expires_at timestamptz not null,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  used_by uuid references auth.users (id) on delete set null,
  used_at timestamptz,
  revoked_at timestamptz,
  check ((used_by is null) = (used_at is null)),
  check (expires_at > created_at)
);
comment on table public.invites is
  'Single-use codes that let a person join a company in a role; made, listed and revoked by owners.';
create index invites_company_idx on public.invites (company_id, created_at desc);

-- ---------------------------------------------------------------------------------------------------------
-- stores and terminals
-- ---------------------------------------------------------------------------------------------------------
create table public.stores (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  name text not null check (private.is_name(name)),
  address text check (address is null or char_length(address) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id)
);
comment on table public.stores is 'A shop location of a company; terminals and stock belong to a store.';

create table public.terminals (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  store_id uuid not null,
  name text not null check (private.is_name(name, 100)),
  code text not null check (code ~ '^T[1-9][0-9]{0,5}$'),
  registered_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, code),
  foreign key (company_id, store_id) references public.stores (company_id, id)
);
comment on table public.terminals is
  'A registered till: id made by the device, its store, and the short code (T1, T2, …) that prefixes its receipt numbers.';

-- ---------------------------------------------------------------------------------------------------------
-- catalogue
-- ---------------------------------------------------------------------------------------------------------
create table public.categories (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  name text not null check (private.is_name(name, 100)),
  color text check (color is null or color ~ '^#[0-9a-fA-F]{6}$'),
  sort_order int not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id)
);
comment on table public.categories is 'Product groups shown as tabs on the register; soft-deleted with deleted_at.';
create unique index categories_name_key on public.categories (company_id, lower(name)) where deleted_at is null;

create table public.products (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  category_id uuid,
  sku text check (sku is null or sku ~ '^[!-~]{1,64}$'),
  barcode text check (barcode is null or barcode ~ '^[!-~]{1,64}$'),
  name text not null check (private.is_name(name)),
  price bigint not null check (price >= 0 and price <= 1000000000000),
  tax_rate_bp int not null check (tax_rate_bp between 0 and 10000),
  cost bigint check (cost is null or cost >= 0),
  unit text not null default 'each' check (unit in ('each', 'kg', 'g', 'l', 'm')),
  weighed boolean not null default false,
  track_stock boolean not null default true,
  reorder_level numeric(12, 3) check (reorder_level is null or reorder_level >= 0),
  quick_key int check (quick_key is null or quick_key between 1 and 999),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id),
  foreign key (company_id, category_id) references public.categories (company_id, id)
);
comment on table public.products is
  'What a company sells: SKU, barcode, price and tax rate (basis points), cost, stock tracking; soft-deleted.';
-- [SCHEMA-7] A barcode scans to one product: unique among a company's active, undeleted products.
create unique index products_barcode_key on public.products (company_id, barcode)
  where barcode is not null and active and deleted_at is null;
create unique index products_sku_key on public.products (company_id, lower(sku))
  where sku is not null and deleted_at is null;
create index products_category_idx on public.products (category_id);

create table public.customers (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  name text not null check (private.is_name(name)),
  email text check (email is null or (email ~ '^[^@\s]+@[^@\s]+$' and char_length(email) <= 320)),
  phone text check (phone is null or phone ~ '^[0-9+() .\-/]{3,32}$'),
  note text check (note is null or char_length(note) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id)
);
comment on table public.customers is 'People a shop sells to; tills create them offline (UUIDv7 ids); soft-deleted.';
create index customers_email_idx on public.customers (company_id, lower(email)) where email is not null;

-- ---------------------------------------------------------------------------------------------------------
-- shifts and cash
-- ---------------------------------------------------------------------------------------------------------
create table public.shifts (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  store_id uuid not null,
  terminal_id uuid not null references public.terminals (id),
  cashier_id uuid not null references auth.users (id),
  opened_at timestamptz not null,
  opening_float bigint not null check (opening_float between 0 and 1000000000000),
  closed_at timestamptz,
  closed_by uuid references auth.users (id),
  counted_cash bigint check (counted_cash is null or counted_cash between 0 and 1000000000000),
  expected_cash bigint,
  note text check (note is null or char_length(note) <= 2000),
  recorded_at timestamptz not null default now(),
  op_id uuid,
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id),
  foreign key (company_id, store_id) references public.stores (company_id, id),
  check ((closed_at is null) = (counted_cash is null))
);
comment on table public.shifts is
  'A drawer session on one terminal: opening float, then counted and expected cash at close.';
-- [SHIFT-2] One open shift per terminal.
create unique index shifts_one_open_idx on public.shifts (terminal_id) where closed_at is null;

create table public.cash_movements (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  shift_id uuid not null,
  terminal_id uuid not null references public.terminals (id),
  kind text not null check (kind in ('pay_in', 'pay_out')),
  amount bigint not null check (amount > 0 and amount <= 1000000000000),
  reason text check (reason is null or char_length(reason) <= 500),
  user_id uuid not null references auth.users (id),
  occurred_at timestamptz not null,
  recorded_at timestamptz not null default now(),
  op_id uuid,
  txid xid8 not null default pg_current_xact_id(),
  foreign key (company_id, shift_id) references public.shifts (company_id, id)
);
comment on table public.cash_movements is 'Pay-ins and pay-outs of a shift''s drawer; never changed once recorded.';
create index cash_movements_shift_idx on public.cash_movements (shift_id);

-- ---------------------------------------------------------------------------------------------------------
-- sales
-- ---------------------------------------------------------------------------------------------------------
create table public.sales (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  store_id uuid not null,
  terminal_id uuid not null references public.terminals (id),
  shift_id uuid references public.shifts (id),
  cashier_id uuid not null references auth.users (id),
  customer_id uuid,
  kind text not null check (kind in ('sale', 'refund')),
  refund_of uuid references public.sales (id),
  receipt_no text not null check (receipt_no ~ '^T[1-9][0-9]{0,5}-[0-9]{6,9}$'),
  currency char(3) not null references public.currencies (code),
  prices_include_tax boolean not null,
  subtotal bigint not null check (subtotal between 0 and 1000000000000),
  discount_total bigint not null check (discount_total >= 0),
  tax_total bigint not null check (tax_total >= 0),
  rounding bigint not null default 0,
  total bigint not null check (total between 0 and 1000000000000),
  note text check (note is null or char_length(note) <= 2000),
  reason text check (reason is null or char_length(reason) <= 500),
  occurred_at timestamptz not null,
  recorded_at timestamptz not null default now(),
  -- [SALE-9] Who sent it: the signed-in caller, stamped by private.stamp_recorded_by, never from the op.
  recorded_by uuid not null references auth.users (id),
  op_id uuid not null,
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id),
  foreign key (company_id, store_id) references public.stores (company_id, id),
  foreign key (company_id, customer_id) references public.customers (company_id, id),
  check ((kind = 'refund') = (refund_of is not null))
);
comment on table public.sales is
  'Recorded sales and refunds as the till made them (id, receipt number, snapshot totals); never updated.';
-- [SCHEMA-8] A receipt number names one sale within a company.
create unique index sales_receipt_no_key on public.sales (company_id, receipt_no);
create index sales_company_occurred_idx on public.sales (company_id, occurred_at desc);
create index sales_refund_of_idx on public.sales (refund_of) where refund_of is not null;
create index sales_shift_idx on public.sales (shift_id) where shift_id is not null;
create index sales_customer_idx on public.sales (customer_id) where customer_id is not null;

create table public.sale_lines (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  sale_id uuid not null,
  line_no int not null check (line_no between 1 and 10000),
  product_id uuid,
  sku text,
  name text not null check (private.is_name(name)),
  -- [SCHEMA-9] A line sells (or refunds) a positive quantity; the sale's kind gives the direction.
  quantity numeric(12, 3) not null check (quantity > 0),
  unit_price bigint not null check (unit_price between 0 and 1000000000000),
  discount bigint not null default 0 check (discount >= 0),
  tax_rate_bp int not null check (tax_rate_bp between 0 and 10000),
  tax bigint not null check (tax >= 0),
  total bigint not null check (total between 0 and 1000000000000),
  refund_of_line_id uuid references public.sale_lines (id),
  txid xid8 not null default pg_current_xact_id(),
  unique (sale_id, line_no),
  foreign key (company_id, sale_id) references public.sales (company_id, id),
  foreign key (company_id, product_id) references public.products (company_id, id)
);
comment on table public.sale_lines is
  'Lines of a sale with the product snapshot (name, SKU, price, tax rate) as charged; never updated.';
create index sale_lines_sale_idx on public.sale_lines (sale_id);
create index sale_lines_product_idx on public.sale_lines (product_id) where product_id is not null;
create index sale_lines_refund_of_idx on public.sale_lines (refund_of_line_id) where refund_of_line_id is not null;

create table public.payments (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  sale_id uuid not null,
  method text not null check (method in ('cash', 'card', 'other')),
  amount bigint not null check (amount > 0 and amount <= 1000000000000),
  tendered bigint check (tendered is null or tendered >= amount),
  change bigint not null default 0 check (change >= 0),
  reference text check (reference is null or char_length(reference) <= 200),
  txid xid8 not null default pg_current_xact_id(),
  foreign key (company_id, sale_id) references public.sales (company_id, id),
  check (change = coalesce(tendered, amount) - amount)
);
comment on table public.payments is
  'Tenders of a sale (cash with tendered and change, card with its reference); refunds pay money back.';
create index payments_sale_idx on public.payments (sale_id);

-- ---------------------------------------------------------------------------------------------------------
-- stock
-- ---------------------------------------------------------------------------------------------------------
create table public.stock_movements (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  store_id uuid not null,
  product_id uuid not null,
  delta numeric(12, 3) not null check (delta <> 0),
  reason text not null check (reason in ('sale', 'refund', 'receive', 'adjust', 'count', 'waste', 'transfer')),
  sale_id uuid references public.sales (id),
  sale_line_id uuid references public.sale_lines (id),
  terminal_id uuid references public.terminals (id),
  user_id uuid references auth.users (id),
  note text check (note is null or char_length(note) <= 2000),
  occurred_at timestamptz not null,
  recorded_at timestamptz not null default now(),
  op_id uuid,
  txid xid8 not null default pg_current_xact_id(),
  foreign key (company_id, store_id) references public.stores (company_id, id),
  foreign key (company_id, product_id) references public.products (company_id, id)
);
comment on table public.stock_movements is
  'Append-only stock deltas (sale, refund, receive, adjust, count, waste, transfer); the only way stock changes.';
create index stock_movements_product_idx on public.stock_movements (company_id, product_id, recorded_at desc);
create index stock_movements_sale_idx on public.stock_movements (sale_id) where sale_id is not null;

create table public.stock_levels (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  store_id uuid not null,
  product_id uuid not null,
  -- [STOCK-6] Unbounded: a counter that overflowed would reject a sale whose money was already taken.
  on_hand numeric not null default 0,
  -- [STOCK-3] Negative stock is allowed (the goods already left) and flagged.
  is_negative boolean generated always as (on_hand < 0) stored,
  updated_at timestamptz not null default now(),
  txid xid8 not null default pg_current_xact_id(),
  unique (store_id, product_id),
  foreign key (company_id, store_id) references public.stores (company_id, id),
  foreign key (company_id, product_id) references public.products (company_id, id)
);
comment on table public.stock_levels is
  'On hand per store and product, maintained only by the trigger on stock_movements (on_hand = on_hand + delta).';
create index stock_levels_negative_idx on public.stock_levels (company_id) where is_negative;

-- [SALE-9] A sale's sender is whoever is signed in when it reaches the server; `cashier_id` (who stood at
-- the till, [SALE-3]) is the till's word, `recorded_by` is the server's. Seeds run without a session and
-- record their cashier.
create function private.stamp_recorded_by() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.recorded_by := coalesce(auth.uid(), new.cashier_id);
  return new;
end
$$;
create trigger sales_recorded_by before insert on public.sales
  for each row execute function private.stamp_recorded_by();

-- [STOCK-1] Each movement adds its delta; an upsert with on_hand = on_hand + delta commutes, so concurrent
-- tills never overwrite each other.
create function private.apply_stock_movement() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.stock_levels as l (company_id, store_id, product_id, on_hand)
  values (new.company_id, new.store_id, new.product_id, new.delta)
  on conflict (store_id, product_id) do update set on_hand = l.on_hand + excluded.on_hand, updated_at = now();
  return null;
end
$$;
create trigger stock_movements_apply after insert on public.stock_movements
  for each row execute function private.apply_stock_movement();

-- ---------------------------------------------------------------------------------------------------------
-- applied_ops: what makes replay idempotent
-- ---------------------------------------------------------------------------------------------------------
create table public.applied_ops (
  op_id uuid primary key,
  company_id uuid references public.companies (id),
  terminal_id uuid,
  user_id uuid not null,
  name text not null check (char_length(name) <= 100),
  -- [OPS-12] sha256 of the op's name and args: a replay is the same op only when this matches.
  digest text,
  seq bigint,
  status text not null check (status in ('applied', 'rejected')),
  error jsonb,
  result jsonb,
  txid xid8 not null default pg_current_xact_id(),
  created_at timestamptz,
  applied_at timestamptz not null default now(),
  check ((status = 'rejected') = (error is not null))
);
comment on table public.applied_ops is
  'Every outbox op the server has answered, by op_id: applied or rejected (with the error), so a replay gets the same answer.';
create index applied_ops_company_idx on public.applied_ops (company_id, applied_at desc);

-- ---------------------------------------------------------------------------------------------------------
-- Triggers: txid on every mirrored table, immutability of records
-- ---------------------------------------------------------------------------------------------------------
do $$
declare
  t text;
begin
  foreach t in array array['companies', 'company_members', 'stores', 'terminals', 'categories', 'products',
                           'customers', 'stock_levels'] loop
    execute format('create trigger %I before insert or update on public.%I for each row execute function '
                   'private.set_txid_and_updated_at()', t || '_txid', t);
  end loop;
  foreach t in array array['shifts', 'sales', 'sale_lines', 'payments', 'stock_movements', 'cash_movements'] loop
    execute format('create trigger %I before insert or update on public.%I for each row execute function '
                   'private.set_txid()', t || '_txid', t);
    -- [PULL-2] Keyset index of the pull: company first, so one company's page is one index range.
  end loop;
  foreach t in array array['companies'] loop
    execute format('create index %I on public.%I (id, txid)', t || '_pull_idx', t);
  end loop;
  foreach t in array array['company_members', 'stores', 'terminals', 'categories', 'products', 'customers',
                           'stock_levels', 'shifts', 'sales', 'sale_lines', 'payments', 'stock_movements',
                           'cash_movements'] loop
    execute format('create index %I on public.%I (company_id, txid, id)', t || '_pull_idx', t);
  end loop;
  foreach t in array array['sales', 'sale_lines', 'payments', 'stock_movements', 'cash_movements'] loop
    execute format('create trigger %I before update or delete on public.%I for each row execute function '
                   'private.forbid_change()', t || '_immutable', t);
  end loop;
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Row-level security (supabase/SPEC.md, "Who may do what")
-- [RLS-3] Only signed-in members reach business rows; anon reads currencies and nothing else.
-- [RLS-4] Nobody writes stock_levels, applied_ops, sales, sale_lines, payments, stock_movements, shifts or
--         cash_movements directly: apply_ops (security definer) is the only writer.
-- [RLS-5] Nobody hard-deletes anything through the API: removal is deleted_at (a tombstone the pull carries).
-- ---------------------------------------------------------------------------------------------------------
do $$
declare
  t text;
begin
  foreach t in array array['currencies', 'companies', 'company_members', 'invites', 'stores', 'terminals',
                           'categories', 'products', 'customers', 'shifts', 'cash_movements', 'sales',
                           'sale_lines', 'payments', 'stock_movements', 'stock_levels', 'applied_ops'] loop
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on public.%I from anon', t);
    -- Delete is never granted: tombstones only ([RLS-5]).
    execute format('revoke delete, truncate on public.%I from authenticated', t);
  end loop;
end
$$;
grant select on public.currencies to anon;

create policy currencies_read on public.currencies for select to anon, authenticated using (true);

-- companies: members read; owners change settings (only the settings columns).
create policy companies_read on public.companies for select to authenticated
  using (id in (select private.company_ids('cashier')));
create policy companies_owner_update on public.companies for update to authenticated
  using (id in (select private.company_ids('owner')))
  with check (id in (select private.company_ids('owner')));
revoke insert, update on public.companies from authenticated;
grant update (name, currency, time_zone, prices_include_tax, default_tax_rate_bp, cash_rounding, receipt_header,
              receipt_footer, address, tax_number, deleted_at)
  on public.companies to authenticated;

-- company_members: members see each other; owners change roles, names and remove members.
create policy members_read on public.company_members for select to authenticated
  using (company_id in (select private.company_ids('cashier')));
create policy members_owner_update on public.company_members for update to authenticated
  using (company_id in (select private.company_ids('owner')))
  with check (company_id in (select private.company_ids('owner')));
revoke insert, update on public.company_members from authenticated;
grant update (role, display_name, deleted_at) on public.company_members to authenticated;

-- invites: owners read; made and revoked through create_invite / revoke_invite.
create policy invites_owner_read on public.invites for select to authenticated
  using (company_id in (select private.company_ids('owner')));
revoke insert, update on public.invites from authenticated;

-- stores: members read; owners add and change.
create policy stores_read on public.stores for select to authenticated
  using (company_id in (select private.company_ids('cashier')));
create policy stores_owner_insert on public.stores for insert to authenticated
  with check (company_id in (select private.company_ids('owner')));
create policy stores_owner_update on public.stores for update to authenticated
  using (company_id in (select private.company_ids('owner')))
  with check (company_id in (select private.company_ids('owner')));

-- terminals: members read; registered through register_terminal; managers rename or retire.
create policy terminals_read on public.terminals for select to authenticated
  using (company_id in (select private.company_ids('cashier')));
create policy terminals_manager_update on public.terminals for update to authenticated
  using (company_id in (select private.company_ids('manager')))
  with check (company_id in (select private.company_ids('manager')));
revoke insert, update on public.terminals from authenticated;
grant update (name, deleted_at) on public.terminals to authenticated;

-- categories and products: members read; managers write.
create policy categories_read on public.categories for select to authenticated
  using (company_id in (select private.company_ids('cashier')));
create policy categories_manager_insert on public.categories for insert to authenticated
  with check (company_id in (select private.company_ids('manager')));
create policy categories_manager_update on public.categories for update to authenticated
  using (company_id in (select private.company_ids('manager')))
  with check (company_id in (select private.company_ids('manager')));
create policy products_read on public.products for select to authenticated
  using (company_id in (select private.company_ids('cashier')));
create policy products_manager_insert on public.products for insert to authenticated
  with check (company_id in (select private.company_ids('manager')));
create policy products_manager_update on public.products for update to authenticated
  using (company_id in (select private.company_ids('manager')))
  with check (company_id in (select private.company_ids('manager')));

-- customers: every member records and corrects customers (tills create them offline).
create policy customers_read on public.customers for select to authenticated
  using (company_id in (select private.company_ids('cashier')));
create policy customers_member_insert on public.customers for insert to authenticated
  with check (company_id in (select private.company_ids('cashier')));
create policy customers_member_update on public.customers for update to authenticated
  using (company_id in (select private.company_ids('cashier')))
  with check (company_id in (select private.company_ids('cashier')));

-- Records written only by apply_ops: members read, nobody writes directly ([RLS-4]).
do $$
declare
  t text;
begin
  foreach t in array array['shifts', 'cash_movements', 'sales', 'sale_lines', 'payments', 'stock_movements',
                           'stock_levels'] loop
    execute format('create policy %I on public.%I for select to authenticated '
                   'using (company_id in (select private.company_ids(''cashier'')))', t || '_read', t);
    execute format('revoke insert, update on public.%I from authenticated', t);
  end loop;
end
$$;

-- applied_ops: managers read their company's answers (dead letters, audit); nobody writes directly.
create policy applied_ops_manager_read on public.applied_ops for select to authenticated
  using (company_id in (select private.company_ids('manager')));
revoke insert, update on public.applied_ops from authenticated;

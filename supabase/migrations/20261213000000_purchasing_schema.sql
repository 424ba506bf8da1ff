-- Purchasing and stock control, the schema (issue 38; supabase/SPEC.md "Purchasing and stock control",
-- [PUR-1]…[PUR-9], [PUR-44]; docs/purchasing.md). Three kinds of document — purchase orders, transfers,
-- stocktakes — each with lines, a state, a number ('PO-0007') and a history (stock_document_events); receipts
-- and counts a till makes offline with its own ids; the shop's purchasing_settings.
-- * Every document, line and receipt is of one company: composite keys on (company_id, id) as [VAR-4], so
--   another shop's id is unknown, never someone else's row.
-- * Running totals on lines (received, held, damaged) are kept only by triggers on the receipt lines, as
--   stock_levels is by its trigger ([STOCK-1], [PUR-3]); no op writes them.
-- * Nothing here writes stock: the ops (later migrations) write stock_movements, whose ids make a replay move
--   nothing twice.
-- * A draft's lines that a later save leaves out are marked removed (removed_at), never deleted, so a till's
--   pull hears of it ([PULL-2] reads changes, not absences).

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-8] Settings: one row per company, made with the company, pulled; owners update it.
-- ---------------------------------------------------------------------------------------------------------
create table public.purchasing_settings (
  company_id uuid primary key references public.companies (id),
  -- The pull's keyset is (txid, id) ([PULL-2]): the row's id is its company's.
  id uuid not null generated always as (company_id) stored,
  cashiers_receive boolean not null default false,
  cashiers_count boolean not null default false,
  blind_counts boolean not null default true,
  over_receipt_flag_pct int not null default 10 check (over_receipt_flag_pct between 0 and 1000),
  receipt_cost_flag_pct int not null default 20 check (receipt_cost_flag_pct between 0 and 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  txid xid8 not null default pg_current_xact_id()
);
comment on table public.purchasing_settings is
  'A shop''s purchasing rules: whether cashiers may receive and count, blind counts, flag thresholds (PUR-8).';

create function private.add_purchasing_settings() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.purchasing_settings (company_id) values (new.id) on conflict (company_id) do nothing;
  return null;
end
$$;
create trigger companies_purchasing_settings after insert on public.companies
  for each row execute function private.add_purchasing_settings();
insert into public.purchasing_settings (company_id) select c.id from public.companies c on conflict do nothing;

-- [PUR-8] A company's settings; the columns' defaults (kept alike) when it has no row.
create function private.purchasing_settings_of(p_company uuid) returns public.purchasing_settings
language plpgsql stable security definer set search_path = '' as $$
declare
  v public.purchasing_settings;
begin
  select * into v from public.purchasing_settings s where s.company_id = p_company;
  if v.company_id is null then
    v.company_id := p_company;
    v.id := p_company;
    v.cashiers_receive := false;
    v.cashiers_count := false;
    v.blind_counts := true;
    v.over_receipt_flag_pct := 10;
    v.receipt_cost_flag_pct := 20;
  end if;
  return v;
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-7] Numbers: per company and kind, drawn at a document's first insert, never reused; gaps allowed.
-- ---------------------------------------------------------------------------------------------------------
create table private.document_counters (
  company_id uuid not null references public.companies (id),
  kind text not null check (kind in ('purchase_order', 'transfer', 'stocktake')),
  last_number bigint not null check (last_number > 0),
  primary key (company_id, kind)
);
comment on table private.document_counters is
  'The last number drawn per shop and document kind (PUR-7): PO-, TR-, ST-.';

-- [PUR-7] The next number of a kind in a shop: 'PO-0001', 'TR-0001', 'ST-0001'; four digits, more when needed.
-- The counter row is locked until the drawing transaction ends, so two ops never draw one number; a rolled
-- back op leaves its number unused (a gap).
create function private.next_document_number(p_company uuid, p_kind text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_n bigint;
  v_prefix text := case p_kind when 'purchase_order' then 'PO-' when 'transfer' then 'TR-'
                               when 'stocktake' then 'ST-' end;
begin
  if v_prefix is null then
    raise exception 'No numbers for documents of kind %', p_kind using errcode = '22023', hint = 'invalid_args';
  end if;
  insert into private.document_counters as c (company_id, kind, last_number) values (p_company, p_kind, 1)
  on conflict (company_id, kind) do update set last_number = c.last_number + 1
  returning c.last_number into v_n;
  return v_prefix || case when v_n < 10000 then pg_catalog.lpad(v_n::text, 4, '0') else v_n::text end;
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-1] [PUR-2] Purchase orders and their lines.
-- ---------------------------------------------------------------------------------------------------------
create table public.purchase_orders (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  store_id uuid not null,
  supplier_id uuid not null,
  number text not null check (number ~ '^PO-[0-9]{4,}$'),
  status text not null default 'draft'
    check (status in ('draft', 'ordered', 'partly_received', 'received', 'closed', 'cancelled')),
  expected_on date,
  note text check (note is null or pg_catalog.char_length(note) <= 1000),
  version int not null default 1 check (version > 0),
  ordered_at timestamptz,
  ordered_via text check (ordered_via in ('mail', 'print', 'phone', 'other')),
  closed_at timestamptz,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id),
  unique (company_id, number),
  foreign key (company_id, store_id) references public.stores (company_id, id),
  foreign key (company_id, supplier_id) references public.suppliers (company_id, id)
);
comment on table public.purchase_orders is
  'An order to one supplier for one store (PUR-1); lines in purchase_order_lines, history in stock_document_events.';
create index purchase_orders_store_idx on public.purchase_orders (company_id, store_id, status);
create index purchase_orders_supplier_idx on public.purchase_orders (company_id, supplier_id);

create table public.purchase_order_lines (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  purchase_order_id uuid not null,
  -- The order's, so a paired till's pull ([DEV-12]) keeps to its store.
  store_id uuid not null,
  product_id uuid not null,
  position int not null check (position between 0 and 9999),
  quantity numeric(12, 3) not null check (quantity > 0),
  unit_cost bigint check (unit_cost between 0 and 1000000000000),
  off_supplier boolean not null default false,
  -- [PUR-3] Kept by the trigger on purchase_receipt_lines only.
  received numeric(12, 3) not null default 0 check (received >= 0),
  held numeric(12, 3) not null default 0 check (held >= 0),
  -- Set once, by purchase_order.close ([PUR-14]).
  cancelled numeric(12, 3) not null default 0 check (cancelled >= 0),
  -- A draft's line that a later save left out ([PUR-11]); null while on the order.
  removed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id),
  foreign key (company_id, purchase_order_id) references public.purchase_orders (company_id, id),
  foreign key (company_id, store_id) references public.stores (company_id, id),
  foreign key (company_id, product_id) references public.products (company_id, id)
);
comment on table public.purchase_order_lines is
  'A product on a purchase order (PUR-2): quantity, unit cost; received and held kept by the receipts'' trigger.';
-- [PUR-12] One line per product on an order.
create unique index purchase_order_lines_product_key on public.purchase_order_lines (purchase_order_id, product_id)
  where removed_at is null;
create index purchase_order_lines_product_idx on public.purchase_order_lines (company_id, product_id);

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-3] Receipts against purchase orders: the till's ids, never changed but for a line's settle, once.
-- ---------------------------------------------------------------------------------------------------------
create table public.purchase_receipts (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  purchase_order_id uuid not null,
  store_id uuid not null,
  terminal_id uuid references public.terminals (id),
  -- The op's cashier as the server recorded it ([STAFF-5]).
  staff_id uuid,
  recorded_by uuid references auth.users (id) on delete set null,
  op_id uuid,
  note text check (note is null or pg_catalog.char_length(note) <= 500),
  occurred_at timestamptz not null,
  recorded_at timestamptz not null default now(),
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id),
  foreign key (company_id, purchase_order_id) references public.purchase_orders (company_id, id),
  foreign key (company_id, store_id) references public.stores (company_id, id)
);
comment on table public.purchase_receipts is
  'One delivery taken in against a purchase order (PUR-3, PUR-17), at a till or in the back office.';
create index purchase_receipts_order_idx on public.purchase_receipts (purchase_order_id);

create table public.purchase_receipt_lines (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  receipt_id uuid not null,
  -- The receipt's order and store, copied: the totals' trigger and a paired till's pull read them.
  purchase_order_id uuid not null,
  store_id uuid not null,
  -- Null: an extra, a product not on the order ([PUR-21]).
  purchase_order_line_id uuid,
  product_id uuid not null,
  position int not null default 0 check (position between 0 and 9999),
  quantity numeric(12, 3) not null check (quantity > 0),
  unit_cost bigint check (unit_cost between 0 and 1000000000000),
  -- What the till believed had already arrived for that line ([PUR-19]).
  seen_received numeric(12, 3) not null default 0 check (seen_received >= 0),
  posted numeric(12, 3) not null check (posted >= 0),
  held numeric(12, 3) not null default 0 check (held >= 0),
  settled text check (settled in ('accepted', 'dropped')),
  settled_by uuid references auth.users (id) on delete set null,
  settled_at timestamptz,
  settle_reason text check (settle_reason is null or pg_catalog.char_length(settle_reason) <= 200),
  recorded_at timestamptz not null default now(),
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id),
  foreign key (company_id, receipt_id) references public.purchase_receipts (company_id, id),
  foreign key (company_id, purchase_order_id) references public.purchase_orders (company_id, id),
  foreign key (company_id, purchase_order_line_id) references public.purchase_order_lines (company_id, id),
  foreign key (company_id, store_id) references public.stores (company_id, id),
  foreign key (company_id, product_id) references public.products (company_id, id),
  check (posted + held = quantity),
  check (settled is null or held > 0),
  check ((settled is null) = (settled_at is null))
);
comment on table public.purchase_receipt_lines is
  'A product taken in on a purchase receipt (PUR-3): posted moved stock, held waits for a manager''s settle (PUR-19).';
create index purchase_receipt_lines_receipt_idx on public.purchase_receipt_lines (receipt_id);
create index purchase_receipt_lines_order_line_idx on public.purchase_receipt_lines (purchase_order_line_id)
  where purchase_order_line_id is not null;
create index purchase_receipt_lines_order_idx on public.purchase_receipt_lines (purchase_order_id, product_id);

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-4] Transfers and their lines.
-- ---------------------------------------------------------------------------------------------------------
create table public.transfers (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  from_store_id uuid not null,
  to_store_id uuid not null,
  number text not null check (number ~ '^TR-[0-9]{4,}$'),
  status text not null default 'draft'
    check (status in ('draft', 'in_transit', 'partly_received', 'received', 'closed', 'cancelled')),
  note text check (note is null or pg_catalog.char_length(note) <= 1000),
  version int not null default 1 check (version > 0),
  sent_at timestamptz,
  sent_by_staff uuid,
  closed_at timestamptz,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id),
  unique (company_id, number),
  foreign key (company_id, from_store_id) references public.stores (company_id, id),
  foreign key (company_id, to_store_id) references public.stores (company_id, id),
  check (from_store_id <> to_store_id)
);
comment on table public.transfers is
  'Goods sent from one store of a shop to another (PUR-4); lines in transfer_lines.';
create index transfers_from_idx on public.transfers (company_id, from_store_id, status);
create index transfers_to_idx on public.transfers (company_id, to_store_id, status);

create table public.transfer_lines (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  transfer_id uuid not null,
  -- The transfer's, copied for a paired till's pull (either end).
  from_store_id uuid not null,
  to_store_id uuid not null,
  product_id uuid not null,
  position int not null check (position between 0 and 9999),
  quantity numeric(12, 3) not null check (quantity > 0),
  -- Set by transfer.send (and an accepted excess, [PUR-28]).
  sent numeric(12, 3) not null default 0 check (sent >= 0),
  -- [PUR-5] Kept by the trigger on transfer_receipt_lines only.
  received numeric(12, 3) not null default 0 check (received >= 0),
  damaged numeric(12, 3) not null default 0 check (damaged >= 0),
  held numeric(12, 3) not null default 0 check (held >= 0),
  -- Set once, by transfer.close ([PUR-29]).
  lost numeric(12, 3) not null default 0 check (lost >= 0),
  returned numeric(12, 3) not null default 0 check (returned >= 0),
  removed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id),
  foreign key (company_id, transfer_id) references public.transfers (company_id, id),
  foreign key (company_id, from_store_id) references public.stores (company_id, id),
  foreign key (company_id, to_store_id) references public.stores (company_id, id),
  foreign key (company_id, product_id) references public.products (company_id, id)
);
comment on table public.transfer_lines is
  'A product on a transfer (PUR-4): in transit = sent - received - damaged - lost - returned.';
create unique index transfer_lines_product_key on public.transfer_lines (transfer_id, product_id)
  where removed_at is null;
create index transfer_lines_product_idx on public.transfer_lines (company_id, product_id);

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-5] Receipts of transfers at the receiving store.
-- ---------------------------------------------------------------------------------------------------------
create table public.transfer_receipts (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  transfer_id uuid not null,
  -- The receiving store.
  store_id uuid not null,
  terminal_id uuid references public.terminals (id),
  staff_id uuid,
  recorded_by uuid references auth.users (id) on delete set null,
  op_id uuid,
  note text check (note is null or pg_catalog.char_length(note) <= 500),
  occurred_at timestamptz not null,
  recorded_at timestamptz not null default now(),
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id),
  foreign key (company_id, transfer_id) references public.transfers (company_id, id),
  foreign key (company_id, store_id) references public.stores (company_id, id)
);
comment on table public.transfer_receipts is
  'One arrival of a transfer at its receiving store (PUR-5, PUR-27).';
create index transfer_receipts_transfer_idx on public.transfer_receipts (transfer_id);

-- received = posted + held, damaged = posted_damaged + held_damaged: what was held of each waits for a settle.
create table public.transfer_receipt_lines (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  receipt_id uuid not null,
  transfer_id uuid not null,
  transfer_line_id uuid not null,
  -- The receiving store, copied for a paired till's pull.
  store_id uuid not null,
  product_id uuid not null,
  position int not null default 0 check (position between 0 and 9999),
  received numeric(12, 3) not null default 0 check (received >= 0),
  damaged numeric(12, 3) not null default 0 check (damaged >= 0),
  seen_received numeric(12, 3) not null default 0 check (seen_received >= 0),
  posted numeric(12, 3) not null check (posted >= 0),
  held numeric(12, 3) not null default 0 check (held >= 0),
  posted_damaged numeric(12, 3) not null default 0 check (posted_damaged >= 0),
  held_damaged numeric(12, 3) not null default 0 check (held_damaged >= 0),
  settled text check (settled in ('accepted', 'dropped')),
  settled_by uuid references auth.users (id) on delete set null,
  settled_at timestamptz,
  settle_reason text check (settle_reason is null or pg_catalog.char_length(settle_reason) <= 200),
  recorded_at timestamptz not null default now(),
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id),
  foreign key (company_id, receipt_id) references public.transfer_receipts (company_id, id),
  foreign key (company_id, transfer_id) references public.transfers (company_id, id),
  foreign key (company_id, transfer_line_id) references public.transfer_lines (company_id, id),
  foreign key (company_id, store_id) references public.stores (company_id, id),
  foreign key (company_id, product_id) references public.products (company_id, id),
  check (received > 0 or damaged > 0),
  check (posted + held = received and posted_damaged + held_damaged = damaged),
  check (settled is null or held + held_damaged > 0),
  check ((settled is null) = (settled_at is null))
);
comment on table public.transfer_receipt_lines is
  'A transfer line''s goods taken in on one receipt (PUR-5): received and damaged, each posted or held.';
create index transfer_receipt_lines_receipt_idx on public.transfer_receipt_lines (receipt_id);
create index transfer_receipt_lines_line_idx on public.transfer_receipt_lines (transfer_line_id);

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-6] Stocktakes, their count lines and the results an approval posted.
-- ---------------------------------------------------------------------------------------------------------
create table public.stocktakes (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  store_id uuid not null,
  number text not null check (number ~ '^ST-[0-9]{4,}$'),
  scope text not null check (scope in ('all', 'category', 'supplier')),
  category_id uuid,
  supplier_id uuid,
  status text not null default 'open' check (status in ('open', 'approved', 'cancelled')),
  opened_at timestamptz not null,
  approved_at timestamptz,
  approved_by uuid references auth.users (id) on delete set null,
  cancelled_at timestamptz,
  uncounted text check (uncounted in ('leave', 'zero')),
  note text check (note is null or pg_catalog.char_length(note) <= 1000),
  version int not null default 1 check (version > 0),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id),
  unique (company_id, number),
  foreign key (company_id, store_id) references public.stores (company_id, id),
  foreign key (company_id, category_id) references public.categories (company_id, id),
  foreign key (company_id, supplier_id) references public.suppliers (company_id, id),
  check ((scope = 'category') = (category_id is not null) and (scope = 'supplier') = (supplier_id is not null))
);
comment on table public.stocktakes is
  'A count session of one store: all tracked products, a category or a supplier''s (PUR-6).';
create index stocktakes_store_idx on public.stocktakes (company_id, store_id, status);

create table public.stocktake_lines (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  stocktake_id uuid not null,
  store_id uuid not null,
  product_id uuid not null,
  counted numeric(12, 3) not null check (counted >= 0),
  zone text check (zone is null or pg_catalog.char_length(zone) <= 60),
  counted_at timestamptz not null,
  -- A line of the same stocktake and product this one replaces; a line is in force when none replaces it.
  replaces uuid,
  terminal_id uuid references public.terminals (id),
  staff_id uuid,
  recorded_by uuid references auth.users (id) on delete set null,
  op_id uuid,
  -- [PUR-32] A product of the shop outside the session's scope is kept, marked.
  in_scope boolean not null default true,
  -- [PUR-32] Counted after the stocktake was approved or cancelled: kept, posted nowhere.
  late boolean not null default false,
  recorded_at timestamptz not null default now(),
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id),
  foreign key (company_id, stocktake_id) references public.stocktakes (company_id, id),
  foreign key (company_id, store_id) references public.stores (company_id, id),
  foreign key (company_id, product_id) references public.products (company_id, id),
  foreign key (company_id, replaces) references public.stocktake_lines (company_id, id)
);
comment on table public.stocktake_lines is
  'A count from a till (PUR-6, PUR-32): counted, zone, when; lines of one product add up unless replaced.';
create index stocktake_lines_stocktake_idx on public.stocktake_lines (stocktake_id, product_id);
create index stocktake_lines_replaces_idx on public.stocktake_lines (replaces) where replaces is not null;

create table public.stocktake_results (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  stocktake_id uuid not null,
  store_id uuid not null,
  product_id uuid not null,
  counted numeric(12, 3) not null,
  expected numeric not null,
  variance numeric not null,
  unit_cost bigint,
  variance_value bigint,
  counted_at timestamptz not null,
  in_scope boolean not null default true,
  movement_id uuid,
  created_at timestamptz not null default now(),
  unique (stocktake_id, product_id),
  foreign key (company_id, stocktake_id) references public.stocktakes (company_id, id),
  foreign key (company_id, store_id) references public.stores (company_id, id),
  foreign key (company_id, product_id) references public.products (company_id, id)
);
comment on table public.stocktake_results is
  'What an approved stocktake posted per product (PUR-33, PUR-34): expected, counted, variance, its value.';
create index stocktake_results_company_idx on public.stocktake_results (company_id, product_id);

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-7] History: one row per change of any document, written by the op's handler; never updated.
-- ---------------------------------------------------------------------------------------------------------
create table public.stock_document_events (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  document_kind text not null check (document_kind in ('purchase_order', 'transfer', 'stocktake')),
  document_id uuid not null,
  kind text not null check (kind in ('created', 'edited', 'ordered', 'sent', 'received', 'closed', 'cancelled',
                                     'settled', 'counted', 'approved')),
  from_status text,
  to_status text,
  staff_id uuid,
  recorded_by uuid references auth.users (id) on delete set null,
  op_id uuid,
  occurred_at timestamptz not null,
  recorded_at timestamptz not null default now(),
  seq bigint generated always as identity,
  detail jsonb not null default '{}'
    check (pg_catalog.jsonb_typeof(detail) = 'object' and pg_catalog.octet_length(detail::text) <= 4096)
);
comment on table public.stock_document_events is
  'Every change of state of a purchase order, transfer or stocktake: who, when, from which state to which (PUR-7).';
create index stock_document_events_document_idx on public.stock_document_events (company_id, document_id, seq);

-- [PUR-7] The one way an event is written (the ops' handlers, in the op's savepoint). Answers its id.
create function private.add_document_event(
  p_company uuid, p_document_kind text, p_document uuid, p_kind text, p_from text, p_to text,
  p_staff uuid, p_op uuid, p_occurred_at timestamptz, p_detail jsonb default '{}'
) returns uuid
language sql volatile security definer set search_path = '' as $$
  insert into public.stock_document_events (company_id, document_kind, document_id, kind, from_status, to_status,
                                            staff_id, recorded_by, op_id, occurred_at, detail)
  values (p_company, p_document_kind, p_document, p_kind, p_from, p_to, p_staff, auth.uid(), p_op,
          coalesce(p_occurred_at, pg_catalog.now()), coalesce(p_detail, '{}'::jsonb))
  returning id
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-3] [PUR-5] Line totals, kept only from the receipt lines.
-- ---------------------------------------------------------------------------------------------------------
-- An order line's received = Σ posted (+ held accepted) and held = Σ held unsettled of its receipt lines.
-- Summed afresh for the line each time (a line has few receipts), under the order line's row lock, so two
-- receipts of one line follow each other.
create function private.keep_purchase_order_line_totals() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_line uuid := coalesce(new.purchase_order_line_id, old.purchase_order_line_id);
begin
  if v_line is null then return null; end if;
  update public.purchase_order_lines l
  set received = t.received, held = t.held
  from (select coalesce(sum(r.posted + case when r.settled = 'accepted' then r.held else 0 end), 0) as received,
               coalesce(sum(case when r.settled is null then r.held else 0 end), 0) as held
        from public.purchase_receipt_lines r where r.purchase_order_line_id = v_line) t
  where l.id = v_line and (l.received, l.held) is distinct from (t.received, t.held);
  return null;
end
$$;
create trigger purchase_receipt_lines_totals after insert or update on public.purchase_receipt_lines
  for each row execute function private.keep_purchase_order_line_totals();

-- A transfer line's received = Σ posted (+ held accepted), damaged = Σ posted_damaged (+ held_damaged
-- accepted), held = Σ held + held_damaged unsettled of its receipt lines.
create function private.keep_transfer_line_totals() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_line uuid := coalesce(new.transfer_line_id, old.transfer_line_id);
begin
  update public.transfer_lines l
  set received = t.received, damaged = t.damaged, held = t.held
  from (select coalesce(sum(r.posted + case when r.settled = 'accepted' then r.held else 0 end), 0) as received,
               coalesce(sum(r.posted_damaged
                            + case when r.settled = 'accepted' then r.held_damaged else 0 end), 0) as damaged,
               coalesce(sum(case when r.settled is null then r.held + r.held_damaged else 0 end), 0) as held
        from public.transfer_receipt_lines r where r.transfer_line_id = v_line) t
  where l.id = v_line and (l.received, l.damaged, l.held) is distinct from (t.received, t.damaged, t.held);
  return null;
end
$$;
create trigger transfer_receipt_lines_totals after insert or update on public.transfer_receipt_lines
  for each row execute function private.keep_transfer_line_totals();

-- [PUR-3] A receipt line is never changed but for its settle columns, set once from unsettled; never deleted.
create function private.receipt_line_settle_only() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'DELETE' or old.settled is not null or new.settled is null
     or (pg_catalog.to_jsonb(new) - array['settled', 'settled_by', 'settled_at', 'settle_reason', 'txid'])
        is distinct from (pg_catalog.to_jsonb(old) - array['settled', 'settled_by', 'settled_at', 'settle_reason',
                                                             'txid']) then
    raise exception '% rows change only by one settle', tg_table_name using errcode = '42501', hint = 'immutable';
  end if;
  new.txid := pg_catalog.pg_current_xact_id();
  return new;
end
$$;
create trigger purchase_receipt_lines_settle_only before update or delete on public.purchase_receipt_lines
  for each row execute function private.receipt_line_settle_only();
create trigger transfer_receipt_lines_settle_only before update or delete on public.transfer_receipt_lines
  for each row execute function private.receipt_line_settle_only();
-- Receipts, counts, results and events are never changed or deleted.
create trigger purchase_receipts_immutable before update or delete on public.purchase_receipts
  for each row execute function private.forbid_change();
create trigger transfer_receipts_immutable before update or delete on public.transfer_receipts
  for each row execute function private.forbid_change();
create trigger stocktake_lines_immutable before update or delete on public.stocktake_lines
  for each row execute function private.forbid_change();
create trigger stocktake_results_immutable before update or delete on public.stocktake_results
  for each row execute function private.forbid_change();
create trigger stock_document_events_immutable before update or delete on public.stock_document_events
  for each row execute function private.forbid_change();

-- ---------------------------------------------------------------------------------------------------------
-- txid for the pull ([SCHEMA-3], [PULL-2]) and row-level security ([PUR-9]).
-- ---------------------------------------------------------------------------------------------------------
do $$
declare
  t text;
begin
  -- Rows that change in place: a new txid (and updated_at) on every change.
  foreach t in array array['purchasing_settings', 'purchase_orders', 'purchase_order_lines', 'transfers',
                           'transfer_lines', 'stocktakes'] loop
    execute format('create trigger %I before insert or update on public.%I for each row execute function '
                   'private.set_txid_and_updated_at()', t || '_txid', t);
  end loop;
  foreach t in array array['purchasing_settings', 'purchase_orders', 'purchase_order_lines', 'purchase_receipts',
                           'purchase_receipt_lines', 'transfers', 'transfer_lines', 'transfer_receipts',
                           'transfer_receipt_lines', 'stocktakes', 'stocktake_lines'] loop
    execute format('create index %I on public.%I (company_id, txid, id)', t || '_pull_idx', t);
  end loop;
  foreach t in array array['purchasing_settings', 'purchase_orders', 'purchase_order_lines', 'purchase_receipts',
                           'purchase_receipt_lines', 'transfers', 'transfer_lines', 'transfer_receipts',
                           'transfer_receipt_lines', 'stocktakes', 'stocktake_lines', 'stocktake_results',
                           'stock_document_events'] loop
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on public.%I from anon', t);
    -- [RLS-4] [RLS-5] apply_ops is their writer; nobody deletes.
    execute format('revoke insert, update, delete, truncate on public.%I from authenticated', t);
  end loop;
  -- [PUR-9] Members read their shop's documents, lines, receipts, counts, results and settings.
  foreach t in array array['purchasing_settings', 'purchase_orders', 'purchase_order_lines', 'purchase_receipts',
                           'purchase_receipt_lines', 'transfers', 'transfer_lines', 'transfer_receipts',
                           'transfer_receipt_lines', 'stocktakes', 'stocktake_lines', 'stocktake_results'] loop
    execute format('create policy %I on public.%I for select to authenticated '
                   'using (company_id in (select private.company_ids(''cashier'')))', t || '_read', t);
  end loop;
end
$$;
-- [PUR-9] The history: managers and owners read.
create policy stock_document_events_manager_read on public.stock_document_events for select to authenticated
  using (company_id in (select private.company_ids('manager')));
-- [PUR-8] [PUR-9] Owners update their shop's settings (the settings columns only).
create policy purchasing_settings_owner_update on public.purchasing_settings for update to authenticated
  using (company_id in (select private.company_ids('owner')))
  with check (company_id in (select private.company_ids('owner')));
grant update (cashiers_receive, cashiers_count, blind_counts, over_receipt_flag_pct, receipt_cost_flag_pct)
  on public.purchasing_settings to authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-44] Flags of receiving, transfers and stocktakes.
-- ---------------------------------------------------------------------------------------------------------
alter table public.flags drop constraint flags_kind_check;
alter table public.flags add constraint flags_kind_check
  check (kind in ('price', 'tax_rate', 'modifiers', 'missing_approval', 'weight_without_label', 'scale_label',
                  'unverified_approval', 'unverified_cashier', 'card_reuse', 'card_amount', 'receipt_token',
                  'promotion', 'coupon_reuse', 'overdraw', 'value_account', 'loyalty', 'code_guessing',
                  'receiving', 'transfer', 'stocktake'));

-- The private helpers are the server's: no API role calls them.
revoke execute on function private.add_purchasing_settings() from public, anon, authenticated;
revoke execute on function private.purchasing_settings_of(uuid) from public, anon, authenticated;
revoke execute on function private.next_document_number(uuid, text) from public, anon, authenticated;
revoke execute on function private.add_document_event(uuid, text, uuid, text, text, text, uuid, uuid, timestamptz,
                                                      jsonb) from public, anon, authenticated;
revoke execute on function private.keep_purchase_order_line_totals() from public, anon, authenticated;
revoke execute on function private.keep_transfer_line_totals() from public, anon, authenticated;
revoke execute on function private.receipt_line_settle_only() from public, anon, authenticated;

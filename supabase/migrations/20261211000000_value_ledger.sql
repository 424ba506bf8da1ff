-- Customer value, the ledger core (issue 37; supabase/SPEC.md "Customer value", [VAL-1]…[VAL-36];
-- docs/customer-value.md). Built as stock is ([STOCK-1]): an account per gift card or per customer and kind
-- (value_accounts), an append-only ledger (value_entries, as stock_movements) and a balance kept only by a
-- trigger on the ledger (value_balances, as stock_levels), plus the shop's settings (value_settings).
-- * Ids: a gift card's account is the till's UUIDv7; a customer's store credit, points or account on credit
--   has the id private.customer_value_account_id(customer, kind) derives, which the till derives alike, so two
--   tills that open one customer's store credit offline name one account ([VAL-1]). An entry's id is the id of
--   the till's row it comes from or derived from it ([VAL-8]), and a replayed entry changes nothing.
-- * Codes: only a SHA-256 of the shop and the normalised code and its last four are stored ([VAL-26]).
-- The writers (sales, refunds, account.payment, value.adjust, save_value_account) come in later migrations.

-- ---------------------------------------------------------------------------------------------------------
-- Pure helpers the writers and look-ups share with the till (src/domain/value/*): keep them byte-for-byte alike.
-- ---------------------------------------------------------------------------------------------------------

-- [VAL-1] A customer's store credit, loyalty or on_account account: md5(customer_id ‖ ':' ‖ kind) as a uuid,
-- the till's customerAccountId. Not for gift cards (their id is the till's).
create function private.customer_value_account_id(p_customer uuid, p_kind text) returns uuid
language sql immutable parallel safe set search_path = '' as $$
  select pg_catalog.md5(p_customer::text || ':' || p_kind)::uuid
$$;

-- [VAL-26] A code as typed or scanned, normalised: ASCII spaces, tabs, line breaks and '-' removed, then 8–32
-- ASCII letters and digits, upper-cased; null when it is not one (the caller says invalid_code). The letters
-- are checked before upper-casing, so no letter outside A–Z can become one (the till's toUpperCase turns
-- 'ß' into 'SS'; Postgres' upper does not) and both sides refuse the same codes.
create function private.normalise_value_code(p_code text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case when s ~ '^[A-Za-z0-9]{8,32}$' then pg_catalog.upper(s) end
  from (select pg_catalog.regexp_replace(coalesce(p_code, ''), '[ \t\r\n-]', '', 'g') as s) c
$$;

-- [VAL-26] What is stored of a code: lowercase hex SHA-256 of 'tillpoint:value-code:v1:<company>:<normalised>',
-- the till's valueCodeHash. It normalises itself, so a code hashes alike however it was typed; null when the
-- code is not one. The shop is in the hash so one code hashes differently in two shops.
create function private.value_code_hash(p_company uuid, p_code text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
           'tillpoint:value-code:v1:' || p_company::text || ':' || n, 'UTF8')), 'hex')
  from (select private.normalise_value_code(p_code) as n) c
  where n is not null and p_company is not null
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [VAL-3] [VAL-4] Settings: one row per company, made with the company (below), pulled by tills; owners
-- update it as they do the other shop settings. Amounts in minor units, points whole.
-- ---------------------------------------------------------------------------------------------------------
create table public.value_settings (
  company_id uuid primary key references public.companies (id),
  -- The pull's keyset is (txid, id) ([PULL-2]): the row's id is its company's.
  id uuid not null generated always as (company_id) stored,
  gift_card_amounts bigint[] not null default '{}'
    check (pg_catalog.cardinality(gift_card_amounts) <= 12 and 0 < all (gift_card_amounts)
           and 1000000000000 >= all (gift_card_amounts) and pg_catalog.array_position(gift_card_amounts, null) is null),
  gift_card_any_amount boolean not null default true,
  gift_card_min bigint not null default 100 check (gift_card_min between 1 and 1000000000000),
  gift_card_max bigint not null default 50000 check (gift_card_max between 1 and 1000000000000),
  -- [VAL-20] [VAL-21] How far past what it knows a till may spend offline, per kind: none unless the shop says so.
  gift_card_offline_allowance bigint not null default 0
    check (gift_card_offline_allowance between 0 and 1000000000000),
  store_credit_offline_allowance bigint not null default 0
    check (store_credit_offline_allowance between 0 and 1000000000000),
  on_account_offline_allowance bigint not null default 0
    check (on_account_offline_allowance between 0 and 1000000000000),
  loyalty_offline_allowance bigint not null default 0 check (loyalty_offline_allowance between 0 and 1000000000000),
  loyalty_enabled boolean not null default false,
  loyalty_points_per_major int not null default 1 check (loyalty_points_per_major between 0 and 1000),
  -- loyalty_redeem_points points are worth loyalty_redeem_value minor units ([VAL-4]).
  loyalty_redeem_points int not null default 100 check (loyalty_redeem_points between 1 and 1000000),
  loyalty_redeem_value bigint not null default 100 check (loyalty_redeem_value between 0 and 1000000000000),
  loyalty_redeem_as text not null default 'tender' check (loyalty_redeem_as in ('tender', 'discount')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  txid xid8 not null default pg_current_xact_id(),
  check (gift_card_min <= gift_card_max)
);
comment on table public.value_settings is
  'A shop''s gift-card amounts and limits, offline allowances (all 0 by default) and loyalty scheme (VAL-3, VAL-4).';

-- Every company has its row, so owners only ever update it and a till always pulls one.
create function private.add_value_settings() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.value_settings (company_id) values (new.id) on conflict (company_id) do nothing;
  return null;
end
$$;
create trigger companies_value_settings after insert on public.companies
  for each row execute function private.add_value_settings();
insert into public.value_settings (company_id) select c.id from public.companies c on conflict do nothing;

-- [VAL-3] A company's settings; the defaults when it has no row (a row deleted by an operator): the
-- columns' defaults above, kept alike.
create function private.value_settings_of(p_company uuid) returns public.value_settings
language plpgsql stable security definer set search_path = '' as $$
declare
  v public.value_settings;
begin
  select * into v from public.value_settings s where s.company_id = p_company;
  if v.company_id is null then
    v.company_id := p_company;
    v.id := p_company;
    v.gift_card_amounts := '{}';
    v.gift_card_any_amount := true;
    v.gift_card_min := 100;
    v.gift_card_max := 50000;
    v.gift_card_offline_allowance := 0;
    v.store_credit_offline_allowance := 0;
    v.on_account_offline_allowance := 0;
    v.loyalty_offline_allowance := 0;
    v.loyalty_enabled := false;
    v.loyalty_points_per_major := 1;
    v.loyalty_redeem_points := 100;
    v.loyalty_redeem_value := 100;
    v.loyalty_redeem_as := 'tender';
  end if;
  return v;
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [VAL-1] Accounts. Nothing is deleted: a void account keeps its entries.
-- ---------------------------------------------------------------------------------------------------------
create table public.value_accounts (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  kind text not null check (kind in ('gift_card', 'store_credit', 'loyalty', 'on_account')),
  customer_id uuid,
  code_hash text check (code_hash ~ '^[0-9a-f]{64}$'),
  code_last4 text check (code_last4 ~ '^[A-Z0-9]{4}$'),
  status text not null default 'active' check (status in ('active', 'blocked', 'void')),
  -- Minor units; only an account on credit has one (0 when opened without).
  credit_limit bigint check (credit_limit between 0 and 1000000000000),
  note text check (note is null or pg_catalog.char_length(note) <= 500),
  -- The sale and line that issued a gift card ([VAL-11]). Not foreign keys: written in the op that records them.
  issued_sale_id uuid,
  issued_line_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id),
  foreign key (company_id, customer_id) references public.customers (company_id, id),
  check ((kind = 'on_account') = (credit_limit is not null)),
  -- A customer's account has a customer, no code, and the derived id, so two tills name it alike.
  check (kind = 'gift_card'
         or (customer_id is not null and code_hash is null and code_last4 is null
             and id = pg_catalog.md5(customer_id::text || ':' || kind)::uuid))
);
comment on table public.value_accounts is
  'A gift card (code_hash, code_last4) or a customer''s store credit, loyalty points or account on credit '
  '(derived id, VAL-1); its balance is value_balances, its history value_entries.';
create unique index value_accounts_customer_key on public.value_accounts (company_id, customer_id, kind)
  where kind <> 'gift_card';
-- [VAL-26] One live card per code in a shop; a void card's code may be issued again.
create unique index value_accounts_code_key on public.value_accounts (company_id, code_hash)
  where code_hash is not null and status <> 'void';
create index value_accounts_customer_idx on public.value_accounts (customer_id) where customer_id is not null;

-- ---------------------------------------------------------------------------------------------------------
-- [VAL-7] Balances: Σ delta of the account's entries, written only by the ledger's trigger.
-- ---------------------------------------------------------------------------------------------------------
create table public.value_balances (
  account_id uuid primary key,
  -- The pull's keyset is (txid, id) ([PULL-2]): the row's id is its account's.
  id uuid not null generated always as (account_id) stored,
  company_id uuid not null,
  -- Unbounded, as [STOCK-6]: a counter that overflowed would refuse a sale whose money was already taken.
  balance numeric not null default 0,
  entries bigint not null default 0,
  -- The latest occurred_at among its entries (the till's clock, for display).
  last_entry_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  foreign key (company_id, account_id) references public.value_accounts (company_id, id)
);
comment on table public.value_balances is
  'Balance per value account (what the shop owes the holder), kept only by the trigger on value_entries (VAL-7).';

-- ---------------------------------------------------------------------------------------------------------
-- [VAL-5] [VAL-6] The ledger: append-only, one row per movement of value.
-- ---------------------------------------------------------------------------------------------------------
create table public.value_entries (
  id uuid primary key,
  company_id uuid not null,
  account_id uuid not null,
  kind text not null check (kind in ('issue', 'load', 'redeem', 'charge', 'refund', 'unissue', 'earn', 'unearn',
                                     'payment', 'adjust', 'void', 'expire')),
  -- [VAL-2] Minor units, or whole points on a loyalty account.
  delta bigint not null check (delta <> 0 and pg_catalog.abs(delta) <= 1000000000000),
  -- What the till said it would be (points earned or taken back, [VAL-13], [VAL-17]), when it said.
  till_delta bigint,
  -- Set by the balance trigger: the account's balance with this entry, in seq order ([VAL-7]).
  balance_after numeric not null default 0,
  -- Not foreign keys: entries are written in the op that records their sale, payment or line, and keep the
  -- ids the till sent even where that row is unknown ([VAL-24]).
  sale_id uuid,
  sale_line_id uuid,
  payment_id uuid,
  op_id uuid,
  terminal_id uuid references public.terminals (id),
  shift_id uuid,
  staff_id uuid,
  recorded_by uuid,
  reason text check (reason is null or pg_catalog.char_length(reason) <= 200),
  tender_method text check (tender_method in ('cash', 'card', 'other', 'gift_card', 'store_credit', 'on_account',
                                              'loyalty')),
  tendered bigint check (tendered >= 0),
  change bigint check (change >= 0),
  reference text check (reference is null or pg_catalog.char_length(reference) <= 200),
  receipt_no text check (receipt_no is null or pg_catalog.char_length(receipt_no) <= 40),
  occurred_at timestamptz not null,
  recorded_at timestamptz not null default now(),
  -- [VAL-9] The order the server applied them in; statements list by it.
  seq bigint generated always as identity,
  txid xid8 not null default pg_current_xact_id(),
  foreign key (company_id, account_id) references public.value_accounts (company_id, id),
  -- [VAL-6] Each kind's sign; `adjust` goes either way.
  check (case when kind in ('issue', 'load', 'refund', 'earn', 'payment') then delta > 0
              when kind in ('redeem', 'charge', 'unissue', 'unearn', 'void', 'expire') then delta < 0
              else true end)
);
comment on table public.value_entries is
  'Append-only ledger of customer value (VAL-5, VAL-6): issue, load, redeem, charge, refund, unissue, earn, '
  'unearn, payment, adjust, void, expire; balance_after and value_balances kept by its trigger (VAL-7).';
create unique index value_entries_account_seq_key on public.value_entries (account_id, seq);
create index value_entries_company_idx on public.value_entries (company_id, occurred_at);
create index value_entries_sale_idx on public.value_entries (sale_id) where sale_id is not null;

-- [VAL-7] [VAL-8] [VAL-24] Before each entry: refuse a kind that does not fit its account, skip an entry
-- already written, and add the delta to the balance, storing the result as balance_after.
-- * BEFORE INSERT triggers run before `on conflict (id) do nothing` looks for the conflict, so the trigger
--   itself must see that the entry exists, or a replay would move the balance twice. It does so only after it
--   holds the balance's row lock: a concurrent transaction writing the same entry holds that lock until it
--   commits, and once this one has it, the statement below sees that entry and skips. A skipped entry is
--   returned as null: no row, as `on conflict do nothing` would give.
-- * The balance row is made on the account's first entry; the update then adds in place, so two tills'
--   spends of one card follow each other under that lock and never overwrite.
create function private.apply_value_entry() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_kind text;
  v_fits boolean;
begin
  select a.kind into v_kind from public.value_accounts a
  where a.id = new.account_id and a.company_id = new.company_id;
  if v_kind is null then
    raise exception 'No value account % in this shop', new.account_id using errcode = '23503', hint = 'unknown_account';
  end if;
  -- [VAL-6] [VAL-24] Never written: an entry whose kind is not one of its account kind's.
  v_fits := case new.kind
              when 'issue' then v_kind = 'gift_card'
              when 'load' then v_kind = 'gift_card'
              when 'unissue' then v_kind = 'gift_card'
              when 'redeem' then v_kind in ('gift_card', 'store_credit', 'loyalty')
              when 'charge' then v_kind = 'on_account'
              when 'payment' then v_kind = 'on_account'
              when 'earn' then v_kind = 'loyalty'
              when 'unearn' then v_kind = 'loyalty'
              else true end;
  if not v_fits then
    raise exception 'A % entry does not fit a % account', new.kind, v_kind using errcode = '22023', hint = 'wrong_kind';
  end if;
  insert into public.value_balances (account_id, company_id) values (new.account_id, new.company_id)
  on conflict (account_id) do nothing;
  perform 1 from public.value_balances b where b.account_id = new.account_id for update;
  -- [VAL-8] Exactly once.
  if exists (select 1 from public.value_entries e where e.id = new.id) then
    return null;
  end if;
  update public.value_balances b
  set balance = b.balance + new.delta, entries = b.entries + 1,
      last_entry_at = greatest(b.last_entry_at, new.occurred_at), txid = pg_catalog.pg_current_xact_id()
  where b.account_id = new.account_id
  returning b.balance into new.balance_after;
  return new;
end
$$;
create trigger value_entries_apply before insert on public.value_entries
  for each row execute function private.apply_value_entry();
-- [VAL-5] [SCHEMA-5] Corrections are new entries: rows are never changed or deleted, whoever asks.
create trigger value_entries_immutable before update or delete on public.value_entries
  for each row execute function private.forbid_change();

-- ---------------------------------------------------------------------------------------------------------
-- txid for the pull ([SCHEMA-3], [PULL-2]) and row-level security ([VAL-30]).
-- ---------------------------------------------------------------------------------------------------------
do $$
declare
  t text;
begin
  foreach t in array array['value_settings', 'value_accounts'] loop
    execute format('create trigger %I before insert or update on public.%I for each row execute function '
                   'private.set_txid_and_updated_at()', t || '_txid', t);
  end loop;
  -- value_balances' txid is its default on insert and set by the trigger's update.
  foreach t in array array['value_settings', 'value_accounts', 'value_balances'] loop
    execute format('create index %I on public.%I (company_id, txid, id)', t || '_pull_idx', t);
  end loop;
  foreach t in array array['value_settings', 'value_accounts', 'value_balances', 'value_entries'] loop
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on public.%I from anon', t);
    -- [RLS-5] Nothing is hard-deleted; [VAL-30] nothing is inserted through the API.
    execute format('revoke insert, update, delete, truncate on public.%I from authenticated', t);
  end loop;
  -- Members read their shop's settings, accounts and balances: tills pull them ([VAL-32]).
  foreach t in array array['value_settings', 'value_accounts', 'value_balances'] loop
    execute format('create policy %I on public.%I for select to authenticated '
                   'using (company_id in (select private.company_ids(''cashier'')))', t || '_read', t);
  end loop;
end
$$;
-- [VAL-30] Owners update their shop's settings (the settings columns only).
create policy value_settings_owner_update on public.value_settings for update to authenticated
  using (company_id in (select private.company_ids('owner')))
  with check (company_id in (select private.company_ids('owner')));
grant update (gift_card_amounts, gift_card_any_amount, gift_card_min, gift_card_max, gift_card_offline_allowance,
              store_credit_offline_allowance, on_account_offline_allowance, loyalty_offline_allowance,
              loyalty_enabled, loyalty_points_per_major, loyalty_redeem_points, loyalty_redeem_value,
              loyalty_redeem_as)
  on public.value_settings to authenticated;
-- [VAL-30] The ledger: managers and owners read; nobody writes through the API ([RLS-4]).
create policy value_entries_manager_read on public.value_entries for select to authenticated
  using (company_id in (select private.company_ids('manager')));

-- ---------------------------------------------------------------------------------------------------------
-- [VAL-32] [PULL-1] Tills mirror the settings, the accounts and their balances (never the ledger).
-- ---------------------------------------------------------------------------------------------------------
create or replace function private.pull_tables() returns text[]
language sql immutable set search_path = '' as $$
  select array['companies', 'company_members', 'stores', 'terminals', 'categories', 'products', 'customers',
               'stock_levels', 'shifts', 'cash_movements', 'sales', 'sale_lines', 'payments', 'stock_movements',
               'staff', 'product_variants', 'modifier_groups', 'modifier_options', 'product_modifier_groups',
               'promotions', 'coupons', 'value_settings', 'value_accounts', 'value_balances']
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Flag and activity kinds of customer value.
-- ---------------------------------------------------------------------------------------------------------
-- [VAL-22] overdraw (already a kind), [VAL-24] value_account, [VAL-25] loyalty, [VAL-29] code_guessing.
alter table public.flags drop constraint flags_kind_check;
alter table public.flags add constraint flags_kind_check
  check (kind in ('price', 'tax_rate', 'modifiers', 'missing_approval', 'weight_without_label', 'scale_label',
                  'unverified_approval', 'unverified_cashier', 'card_reuse', 'card_amount', 'receipt_token',
                  'promotion', 'coupon_reuse', 'overdraw', 'value_account', 'loyalty', 'code_guessing'));

-- [VAL-28] value_code_failed (a till's missed code look-up, sent with activity.record), [VAL-19] value_status
-- (a card or account blocked or unblocked, written by value.adjust).
alter table public.activity_events drop constraint activity_events_kind_check;
alter table public.activity_events add constraint activity_events_kind_check
  check (kind in ('switch', 'lock', 'pin_failed', 'pin_lockout', 'lockout_cleared', 'approval', 'no_sale',
                  'line_voided', 'shared_mode', 'modifier', 'scale_label', 'value_code_failed', 'value_status'));

-- [STAFF-12] [STAFF-21] activity.record as in 20261204006100_pin_proofs.sql; [VAL-28] a till also records its
-- missed code look-ups (value_code_failed, detail {length}, never the code) so the server counts them
-- ([VAL-29]). value_status is the server's own: tills do not send it.
create or replace function private.op_activity_record(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_terminal public.terminals := private.require_terminal(private.arg_uuid(p_args, 'terminal_id', true), 'cashier');
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_kind text := private.arg_text(p_args, 'kind', true, 20);
  v_detail jsonb := p_args -> 'detail';
  v_occurred timestamptz := private.arg_time(p_args, 'occurred_at', true);
  v_cashier uuid;
  v_cashier_ok boolean := false;
  a record;
begin
  if v_kind not in ('switch', 'lock', 'pin_failed', 'pin_lockout', 'lockout_cleared', 'approval', 'no_sale',
                    'line_voided', 'shared_mode', 'value_code_failed') then
    perform private.reject('invalid_args', 'kind must be switch, lock, pin_failed, pin_lockout, lockout_cleared, '
      || 'approval, no_sale, line_voided, shared_mode or value_code_failed');
  end if;
  if v_detail is null or v_detail = 'null'::jsonb then v_detail := '{}'; end if;
  if pg_catalog.jsonb_typeof(v_detail) <> 'object' then
    perform private.reject('invalid_args', 'detail must be a JSON object');
  end if;
  if pg_catalog.octet_length(v_detail::text) > 2048 then
    perform private.reject('invalid_args', 'detail is larger than 2 KB');
  end if;
  if p_args -> 'cashier_id' is not null and p_args -> 'cashier_id' <> 'null'::jsonb then
    select o.cashier_id, o.verified into v_cashier, v_cashier_ok
    from private.op_cashier(p_args, v_terminal.company_id, p_user, v_id) o;
  end if;
  select * into a from private.op_approval(p_args, v_terminal.company_id, p_user, v_id);
  if a.action is not null then
    v_detail := v_detail || pg_catalog.jsonb_build_object('approval', pg_catalog.jsonb_build_object(
      'by', a.claimed_by, 'action', a.action, 'verified', a.verified));
  end if;
  insert into public.activity_events (id, company_id, terminal_id, staff_id, kind, detail, occurred_at, verified,
                                      op_id)
  values (v_id, v_terminal.company_id, v_terminal.id, v_cashier, v_kind, v_detail, v_occurred,
          v_cashier is not null and v_cashier_ok and coalesce(a.verified, true), p_op_id);
  return pg_catalog.jsonb_build_object('company_id', v_terminal.company_id, 'terminal_id', v_terminal.id);
end
$$;

-- The private helpers are the server's: no API role calls them.
revoke execute on function private.apply_value_entry() from public, anon, authenticated;
revoke execute on function private.add_value_settings() from public, anon, authenticated;
revoke execute on function private.value_settings_of(uuid) from public, anon, authenticated;

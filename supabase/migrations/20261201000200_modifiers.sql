-- Modifiers (issue 21; supabase/SPEC.md §15, [MOD-1]..[MOD-8]): groups of options ("Milk": whole, oat, soy)
-- with prices that may be negative, required (min_choices ≥ 1) or optional, attached to products; the options
-- a sale line was sold with, and what reports count of them.
-- * modifier_groups, modifier_options, product_modifier_groups: catalogue tables pulled like products
--   (members read, managers and owners write, tombstones with deleted_at).
-- * private.product_modifier_groups(company, product): the groups a product uses — the ONE place that says
--   it (a variant will take its parent's here).
-- * sale.record lines may carry modifiers [{option_id, price_delta, name?}] and base_price; the one-op path
--   checks them ([MOD-4]..[MOD-6]) and writes sale_line_modifiers. A sale whose lines carry modifiers is not
--   taken by the batch path (private.is_sale_record), so both paths answer it alike by construction.
-- * report_modifiers: options sold over a range, refunds taking theirs back.
-- * The price rule itself, private.modified_unit_price, is in 20261201000210_modifier_rules.sql (alone, so the
--   till-and-server property test can load it by itself); PL/pgSQL finds it when it runs.

-- ---------------------------------------------------------------------------------------------------------
-- Catalogue tables
-- ---------------------------------------------------------------------------------------------------------
-- [MOD-1]
create table public.modifier_groups (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  name text not null check (private.is_name(name) and length(name) <= 100),
  min_choices int not null default 0 check (min_choices between 0 and 20),
  max_choices int not null default 1 check (max_choices between 1 and 20 and max_choices >= min_choices),
  position int not null default 0 check (position between 0 and 10000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id)
);
comment on table public.modifier_groups is
  'A set of choices for products ("Milk", "Extras"): required when min_choices ≥ 1, at most max_choices.';

create table public.modifier_options (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  group_id uuid not null,
  name text not null check (private.is_name(name) and length(name) <= 100),
  price_delta bigint not null default 0 check (price_delta between -1000000000000 and 1000000000000),
  position int not null default 0 check (position between 0 and 10000),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  unique (company_id, id),
  foreign key (company_id, group_id) references public.modifier_groups (company_id, id)
);
comment on table public.modifier_options is
  'One choice of a modifier group and what it adds to (or, negative, takes off) the line''s unit price.';
create index modifier_options_group_idx on public.modifier_options (group_id);

create table public.product_modifier_groups (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  product_id uuid not null,
  group_id uuid not null,
  position int not null default 0 check (position between 0 and 10000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  foreign key (company_id, product_id) references public.products (company_id, id),
  foreign key (company_id, group_id) references public.modifier_groups (company_id, id)
);
comment on table public.product_modifier_groups is 'Which modifier groups a product asks for, in order.';
create unique index product_modifier_groups_key on public.product_modifier_groups (product_id, group_id)
  where deleted_at is null;
create index product_modifier_groups_group_idx on public.product_modifier_groups (group_id);

do $$
declare
  t text;
begin
  foreach t in array array['modifier_groups', 'modifier_options', 'product_modifier_groups'] loop
    -- [SCHEMA-3] [PULL-2]
    execute format('create trigger %I before insert or update on public.%I for each row execute function '
                   'private.set_txid_and_updated_at()', t || '_txid', t);
    execute format('create index %I on public.%I (company_id, txid, id)', t || '_pull_idx', t);
    -- [MOD-2] Members read; managers and owners write; nobody hard-deletes ([RLS-5]).
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

-- [MOD-3] The groups a product uses, in order: the one place that says it (the till's is
-- productModifierGroupIds in src/data/local/modifier-catalog.ts).
create function private.product_modifier_groups(p_company uuid, p_product uuid)
returns table (group_id uuid, group_position int)
language sql stable security definer set search_path = '' as $$
  select pg.group_id, pg.position
  from public.product_modifier_groups pg
  join public.modifier_groups g on g.id = pg.group_id and g.deleted_at is null
  where pg.company_id = p_company and pg.product_id = p_product and pg.deleted_at is null
$$;

-- [PULL-1] Tills mirror the modifier catalogue.
create or replace function private.pull_tables() returns text[]
language sql immutable set search_path = '' as $$
  select array['companies', 'company_members', 'stores', 'terminals', 'categories', 'products', 'customers',
               'stock_levels', 'shifts', 'cash_movements', 'sales', 'sale_lines', 'payments', 'stock_movements',
               'staff', 'modifier_groups', 'modifier_options', 'product_modifier_groups']
$$;

-- ---------------------------------------------------------------------------------------------------------
-- What a sale line was sold with
-- ---------------------------------------------------------------------------------------------------------
-- [MOD-4] Written by apply_ops only, never changed: the option, its group, their names and the delta as the
-- till charged them, per unit, and the line's quantity.
create table public.sale_line_modifiers (
  id uuid primary key,
  company_id uuid not null,
  sale_id uuid not null,
  sale_line_id uuid not null references public.sale_lines (id),
  position int not null check (position between 1 and 20),
  option_id uuid not null references public.modifier_options (id),
  group_id uuid not null references public.modifier_groups (id),
  group_name text not null,
  option_name text not null check (private.is_name(option_name)),
  price_delta bigint not null check (price_delta between -1000000000000 and 1000000000000),
  quantity numeric(12, 3) not null check (quantity > 0),
  txid xid8 not null default pg_current_xact_id(),
  unique (sale_line_id, option_id),
  foreign key (company_id, sale_id) references public.sales (company_id, id)
);
comment on table public.sale_line_modifiers is
  'The modifiers a sale line was sold with (option, group, names, price delta per unit, quantity); never updated.';
create index sale_line_modifiers_sale_idx on public.sale_line_modifiers (sale_id);
create index sale_line_modifiers_company_idx on public.sale_line_modifiers (company_id, option_id);
create trigger sale_line_modifiers_immutable before update or delete on public.sale_line_modifiers
  for each row execute function private.forbid_change();
alter table public.sale_line_modifiers enable row level security;
revoke all on public.sale_line_modifiers from anon;
revoke insert, update, delete, truncate on public.sale_line_modifiers from authenticated;
create policy sale_line_modifiers_read on public.sale_line_modifiers for select to authenticated
  using (company_id in (select private.company_ids('cashier')));

-- [MOD-6] A sale whose catalogue changed under it is flagged to managers as an activity event of its own kind.
alter table public.activity_events drop constraint activity_events_kind_check;
alter table public.activity_events add constraint activity_events_kind_check
  check (kind in ('switch', 'lock', 'pin_failed', 'pin_lockout', 'lockout_cleared', 'approval', 'no_sale',
                  'line_voided', 'shared_mode', 'modifier'));

-- [STAFF-6] [MOD-6] As in 20261127000100, and a row may also carry modifier_issues (a JSON array): when it is
-- not empty, the sale is flagged once more, kind 'modifier', with the issues in its detail.
create or replace function private.flag_unverified(p_name text, p_rows jsonb) returns void
language sql security definer set search_path = '' as $$
  insert into public.activity_events (id, company_id, terminal_id, staff_id, kind, detail, occurred_at, verified,
                                      op_id)
  select pg_catalog.md5(r.op_id::text || ':' || f.what)::uuid, r.company_id, r.terminal_id, f.staff_id, f.kind,
         pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
           'op', p_name, 'subject_id', r.id, 'reason', 'unverified_' || f.what,
           'action', case when f.what = 'approval' then r.approval_action end,
           'claimed_by', case when f.what = 'approval' then r.claimed_by end,
           'issues', case when f.what = 'modifiers' then r.modifier_issues end)),
         r.occurred_at, false, r.op_id
  from pg_catalog.jsonb_to_recordset(p_rows) as r(op_id uuid, company_id uuid, terminal_id uuid, id uuid,
       occurred_at timestamptz, cashier_id uuid, cashier_verified boolean, approved_by uuid, claimed_by uuid,
       approval_action text, approval_verified boolean, modifier_issues jsonb)
  cross join lateral (values ('cashier', 'switch', r.cashier_id, not r.cashier_verified),
                             ('approval', 'approval', r.approved_by, r.approval_verified = false),
                             ('modifiers', 'modifier', null::uuid,
                              coalesce(pg_catalog.jsonb_array_length(r.modifier_issues), 0) > 0))
    as f(what, kind, staff_id, flagged)
  where f.flagged
  order by 1
$$;

-- [MOD-4]..[MOD-6] One sale.record line's modifiers, checked: rows for sale_line_modifiers and the ways the
-- choice disagrees with today's catalogue (accepted, flagged). Rejects what is inconsistent or names another
-- shop's option.
create function private.line_modifiers(p_company uuid, p_product uuid, p_sale uuid, p_line uuid, p_path text,
                                       p_line_obj jsonb, p_unit_price bigint, p_quantity numeric,
                                       out rows jsonb, out issues jsonb)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_mods jsonb := private.arg_array(p_line_obj, 'modifiers', 0, 20, p_path);
  v_base bigint := private.arg_money(p_line_obj, 'base_price', false, false, p_path);
  e jsonb;
  k int := 0;
  v_where text;
  v_option uuid;
  v_delta bigint;
  v_name text;
  v_deltas bigint[] := '{}';
  o record;
  g record;
  v_line int := pg_catalog.substring(p_path, '[0-9]+')::int;
begin
  rows := '[]';
  issues := '[]';
  if pg_catalog.jsonb_array_length(v_mods) = 0 and v_base is null then return; end if;
  if v_base is null then
    perform private.reject('invalid_args', p_path || '.base_price is required with modifiers');
  end if;
  for e in select value from pg_catalog.jsonb_array_elements(v_mods) loop
    k := k + 1;
    v_where := p_path || '.modifiers[' || k || ']';
    v_option := private.arg_uuid(e, 'option_id', true, v_where);
    v_delta := private.arg_money(e, 'price_delta', true, true, v_where);
    v_name := private.arg_text(e, 'name', false, 100, v_where);
    -- [MOD-5] The option is one of this shop's (removed or not: a sale made before the removal still counts).
    select op.id, op.name, op.price_delta, op.active and op.deleted_at is null and gr.deleted_at is null as live,
           gr.id as group_id, gr.name as group_name
      into o
    from public.modifier_options op join public.modifier_groups gr on gr.id = op.group_id
    where op.id = v_option and op.company_id = p_company;
    if not found then
      perform private.reject('unknown_modifier', v_where || ': option ' || v_option || ' is not a modifier of this shop');
    end if;
    if rows @> pg_catalog.jsonb_build_array(pg_catalog.jsonb_build_object('option_id', v_option)) then
      perform private.reject('invalid_args', v_where || ': ' || o.name || ' is chosen twice on one line');
    end if;
    -- [MOD-6] Today's catalogue says otherwise: recorded as sold, flagged.
    if v_delta <> o.price_delta then
      issues := issues || pg_catalog.jsonb_build_object('line', v_line, 'issue', 'price_changed', 'option_id', v_option,
                                                        'sold_at', v_delta, 'catalogue', o.price_delta);
    end if;
    if not o.live then
      issues := issues || pg_catalog.jsonb_build_object('line', v_line, 'issue', 'option_unavailable',
                                                        'option_id', v_option);
    end if;
    rows := rows || pg_catalog.jsonb_build_object(
      'id', pg_catalog.md5(p_line::text || ':' || v_option::text)::uuid, 'sale_id', p_sale, 'sale_line_id', p_line,
      'position', k, 'option_id', v_option, 'group_id', o.group_id, 'group_name', o.group_name,
      'option_name', coalesce(nullif(pg_catalog.btrim(v_name), ''), o.name), 'price_delta', v_delta,
      'quantity', p_quantity);
    v_deltas := v_deltas || v_delta;
  end loop;
  -- [MOD-4] unit_price = base_price + Σ deltas as sent (never below zero).
  if p_unit_price <> private.modified_unit_price(v_base, v_deltas) then
    perform private.reject('modifier_price_mismatch',
      p_path || ': unit_price is ' || p_unit_price || ' but base_price ' || v_base || ' with its modifiers is '
      || private.modified_unit_price(v_base, v_deltas));
  end if;
  -- [MOD-6] Each group of the product chosen within min..max, and no option of a group it does not use.
  for g in
    select gr.id, gr.name, gr.min_choices, gr.max_choices, pmg.group_id is not null as attached,
           (select count(*) from pg_catalog.jsonb_array_elements(rows) x where (x ->> 'group_id')::uuid = gr.id)::int
             as chosen
    from public.modifier_groups gr
    left join private.product_modifier_groups(p_company, p_product) pmg on pmg.group_id = gr.id
    where gr.company_id = p_company
      and (pmg.group_id is not null
           or gr.id in (select (x ->> 'group_id')::uuid from pg_catalog.jsonb_array_elements(rows) x))
  loop
    if not g.attached then
      issues := issues || pg_catalog.jsonb_build_object('line', v_line, 'issue', 'group_not_on_product',
                                                        'group_id', g.id);
    elsif g.chosen < g.min_choices or g.chosen > g.max_choices then
      issues := issues || pg_catalog.jsonb_build_object('line', v_line, 'issue', 'choice_count', 'group_id', g.id,
                                                        'chosen', g.chosen);
    end if;
  end loop;
end
$$;

-- [MOD-7] [OPS-15] The batch path takes plain sales only: a sale.record whose lines carry modifiers (or a
-- base price) goes through private.apply_op → op_sale_record, the one place that checks and writes them.
create or replace function private.is_sale_record(p_op jsonb) returns boolean
language sql immutable as $$
  select pg_catalog.jsonb_typeof(p_op) = 'object'
     and coalesce(p_op ->> 'op_id', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and pg_catalog.jsonb_typeof(p_op -> 'name') = 'string' and p_op ->> 'name' = 'sale.record'
     and pg_catalog.jsonb_typeof(p_op -> 'args') = 'object'
     and not pg_catalog.jsonb_path_exists(p_op, '$.args.lines[*] ? (exists (@.modifiers) || exists (@.base_price))')
$$;

-- [SALE-1..7] [STAFF-4] [STAFF-6] [SALE-10] [MOD-4]..[MOD-6] sale.record as in 20261127000100, with each line's
-- modifiers checked by private.line_modifiers and written to sale_line_modifiers.
create or replace function private.op_sale_record(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  h record;
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_customer uuid := private.arg_uuid(p_args, 'customer_id', false);
  v_total bigint := private.arg_money(p_args, 'total', true);
  v_tax_total bigint := private.arg_money(p_args, 'tax_total', true);
  v_rounding bigint := coalesce(private.arg_money(p_args, 'rounding', false, true), 0);
  v_lines jsonb := private.arg_array(p_args, 'lines', 1, 1000);
  v_rows jsonb := '[]';
  v_modifier_rows jsonb := '[]';
  v_modifier_issues jsonb := '[]';
  m record;
  l jsonb;
  i int := 0;
  v_path text;
  v_line_id uuid;
  v_product uuid;
  v_qty numeric;
  v_price bigint;
  v_discount bigint;
  v_rate int;
  v_tax bigint;
  v_line_total bigint;
  v_extended bigint;
  v_amount bigint;
  v_expected bigint;
  v_subtotal bigint := 0;
  v_discounts bigint := 0;
  v_taxes bigint := 0;
  v_line_totals bigint := 0;
  v_cash boolean;
  v_sale public.sales;
begin
  select * into h from private.sale_header(p_args, 'cashier', p_user);
  if v_customer is not null and not exists (
       select 1 from public.customers c where c.id = v_customer and c.company_id = (h.company).id) then
    perform private.reject('unknown_customer', 'Customer ' || v_customer || ' is not a customer of this company');
  end if;

  for l in select value from pg_catalog.jsonb_array_elements(v_lines) loop
    i := i + 1;
    v_path := 'lines[' || i || ']';
    v_line_id := private.arg_uuid(l, 'id', true, v_path);
    v_product := private.arg_uuid(l, 'product_id', false, v_path);
    if v_product is not null and not exists (
         select 1 from public.products p where p.id = v_product and p.company_id = (h.company).id) then
      perform private.reject('unknown_product', v_path || ': product ' || v_product || ' is not a product of this company');
    end if;
    v_qty := private.arg_quantity(l, 'quantity', true, false, v_path);
    v_price := private.arg_money(l, 'unit_price', true, false, v_path);
    v_discount := coalesce(private.arg_money(l, 'discount', false, false, v_path), 0);
    v_rate := private.arg_int(l, 'tax_rate_bp', true, 0, 10000, v_path);
    v_tax := private.arg_money(l, 'tax', true, false, v_path);
    v_line_total := private.arg_money(l, 'total', true, false, v_path);
    select * into m from private.line_modifiers((h.company).id, v_product, v_id, v_line_id, v_path, l, v_price, v_qty);
    v_modifier_rows := v_modifier_rows || m.rows;
    v_modifier_issues := v_modifier_issues || m.issues;
    -- [SALE-5] extended = unit price × quantity, rounded once; the discount comes off; tax per line.
    v_extended := private.mul_div_round(v_price, (v_qty * 1000)::bigint, 1000);
    if v_extended > 1000000000000 then
      perform private.reject('invalid_args', v_path || ': unit_price × quantity is too large');
    end if;
    if v_discount > v_extended then
      perform private.reject('discount_too_large',
        v_path || ': discount ' || v_discount || ' is more than the line''s ' || v_extended);
    end if;
    v_amount := v_extended - v_discount;
    v_expected := private.line_tax(v_amount, v_rate, (h.company).prices_include_tax);
    if v_tax <> v_expected then
      perform private.reject('tax_mismatch',
        v_path || ': tax is ' || v_tax || ' but ' || (v_rate / 100.0)::numeric(6, 2) || ' % of ' || v_amount
        || case when (h.company).prices_include_tax then ' (prices include tax)' else ' (tax added)' end
        || ' is ' || v_expected);
    end if;
    v_expected := v_amount + case when (h.company).prices_include_tax then 0 else v_tax end;
    if v_line_total <> v_expected then
      perform private.reject('line_total_mismatch',
        v_path || ': total is ' || v_line_total || ' but should be ' || v_expected);
    end if;
    v_rows := v_rows || pg_catalog.jsonb_build_object(
      'id', v_line_id, 'line_no', i, 'product_id', v_product,
      'sku', private.arg_text(l, 'sku', false, 64, v_path), 'name', private.arg_name(l, 'name', true, 200, v_path),
      'quantity', v_qty, 'unit_price', v_price, 'discount', v_discount, 'tax_rate_bp', v_rate, 'tax', v_tax,
      'total', v_line_total);
    v_subtotal := v_subtotal + v_extended;
    v_discounts := v_discounts + v_discount;
    v_taxes := v_taxes + v_tax;
    v_line_totals := v_line_totals + v_line_total;
  end loop;

  -- [SALE-1] The lines add up: Σ tax = tax_total, Σ line totals + rounding = total (and subtotal and
  -- discount_total when the till sends them).
  if v_taxes <> v_tax_total then
    perform private.reject('tax_mismatch', 'tax_total is ' || v_tax_total || ' but the lines'' tax adds up to ' || v_taxes);
  end if;
  if v_line_totals + v_rounding <> v_total then
    perform private.reject('total_mismatch', 'total is ' || v_total || ' but the lines add up to '
      || v_line_totals || case when v_rounding <> 0
                              then ' with rounding ' || v_rounding || ' = ' || (v_line_totals + v_rounding)
                              else '' end);
  end if;
  if coalesce(private.arg_money(p_args, 'subtotal', false), v_subtotal) <> v_subtotal then
    perform private.reject('total_mismatch', 'subtotal should be ' || v_subtotal);
  end if;
  if coalesce(private.arg_money(p_args, 'discount_total', false), v_discounts) <> v_discounts then
    perform private.reject('total_mismatch', 'discount_total should be ' || v_discounts);
  end if;

  insert into public.sales (id, company_id, store_id, terminal_id, shift_id, cashier_id, customer_id, kind,
                            receipt_no, currency, prices_include_tax, subtotal, discount_total, tax_total, rounding,
                            total, note, occurred_at, op_id, cashier_verified, approved_by, approval_action,
                            approval_verified)
  values (v_id, (h.company).id, (h.terminal).store_id, (h.terminal).id, h.shift_id, h.cashier_id, v_customer,
          'sale', h.receipt_no, (h.company).currency, (h.company).prices_include_tax, v_subtotal, v_discounts,
          v_tax_total, v_rounding, v_total, private.arg_text(p_args, 'note', false, 2000), h.occurred_at, p_op_id,
          h.cashier_verified, h.approved_by, h.approval_action, h.approval_verified)
  returning * into v_sale;
  -- [SALE-10] The product's cost as it stands now, as in private.record_sales.
  insert into public.sale_lines (id, company_id, sale_id, line_no, product_id, sku, name, quantity, unit_price,
                                 discount, tax_rate_bp, tax, total, unit_cost)
  select r.id, (h.company).id, v_id, r.line_no, r.product_id, r.sku, r.name, r.quantity, r.unit_price, r.discount,
         r.tax_rate_bp, r.tax, r.total, p.cost
  from pg_catalog.jsonb_to_recordset(v_rows) as r(id uuid, line_no int, product_id uuid, sku text, name text,
       quantity numeric, unit_price bigint, discount bigint, tax_rate_bp int, tax bigint, total bigint)
  left join public.products p on p.id = r.product_id;
  -- [MOD-4]
  insert into public.sale_line_modifiers (id, company_id, sale_id, sale_line_id, position, option_id, group_id,
                                          group_name, option_name, price_delta, quantity)
  select r.id, (h.company).id, r.sale_id, r.sale_line_id, r.position, r.option_id, r.group_id, r.group_name,
         r.option_name, r.price_delta, r.quantity
  from pg_catalog.jsonb_to_recordset(v_modifier_rows) as r(id uuid, sale_id uuid, sale_line_id uuid, position int,
       option_id uuid, group_id uuid, group_name text, option_name text, price_delta bigint, quantity numeric);
  v_cash := private.record_payments((h.company).id, v_id, private.arg_array(p_args, 'payments', 0, 20), v_total, false);
  perform private.check_rounding(v_rounding, h.company, v_cash);
  -- [STAFF-6] [MOD-6] At most ten of the catalogue's disagreements travel in the flag (its detail is small).
  perform private.flag_unverified('sale.record', pg_catalog.jsonb_build_array(
    (private.flag_row(p_op_id, (h.company).id, (h.terminal).id, v_id, h.occurred_at, h.cashier_id,
                      h.cashier_verified, h.approved_by, h.claimed_by, h.approval_action, h.approval_verified) -> 0)
    || pg_catalog.jsonb_build_object('modifier_issues',
         (select coalesce(pg_catalog.jsonb_agg(x.value order by x.n), '[]')
          from pg_catalog.jsonb_array_elements(v_modifier_issues) with ordinality as x(value, n) where x.n <= 10))));
  return pg_catalog.jsonb_build_object('company_id', (h.company).id, 'terminal_id', (h.terminal).id,
    'warnings', private.sale_stock(v_sale, -1));
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Reports
-- ---------------------------------------------------------------------------------------------------------
-- [MOD-8] Modifier options sold over the range (as the other reports: company days, managers and owners): the
-- quantity sold with each option and what its deltas took, refunds taking back their share of the line's
-- quantity. Options that netted nothing are left out.
create function public.report_modifiers(p_company uuid, p_from date, p_to date)
returns table (option_id uuid, group_name text, option_name text, quantity numeric, delta_total bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
begin
  select * into r from private.report_range(p_company, p_from, p_to);
  return query
  with sold as (
    select m.option_id, m.group_name, m.option_name, m.quantity as qty, m.price_delta
    from public.sales s join public.sale_line_modifiers m on m.sale_id = s.id
    where s.company_id = p_company and s.kind = 'sale' and s.occurred_at >= r.starts and s.occurred_at < r.ends
    union all
    select m.option_id, m.group_name, m.option_name, -rl.quantity, m.price_delta
    from public.sales s
    join public.sale_lines rl on rl.sale_id = s.id
    join public.sale_line_modifiers m on m.sale_line_id = rl.refund_of_line_id
    where s.company_id = p_company and s.kind = 'refund' and s.occurred_at >= r.starts and s.occurred_at < r.ends
  )
  select x.option_id, min(x.group_name), min(x.option_name), sum(x.qty)::numeric,
         sum(private.mul_div_round(x.price_delta, (x.qty * 1000)::bigint, 1000))::bigint
  from sold x
  group by x.option_id
  having sum(x.qty) <> 0
  order by sum(x.qty) desc, min(x.option_name);
end
$$;
revoke execute on function public.report_modifiers(uuid, date, date) from public, anon;
grant execute on function public.report_modifiers(uuid, date, date) to authenticated, service_role;

grant execute on all functions in schema private to anon, authenticated, service_role;

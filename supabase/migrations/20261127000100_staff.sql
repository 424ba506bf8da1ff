-- One till, many people (issue 18; docs/shared-till.md; supabase/SPEC.md §11 [STAFF-n]). A shop's staff are its
-- members (who sign in) and PIN-only staff (who never do). A till checks a PIN offline with a verifier and
-- signs proofs with a key it derives from the typed PIN and never stores; the server keeps the key
-- (private.staff_pin_keys) and re-checks every proof that reaches it. This migration adds:
-- * public.staff, private.staff_pin_keys, the trigger that keeps members' staff rows in step with
--   company_members, and the backfill;
-- * sales/shifts/cash_movements: cashier_id references staff, who verified it, who approved what;
-- * the shop settings of the shared till on companies; public.activity_events;
-- * save_staff, set_staff_pin, pull_changes('staff'), and apply_ops' cashier and approval checks.

-- ---------------------------------------------------------------------------------------------------------
-- staff
-- ---------------------------------------------------------------------------------------------------------
create table public.staff (
  company_id uuid not null references public.companies (id),
  id uuid not null default gen_random_uuid(),
  -- [STAFF-1] A member's staff row has id = user_id; PIN-only staff have no account (null).
  user_id uuid references auth.users (id) on delete set null,
  name text not null check (private.is_name(name, 100)),
  role text not null check (role in ('owner', 'manager', 'cashier')),
  active boolean not null default true,
  -- [STAFF-3] What a till needs to check a PIN offline; null until a PIN is set. Never the key.
  pin_salt text check (pin_salt ~ '^[0-9a-f]{32}$'),
  pin_iterations int check (pin_iterations between 100000 and 10000000),
  pin_verifier text check (pin_verifier ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  primary key (company_id, id),
  check (user_id is null or user_id = id),
  check ((pin_salt is null) = (pin_verifier is null) and (pin_salt is null) = (pin_iterations is null))
);
comment on table public.staff is
  'Who can stand at a shop''s till: its members (id = user_id) and PIN-only staff; what a till needs to check a PIN.';
create index staff_pull_idx on public.staff (company_id, txid, id);
create trigger staff_txid before insert or update on public.staff
  for each row execute function private.set_txid_and_updated_at();

-- [STAFF-3] The key a proof is checked with: only the server holds it. Not reachable through the API.
create table private.staff_pin_keys (
  company_id uuid not null,
  staff_id uuid not null,
  pin_key text not null check (pin_key ~ '^[0-9a-f]{64}$'),
  primary key (company_id, staff_id),
  foreign key (company_id, staff_id) references public.staff (company_id, id)
);
comment on table private.staff_pin_keys is
  'PBKDF2 keys of staff PINs, for checking proofs; never readable through the API (docs/shared-till.md).';
alter table private.staff_pin_keys enable row level security;
revoke all on private.staff_pin_keys from public, anon, authenticated;

-- [STAFF-2] A member's staff row follows company_members: joining adds (or reactivates) it, a name or role
-- change updates it, leaving deactivates it. A row an owner deactivated stays so while the member stays.
create function private.sync_member_staff() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.staff as s (company_id, id, user_id, name, role, active)
  values (new.company_id, new.user_id, new.user_id, new.display_name, new.role, new.deleted_at is null)
  on conflict (company_id, id) do update
  set user_id = excluded.user_id, name = excluded.name, role = excluded.role,
      active = case when new.deleted_at is not null then false
                    when tg_op = 'INSERT' or old.deleted_at is not null then true
                    else s.active end
  where s.user_id is distinct from excluded.user_id or s.name <> excluded.name or s.role <> excluded.role
     or s.active <> (case when new.deleted_at is not null then false
                          when tg_op = 'INSERT' or old.deleted_at is not null then true
                          else s.active end);
  return null;
end
$$;
create trigger company_members_staff after insert or update of role, display_name, deleted_at, user_id
  on public.company_members for each row execute function private.sync_member_staff();

-- Backfill: every member, and anyone a recorded sale or shift names who is no longer a member (a purged
-- tombstone), so every cashier_id already recorded is a staff id.
insert into public.staff (company_id, id, user_id, name, role, active)
select m.company_id, m.user_id, m.user_id, m.display_name, m.role, m.deleted_at is null
from public.company_members m
on conflict (company_id, id) do nothing;
insert into public.staff (company_id, id, user_id, name, role, active)
select distinct x.company_id, x.person, u.id, 'Former staff', 'cashier', false
from (select s.company_id, s.cashier_id as person from public.sales s
      union select h.company_id, h.cashier_id from public.shifts h
      union select h.company_id, h.approved_by from public.shifts h where h.approved_by is not null
      union select c.company_id, c.user_id from public.cash_movements c) x
left join auth.users u on u.id = x.person
where not exists (select 1 from public.staff st where st.company_id = x.company_id and st.id = x.person)
on conflict (company_id, id) do nothing;

-- Members read their shop's staff; nobody writes it except save_staff, set_staff_pin and the trigger.
alter table public.staff enable row level security;
revoke all on public.staff from anon;
revoke insert, update, delete, truncate on public.staff from authenticated;
create policy staff_read on public.staff for select to authenticated
  using (company_id in (select private.company_ids('cashier')));

-- ---------------------------------------------------------------------------------------------------------
-- Who sold, who sent it, who approved (sales, shifts, cash_movements)
-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-5] cashier_id names a staff member of the row's shop, so PIN-only staff can sell.
alter table public.sales drop constraint sales_cashier_id_fkey;
alter table public.sales add constraint sales_cashier_staff_fkey
  foreign key (company_id, cashier_id) references public.staff (company_id, id);
alter table public.shifts drop constraint shifts_cashier_id_fkey;
alter table public.shifts add constraint shifts_cashier_staff_fkey
  foreign key (company_id, cashier_id) references public.staff (company_id, id);
-- A shift's cash difference may be approved by a manager's PIN at the till: the approver is staff.
alter table public.shifts drop constraint shifts_approved_by_fkey;
alter table public.shifts add constraint shifts_approved_by_staff_fkey
  foreign key (company_id, approved_by) references public.staff (company_id, id);

-- [STAFF-6] Whether the server could verify who stood at the till, and the approval the op carried.
alter table public.sales
  add column cashier_verified boolean not null default true,
  add column approved_by uuid,
  add column approval_action text check (approval_action in ('refund', 'discount', 'price_override', 'line_removal',
                                                             'no_sale', 'shift_difference')),
  add column approval_verified boolean,
  add constraint sales_approved_by_staff_fkey foreign key (company_id, approved_by)
    references public.staff (company_id, id),
  add constraint sales_approval_check check ((approval_action is null) = (approval_verified is null));
alter table public.shifts
  add column cashier_verified boolean not null default true,
  add column approval_action text check (approval_action in ('refund', 'discount', 'price_override', 'line_removal',
                                                             'no_sale', 'shift_difference')),
  add column approval_verified boolean,
  -- [SALE-9] as for sales: who sent the shift.open, stamped by the server (null on rows from before).
  add column recorded_by uuid references auth.users (id),
  add constraint shifts_approval_check check ((approval_action is null) = (approval_verified is null));
alter table public.cash_movements
  add column cashier_id uuid,
  add column cashier_verified boolean not null default true,
  add column approved_by uuid,
  add column approval_action text check (approval_action in ('refund', 'discount', 'price_override', 'line_removal',
                                                             'no_sale', 'shift_difference')),
  add column approval_verified boolean,
  add constraint cash_movements_cashier_staff_fkey foreign key (company_id, cashier_id)
    references public.staff (company_id, id),
  add constraint cash_movements_approved_by_staff_fkey foreign key (company_id, approved_by)
    references public.staff (company_id, id),
  add constraint cash_movements_approval_check check ((approval_action is null) = (approval_verified is null));
-- Movements recorded before had one person: the sender was the cashier. They are otherwise never changed.
alter table public.cash_movements disable trigger cash_movements_immutable;
update public.cash_movements c set cashier_id = c.user_id where c.cashier_id is null;
alter table public.cash_movements enable trigger cash_movements_immutable;
alter table public.cash_movements alter column cashier_id set not null;
-- A writer that names nobody (a seed, an older handler) records the sender as the cashier, as before.
create function private.default_cash_cashier() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.cashier_id := coalesce(new.cashier_id, new.user_id);
  return new;
end
$$;
create trigger cash_movements_cashier before insert on public.cash_movements
  for each row execute function private.default_cash_cashier();
comment on column public.cash_movements.user_id is 'Who sent it (the signed-in sender); cashier_id is who stood at the till.';

-- [SALE-9] [STAFF-12] Who sent a row: whoever is signed in when it reaches the server, never the till's word.
create function private.stamp_sender() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.recorded_by := auth.uid();
  return new;
end
$$;
create trigger shifts_recorded_by before insert on public.shifts
  for each row execute function private.stamp_sender();

-- ---------------------------------------------------------------------------------------------------------
-- Shop settings of the shared till (companies)
-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-7]
alter table public.companies
  add column lock_after_sale boolean not null default false,
  add column lock_idle_minutes int not null default 5 check (lock_idle_minutes between 0 and 1440),
  add column shift_mode text not null default 'drawer' check (shift_mode in ('drawer', 'cashier')),
  add column approve_refund boolean not null default true,
  add column approve_discount_over_bp int check (approve_discount_over_bp between 0 and 10000),
  add column approve_price_override boolean not null default true,
  add column approve_line_removal boolean not null default false,
  add column approve_no_sale boolean not null default true,
  add column approve_shift_difference_over bigint
    check (approve_shift_difference_over between 0 and 1000000000000);
comment on column public.companies.lock_idle_minutes is 'A shared till locks after this many idle minutes; 0 = never.';
comment on column public.companies.approve_discount_over_bp is
  'A discount above this (basis points of the line) needs a manager''s PIN; null = never.';
comment on column public.companies.approve_shift_difference_over is
  'Minor units: closing a shift with |counted − expected| above this needs a manager''s PIN; null = never.';
-- Settings columns: changed the way the other shop settings are (the companies update policy).
grant update (lock_after_sale, lock_idle_minutes, shift_mode, approve_refund, approve_discount_over_bp,
              approve_price_override, approve_line_removal, approve_no_sale, approve_shift_difference_over)
  on public.companies to authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- activity_events
-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-12] What happened at a till: written by apply_ops only (activity.record, and the server's own flags).
create table public.activity_events (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  terminal_id uuid references public.terminals (id),
  staff_id uuid,
  kind text not null check (kind in ('switch', 'lock', 'pin_failed', 'pin_lockout', 'lockout_cleared', 'approval',
                                     'no_sale', 'line_voided', 'shared_mode')),
  detail jsonb not null default '{}'
    check (pg_catalog.jsonb_typeof(detail) = 'object' and pg_catalog.octet_length(detail::text) <= 2048),
  occurred_at timestamptz not null,
  recorded_by uuid references auth.users (id),
  recorded_at timestamptz not null default now(),
  verified boolean not null,
  op_id uuid,
  txid xid8 not null default pg_current_xact_id(),
  foreign key (company_id, staff_id) references public.staff (company_id, id)
);
comment on table public.activity_events is
  'A till''s log (switches, locks, failed PINs, approvals, no-sale, voided lines) and the server''s unverified flags.';
create index activity_events_company_idx on public.activity_events (company_id, occurred_at desc);
create index activity_events_unverified_idx on public.activity_events (company_id, occurred_at desc)
  where not verified;
create trigger activity_events_txid before insert or update on public.activity_events
  for each row execute function private.set_txid();
create trigger activity_events_immutable before update or delete on public.activity_events
  for each row execute function private.forbid_change();

create trigger activity_events_recorded_by before insert on public.activity_events
  for each row execute function private.stamp_sender();

alter table public.activity_events enable row level security;
revoke all on public.activity_events from anon;
revoke insert, update, delete, truncate on public.activity_events from authenticated;
create policy activity_events_manager_read on public.activity_events for select to authenticated
  using (company_id in (select private.company_ids('manager')));

-- ---------------------------------------------------------------------------------------------------------
-- save_staff and set_staff_pin
-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-8] Who may manage whom: owners everyone, managers cashiers (before and after the change).
create function private.require_staff_manager(p_company uuid, p_role_before text, p_role_after text) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_role(p_company, 'manager');
  if not private.has_role(p_company, 'owner')
     and (coalesce(p_role_before, 'cashier') <> 'cashier' or coalesce(p_role_after, 'cashier') <> 'cashier') then
    raise exception 'Managers manage cashiers; an owner manages managers and owners'
      using errcode = '42501', hint = 'insufficient_role';
  end if;
end
$$;

-- [STAFF-8] save_staff: adds or edits PIN-only staff ({id?, name, role, active?}); for a member's row only
-- `active` changes (their name and role are changed in Members).
create function public.save_staff(p_company_id uuid, p_staff jsonb) returns public.staff
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid;
  v_existing public.staff;
  v_name text;
  v_role text;
  v_active boolean;
  v_row public.staff;
begin
  perform private.require_role(p_company_id, 'manager');
  if pg_catalog.jsonb_typeof(p_staff) is distinct from 'object' then
    perform private.reject('invalid_args', 'p_staff must be a JSON object {id?, name, role, active?}');
  end if;
  v_id := private.arg_uuid(p_staff, 'id', false);
  v_name := private.arg_name(p_staff, 'name', false, 100);
  v_role := private.arg_text(p_staff, 'role', false, 10);
  if v_role is not null and v_role not in ('owner', 'manager', 'cashier') then
    perform private.reject('invalid_args', 'role must be owner, manager or cashier');
  end if;
  v_active := private.arg_bool(p_staff, 'active', null);
  if v_id is not null then
    select * into v_existing from public.staff s where s.company_id = p_company_id and s.id = v_id for update;
  end if;
  if v_existing.id is null then
    if v_name is null or v_role is null then
      perform private.reject('invalid_args', 'New staff need a name and a role');
    end if;
    perform private.require_staff_manager(p_company_id, null, v_role);
    insert into public.staff (company_id, id, name, role, active)
    values (p_company_id, coalesce(v_id, gen_random_uuid()), v_name, v_role, coalesce(v_active, true))
    returning * into v_row;
    return v_row;
  end if;
  perform private.require_staff_manager(p_company_id, v_existing.role, coalesce(v_role, v_existing.role));
  if v_existing.user_id is not null
     and (v_name is distinct from null and v_name <> v_existing.name
          or v_role is distinct from null and v_role <> v_existing.role) then
    perform private.reject('member_staff',
      'A member''s name and role are changed in Members; here only whether they may use the till');
  end if;
  if v_existing.id = auth.uid() and v_active is false then
    perform private.reject('self_deactivate', 'You cannot deactivate yourself');
  end if;
  if v_existing.user_id is not null and v_active and not exists (
       select 1 from public.company_members m
       where m.company_id = p_company_id and m.user_id = v_existing.user_id and m.deleted_at is null) then
    perform private.reject('member_left', v_existing.name || ' left the shop: invite them again to reactivate them');
  end if;
  update public.staff s
  set name = coalesce(v_name, s.name), role = coalesce(v_role, s.role), active = coalesce(v_active, s.active)
  where s.company_id = p_company_id and s.id = v_existing.id
  returning * into v_row;
  return v_row;
end
$$;
comment on function public.save_staff(uuid, jsonb) is
  'Adds or edits PIN-only staff, or (de)activates a member''s staff row (STAFF-8).';

-- [STAFF-9] set_staff_pin: the browser derives key and verifier from the PIN and sends them, never the PIN.
-- Any member for their own row; owners and managers for the staff they may manage.
create function public.set_staff_pin(p_company_id uuid, p_staff_id uuid, p_salt text, p_iterations int,
                                     p_key text, p_verifier text) returns public.staff
language plpgsql security definer set search_path = '' as $$
declare
  v_target public.staff;
  v_row public.staff;
begin
  perform private.require_role(p_company_id, 'cashier');
  select * into v_target from public.staff s where s.company_id = p_company_id and s.id = p_staff_id for update;
  if not found then
    perform private.reject('unknown_staff', 'There is no staff member ' || coalesce(p_staff_id::text, '(none)')
      || ' in this shop');
  end if;
  if v_target.user_id is distinct from auth.uid() then
    perform private.require_staff_manager(p_company_id, v_target.role, v_target.role);
  end if;
  if coalesce(p_salt, '') !~ '^[0-9a-f]{32}$' then
    perform private.reject('invalid_args', 'p_salt must be 16 bytes as 32 lowercase hex digits');
  end if;
  if p_iterations is null or p_iterations not between 100000 and 10000000 then
    perform private.reject('invalid_args', 'p_iterations must be from 100000 to 10000000');
  end if;
  if coalesce(p_key, '') !~ '^[0-9a-f]{64}$' or coalesce(p_verifier, '') !~ '^[0-9a-f]{64}$' then
    perform private.reject('invalid_args', 'p_key and p_verifier must be 32 bytes as 64 lowercase hex digits');
  end if;
  -- [PIN-3] verifier = SHA-256(key ‖ "tillpoint-pin-verifier"): a pair that does not match would lock the
  -- person out of every till while the server accepted their proofs.
  if pg_catalog.encode(extensions.digest(pg_catalog.decode(p_key, 'hex')
                                         || pg_catalog.convert_to('tillpoint-pin-verifier', 'UTF8'), 'sha256'),
                       'hex') <> p_verifier then
    perform private.reject('verifier_mismatch', 'p_verifier is not SHA-256(key ‖ "tillpoint-pin-verifier")');
  end if;
  update public.staff s set pin_salt = p_salt, pin_iterations = p_iterations, pin_verifier = p_verifier
  where s.company_id = p_company_id and s.id = p_staff_id
  returning * into v_row;
  insert into private.staff_pin_keys (company_id, staff_id, pin_key) values (p_company_id, p_staff_id, p_key)
  on conflict (company_id, staff_id) do update set pin_key = excluded.pin_key;
  return v_row;
end
$$;
comment on function public.set_staff_pin(uuid, uuid, text, int, text, text) is
  'Stores a staff member''s PIN salt, iterations, key (server only) and verifier (STAFF-9).';

revoke execute on function public.save_staff(uuid, jsonb) from public, anon;
grant execute on function public.save_staff(uuid, jsonb) to authenticated, service_role;
revoke execute on function public.set_staff_pin(uuid, uuid, text, int, text, text) from public, anon;
grant execute on function public.set_staff_pin(uuid, uuid, text, int, text, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- pull_changes('staff')
-- ---------------------------------------------------------------------------------------------------------
-- [PULL-1] [STAFF-10] Tills mirror staff (never keys), so an inactive person's PIN stops working after a pull.
create or replace function private.pull_tables() returns text[]
language sql immutable set search_path = '' as $$
  select array['companies', 'company_members', 'stores', 'terminals', 'categories', 'products', 'customers',
               'stock_levels', 'shifts', 'cash_movements', 'sales', 'sale_lines', 'payments', 'stock_movements',
               'staff']
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Reports name the cashier from staff
-- ---------------------------------------------------------------------------------------------------------
-- [REP-6] [STAFF-13] Sales by cashier, named from staff: PIN-only staff have no membership.
create or replace function public.report_sales_by_cashier(p_company uuid, p_from date, p_to date)
returns table (cashier_id uuid, display_name text, sales_count bigint, refunds_count bigint, net_total bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
begin
  select * into r from private.report_range(p_company, p_from, p_to);
  return query
  select s.cashier_id, max(st.name), count(*) filter (where s.kind = 'sale'),
         count(*) filter (where s.kind = 'refund'),
         sum(case when s.kind = 'sale' then s.total else -s.total end)::bigint as net
  from public.sales s
  left join public.staff st on st.company_id = s.company_id and st.id = s.cashier_id
  where s.company_id = p_company and s.occurred_at >= r.starts and s.occurred_at < r.ends
  group by s.cashier_id order by net desc, s.cashier_id;
end
$$;

grant execute on all functions in schema private to anon, authenticated, service_role;

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
    check (pg_catalog.jsonb_typeof(detail) = 'object' and pg_catalog.octet_length(detail::text) <= 4096),
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
    -- A member's staff id is their user id: a PIN-only row must never stand where one may join.
    if exists (select 1 from auth.users u where u.id = v_id) then
      perform private.reject('invalid_args', 'id ' || v_id || ' is already used: leave it out for new staff');
    end if;
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


-- ---------------------------------------------------------------------------------------------------------
-- apply_ops: who stood at the till, and who approved ([STAFF-4] … [STAFF-6], [STAFF-11], [STAFF-12])
-- ---------------------------------------------------------------------------------------------------------
-- [PIN-4] proofMessage() of src/domain/staff-pin.ts, character for character: ids in their lowercase text form.
create function private.proof_message(p_purpose text, p_company uuid, p_subject uuid, p_action text) returns text
language sql immutable as $$
  select 'tillpoint:' || p_purpose || ':v1:' || p_company::text || ':' || p_subject::text || ':' || p_action
$$;

-- [PIN-4] HMAC-SHA256(key, message) as lowercase hex, what signProof() sends. Inlinable (no SET clause), so
-- every name is schema-qualified.
create function private.proof_of(p_key text, p_message text) returns text
language sql immutable as $$
  select pg_catalog.encode(extensions.hmac(pg_catalog.convert_to(p_message, 'UTF8'), pg_catalog.decode(p_key, 'hex'),
                                           'sha256'), 'hex')
$$;

-- [STAFF-4] The cashier is who the op says when they are active and either the signed-in sender themself or
-- the signer of a proof for this row made with their key. Takes the cashier's staff row's fields and key, so
-- the one-op path and the batch path (private.plain_sales) decide with one rule.
create function private.cashier_ok(p_active boolean, p_staff_user uuid, p_key text, p_user uuid, p_company uuid,
                                   p_subject uuid, p_proof text) returns boolean
language sql immutable as $$
  select coalesce(p_active, false)
     and (coalesce(p_staff_user = p_user, false)
          or coalesce(p_key is not null and p_proof
                      = private.proof_of(p_key, private.proof_message('cashier', p_company, p_subject, 'sell')), false))
$$;

-- [STAFF-11] An approval counts when the approver is active, at least a manager now, and either the signer of a
-- proof for this row and this action made with their key, or the signed-in sender themself standing at the
-- counter (the op's cashier). On a shared till the sender is the manager whose session syncs while someone
-- else sells: their account alone approves nothing the person at the counter does.
create function private.approval_ok(p_active boolean, p_role text, p_staff_user uuid, p_key text, p_user uuid,
                                    p_cashier uuid, p_company uuid, p_subject uuid, p_action text, p_proof text)
returns boolean
language sql immutable as $$
  select coalesce(p_active, false) and coalesce(private.role_rank(p_role) >= private.role_rank('manager'), false)
     and (coalesce(p_staff_user = p_user and p_cashier = p_user, false)
          or coalesce(p_key is not null and p_proof
                      = private.proof_of(p_key, private.proof_message('approval', p_company, p_subject, p_action)),
                      false))
$$;

-- [STAFF-5] [STAFF-4] The op's cashier: `cashier_id`, a staff id of the shop (the sender when absent), and
-- whether the server could verify it. An unknown id, or another shop's, is rejected as before.
create function private.op_cashier(p_args jsonb, p_company uuid, p_user uuid, p_subject uuid,
                                   out cashier_id uuid, out verified boolean)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_proof text := private.arg_text(p_args, 'cashier_proof', false, 200);
  v public.staff;
begin
  cashier_id := coalesce(private.arg_uuid(p_args, 'cashier_id', false), p_user);
  select * into v from public.staff s where s.company_id = p_company and s.id = cashier_id;
  if not found then
    perform private.reject('unknown_cashier', 'Cashier ' || cashier_id || ' is not on the staff of this shop');
  end if;
  verified := private.cashier_ok(v.active, v.user_id,
    (select k.pin_key from private.staff_pin_keys k where k.company_id = p_company and k.staff_id = v.id),
    p_user, p_company, p_subject, v_proof);
end
$$;

-- [STAFF-11] The op's `approval` ({by, action, proof}), or all null without one. A well-formed approval is never
-- refused: `by` that is not on the staff is kept only in the flag (claimed_by), and approved_by stays null.
create function private.op_approval(p_args jsonb, p_company uuid, p_user uuid, p_subject uuid,
                                    out approved_by uuid, out claimed_by uuid, out action text, out verified boolean)
language plpgsql stable security definer set search_path = '' as $$
declare
  v jsonb := p_args -> 'approval';
  v_proof text;
  s public.staff;
begin
  if v is null or v = 'null'::jsonb then return; end if;
  if pg_catalog.jsonb_typeof(v) <> 'object' then
    perform private.reject('invalid_args', 'approval must be an object {by, action, proof}');
  end if;
  claimed_by := private.arg_uuid(v, 'by', true, 'approval');
  action := private.arg_text(v, 'action', true, 20, 'approval');
  if not private.is_approval_action(action) then
    perform private.reject('invalid_args',
      'approval.action must be refund, discount, price_override, line_removal, no_sale or shift_difference');
  end if;
  v_proof := private.arg_text(v, 'proof', false, 200, 'approval');
  select * into s from public.staff st where st.company_id = p_company and st.id = claimed_by;
  approved_by := s.id;
  verified := private.approval_ok(s.active, s.role, s.user_id,
    (select k.pin_key from private.staff_pin_keys k where k.company_id = p_company and k.staff_id = s.id),
    p_user, coalesce(private.arg_uuid(p_args, 'cashier_id', false), p_user), p_company, p_subject, action, v_proof);
end
$$;

create function private.is_approval_action(p_action text) returns boolean
language sql immutable as $$
  select coalesce(p_action in ('refund', 'discount', 'price_override', 'line_removal', 'no_sale', 'shift_difference'),
                  false)
$$;

-- [STAFF-6] Ops whose cashier or approval the server could not verify are recorded as they are, and flagged
-- to managers with an activity event (kind switch or approval, verified false). One row of p_rows per op:
-- {op_id, company_id, terminal_id, id, occurred_at, cashier_id, cashier_verified, approved_by, claimed_by,
-- approval_action, approval_verified}. The event's id comes from the op's, so the flag is made once.
create function private.flag_unverified(p_name text, p_rows jsonb) returns void
language sql security definer set search_path = '' as $$
  insert into public.activity_events (id, company_id, terminal_id, staff_id, kind, detail, occurred_at, verified,
                                      op_id)
  select pg_catalog.md5(r.op_id::text || ':' || f.what)::uuid, r.company_id, r.terminal_id, f.staff_id, f.kind,
         pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
           'op', p_name, 'subject_id', r.id, 'reason', 'unverified_' || f.what,
           'action', case when f.what = 'approval' then r.approval_action end,
           'claimed_by', case when f.what = 'approval' then r.claimed_by end)),
         r.occurred_at, false, r.op_id
  from pg_catalog.jsonb_to_recordset(p_rows) as r(op_id uuid, company_id uuid, terminal_id uuid, id uuid,
       occurred_at timestamptz, cashier_id uuid, cashier_verified boolean, approved_by uuid, claimed_by uuid,
       approval_action text, approval_verified boolean)
  cross join lateral (values ('cashier', 'switch', r.cashier_id, not r.cashier_verified),
                             ('approval', 'approval', r.approved_by, r.approval_verified = false))
    as f(what, kind, staff_id, flagged)
  where f.flagged
  order by 1
$$;

-- One op's row for private.flag_unverified.
create function private.flag_row(p_op_id uuid, p_company uuid, p_terminal uuid, p_subject uuid, p_occurred timestamptz,
                                 p_cashier uuid, p_cashier_verified boolean, p_approved_by uuid, p_claimed_by uuid,
                                 p_action text, p_approval_verified boolean) returns jsonb
language sql immutable as $$
  select pg_catalog.jsonb_build_array(pg_catalog.jsonb_build_object(
    'op_id', p_op_id, 'company_id', p_company, 'terminal_id', p_terminal, 'id', p_subject, 'occurred_at', p_occurred,
    'cashier_id', p_cashier, 'cashier_verified', p_cashier_verified, 'approved_by', p_approved_by,
    'claimed_by', p_claimed_by, 'approval_action', p_action, 'approval_verified', p_approval_verified))
$$;

-- [STAFF-12] activity.record (role cashier): {id, terminal_id, cashier_id?, cashier_proof?, approval?, kind,
-- detail?, occurred_at}. `cashier_id` absent names nobody (a failed PIN run); `verified` is whether the named
-- cashier and the approval, when there are any, verified. recorded_by is stamped by the server.
create function private.op_activity_record(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_terminal public.terminals := private.require_terminal(private.arg_uuid(p_args, 'terminal_id', true), 'cashier');
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_kind text := private.arg_text(p_args, 'kind', true, 20);
  v_detail jsonb := p_args -> 'detail';
  v_occurred timestamptz := private.arg_time(p_args, 'occurred_at', true);
  v_cashier uuid;
  v_cashier_ok boolean := true;
  a record;
begin
  if v_kind not in ('switch', 'lock', 'pin_failed', 'pin_lockout', 'lockout_cleared', 'approval', 'no_sale',
                    'line_voided', 'shared_mode') then
    perform private.reject('invalid_args', 'kind must be switch, lock, pin_failed, pin_lockout, lockout_cleared, '
      || 'approval, no_sale, line_voided or shared_mode');
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
          v_cashier_ok and coalesce(a.verified, true), p_op_id);
  return pg_catalog.jsonb_build_object('company_id', v_terminal.company_id, 'terminal_id', v_terminal.id);
end
$$;

-- [SALE-2] [SALE-3] [SALE-4] The shared head of sale.record and sale.refund, now with [STAFF-5] the cashier
-- from staff, [STAFF-4] whether they verified, and [STAFF-11] the op's approval. p_lifted_by names the
-- approval action that lets a sender below p_min_role through (sale.refund: 'refund').
drop function private.sale_header(jsonb, text, uuid);
create function private.sale_header(p_args jsonb, p_min_role text, p_user uuid, p_lifted_by text default null)
returns table (terminal public.terminals, company public.companies, shift_id uuid, cashier_id uuid,
               receipt_no text, occurred_at timestamptz, cashier_verified boolean, approved_by uuid,
               claimed_by uuid, approval_action text, approval_verified boolean)
language plpgsql security definer set search_path = '' as $$
declare
  v_shift uuid := private.arg_uuid(p_args, 'shift_id', false);
  v_subject uuid := private.arg_uuid(p_args, 'id', true);
  c record;
  a record;
begin
  terminal := private.require_terminal(private.arg_uuid(p_args, 'terminal_id', true),
                                       case when p_lifted_by is null then p_min_role else 'cashier' end);
  select * into company from public.companies x where x.id = terminal.company_id;
  select * into a from private.op_approval(p_args, terminal.company_id, p_user, v_subject);
  -- [STAFF-11] A verified manager's approval of this action lets a sender below the role through; an
  -- unverified one does not.
  if p_lifted_by is not null and not private.has_role(terminal.company_id, p_min_role)
     and not (coalesce(a.verified, false) and a.action = p_lifted_by) then
    raise exception 'This needs the % role or higher, or a manager''s approval by PIN', p_min_role
      using errcode = '42501', hint = 'insufficient_role';
  end if;
  -- [SALE-2] A shift, when given, is a shift of this terminal.
  if v_shift is not null and not exists (
       select 1 from public.shifts s where s.id = v_shift and s.terminal_id = terminal.id) then
    perform private.reject('unknown_shift', 'Shift ' || v_shift || ' is not a shift of terminal ' || terminal.code);
  end if;
  -- [SALE-3] [STAFF-5] The cashier is on the shop's staff (members are, and stay after they leave).
  select * into c from private.op_cashier(p_args, terminal.company_id, p_user, v_subject);
  receipt_no := private.arg_text(p_args, 'receipt_no', true, 20);
  -- [SALE-4] Receipt numbers are <terminal code>-<6 to 9 digits> from the terminal's own counter.
  if receipt_no !~ ('^' || terminal.code || '-[0-9]{6,9}$') then
    perform private.reject('invalid_receipt_no',
      'Receipt number ' || receipt_no || ' does not belong to terminal ' || terminal.code
      || ' (expected ' || terminal.code || '-000001 and up)');
  end if;
  occurred_at := private.arg_time(p_args, 'occurred_at', true);
  shift_id := v_shift;
  cashier_id := c.cashier_id;
  cashier_verified := c.verified;
  approved_by := a.approved_by;
  claimed_by := a.claimed_by;
  approval_action := a.action;
  approval_verified := a.verified;
  return next;
end
$$;

-- [STOCK-2] As before; the movement's user is the cashier's account, or the sender's when the cashier has
-- none (PIN-only staff).
create or replace function private.sale_stock(p_sale public.sales, p_sign int) returns jsonb
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.stock_movements (id, company_id, store_id, product_id, delta, reason, sale_id, sale_line_id,
                                      terminal_id, user_id, occurred_at, op_id)
  select l.id, l.company_id, p_sale.store_id, l.product_id, p_sign * l.quantity,
         case when p_sign < 0 then 'sale' else 'refund' end, p_sale.id, l.id, p_sale.terminal_id,
         coalesce((select st.user_id from public.staff st
                   where st.company_id = p_sale.company_id and st.id = p_sale.cashier_id), p_sale.recorded_by),
         p_sale.occurred_at, p_sale.op_id
  from public.sale_lines l join public.products p on p.id = l.product_id
  where l.sale_id = p_sale.id and p.track_stock
  order by l.product_id, l.id;
  return coalesce((
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('code', 'negative_stock', 'product_id', s.product_id,
             'store_id', s.store_id, 'on_hand', s.on_hand) order by s.product_id)
    from public.stock_levels s
    where s.store_id = p_sale.store_id and s.on_hand < 0
      and s.product_id in (select l.product_id from public.sale_lines l where l.sale_id = p_sale.id)), '[]');
end
$$;

-- [SHIFT-1] [STAFF-5] shift.open: the cashier is on the shop's staff; verified and flagged as a sale's.
create or replace function private.op_shift_open(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_terminal public.terminals := private.require_terminal(private.arg_uuid(p_args, 'terminal_id', true), 'cashier');
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_opened timestamptz;
  c record;
  a record;
begin
  select * into c from private.op_cashier(p_args, v_terminal.company_id, p_user, v_id);
  select * into a from private.op_approval(p_args, v_terminal.company_id, p_user, v_id);
  if exists (select 1 from public.shifts s where s.terminal_id = v_terminal.id and s.closed_at is null) then
    perform private.reject('shift_already_open', 'Terminal ' || v_terminal.code || ' already has an open shift');
  end if;
  v_opened := private.arg_time(p_args, 'opened_at', true);
  insert into public.shifts (id, company_id, store_id, terminal_id, cashier_id, opened_at, opening_float, op_id,
                             cashier_verified)
  values (v_id, v_terminal.company_id, v_terminal.store_id, v_terminal.id, c.cashier_id, v_opened,
          private.arg_money(p_args, 'opening_float', true), p_op_id, c.verified);
  perform private.flag_unverified('shift.open', private.flag_row(p_op_id, v_terminal.company_id, v_terminal.id, v_id,
    v_opened, c.cashier_id, c.verified, a.approved_by, a.claimed_by, a.action, a.verified));
  return pg_catalog.jsonb_build_object('company_id', v_terminal.company_id, 'terminal_id', v_terminal.id);
end
$$;

-- [SHIFT-3] [SHIFT-6] [SHIFT-7] [SHIFT-9] shift.close as before; [STAFF-11] a verified manager's approval of
-- the action shift_difference approves a difference over the limit, as a manager closing it themself does.
create or replace function private.op_shift_close(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_terminal public.terminals := private.require_terminal(private.arg_uuid(p_args, 'terminal_id', true), 'cashier');
  v_shift public.shifts := private.open_shift(private.arg_uuid(p_args, 'id', true), v_terminal);
  v_counted bigint := private.arg_money(p_args, 'counted_cash', true);
  v_expected bigint := private.expected_cash(v_shift);
  v_closed timestamptz := private.arg_time(p_args, 'closed_at', true);
  v_approver uuid := private.arg_uuid(p_args, 'approved_by', false);
  v_limit bigint;
  v_needs boolean;
  c record;
  a record;
begin
  select * into c from private.op_cashier(p_args, v_terminal.company_id, p_user, v_shift.id);
  select * into a from private.op_approval(p_args, v_terminal.company_id, p_user, v_shift.id);
  if v_closed < v_shift.opened_at then
    perform private.reject('invalid_args', 'closed_at is before the shift was opened');
  end if;
  -- [SHIFT-8] [STAFF-11] The sender approves by closing only when they stand at the counter themself.
  if v_approver is distinct from p_user or not private.is_approver(v_terminal.company_id, p_user)
     or c.cashier_id is distinct from p_user then
    v_approver := null;
  end if;
  if a.verified and a.action = 'shift_difference' then
    v_approver := coalesce(v_approver, a.approved_by);
  end if;
  select x.cash_difference_limit into v_limit from public.companies x where x.id = v_terminal.company_id;
  v_needs := abs(v_counted - v_expected) > v_limit;
  update public.shifts s set closed_at = v_closed, closed_by = p_user, counted_cash = v_counted,
                             expected_cash = v_expected, note = private.arg_text(p_args, 'note', false, 2000),
                             needs_approval = v_needs,
                             approved_by = case when v_needs then v_approver end,
                             approved_at = case when v_needs and v_approver is not null then v_closed end,
                             approval_action = a.action, approval_verified = a.verified
  where s.id = v_shift.id;
  perform private.flag_unverified('shift.close', private.flag_row(p_op_id, v_terminal.company_id, v_terminal.id,
    v_shift.id, v_closed, c.cashier_id, c.verified, a.approved_by, a.claimed_by, a.action, a.verified));
  return pg_catalog.jsonb_build_object('company_id', v_terminal.company_id, 'terminal_id', v_terminal.id,
    'result', pg_catalog.jsonb_build_object('expected_cash', v_expected, 'counted_cash', v_counted,
                                            'difference', v_counted - v_expected));
end
$$;

-- [SHIFT-5] [STAFF-5] cash.move: user_id is the sender, cashier_id who stood at the till (the sender when
-- absent); verified, approved and flagged as a sale.
create or replace function private.op_cash_move(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_terminal public.terminals := private.require_terminal(private.arg_uuid(p_args, 'terminal_id', true), 'cashier');
  v_shift public.shifts := private.open_shift(private.arg_uuid(p_args, 'shift_id', true), v_terminal);
  v_kind text := private.arg_text(p_args, 'kind', true, 10);
  v_amount bigint := private.arg_money(p_args, 'amount', true);
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_occurred timestamptz;
  c record;
  a record;
begin
  if v_kind not in ('pay_in', 'pay_out') then
    perform private.reject('invalid_args', 'kind must be pay_in or pay_out');
  end if;
  if v_amount = 0 then perform private.reject('invalid_args', 'amount must be more than zero'); end if;
  select * into c from private.op_cashier(p_args, v_terminal.company_id, p_user, v_id);
  select * into a from private.op_approval(p_args, v_terminal.company_id, p_user, v_id);
  v_occurred := private.arg_time(p_args, 'occurred_at', true);
  insert into public.cash_movements (id, company_id, shift_id, terminal_id, kind, amount, reason, user_id,
                                     occurred_at, op_id, cashier_id, cashier_verified, approved_by, approval_action,
                                     approval_verified)
  values (v_id, v_terminal.company_id, v_shift.id, v_terminal.id, v_kind, v_amount,
          private.arg_text(p_args, 'reason', false, 500), p_user, v_occurred, p_op_id, c.cashier_id, c.verified,
          a.approved_by, a.action, a.verified);
  perform private.flag_unverified('cash.move', private.flag_row(p_op_id, v_terminal.company_id, v_terminal.id, v_id,
    v_occurred, c.cashier_id, c.verified, a.approved_by, a.claimed_by, a.action, a.verified));
  return pg_catalog.jsonb_build_object('company_id', v_terminal.company_id, 'terminal_id', v_terminal.id);
end
$$;

-- [SALE-1..7] [STAFF-4] [STAFF-6] sale.record as before, with the cashier's and the approval's verification.
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
  l jsonb;
  i int := 0;
  v_path text;
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
      'id', private.arg_uuid(l, 'id', true, v_path), 'line_no', i, 'product_id', v_product,
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
  v_cash := private.record_payments((h.company).id, v_id, private.arg_array(p_args, 'payments', 0, 20), v_total, false);
  perform private.check_rounding(v_rounding, h.company, v_cash);
  perform private.flag_unverified('sale.record', private.flag_row(p_op_id, (h.company).id, (h.terminal).id, v_id,
    h.occurred_at, h.cashier_id, h.cashier_verified, h.approved_by, h.claimed_by, h.approval_action,
    h.approval_verified));
  return pg_catalog.jsonb_build_object('company_id', (h.company).id, 'terminal_id', (h.terminal).id,
    'warnings', private.sale_stock(v_sale, -1));
end
$$;


-- [REFUND-1..5] [STAFF-11] sale.refund as before; a cashier sender gets through with a verified manager's
-- approval of the action refund ([SPEC §3.2]).
create or replace function private.op_sale_refund(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  h record;
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_original_id uuid := private.arg_uuid(p_args, 'refund_of', true);
  v_total bigint := private.arg_money(p_args, 'total', true);
  v_tax_total bigint := private.arg_money(p_args, 'tax_total', true);
  v_rounding bigint := coalesce(private.arg_money(p_args, 'rounding', false, true), 0);
  v_restock boolean := private.arg_bool(p_args, 'restock', true);
  v_lines jsonb := private.arg_array(p_args, 'lines', 1, 1000);
  v_original public.sales;
  v_orig public.sale_lines;
  v_rows jsonb := '[]';
  l jsonb;
  i int := 0;
  v_path text;
  v_line_id uuid;
  v_qty numeric;
  v_tax bigint;
  v_line_total bigint;
  v_amount bigint;
  v_extended bigint;
  v_left_qty numeric;
  v_left_total bigint;
  v_left_tax bigint;
  v_subtotal bigint := 0;
  v_discounts bigint := 0;
  v_taxes bigint := 0;
  v_line_totals bigint := 0;
  v_cash boolean;
  v_sale public.sales;
begin
  select * into h from private.sale_header(p_args, 'manager', p_user, 'refund');
  -- [REFUND-1] The original is a sale (not a refund) of the same company; locking it serialises refunds of it.
  select * into v_original from public.sales s
  where s.id = v_original_id and s.company_id = (h.company).id and s.kind = 'sale' for update;
  if not found then
    perform private.reject('unknown_sale', 'Sale ' || v_original_id || ' is not a sale of this company');
  end if;
  for l in select value from pg_catalog.jsonb_array_elements(v_lines) loop
    i := i + 1;
    v_path := 'lines[' || i || ']';
    v_line_id := private.arg_uuid(l, 'refund_of_line_id', true, v_path);
    select * into v_orig from public.sale_lines sl where sl.id = v_line_id and sl.sale_id = v_original.id;
    if not found then
      perform private.reject('unknown_sale_line', v_path || ': line ' || v_line_id || ' is not a line of sale '
        || v_original.receipt_no);
    end if;
    v_qty := private.arg_quantity(l, 'quantity', true, false, v_path);
    v_tax := private.arg_money(l, 'tax', true, false, v_path);
    v_line_total := private.arg_money(l, 'total', true, false, v_path);
    -- What is left of the original line after earlier refunds and the earlier lines of this one.
    select v_orig.quantity - coalesce(sum(r.quantity), 0), v_orig.total - coalesce(sum(r.total), 0),
           v_orig.tax - coalesce(sum(r.tax), 0)
      into v_left_qty, v_left_total, v_left_tax
    from public.sale_lines r where r.refund_of_line_id = v_orig.id;
    select v_left_qty - coalesce(sum((x ->> 'quantity')::numeric), 0),
           v_left_total - coalesce(sum((x ->> 'total')::bigint), 0),
           v_left_tax - coalesce(sum((x ->> 'tax')::bigint), 0)
      into v_left_qty, v_left_total, v_left_tax
    from pg_catalog.jsonb_array_elements(v_rows) x where (x ->> 'refund_of_line_id')::uuid = v_orig.id;
    -- [REFUND-2] quantity ≤ sold − refunded; [REFUND-3] money ≤ line total − refunded, and exactly the rest
    -- when the last of the quantity goes back.
    if v_qty > v_left_qty then
      perform private.reject('refund_exceeds_sale',
        v_path || ': refunding ' || v_qty || ' of ' || v_orig.name || ' but only ' || v_left_qty || ' is left to refund');
    end if;
    if v_line_total > v_left_total or (v_qty = v_left_qty and v_line_total <> v_left_total)
       or v_line_total > private.mul_div_round(v_orig.total, (v_qty * 1000)::bigint, (v_orig.quantity * 1000)::bigint) + 1
    then
      perform private.reject('refund_exceeds_sale',
        v_path || ': refunding ' || v_line_total || ' for ' || v_orig.name || ' but '
        || case when v_qty = v_left_qty then 'exactly ' || v_left_total || ' is left to refund'
                else 'at most ' || least(v_left_total, private.mul_div_round(v_orig.total, (v_qty * 1000)::bigint,
                                         (v_orig.quantity * 1000)::bigint) + 1)
                     || ' may be refunded for that quantity' end);
    end if;
    -- [REFUND-4] Tax is a share of the original line's tax (src/domain/refund.ts slices it in proportion):
    -- never more than is left of it, never more than the money, exactly the rest with the last quantity.
    v_amount := v_line_total - case when v_original.prices_include_tax then 0 else v_tax end;
    if v_tax > v_left_tax or v_amount < 0 or (v_qty = v_left_qty and v_tax <> v_left_tax)
       or v_tax > private.mul_div_round(v_orig.tax, (v_qty * 1000)::bigint, (v_orig.quantity * 1000)::bigint) + 1 then
      perform private.reject('tax_mismatch', v_path || ': tax is ' || v_tax || ' but '
        || case when v_qty = v_left_qty then 'exactly ' else 'at most ' end || v_left_tax
        || ' of this line''s tax is left to refund');
    end if;
    v_extended := private.mul_div_round(v_orig.unit_price, (v_qty * 1000)::bigint, 1000);
    v_rows := v_rows || pg_catalog.jsonb_build_object(
      'id', private.arg_uuid(l, 'id', true, v_path), 'line_no', i, 'product_id', v_orig.product_id,
      'sku', v_orig.sku, 'name', v_orig.name, 'quantity', v_qty, 'unit_price', v_orig.unit_price,
      'discount', greatest(v_extended - v_amount, 0), 'tax_rate_bp', v_orig.tax_rate_bp, 'tax', v_tax,
      'total', v_line_total, 'refund_of_line_id', v_orig.id, 'unit_cost', v_orig.unit_cost);
    v_subtotal := v_subtotal + v_extended;
    v_discounts := v_discounts + greatest(v_extended - v_amount, 0);
    v_taxes := v_taxes + v_tax;
    v_line_totals := v_line_totals + v_line_total;
  end loop;
  if v_taxes <> v_tax_total then
    perform private.reject('tax_mismatch', 'tax_total is ' || v_tax_total || ' but the lines'' tax adds up to ' || v_taxes);
  end if;
  if v_line_totals + v_rounding <> v_total then
    perform private.reject('total_mismatch', 'total is ' || v_total || ' but the lines add up to '
      || (v_line_totals + v_rounding));
  end if;

  insert into public.sales (id, company_id, store_id, terminal_id, shift_id, cashier_id, customer_id, kind,
                            refund_of, receipt_no, currency, prices_include_tax, subtotal, discount_total, tax_total,
                            rounding, total, note, reason, occurred_at, op_id, cashier_verified, approved_by,
                            approval_action, approval_verified)
  values (v_id, (h.company).id, (h.terminal).store_id, (h.terminal).id, h.shift_id, h.cashier_id,
          v_original.customer_id, 'refund', v_original.id, h.receipt_no, v_original.currency,
          v_original.prices_include_tax, v_subtotal, v_discounts, v_tax_total, v_rounding, v_total,
          private.arg_text(p_args, 'note', false, 2000), private.arg_text(p_args, 'reason', false, 500),
          h.occurred_at, p_op_id, h.cashier_verified, h.approved_by, h.approval_action, h.approval_verified)
  returning * into v_sale;
  insert into public.sale_lines (id, company_id, sale_id, line_no, product_id, sku, name, quantity, unit_price,
                                 discount, tax_rate_bp, tax, total, refund_of_line_id, unit_cost)
  select r.id, (h.company).id, v_id, r.line_no, r.product_id, r.sku, r.name, r.quantity, r.unit_price, r.discount,
         r.tax_rate_bp, r.tax, r.total, r.refund_of_line_id, r.unit_cost
  from pg_catalog.jsonb_to_recordset(v_rows) as r(id uuid, line_no int, product_id uuid, sku text, name text,
       quantity numeric, unit_price bigint, discount bigint, tax_rate_bp int, tax bigint, total bigint,
       refund_of_line_id uuid, unit_cost bigint);
  v_cash := private.record_payments((h.company).id, v_id, private.arg_array(p_args, 'payments', 0, 20), v_total, true);
  perform private.check_rounding(v_rounding, h.company, v_cash);
  perform private.flag_unverified('sale.refund', private.flag_row(p_op_id, (h.company).id, (h.terminal).id, v_id,
    h.occurred_at, h.cashier_id, h.cashier_verified, h.approved_by, h.claimed_by, h.approval_action,
    h.approval_verified));
  return pg_catalog.jsonb_build_object('company_id', (h.company).id, 'terminal_id', (h.terminal).id,
    'warnings', case when v_restock then private.sale_stock(v_sale, 1) else '[]'::jsonb end);
end
$$;


-- [OPS-2] One op as before, and [STAFF-12] the new op activity.record.
create or replace function private.apply_op(p_op jsonb, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_op_id uuid;
  v_name text;
  v_args jsonb;
  v_existing public.applied_ops;
  v_out jsonb;
  v_state text;
  v_message text;
  v_hint text;
  v_constraint text;
  v_code text;
  v_error jsonb;
  v_digest text;
  v_company uuid;
begin
  if pg_catalog.jsonb_typeof(p_op) is distinct from 'object' then
    return pg_catalog.jsonb_build_object('op_id', null, 'status', 'rejected', 'error',
      pg_catalog.jsonb_build_object('code', 'invalid_op', 'message', 'Each op must be a JSON object'));
  end if;
  if coalesce(p_op ->> 'op_id', '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return pg_catalog.jsonb_build_object('op_id', p_op -> 'op_id', 'status', 'rejected', 'error',
      pg_catalog.jsonb_build_object('code', 'invalid_op', 'message', 'op_id must be a UUID'));
  end if;
  v_op_id := (p_op ->> 'op_id')::uuid;
  v_name := left(coalesce(p_op ->> 'name', ''), 100);
  v_args := p_op -> 'args';
  v_digest := private.op_digest(v_name, v_args);
  select * into v_existing from public.applied_ops a where a.op_id = v_op_id;
  if found then return private.replay_answer(v_existing, v_digest, p_user); end if;
  begin
    if pg_catalog.jsonb_typeof(p_op -> 'name') is distinct from 'string' then
      perform private.reject('invalid_op', 'name must be a string');
    end if;
    if pg_catalog.jsonb_typeof(v_args) is distinct from 'object' then
      perform private.reject('invalid_op', 'args must be a JSON object');
    end if;
    -- Claim the op_id first: a concurrent batch with the same op waits here and then sees it as done.
    insert into public.applied_ops (op_id, user_id, name, digest, status, seq, created_at)
    values (v_op_id, p_user, v_name, v_digest, 'applied',
            case when pg_catalog.jsonb_typeof(p_op -> 'seq') = 'number'
                  and (p_op ->> 'seq') ~ '^[0-9]{1,15}$' then (p_op ->> 'seq')::bigint end,
            case when coalesce(p_op ->> 'created_at', '') ~ '^\d{4}-\d{2}-\d{2}T[0-9:.]+(Z|[+-][0-9:]+)$'
                 then (p_op ->> 'created_at')::timestamptz end)
    on conflict (op_id) do nothing;
    if not found then
      select * into v_existing from public.applied_ops a where a.op_id = v_op_id;
      return private.replay_answer(v_existing, v_digest, p_user);
    end if;
    v_out := case v_name
      when 'sale.record' then private.op_sale_record(v_args, v_op_id, p_user)
      when 'sale.refund' then private.op_sale_refund(v_args, v_op_id, p_user)
      when 'customer.upsert' then private.op_customer_upsert(v_args, v_op_id, p_user)
      when 'stock.move' then private.op_stock_move(v_args, v_op_id, p_user)
      when 'shift.open' then private.op_shift_open(v_args, v_op_id, p_user)
      when 'shift.close' then private.op_shift_close(v_args, v_op_id, p_user)
      when 'cash.move' then private.op_cash_move(v_args, v_op_id, p_user)
      when 'activity.record' then private.op_activity_record(v_args, v_op_id, p_user)
    end;
    if v_out is null then
      perform private.reject('unknown_op', 'Unknown op ' || v_name);
    end if;
    update public.applied_ops a
    set company_id = (v_out ->> 'company_id')::uuid,
        terminal_id = coalesce((v_out ->> 'terminal_id')::uuid, private.try_uuid(p_op ->> 'terminal_id')),
        result = v_out - 'company_id' - 'terminal_id'
    where a.op_id = v_op_id;
    return pg_catalog.jsonb_build_object('op_id', v_op_id, 'status', 'applied',
                                         'txid', pg_catalog.pg_current_xact_id()::text)
           || case when pg_catalog.jsonb_array_length(coalesce(v_out -> 'warnings', '[]')) > 0
                   then pg_catalog.jsonb_build_object('warnings', v_out -> 'warnings') else '{}' end
           || case when v_out ? 'result' then pg_catalog.jsonb_build_object('result', v_out -> 'result')
                   else '{}' end;
  exception when others then
    get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_hint = pg_exception_hint,
                            v_constraint = constraint_name;
    -- [OPS-11] Transient failures (serialization, deadlock, lock or statement timeout, shutdown) fail the
    -- whole call so the till retries the batch; nothing of it is kept.
    if v_state like '40%' or v_state like '53%' or v_state like '57%' or v_state like '08%' or v_state = '55P03' then
      raise;
    end if;
    v_code := private.error_code(v_state, v_hint, v_constraint);
    v_error := pg_catalog.jsonb_build_object('code', v_code, 'message',
      case v_code
        when 'server_error' then 'The server could not apply this op (' || v_state || '): ' || v_message
        when 'duplicate_receipt_no' then 'Receipt number ' || coalesce(v_args ->> 'receipt_no', '')
                                         || ' is already used by another sale of this company'
        when 'duplicate_id' then 'An id in this op is already used by another record (' || v_constraint || ')'
        when 'shift_already_open' then 'This terminal already has an open shift'
        else v_message end);
    v_company := private.op_company(v_name, v_args);
    -- [OPS-14] Only a member's rejection is recorded against a shop: a stranger cannot claim a shop's op_id.
    if private.is_recorded_rejection(v_code) and (v_company is null or private.is_member(v_company)) then
      insert into public.applied_ops (op_id, company_id, terminal_id, user_id, name, digest, status, error)
      values (v_op_id, v_company, private.try_uuid(coalesce(v_args ->> 'terminal_id', p_op ->> 'terminal_id')),
              p_user, v_name, v_digest, 'rejected', v_error)
      on conflict (op_id) do nothing;
    end if;
    return pg_catalog.jsonb_build_object('op_id', v_op_id, 'status', 'rejected', 'error', v_error,
                                         'txid', pg_catalog.pg_current_xact_id()::text);
  end;
end
$$;


-- [OPS-15] [STAFF-4] [STAFF-5] [STAFF-11] The batch path's checks, with the cashier from staff and the cashier's
-- and approval's verification worked out for the whole run at once, by the same rules as the one-op path
-- (private.cashier_ok, private.approval_ok). A proof never decides the path: unverified sales are recorded.
create or replace function private.plain_sales(p_ops jsonb, p_user uuid) returns jsonb
-- [OPS-15] PL/pgSQL, not SQL: Postgres (before 18) plans a SQL function's statement again on every call, and
-- on PGlite that planning cost a third of checking a batch of 100. Prepared once per connection, it keeps one
-- generic plan from the first call (plan_cache_mode): nothing in a parameter's value could improve the plan,
-- the ops arrive as one JSON array either way. record_sales below does the same (issue 17, P5).
language plpgsql stable security definer set search_path = '' set jit = off
  set enable_hashjoin = off set enable_mergejoin = off set plan_cache_mode = force_generic_plan as $$
begin
  return (
    with op as (
      select o.n, (o.op ->> 'op_id')::uuid as op_id, o.op, o.op -> 'args' as args, a.*
      from pg_catalog.jsonb_array_elements(p_ops) with ordinality as o(op, n)
      cross join lateral pg_catalog.jsonb_to_record(o.op -> 'args') as a(
        id jsonb, terminal_id jsonb, shift_id jsonb, cashier_id jsonb, customer_id jsonb, receipt_no jsonb,
        occurred_at jsonb, note jsonb, subtotal jsonb, discount_total jsonb, tax_total jsonb, rounding jsonb,
        total jsonb, lines jsonb, payments jsonb, cashier_proof jsonb, approval jsonb)
    ),
    head as (
      select op.n, op.op_id, op.op, op.args, t.id as terminal_id, t.company_id, t.store_id, t.code,
             c.currency, c.prices_include_tax, c.cash_rounding,
             private.plain_uuid(op.id) as id, private.plain_uuid(op.shift_id) as shift_id,
             coalesce(private.plain_uuid(op.cashier_id), p_user) as cashier_id,
             private.plain_uuid(op.customer_id) as customer_id, private.plain_text(op.receipt_no, 20) as receipt_no,
             private.plain_time(op.occurred_at) as occurred_at, private.plain_text(op.note, 2000) as note,
             private.plain_money(op.subtotal) as subtotal, private.plain_money(op.discount_total) as discount_total,
             private.plain_money(op.tax_total) as tax_total,
             coalesce(private.plain_money(op.rounding, true), 0) as rounding, private.plain_money(op.total) as total,
             op.lines, coalesce(op.payments, '[]') as payments, private.plain_array(op.lines, 1, 1000) as lines_ok,
             private.plain_array(coalesce(op.payments, '[]'), 0, 20) as payments_ok,
             (op.shift_id is null or private.plain_uuid(op.shift_id) is not null)
             and (op.cashier_id is null or private.plain_uuid(op.cashier_id) is not null)
             and (op.customer_id is null or private.plain_uuid(op.customer_id) is not null)
             and (op.note is null or private.plain_text(op.note, 2000) is not null)
             and (op.subtotal is null or private.plain_money(op.subtotal) is not null)
             and (op.discount_total is null or private.plain_money(op.discount_total) is not null)
             and (op.rounding is null or private.plain_money(op.rounding, true) is not null)
             -- [STAFF-4] [STAFF-11] as private.op_cashier and private.op_approval read them.
             and (op.cashier_proof is null or private.plain_text(op.cashier_proof, 200) is not null)
             and (op.approval is null
                  or (pg_catalog.jsonb_typeof(op.approval) = 'object'
                      and private.plain_uuid(op.approval -> 'by') is not null
                      and private.is_approval_action(private.plain_text(op.approval -> 'action', 20))
                      and (coalesce(op.approval -> 'proof', 'null') = 'null'
                           or private.plain_text(op.approval -> 'proof', 200) is not null)))
               as optional_ok,
             -- [SALE-3] [STAFF-5] The cashier's staff row (none: not on this shop's staff).
             st.id as staff_id, private.plain_text(op.cashier_proof, 200) as cashier_proof,
             private.cashier_ok(st.active, st.user_id, k.pin_key, p_user, t.company_id, private.plain_uuid(op.id),
                                private.plain_text(op.cashier_proof, 200)) as cashier_verified,
             coalesce(st.user_id, p_user) as mover,
             private.plain_uuid(op.approval -> 'by') as claimed_by, ast.id as approved_by,
             private.plain_text(op.approval -> 'action', 20) as approval_action,
             case when op.approval is not null
                  then private.approval_ok(ast.active, ast.role, ast.user_id, ak.pin_key, p_user,
                                           coalesce(private.plain_uuid(op.cashier_id), p_user), t.company_id,
                                           private.plain_uuid(op.id), private.plain_text(op.approval -> 'action', 20),
                                           private.plain_text(op.approval -> 'proof', 200)) end as approval_verified
      from op
      left join public.terminals t on t.id = private.plain_uuid(op.terminal_id)
      left join public.companies c on c.id = t.company_id
      left join public.staff st
        on st.company_id = t.company_id and st.id = coalesce(private.plain_uuid(op.cashier_id), p_user)
      left join private.staff_pin_keys k on k.company_id = st.company_id and k.staff_id = st.id
      left join public.staff ast on ast.company_id = t.company_id and ast.id = private.plain_uuid(op.approval -> 'by')
      left join private.staff_pin_keys ak on ak.company_id = ast.company_id and ak.staff_id = ast.id
    ),
    line as (
      select h.n, l.i, l.v, r.*, private.plain_uuid(r.id) as line_id, private.plain_uuid(r.product_id) as product,
             private.plain_quantity(r.quantity) as qty, private.plain_money(r.unit_price) as price,
             coalesce(private.plain_money(r.discount), 0) as disc, private.plain_int(r.tax_rate_bp, 0, 10000) as rate,
             private.plain_money(r.tax) as line_tax, private.plain_money(r.total) as line_total,
             p.id as known_product, p.track_stock, h.prices_include_tax
      from head h
      cross join lateral pg_catalog.jsonb_array_elements(
        case when h.lines_ok then h.lines else '[]' end) with ordinality as l(v, i)
      cross join lateral pg_catalog.jsonb_to_record(
        case when pg_catalog.jsonb_typeof(l.v) = 'object' then l.v else '{}' end) as r(
        id jsonb, product_id jsonb, sku jsonb, name jsonb, quantity jsonb, unit_price jsonb, discount jsonb,
        tax_rate_bp jsonb, tax jsonb, total jsonb)
      left join public.products p on p.id = private.plain_uuid(r.product_id) and p.company_id = h.company_id
    ),
    priced as (
      select line.*, private.plain_text(line.sku, 64) as sku_text, private.plain_text(line.name, 200) as name_text,
             -- [SALE-5] extended = unit price × quantity rounded once (guarded: no cast can overflow).
             case when line.price::numeric * line.qty <= 1000000000000
                  then private.mul_div_round(line.price, (line.qty * 1000)::bigint, 1000) end as extended
      from line
    ),
    checked_line as (
      select priced.*, coalesce(
        priced.line_id is not null and priced.qty is not null and priced.rate is not null
        and priced.line_tax is not null and priced.line_total is not null and priced.extended is not null
        and (priced.product_id is null or priced.known_product is not null)
        and (priced.discount is null or private.plain_money(priced.discount) is not null)
        and (priced.sku is null or priced.sku_text is not null)
        and private.is_name(priced.name_text)
        and priced.disc <= priced.extended
        and priced.line_tax = private.line_tax(priced.extended - priced.disc, priced.rate::int, priced.prices_include_tax)
        and priced.line_total = priced.extended - priced.disc
                                + case when priced.prices_include_tax then 0 else priced.line_tax end, false) as ok
      from priced
    ),
    lines as (
      select l.n, bool_and(l.ok) as ok, sum(l.extended) as subtotal, sum(l.disc) as discounts,
             sum(l.line_tax) as taxes, sum(l.line_total) as totals,
             pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'id', l.line_id, 'line_no', l.i, 'product_id', l.product, 'sku', l.sku_text, 'name', l.name_text,
               'quantity', l.qty, 'unit_price', l.price, 'discount', l.disc, 'tax_rate_bp', l.rate, 'tax', l.line_tax,
               'total', l.line_total, 'track_stock', coalesce(l.track_stock, false)) order by l.i) as rows
      from checked_line l group by l.n
    ),
    payment as (
      select h.n, p.j, r.*, private.plain_uuid(r.id) as payment_id, private.plain_text(r.method, 10) as method_text,
             private.plain_money(r.amount) as amount_value, private.plain_money(r.tendered) as tendered_value,
             coalesce(private.plain_money(r.change), 0) as change_value, private.plain_text(r.reference, 200) as ref
      from head h
      cross join lateral pg_catalog.jsonb_array_elements(
        case when h.payments_ok then h.payments else '[]' end) with ordinality as p(v, j)
      cross join lateral pg_catalog.jsonb_to_record(
        case when pg_catalog.jsonb_typeof(p.v) = 'object' then p.v else '{}' end) as r(
        id jsonb, method jsonb, amount jsonb, tendered jsonb, change jsonb, reference jsonb)
    ),
    payments as (
      -- [SALE-7] Each tender positive; only cash has tendered/change, and change = tendered − amount.
      select p.n, sum(p.amount_value) as paid, bool_or(p.method_text = 'cash') as cash,
        bool_and(coalesce(p.payment_id is not null and p.method_text in ('cash', 'card', 'other') and p.amount_value > 0
          and (p.tendered is null or p.tendered_value is not null)
          and (p.change is null or private.plain_money(p.change) is not null)
          and (p.reference is null or p.ref is not null)
          and case when p.method_text = 'cash'
                   then coalesce(p.tendered_value, p.amount_value) - p.amount_value = p.change_value
                   else coalesce(p.tendered_value, p.amount_value) = p.amount_value and p.change_value = 0 end,
          false)) as ok,
        pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
          'id', p.payment_id, 'method', p.method_text, 'amount', p.amount_value,
          'tendered', case when p.method_text = 'cash' then p.tendered_value end, 'change', p.change_value,
          'reference', p.ref)) as rows
      from payment p group by p.n
    ),
    -- Ids an op shares with a stored row, or with an earlier op of the run (or an earlier item of its own).
    taken as (
      select o.n from op o join public.applied_ops a on a.op_id = o.op_id
      union
      select h.n from head h join public.sales s on s.id = h.id
      union
      select h.n from head h join public.sales s on s.company_id = h.company_id and s.receipt_no = h.receipt_no
      union
      select l.n from line l join public.sale_lines s on s.id = l.line_id
      union
      select l.n from line l join public.stock_movements m on m.id = l.line_id
      union
      select p.n from payment p join public.payments s on s.id = p.payment_id
      union
      select r.n from (
        select o.n, pg_catalog.row_number() over (partition by o.op_id order by o.n) as k from op o
        union all
        select h.n, pg_catalog.row_number() over (partition by h.id order by h.n) from head h
        union all
        select h.n, pg_catalog.row_number() over (partition by h.company_id, h.receipt_no order by h.n) from head h
        union all
        select l.n, pg_catalog.row_number() over (partition by l.line_id order by l.n, l.i) from line l
        union all
        select p.n, pg_catalog.row_number() over (partition by p.payment_id order by p.n, p.j) from payment p
      ) r where r.k > 1
    )
    select pg_catalog.jsonb_agg(case when
        h.id is not null and h.company_id is not null and h.optional_ok
        and h.company_id in (select private.company_ids('cashier'))
        -- [SALE-2] [SALE-3] [SALE-4]
        and (h.shift_id is null
             or exists (select 1 from public.shifts s where s.id = h.shift_id and s.terminal_id = h.terminal_id))
        and h.staff_id is not null
        and (h.customer_id is null
             or exists (select 1 from public.customers c where c.id = h.customer_id and c.company_id = h.company_id))
        and h.receipt_no ~ ('^' || h.code || '-[0-9]{6,9}$') and h.occurred_at is not null
        and h.total is not null and h.tax_total is not null
        and h.lines_ok and h.payments_ok
        -- [SALE-1] The lines add up; the sales table takes the subtotal.
        and l.ok and l.taxes = h.tax_total and l.totals + h.rounding = h.total and l.subtotal <= 1000000000000
        and coalesce(h.subtotal, l.subtotal) = l.subtotal and coalesce(h.discount_total, l.discounts) = l.discounts
        and coalesce(p.ok, true) and coalesce(p.paid, 0) = h.total
        -- [SALE-6]
        and (h.rounding = 0 or (pg_catalog.abs(h.rounding) * 2 <= h.cash_rounding and coalesce(p.cash, false)))
        and h.n not in (select t.n from taken t)
      then pg_catalog.jsonb_build_object(
        'op_id', h.op_id, 'digest', private.op_digest('sale.record', h.args),
        'seq', case when pg_catalog.jsonb_typeof(h.op -> 'seq') = 'number' and (h.op ->> 'seq') ~ '^[0-9]{1,15}$'
                    then (h.op ->> 'seq')::bigint end,
        'created_at', case when coalesce(h.op ->> 'created_at', '') ~ '^\d{4}-\d{2}-\d{2}T[0-9:.]+(Z|[+-][0-9:]+)$'
                           then h.op ->> 'created_at' end,
        'id', h.id, 'company_id', h.company_id, 'store_id', h.store_id, 'terminal_id', h.terminal_id,
        'shift_id', h.shift_id, 'cashier_id', h.cashier_id, 'customer_id', h.customer_id, 'receipt_no', h.receipt_no,
        'currency', h.currency, 'prices_include_tax', h.prices_include_tax, 'subtotal', l.subtotal,
        'discount_total', l.discounts, 'tax_total', h.tax_total, 'rounding', h.rounding, 'total', h.total,
        'note', h.note, 'occurred_at', h.occurred_at, 'lines', l.rows, 'payments', coalesce(p.rows, '[]'),
        'cashier_verified', h.cashier_verified, 'mover', h.mover, 'claimed_by', h.claimed_by,
        'approved_by', h.approved_by, 'approval_action', h.approval_action, 'approval_verified', h.approval_verified)
      else 'null'::jsonb end order by h.n)
    from head h
    left join lines l on l.n = h.n
    left join payments p on p.n = h.n
  );
end
$$;


-- [OPS-15] [STAFF-6] The batch path's writes, with the verification columns and the flags; a movement's user
-- is the cashier's account, or the sender's for PIN-only staff (as private.sale_stock).
create or replace function private.record_sales(p_sales jsonb, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' set jit = off
  set enable_hashjoin = off set enable_mergejoin = off set plan_cache_mode = force_generic_plan as $$
declare
  v_moves jsonb;
  v_claimed int;
  v_answers jsonb;
begin
  insert into public.sales (id, company_id, store_id, terminal_id, shift_id, cashier_id, customer_id, kind,
                            receipt_no, currency, prices_include_tax, subtotal, discount_total, tax_total, rounding,
                            total, note, occurred_at, op_id, cashier_verified, approved_by, approval_action,
                            approval_verified)
  select s.id, s.company_id, s.store_id, s.terminal_id, s.shift_id, s.cashier_id, s.customer_id, 'sale',
         s.receipt_no, s.currency, s.prices_include_tax, s.subtotal, s.discount_total, s.tax_total, s.rounding,
         s.total, s.note, s.occurred_at, s.op_id, s.cashier_verified, s.approved_by, s.approval_action,
         s.approval_verified
  from pg_catalog.jsonb_to_recordset(p_sales) as s(id uuid, company_id uuid, store_id uuid, terminal_id uuid,
       shift_id uuid, cashier_id uuid, customer_id uuid, receipt_no text, currency char(3),
       prices_include_tax boolean, subtotal bigint, discount_total bigint, tax_total bigint, rounding bigint,
       total bigint, note text, occurred_at timestamptz, op_id uuid, cashier_verified boolean, approved_by uuid,
       approval_action text, approval_verified boolean)
  order by s.id;
  -- [STAFF-6] The run's unverified cashiers and approvals, flagged as the one-op path flags them.
  perform private.flag_unverified('sale.record', p_sales);

  insert into public.sale_lines (id, company_id, sale_id, line_no, product_id, sku, name, quantity, unit_price,
                                 discount, tax_rate_bp, tax, total)
  select l.id, s.company_id, s.id, l.line_no, l.product_id, l.sku, l.name, l.quantity, l.unit_price, l.discount,
         l.tax_rate_bp, l.tax, l.total
  from pg_catalog.jsonb_to_recordset(p_sales) as s(id uuid, company_id uuid, lines jsonb)
  cross join lateral pg_catalog.jsonb_to_recordset(s.lines) as l(id uuid, line_no int, product_id uuid, sku text,
       name text, quantity numeric, unit_price bigint, discount bigint, tax_rate_bp int, tax bigint, total bigint)
  order by l.id;

  insert into public.payments (id, company_id, sale_id, method, amount, tendered, change, reference)
  select p.id, s.company_id, s.id, p.method, p.amount, p.tendered, p.change, p.reference
  from pg_catalog.jsonb_to_recordset(p_sales) as s(id uuid, company_id uuid, payments jsonb)
  cross join lateral pg_catalog.jsonb_to_recordset(s.payments) as p(id uuid, method text, amount bigint,
       tendered bigint, change bigint, reference text)
  order by p.id;

  -- [STOCK-2] One movement per tracked product line, read from the batch rather than the stored lines: a
  -- join to sale_lines scanned the whole table once it held more rows than the batch.
  with moved as (
    insert into public.stock_movements (id, company_id, store_id, product_id, delta, reason, sale_id, sale_line_id,
                                        terminal_id, user_id, occurred_at, op_id)
    select l.id, s.company_id, s.store_id, l.product_id, -l.quantity, 'sale', s.id, l.id, s.terminal_id,
           s.mover, s.occurred_at, s.op_id
    from pg_catalog.jsonb_to_recordset(p_sales) as s(id uuid, company_id uuid, store_id uuid, terminal_id uuid,
         mover uuid, occurred_at timestamptz, op_id uuid, lines jsonb)
    cross join lateral pg_catalog.jsonb_to_recordset(s.lines) as l(id uuid, product_id uuid, quantity numeric)
    join public.products p on p.id = l.product_id
    where p.track_stock
    order by l.product_id, l.id
    returning sale_id, store_id, product_id, delta
  )
  select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(moved)) into v_moves from moved;

  -- [STOCK-3] Each sale's negative-stock warnings as they stood after it: the level now, less what the
  -- sales after it in this batch took.
  with sale as (
    select s.n, s.id, s.op_id, s.company_id, s.terminal_id, s.store_id, s.lines
    from rows from (pg_catalog.jsonb_to_recordset(p_sales) as (id uuid, op_id uuid, company_id uuid,
         terminal_id uuid, store_id uuid, lines jsonb)) with ordinality as s(id, op_id, company_id, terminal_id,
         store_id, lines, n)
  ),
  move as (
    select s.n, m.store_id, m.product_id, m.delta
    from pg_catalog.jsonb_to_recordset(coalesce(v_moves, '[]')) as m(sale_id uuid, store_id uuid, product_id uuid,
         delta numeric)
    join sale s on s.id = m.sale_id
  ),
  touched as (
    select distinct s.n, s.store_id, l.product_id
    from sale s cross join lateral pg_catalog.jsonb_to_recordset(s.lines) as l(product_id uuid)
    where l.product_id is not null
  ),
  -- What the sales after each one in this batch took of each product it sold (null: none came after).
  later as (
    select t.n, t.store_id, t.product_id,
           sum(coalesce(m.delta, 0)) over (partition by t.store_id, t.product_id order by t.n
                                          rows between 1 following and unbounded following) as delta
    from touched t
    left join (select m.n, m.store_id, m.product_id, sum(m.delta) as delta from move m group by 1, 2, 3) m
      on m.n = t.n and m.store_id = t.store_id and m.product_id = t.product_id
  ),
  level as (
    select t.n, t.store_id, t.product_id, coalesce(k.on_hand - t.delta, k.on_hand) as on_hand
    from later t join public.stock_levels k on k.store_id = t.store_id and k.product_id = t.product_id
  ),
  warned as (
    select s.n, s.op_id, s.company_id, s.terminal_id, coalesce(w.warnings, '[]') as warnings
    from sale s
    left join (
      select v.n, pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('code', 'negative_stock',
               'product_id', v.product_id, 'store_id', v.store_id, 'on_hand', v.on_hand) order by v.product_id)
               as warnings
      from level v where v.on_hand < 0 group by v.n) w on w.n = s.n
  ),
  claimed as (
    insert into public.applied_ops (op_id, company_id, terminal_id, user_id, name, digest, status, seq, created_at,
                                    result)
    select s.op_id, w.company_id, w.terminal_id, p_user, 'sale.record', s.digest, 'applied', s.seq,
           s.created_at::timestamptz, pg_catalog.jsonb_build_object('warnings', w.warnings)
    from pg_catalog.jsonb_to_recordset(p_sales) as s(op_id uuid, digest text, seq bigint, created_at text)
    join warned w on w.op_id = s.op_id
    order by s.op_id
    on conflict (op_id) do nothing
    returning op_id
  )
  select (select count(*) from claimed),
         pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('op_id', w.op_id, 'status', 'applied',
                                'txid', pg_catalog.pg_current_xact_id()::text)
                              || case when pg_catalog.jsonb_array_length(w.warnings) > 0
                                      then pg_catalog.jsonb_build_object('warnings', w.warnings) else '{}' end
                              order by w.n)
    into v_claimed, v_answers
  from warned w;
  if v_claimed <> pg_catalog.jsonb_array_length(p_sales) then
    raise exception 'An op of this batch was claimed by another batch meanwhile' using errcode = 'P0001',
      hint = 'claimed_meanwhile';
  end if;
  return v_answers;
end
$$;


grant execute on all functions in schema private to anon, authenticated, service_role;

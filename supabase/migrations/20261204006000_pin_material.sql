-- Approvals cannot be forged, part 1: who holds PIN material, and how it is derived (issue 33; supabase/SPEC.md
-- §22 [STAFF-14]…; docs/shared-till.md). Before this, every member read every staff member's salt and
-- verifier (REST and pull_changes), so a cashier could guess a manager's 4-digit PIN offline in minutes.
-- * private.may_read_pin_material(company): the sessions allowed to check PINs offline (managers and owners;
--   paired shared tills are added by the pairing migration);
-- * staff.pin_salt / pin_iterations / pin_kdf / pin_verifier: not selectable through the API at all (column
--   privileges); pull_changes('staff') carries them only to those sessions, and a person's own row to them;
--   staff.pin_set says whether a PIN is set, for everyone;
-- * staff.pin_kdf (name + parameters): Argon2id for new PINs, PBKDF2 rows keep working until reset;
-- * companies.approval_pin_digits (4 or 6) and set_staff_pin(…, p_kdf, …, p_digits).

-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-14] Who may hold PIN material
-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-14] True for the sessions allowed to check this shop's PINs offline: an active manager or owner
-- member (a paired shared till is added by the pairing migration). Everyone else checks a PIN online
-- (check_staff_pin) and never receives another person's salt, parameters or verifier.
create function private.may_read_pin_material(p_company uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.has_role(p_company, 'manager')
$$;
comment on function private.may_read_pin_material(uuid) is
  'Whether the caller may receive the shop''s PIN salts, parameters and verifiers (STAFF-14).';

-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-15] The key derivation, named beside the salt
-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-15] {"name": "argon2id", "m": KiB, "t": passes, "p": lanes} or, for PINs set before,
-- {"name": "pbkdf2-sha256", "iterations": n}. The server never derives a key (it never sees a PIN): it
-- bounds the parameters so a till cannot store a PIN that is cheap to guess.
create function private.pin_kdf_ok(p_kdf jsonb) returns boolean
language sql immutable as $$
  select coalesce(case p_kdf ->> 'name'
    when 'argon2id' then
      (select pg_catalog.array_agg(k order by k) from pg_catalog.jsonb_object_keys(p_kdf) k) = array['m', 'name', 'p', 't']
      and pg_catalog.jsonb_typeof(p_kdf -> 'm') = 'number' and (p_kdf ->> 'm') ~ '^[0-9]{1,7}$'
      and (p_kdf ->> 'm')::int between 19456 and 262144
      and pg_catalog.jsonb_typeof(p_kdf -> 't') = 'number' and (p_kdf ->> 't') ~ '^[0-9]{1,2}$'
      and (p_kdf ->> 't')::int between 1 and 10
      and pg_catalog.jsonb_typeof(p_kdf -> 'p') = 'number' and (p_kdf ->> 'p') ~ '^[0-9]$'
      and (p_kdf ->> 'p')::int between 1 and 4
    when 'pbkdf2-sha256' then
      (select pg_catalog.array_agg(k order by k) from pg_catalog.jsonb_object_keys(p_kdf) k) = array['iterations', 'name']
      and pg_catalog.jsonb_typeof(p_kdf -> 'iterations') = 'number' and (p_kdf ->> 'iterations') ~ '^[0-9]{1,8}$'
      and (p_kdf ->> 'iterations')::int between 100000 and 10000000
    else false end, false)
$$;

alter table public.staff add column pin_kdf jsonb check (pin_kdf is null or private.pin_kdf_ok(pin_kdf));
comment on column public.staff.pin_kdf is
  'How the PIN key is derived: {"name":"argon2id","m","t","p"} or {"name":"pbkdf2-sha256","iterations"} (STAFF-15).';
-- Every PIN set so far is PBKDF2-SHA256; it keeps working until it is reset.
update public.staff s
set pin_kdf = pg_catalog.jsonb_build_object('name', 'pbkdf2-sha256', 'iterations', s.pin_iterations)
where s.pin_iterations is not null;
-- pin_iterations stays for PBKDF2 rows only (tills from before read it); the salt, kdf and verifier come
-- together or not at all.
alter table public.staff drop constraint staff_check1;
alter table public.staff add constraint staff_pin_material_check check (
  (pin_salt is null) = (pin_verifier is null) and (pin_salt is null) = (pin_kdf is null)
  and (pin_iterations is null or pin_kdf ->> 'name' = 'pbkdf2-sha256'));
-- [STAFF-14] Whether a PIN is set, which every member may read (the lock screen, Settings → Staff).
alter table public.staff add column pin_set boolean generated always as (pin_verifier is not null) stored;

-- [STAFF-14] Nobody reads PIN material through the API: members select every other column of their shop's
-- staff (RLS as before); a till that may check PINs offline gets it from pull_changes below.
revoke select on public.staff from authenticated;
grant select (company_id, id, user_id, name, role, active, created_at, updated_at, deleted_at, txid, pin_set)
  on public.staff to authenticated;

-- [STAFF-16] The number of digits the setter's browser says the PIN has (the server never sees the PIN, so
-- it cannot check it: a modified browser can claim anything). Kept with the key, out of the API's reach.
alter table private.staff_pin_keys add column pin_digits smallint check (pin_digits between 4 and 6);

-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-16] Six-digit approval PINs
-- ---------------------------------------------------------------------------------------------------------
alter table public.companies
  add column approval_pin_digits int not null default 4 check (approval_pin_digits in (4, 6));
comment on column public.companies.approval_pin_digits is
  'Digits a manager''s or owner''s PIN must have when it is set (4 or 6); enforced where PINs are set (STAFF-16).';
grant update (approval_pin_digits) on public.companies to authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-18] Failed PIN tries, kept on the server
-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-18] One row per staff member whose PIN was tried wrong: online checks (check_staff_pin) and proofs
-- that reach apply_ops and do not verify count alike. `failures` wrong in a row (forgotten an hour after the
-- last), `lockouts` how often in a row they were locked (forgotten a day after), `locked_until` when tries
-- are allowed again. Written only by the server's functions.
create table private.pin_attempts (
  company_id uuid not null,
  staff_id uuid not null,
  failures int not null default 0,
  lockouts int not null default 0,
  locked_until timestamptz,
  last_failure_at timestamptz,
  primary key (company_id, staff_id),
  foreign key (company_id, staff_id) references public.staff (company_id, id)
);
comment on table private.pin_attempts is 'Wrong PIN tries and lockouts per staff member (STAFF-18).';
alter table private.pin_attempts enable row level security;
revoke all on private.pin_attempts from public, anon, authenticated;

-- [STAFF-18] Every try, by whom (the signed-in caller) and how: the per-caller rate limit of check_staff_pin
-- reads it, and managers can see who was guessing. Kept a day.
create table private.pin_tries (
  id bigint generated always as identity primary key,
  company_id uuid not null,
  staff_id uuid not null,
  caller uuid,
  source text not null check (source in ('check', 'proof')),
  ok boolean not null,
  at timestamptz not null default now()
);
create index pin_tries_caller_idx on private.pin_tries (caller, at);
alter table private.pin_tries enable row level security;
revoke all on private.pin_tries from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-9] [STAFF-15] [STAFF-16] set_staff_pin with the derivation named
-- ---------------------------------------------------------------------------------------------------------
drop function public.set_staff_pin(uuid, uuid, text, int, text, text);
create function public.set_staff_pin(p_company_id uuid, p_staff_id uuid, p_salt text, p_kdf jsonb, p_key text,
                                     p_verifier text, p_digits int) returns public.staff
language plpgsql security definer set search_path = '' as $$
declare
  v_target public.staff;
  v_row public.staff;
  v_required int;
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
  if not private.pin_kdf_ok(p_kdf) then
    perform private.reject('invalid_args', 'p_kdf must be {"name":"argon2id","m":19456…262144,"t":1…10,"p":1…4} '
      || 'or {"name":"pbkdf2-sha256","iterations":100000…10000000}');
  end if;
  if coalesce(p_key, '') !~ '^[0-9a-f]{64}$' or coalesce(p_verifier, '') !~ '^[0-9a-f]{64}$' then
    perform private.reject('invalid_args', 'p_key and p_verifier must be 32 bytes as 64 lowercase hex digits');
  end if;
  if p_digits is null or p_digits not between 4 and 6 then
    perform private.reject('invalid_args', 'p_digits must be the PIN''s length, 4 to 6');
  end if;
  -- [STAFF-16] What the browser says of the PIN's length is all the server can check.
  select c.approval_pin_digits into v_required from public.companies c where c.id = p_company_id;
  if v_target.role in ('manager', 'owner') and p_digits < v_required then
    perform private.reject('pin_too_short', 'This shop asks managers and owners for a ' || v_required
      || '-digit PIN');
  end if;
  -- [PIN-3] verifier = SHA-256(key ‖ "tillpoint-pin-verifier"): a pair that does not match would lock the
  -- person out of every till while the server accepted their proofs.
  if pg_catalog.encode(extensions.digest(pg_catalog.decode(p_key, 'hex')
                                         || pg_catalog.convert_to('tillpoint-pin-verifier', 'UTF8'), 'sha256'),
                       'hex') <> p_verifier then
    perform private.reject('verifier_mismatch', 'p_verifier is not SHA-256(key ‖ "tillpoint-pin-verifier")');
  end if;
  update public.staff s
  set pin_salt = p_salt, pin_kdf = p_kdf, pin_verifier = p_verifier,
      pin_iterations = case when p_kdf ->> 'name' = 'pbkdf2-sha256' then (p_kdf ->> 'iterations')::int end
  where s.company_id = p_company_id and s.id = p_staff_id
  returning * into v_row;
  insert into private.staff_pin_keys (company_id, staff_id, pin_key, pin_digits)
  values (p_company_id, p_staff_id, p_key, p_digits)
  on conflict (company_id, staff_id) do update set pin_key = excluded.pin_key, pin_digits = excluded.pin_digits;
  -- [STAFF-18] A new PIN starts with no failed tries.
  delete from private.pin_attempts a where a.company_id = p_company_id and a.staff_id = p_staff_id;
  return v_row;
end
$$;
comment on function public.set_staff_pin(uuid, uuid, text, jsonb, text, text, int) is
  'Stores a staff member''s PIN salt, derivation, key (server only) and verifier (STAFF-9, STAFF-15, STAFF-16).';
revoke execute on function public.set_staff_pin(uuid, uuid, text, jsonb, text, text, int) from public, anon;
grant execute on function public.set_staff_pin(uuid, uuid, text, jsonb, text, text, int)
  to authenticated, service_role;

-- [STAFF-14] A cashier promoted to manager pulls the PIN material their mirror lacks: the shop's rows with a
-- PIN are touched so they travel again. (A demoted manager's devices keep what they pulled before: reset the
-- PINs that matter, docs/shared-till.md.)
create function private.resend_pin_material() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.staff s set updated_at = pg_catalog.now()
  where s.company_id = new.company_id and s.pin_verifier is not null and s.id <> new.id;
  return null;
end
$$;
create trigger staff_promoted after update of role on public.staff
  for each row when (old.role = 'cashier' and new.role in ('manager', 'owner') and new.user_id is not null)
  execute function private.resend_pin_material();

-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-14] pull_changes('staff') carries PIN material only to those who may check PINs offline
-- ---------------------------------------------------------------------------------------------------------
-- A page of staff rows as pull_changes built it, with the PIN material of every row blanked unless the caller
-- may read it, or the row is the caller's own.
create function private.staff_pull_rows(p_rows json) returns json
language sql stable security definer set search_path = '' as $$
  select coalesce(pg_catalog.json_agg(
           case when private.may_read_pin_material((e.r ->> 'company_id')::uuid) or (e.r ->> 'id')::uuid = auth.uid()
                then e.r
                else e.r || '{"pin_salt": null, "pin_iterations": null, "pin_kdf": null, "pin_verifier": null}'::jsonb
           end order by e.n), '[]'::json)
  from pg_catalog.jsonb_array_elements(p_rows::jsonb) with ordinality as e(r, n)
$$;

-- [PULL-1]…[PULL-6] As in 20261121000600_pull_changes.sql; [STAFF-14] staff pages go through
-- private.staff_pull_rows (the one change, marked below).
create or replace function public.pull_changes(p_table text, p_after jsonb default null, p_limit int default 1000)
returns json
language plpgsql stable security definer set search_path = ''
set enable_sort = off set enable_bitmapscan = off set enable_seqscan = off as $$
declare
  v_limit int := least(greatest(coalesce(p_limit, 1000), 1), 1000);
  v_after_txid xid8 := '0';
  v_after_id uuid := '00000000-0000-0000-0000-000000000000';
  v_horizon xid8;
  v_seen_horizon xid8 := '0';
  v_companies uuid[];
  v_rows json;
  v_count int;
  v_last_txid xid8;
  v_last_id uuid;
begin
  if auth.uid() is null then
    raise exception 'Sign in to sync' using errcode = '42501', hint = 'not_signed_in';
  end if;
  perform private.require_second_factor();
  if p_table is null or not (p_table = any (private.pull_tables())) then
    raise exception 'pull_changes cannot pull %', coalesce(p_table, '(null)')
      using errcode = '22023', hint = 'unknown_table';
  end if;
  if p_after is not null and p_after <> 'null'::jsonb and p_after <> '{}'::jsonb then
    if pg_catalog.jsonb_typeof(p_after) <> 'object' or coalesce(p_after ->> 'txid', '') !~ '^[0-9]{1,20}$'
       or private.try_uuid(p_after ->> 'id') is null then
      raise exception 'after must be null or a cursor {"txid": "…", "id": "…"} from a previous page'
        using errcode = '22023', hint = 'invalid_cursor';
    end if;
    v_after_txid := (p_after ->> 'txid')::xid8;
    v_after_id := (p_after ->> 'id')::uuid;
    if coalesce(p_after ->> 'horizon', '') ~ '^[0-9]{1,20}$' then
      v_seen_horizon := (p_after ->> 'horizon')::xid8;
    end if;
  end if;
  select h.purged_through into v_horizon from private.pull_horizons h where h.table_name = p_table;
  v_horizon := coalesce(v_horizon, '0'::xid8);
  if v_after_txid <> '0'::xid8 then
    if v_horizon > v_seen_horizon and v_after_txid <= v_horizon then
      return pg_catalog.json_build_object('rows', pg_catalog.json_build_array(), 'next', null, 'has_more', false,
                                          'resync', true);
    end if;
  end if;
  v_companies := array(select private.company_ids('cashier'));
  execute format($q$
    with page as materialized (
      select t.* from pg_catalog.unnest($1::uuid[]) as c(company_id)
      cross join lateral (
        select x.* from public.%1$I x
        where x.%2$I = c.company_id and (x.txid, x.id) > ($2, $3)
          and x.txid < pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot())
        order by x.txid, x.id
        limit $4
      ) t
      order by t.txid, t.id
      limit $4
    ), last_row as (
      select p.txid, p.id from page p order by p.txid desc, p.id desc limit 1
    )
    select coalesce((select pg_catalog.json_agg(p order by p.txid, p.id) from page p), '[]'::json),
           (select count(*) from page)::int, l.txid, l.id
    from (select 1) one left join last_row l on true
  $q$, p_table, case when p_table = 'companies' then 'id' else 'company_id' end)
  into v_rows, v_count, v_last_txid, v_last_id
  using v_companies, v_after_txid, v_after_id, v_limit;
  -- [STAFF-14] The one change: PIN material only for those who may check PINs offline.
  if p_table = 'staff' then
    v_rows := private.staff_pull_rows(v_rows);
  end if;
  return pg_catalog.json_build_object(
    'rows', v_rows,
    'next', case when v_last_id is not null
                 then pg_catalog.json_build_object('txid', v_last_txid::text, 'id', v_last_id,
                                                   'horizon', v_horizon::text)
                 when v_after_txid <> '0'::xid8
                 then pg_catalog.json_build_object('txid', v_after_txid::text, 'id', v_after_id,
                                                   'horizon', v_horizon::text) end,
    'has_more', v_count = v_limit);
end
$$;

-- Paired devices (issue 33, supabase/SPEC.md §21 [DEV-n], DESIGN §13): a shared till holds a till's own
-- credential, not a manager's session. A manager or owner makes a one-time code for a store
-- (create_pairing_code); the till sends it to the Edge Function `pair-device`, which, as the service role,
-- spends it (pair_device_claim), creates an auth user for the till and its `devices` row
-- (pair_device_finish), and answers the till's credentials once. The till signs in with them like anyone.
--
-- A device is not a member: it has no company_members row, no staff row and no role, so every policy and
-- function that asks for a member (private.company_ids, has_role) refuses it as before. Where a till must act,
-- the smallest helpers say so: require_role lets an active device of the shop through at cashier level only,
-- require_terminal and register_terminal keep it to its own store's tills, is_member counts it for the
-- replay of its own ops, and pull_device_changes is its pull, limited to its store. revoke_device ends it.

-- ---------------------------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------------------------
-- [DEV-1] One row per paired till; the auth user is the till's own credential.
create table public.devices (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  store_id uuid not null,
  user_id uuid unique references auth.users (id) on delete set null,
  name text not null check (private.is_name(name, 100)),
  paired_by uuid references auth.users (id) on delete set null,
  paired_at timestamptz not null default now(),
  last_synced_at timestamptz,
  revoked_at timestamptz,
  revoked_by uuid references auth.users (id) on delete set null,
  foreign key (company_id, store_id) references public.stores (company_id, id)
);
comment on table public.devices is
  'Paired tills: each signs in as its own auth user and sells and syncs for its store only (DEV-1).';
create index devices_company_idx on public.devices (company_id, paired_at desc);

alter table public.devices enable row level security;
revoke all on public.devices from anon;
revoke insert, update, delete, truncate on public.devices from authenticated;
-- [DEV-9] Managers and owners read their shop's devices; a device reads its own row (revoked too, so it can
-- say it was unpaired). Nobody writes them through the API.
create policy devices_manager_read on public.devices for select to authenticated
  using (company_id in (select private.company_ids('manager')));
create policy devices_self_read on public.devices for select to authenticated
  using (user_id = auth.uid());

-- [DEV-2] Codes are kept as SHA-256 of their normalised text, never as typed.
create table private.pairing_codes (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  store_id uuid not null,
  name text not null,
  code_hash text not null unique,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  device_id uuid references public.devices (id),
  foreign key (company_id, store_id) references public.stores (company_id, id)
);
create index pairing_codes_live_idx on private.pairing_codes (company_id) where used_at is null;

-- [DEV-4] Wrong, used and expired codes, by caller, for the rate limits.
create table private.pairing_failures (
  client text not null,
  at timestamptz not null default now()
);
create index pairing_failures_client_idx on private.pairing_failures (client, at);
create index pairing_failures_at_idx on private.pairing_failures (at);

-- ---------------------------------------------------------------------------------------------------------
-- Who is a device
-- ---------------------------------------------------------------------------------------------------------
-- [DEV-5] True when the caller is an active (unrevoked) paired device of the company. Other work (who may
-- read PIN material) asks this too.
create function private.is_paired_device(p_company uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.devices d
    where d.user_id = auth.uid() and d.company_id = p_company and d.revoked_at is null
  )
$$;

-- The store of the caller's active device in the company; null for anyone else.
create function private.device_store(p_company uuid) returns uuid
language sql stable security definer set search_path = '' as $$
  select d.store_id from public.devices d
  where d.user_id = auth.uid() and d.company_id = p_company and d.revoked_at is null
$$;

-- [RLS-1] [DEV-6] An active member, or an active device of the shop: a device's stored answers come back to
-- it ([OPS-13]) and its rejections are recorded ([OPS-14]) like a member's.
create or replace function private.is_member(p_company uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select (exists (
    select 1 from public.company_members m
    where m.company_id = p_company and m.user_id = auth.uid() and m.deleted_at is null
  ) and private.second_factor_ok()) or private.is_paired_device(p_company)
$$;

-- [RLS-2] [DEV-6] As in 20261121000200_op_helpers.sql; a device of the shop passes at cashier level only
-- (selling, customers, its till's card payments and receipts) and is refused anything above it.
create or replace function private.require_role(p_company uuid, p_min_role text) returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  v_role text;
begin
  if auth.uid() is null then
    raise exception 'Sign in first' using errcode = '42501', hint = 'not_signed_in';
  end if;
  perform private.require_second_factor();
  v_role := private.member_role(p_company);
  if v_role is null and p_company is not null and private.is_paired_device(p_company) then
    if p_min_role = 'cashier' then return; end if;
    raise exception 'A paired till cannot do this: sign in as a manager or an owner'
      using errcode = '42501', hint = 'insufficient_role';
  end if;
  if v_role is null then
    raise exception 'You are not a member of this company' using errcode = '42501', hint = 'not_member';
  end if;
  if private.role_rank(v_role) < private.role_rank(p_min_role) then
    raise exception 'This needs the % role or higher', p_min_role using errcode = '42501', hint = 'insufficient_role';
  end if;
end
$$;

-- [DEV-7] A device sells on its own store's tills only. Not recorded (insufficient_role, [OPS-4]), so a
-- manager who signs in on that till can still hand its ops over.
create function private.require_device_store(p_company uuid, p_store uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if private.member_role(p_company) is null and private.is_paired_device(p_company)
     and private.device_store(p_company) is distinct from p_store then
    raise exception 'This till is paired with another store' using errcode = '42501', hint = 'insufficient_role';
  end if;
end
$$;

-- [OPS-10] [DEV-7] As in 20261121000200_op_helpers.sql, and a device only on its own store's tills.
create or replace function private.require_terminal(p_terminal uuid, p_min_role text) returns public.terminals
language plpgsql stable security definer set search_path = '' as $$
declare
  v public.terminals;
begin
  select * into v from public.terminals t where t.id = p_terminal;
  if not found then
    perform private.reject('unknown_terminal', 'Terminal ' || p_terminal || ' is not registered');
  end if;
  perform private.require_device_store(v.company_id, v.store_id);
  perform private.require_role(v.company_id, p_min_role);
  return v;
end
$$;

-- [ONB-6] [DEV-7] As in 20261121000500_onboarding.sql; a device registers tills in its own store only.
create or replace function public.register_terminal(p_store uuid, p_name text, p_id uuid default null)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_store public.stores;
  v public.terminals;
  v_seq int;
begin
  select * into v_store from public.stores s where s.id = p_store and s.deleted_at is null;
  if not found then perform private.reject('unknown_store', 'No such store'); end if;
  perform private.require_device_store(v_store.company_id, v_store.id);
  perform private.require_role(v_store.company_id, 'cashier');
  if not private.is_name(p_name, 100) then
    perform private.reject('invalid_args', 'A terminal needs a name (at most 100 characters)');
  end if;
  if p_id is not null then
    select * into v from public.terminals t where t.id = p_id;
    if found then
      if v.company_id <> v_store.company_id then
        perform private.reject('duplicate_id', 'This terminal id is registered elsewhere');
      end if;
      return to_jsonb(v);
    end if;
  end if;
  update public.companies c set terminal_seq = c.terminal_seq + 1 where c.id = v_store.company_id
  returning c.terminal_seq into v_seq;
  insert into public.terminals (id, company_id, store_id, name, code, registered_by)
  values (coalesce(p_id, gen_random_uuid()), v_store.company_id, v_store.id, p_name, 'T' || v_seq, auth.uid())
  returning * into v;
  return to_jsonb(v);
end
$$;

-- [DEV-8] A device's account never becomes a member (join_company, create_company): its credential stays a
-- till's, whatever code someone types on it.
create function private.refuse_device_membership() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.devices d where d.user_id = new.user_id) then
    raise exception 'A paired till cannot join or create a shop: sign in with a person''s account'
      using errcode = '42501', hint = 'device_account';
  end if;
  return new;
end
$$;
create trigger company_members_not_device before insert or update of user_id on public.company_members
  for each row execute function private.refuse_device_membership();

-- [DEV-9] What a device reads through the API besides its own row: its shop, its store and its store's tills
-- (the rest comes through pull_device_changes).
-- Looked up once per statement (`in (select …)`), as private.company_ids is, not once per row.
create function private.device_stores() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select d.store_id from public.devices d where d.user_id = auth.uid() and d.revoked_at is null
$$;
create function private.device_companies() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select d.company_id from public.devices d where d.user_id = auth.uid() and d.revoked_at is null
$$;
create policy companies_device_read on public.companies for select to authenticated
  using (id in (select private.device_companies()));
create policy stores_device_read on public.stores for select to authenticated
  using (id in (select private.device_stores()));
create policy terminals_device_read on public.terminals for select to authenticated
  using (store_id in (select private.device_stores()));

-- ---------------------------------------------------------------------------------------------------------
-- Pairing
-- ---------------------------------------------------------------------------------------------------------
-- [DEV-2] 10 characters of a 32-letter alphabet without 0/O/1/I (50 bits), unbiased (256 = 8 × 32).
create function private.new_pairing_code() returns text
language sql volatile set search_path = '' as $$
  select pg_catalog.string_agg(pg_catalog.substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789',
                                                  pg_catalog.get_byte(r.b, i) % 32 + 1, 1), '' order by i)
  from (select extensions.gen_random_bytes(10) as b) r, pg_catalog.generate_series(0, 9) as i
$$;

-- [DEV-3] Typed codes are read case-, dash- and space-insensitively.
create function private.pairing_code_hash(p_code text) returns text
language sql immutable set search_path = '' as $$
  select pg_catalog.encode(extensions.digest(
    pg_catalog.upper(pg_catalog.regexp_replace(coalesce(p_code, ''), '[\s-]', '', 'g')), 'sha256'), 'hex')
$$;

-- [DEV-2] create_pairing_code: managers and owners; a code for one store, valid 10 minutes, single use.
create function public.create_pairing_code(p_company uuid, p_store uuid, p_name text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_code text := private.new_pairing_code();
  v_expires timestamptz := pg_catalog.now() + interval '10 minutes';
begin
  perform private.require_role(p_company, 'manager');
  if not exists (select 1 from public.stores s
                 where s.id = p_store and s.company_id = p_company and s.deleted_at is null) then
    perform private.reject('unknown_store', 'That store is not one of this shop''s stores');
  end if;
  if not private.is_name(p_name, 100) then
    perform private.reject('invalid_args', 'A till needs a name of at most 100 characters');
  end if;
  if (select count(*) from private.pairing_codes c
      where c.company_id = p_company and c.used_at is null and c.expires_at > pg_catalog.now()) >= 20 then
    perform private.reject('too_many_codes', 'This shop has 20 pairing codes waiting: use one or wait 10 minutes');
  end if;
  insert into private.pairing_codes (company_id, store_id, name, code_hash, created_by, expires_at)
  values (p_company, p_store, pg_catalog.btrim(p_name), private.pairing_code_hash(v_code), auth.uid(), v_expires);
  return pg_catalog.jsonb_build_object(
    'code', pg_catalog.substr(v_code, 1, 4) || '-' || pg_catalog.substr(v_code, 5, 4) || '-'
            || pg_catalog.substr(v_code, 9, 2),
    'expires_at', v_expires, 'store_id', p_store, 'name', pg_catalog.btrim(p_name));
end
$$;

-- [DEV-3] [DEV-4] pair_device_claim (service role: the pair-device function): spends a code. Answers the
-- pairing, or {error, message} — an answer, not an exception, so the failure it counts is kept. At most 10
-- failures per caller and 200 in all per 15 minutes; past that every try is `rate_limited`, good codes too.
create function public.pair_device_claim(p_code text, p_client text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v private.pairing_codes;
  v_client text := left(coalesce(nullif(p_client, ''), 'unknown'), 100);
  v_error text;
begin
  delete from private.pairing_failures f where f.at < pg_catalog.now() - interval '1 day';
  if (select count(*) from private.pairing_failures f
      where f.client = v_client and f.at > pg_catalog.now() - interval '15 minutes') >= 10
     or (select count(*) from private.pairing_failures f
         where f.at > pg_catalog.now() - interval '15 minutes') >= 200 then
    return pg_catalog.jsonb_build_object('error', 'rate_limited',
      'message', 'Too many wrong codes from here: wait 15 minutes and try again.');
  end if;
  select * into v from private.pairing_codes c where c.code_hash = private.pairing_code_hash(p_code) for update;
  v_error := case when v.id is null then 'pairing_code_invalid'
                  when v.used_at is not null then 'pairing_code_used'
                  when v.expires_at <= pg_catalog.now() then 'pairing_code_expired' end;
  if v_error is not null then
    insert into private.pairing_failures (client) values (v_client);
    return pg_catalog.jsonb_build_object('error', v_error, 'message', case v_error
      when 'pairing_code_invalid' then 'That code is not right: check it on the manager''s screen.'
      when 'pairing_code_used' then 'That code was already used: ask a manager for a new one.'
      else 'That code has expired: ask a manager for a new one.' end);
  end if;
  update private.pairing_codes c set used_at = pg_catalog.now() where c.id = v.id;
  return pg_catalog.jsonb_build_object(
    'pairing_id', v.id, 'company_id', v.company_id, 'store_id', v.store_id, 'name', v.name,
    'company_name', (select c.name from public.companies c where c.id = v.company_id),
    'store_name', (select s.name from public.stores s where s.id = v.store_id));
end
$$;

-- [DEV-1] pair_device_finish (service role): the devices row of a claimed code, for the auth user just made.
create function public.pair_device_finish(p_pairing uuid, p_user uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v private.pairing_codes;
  v_device public.devices;
begin
  select * into v from private.pairing_codes c
  where c.id = p_pairing and c.used_at is not null and c.device_id is null for update;
  if not found then
    perform private.reject('pairing_code_used', 'That code was already used: ask a manager for a new one.');
  end if;
  insert into public.devices (company_id, store_id, user_id, name, paired_by)
  values (v.company_id, v.store_id, p_user, v.name, v.created_by)
  returning * into v_device;
  update private.pairing_codes c set device_id = v_device.id where c.id = v.id;
  return pg_catalog.to_jsonb(v_device);
end
$$;

-- [DEV-10] list_devices: managers and owners; active tills first, then the newest pairing.
create function public.list_devices(p_company uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_role(p_company, 'manager');
  return coalesce((
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
             'id', d.id, 'name', d.name, 'store_id', d.store_id, 'store_name', s.name,
             'paired_by', d.paired_by, 'paired_by_name', pm.display_name, 'paired_at', d.paired_at,
             'last_synced_at', d.last_synced_at, 'revoked_at', d.revoked_at, 'revoked_by_name', rm.display_name)
           order by d.revoked_at is not null, d.paired_at desc, d.id)
    from public.devices d
    join public.stores s on s.id = d.store_id
    left join public.company_members pm on pm.company_id = d.company_id and pm.user_id = d.paired_by
    left join public.company_members rm on rm.company_id = d.company_id and rm.user_id = d.revoked_by
    where d.company_id = p_company), '[]'::jsonb);
end
$$;

-- [DEV-11] revoke_device: managers and owners. The device's row says revoked (so every check above refuses
-- it at once, even with an access token that has not expired), its user is banned and its sessions end (so
-- it can neither refresh nor sign in again). Revoking twice keeps the first revocation.
create function public.revoke_device(p_company uuid, p_device uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v public.devices;
begin
  perform private.require_role(p_company, 'manager');
  select * into v from public.devices d where d.id = p_device and d.company_id = p_company for update;
  if not found then
    perform private.reject('unknown_device', 'That till is not one of this shop''s paired tills');
  end if;
  if v.revoked_at is null then
    update public.devices d set revoked_at = pg_catalog.now(), revoked_by = auth.uid() where d.id = v.id
    returning * into v;
  end if;
  if v.user_id is not null then
    update auth.users u set banned_until = pg_catalog.now() + interval '100 years' where u.id = v.user_id;
    delete from auth.sessions s where s.user_id = v.user_id;
  end if;
  return pg_catalog.to_jsonb(v);
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [DEV-12] The device's pull: pull_changes' rules ([PULL-1]…[PULL-6]) for its own shop, and for tables of a
-- store (a store_id, a till, or a sale) its own store only. Stamps last_synced_at, at most once a minute.
-- ---------------------------------------------------------------------------------------------------------
create function private.device_pull_filter(p_table text) returns text
language plpgsql stable set search_path = '' as $$
declare
  v_columns text[];
begin
  if p_table = 'companies' then return 'x.id = $4'; end if;
  if p_table = 'stores' then return 'x.company_id = $4 and x.id = $5'; end if;
  select pg_catalog.array_agg(a.attname::text) into v_columns
  from pg_catalog.pg_attribute a
  where a.attrelid = pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(p_table)) and a.attnum > 0
    and not a.attisdropped and a.attname in ('store_id', 'terminal_id', 'sale_id');
  v_columns := coalesce(v_columns, '{}');
  if 'store_id' = any (v_columns) then return 'x.company_id = $4 and x.store_id = $5'; end if;
  if 'terminal_id' = any (v_columns) then
    return 'x.company_id = $4 and x.terminal_id in (select t.id from public.terminals t where t.store_id = $5)';
  end if;
  if 'sale_id' = any (v_columns) then
    return 'x.company_id = $4 and exists (select 1 from public.sales s where s.id = x.sale_id and s.store_id = $5)';
  end if;
  return 'x.company_id = $4';
end
$$;

create function public.pull_device_changes(p_table text, p_after jsonb default null, p_limit int default 1000)
returns json
language plpgsql volatile security definer set search_path = ''
set enable_sort = off set enable_bitmapscan = off set enable_seqscan = off as $$
declare
  v_limit int := least(greatest(coalesce(p_limit, 1000), 1), 1000);
  v_after_txid xid8 := '0';
  v_after_id uuid := '00000000-0000-0000-0000-000000000000';
  v_horizon xid8;
  v_seen_horizon xid8 := '0';
  v_device public.devices;
  v_rows json;
  v_count int;
  v_last_txid xid8;
  v_last_id uuid;
begin
  if auth.uid() is null then
    raise exception 'Sign in to sync' using errcode = '42501', hint = 'not_signed_in';
  end if;
  select * into v_device from public.devices d where d.user_id = auth.uid();
  if v_device.id is null then
    raise exception 'This account is not a paired till' using errcode = '42501', hint = 'not_member';
  end if;
  if v_device.revoked_at is not null then
    raise exception 'This till was unpaired by a manager' using errcode = '42501', hint = 'device_revoked';
  end if;
  if p_table is null or not (p_table = any (private.pull_tables())) then
    raise exception 'pull_device_changes cannot pull %', coalesce(p_table, '(null)')
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
  update public.devices d set last_synced_at = pg_catalog.now()
  where d.id = v_device.id and (d.last_synced_at is null or d.last_synced_at < pg_catalog.now() - interval '1 minute');
  select h.purged_through into v_horizon from private.pull_horizons h where h.table_name = p_table;
  v_horizon := coalesce(v_horizon, '0'::xid8);
  if v_after_txid <> '0'::xid8 and v_horizon > v_seen_horizon and v_after_txid <= v_horizon then
    return pg_catalog.json_build_object('rows', pg_catalog.json_build_array(), 'next', null, 'has_more', false,
                                        'resync', true);
  end if;
  execute pg_catalog.format($q$
    with page as materialized (
      select x.* from public.%1$I x
      where %2$s and (x.txid, x.id) > ($1, $2)
        and x.txid < pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot())
      order by x.txid, x.id
      limit $3
    ), last_row as (
      select p.txid, p.id from page p order by p.txid desc, p.id desc limit 1
    )
    select coalesce((select pg_catalog.json_agg(p order by p.txid, p.id) from page p), '[]'::json),
           (select count(*) from page)::int, l.txid, l.id
    from (select 1) one left join last_row l on true
  $q$, p_table, private.device_pull_filter(p_table))
  into v_rows, v_count, v_last_txid, v_last_id
  using v_after_txid, v_after_id, v_limit, v_device.company_id, v_device.store_id;
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
comment on function public.pull_device_changes(text, jsonb, int) is
  'A paired till''s pull: pull_changes for its shop, limited to its store (DEV-12).';

-- ---------------------------------------------------------------------------------------------------------
-- Grants: pairing is the service role's (the pair-device function); the rest needs a signed-in caller.
-- ---------------------------------------------------------------------------------------------------------
do $$
declare
  f text;
begin
  foreach f in array array['pair_device_claim(text, text)', 'pair_device_finish(uuid, uuid)'] loop
    execute 'revoke execute on function public.' || f || ' from public, anon, authenticated';
    execute 'grant execute on function public.' || f || ' to service_role';
  end loop;
  foreach f in array array['create_pairing_code(uuid, uuid, text)', 'list_devices(uuid)',
                           'revoke_device(uuid, uuid)', 'pull_device_changes(text, jsonb, int)'] loop
    execute 'revoke execute on function public.' || f || ' from public, anon';
    execute 'grant execute on function public.' || f || ' to authenticated, service_role';
  end loop;
end
$$;
revoke execute on function private.new_pairing_code() from public, anon, authenticated;

-- Onboarding and terminals (supabase/SPEC.md [ONB-n]): create a company, invite staff, join with a code,
-- register a till. Called through /rest/v1/rpc; errors are P0001 (HTTP 400) with the machine code in `hint`,
-- or 42501 (HTTP 403) when the caller lacks the role.

create function private.default_display_name() returns text
language sql stable security definer set search_path = '' as $$
  select coalesce(nullif(pg_catalog.split_part(u.email, '@', 1), ''), 'Member')
  from auth.users u where u.id = auth.uid()
$$;

-- [ONB-1] create_company: any signed-in user; the caller becomes its owner and a first store is made.
create function public.create_company(
  p_name text,
  p_currency text default 'EUR',
  p_time_zone text default 'UTC',
  p_prices_include_tax boolean default true,
  p_default_tax_rate_bp int default 0,
  p_store_name text default 'Main store',
  p_display_name text default null
) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_company uuid;
  v_store uuid;
begin
  if v_user is null then
    raise exception 'Sign in first' using errcode = '42501', hint = 'not_signed_in';
  end if;
  perform private.require_second_factor();
  if not private.is_name(p_name) or not private.is_name(p_store_name) then
    perform private.reject('invalid_args', 'A company and its first store need a name (at most 200 characters)');
  end if;
  if not exists (select 1 from public.currencies c where c.code = upper(coalesce(p_currency, ''))) then
    perform private.reject('unknown_currency', 'Unknown currency ' || coalesce(p_currency, '(none)')
      || ': use an ISO 4217 code such as EUR');
  end if;
  if not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = p_time_zone) then
    perform private.reject('unknown_time_zone', 'Unknown time zone ' || coalesce(p_time_zone, '(none)')
      || ': use an IANA name such as Europe/Paris');
  end if;
  insert into public.companies (name, currency, time_zone, prices_include_tax, default_tax_rate_bp, created_by)
  values (p_name, upper(p_currency), p_time_zone, p_prices_include_tax, p_default_tax_rate_bp, v_user)
  returning id into v_company;
  insert into public.company_members (company_id, user_id, role, display_name)
  values (v_company, v_user, 'owner', coalesce(nullif(btrim(p_display_name), ''), private.default_display_name()));
  insert into public.stores (company_id, name) values (v_company, p_store_name) returning id into v_store;
  return pg_catalog.jsonb_build_object('company_id', v_company, 'store_id', v_store);
end
$$;

-- Eight characters a person can read aloud: no 0/O, 1/I.
create function private.new_invite_code() returns text
language sql volatile set search_path = '' as $$
  select string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (get_byte(b, i) % 32) + 1, 1), '' order by i)
  from (select extensions.gen_random_bytes(8) as b) r, generate_series(0, 7) as i
$$;

-- [ONB-8] Mail the server sends. A function queues a message here in its own transaction, so a refused or
-- rolled-back call mails nothing; the mailer sends queued rows and deletes them (the local stack does so
-- after every API request, supabase/local/mail-outbox.ts). Private: no API role reads or writes it.
create table private.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);
comment on table private.mail_outbox is 'Mail queued by server functions (invites), sent and removed by the mailer.';

-- [ONB-2] create_invite: owners only; a single-use code valid for p_valid_days (1–90) days.
-- [ONB-8] An invite for an email address is mailed to it with the code.
create function public.create_invite(
  p_company uuid, p_role text, p_valid_days int default 7, p_email text default null
) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v public.invites;
begin
  perform private.require_role(p_company, 'owner');
  if p_role is null or p_role not in ('owner', 'manager', 'cashier') then
    perform private.reject('invalid_args', 'role must be owner, manager or cashier');
  end if;
  if p_valid_days is null or p_valid_days not between 1 and 90 then
    perform private.reject('invalid_args', 'An invite is valid for 1 to 90 days');
  end if;
  loop
    begin
      insert into public.invites (company_id, code, role, email, expires_at, created_by)
      values (p_company, private.new_invite_code(), p_role, nullif(btrim(p_email), ''),
              now() + make_interval(days => p_valid_days), auth.uid())
      returning * into v;
      exit;
    exception when unique_violation then
      -- A code collision: draw again.
    end;
  end loop;
  if v.email is not null then
    insert into private.mail_outbox (to_address, subject, body)
    select v.email, 'Your invite to ' || c.name,
           'You are invited to join ' || c.name || ' on Tillpoint as ' || v.role || '.' || chr(10) || chr(10)
           || 'Sign up or sign in with this address, choose "Join a shop" and enter the code ' || v.code
           || '. It is valid until ' || pg_catalog.to_char(v.expires_at at time zone c.time_zone, 'DD Mon YYYY')
           || '.'
    from public.companies c where c.id = v.company_id;
  end if;
  return to_jsonb(v);
end
$$;

-- [ONB-3] list_invites: owners see their company's invites, newest first.
create function public.list_invites(p_company uuid) returns setof public.invites
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_role(p_company, 'owner');
  return query select * from public.invites i where i.company_id = p_company order by i.created_at desc;
end
$$;

-- [ONB-4] revoke_invite: owners; a used invite cannot be revoked (the person already joined).
create function public.revoke_invite(p_invite uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v public.invites;
begin
  select * into v from public.invites i where i.id = p_invite for update;
  if not found then perform private.reject('invite_not_found', 'No such invite'); end if;
  perform private.require_role(v.company_id, 'owner');
  if v.used_at is not null then perform private.reject('invite_used', 'This invite was already used'); end if;
  update public.invites i set revoked_at = coalesce(i.revoked_at, now()) where i.id = p_invite returning * into v;
  return to_jsonb(v);
end
$$;

-- [ONB-7] Whether the caller has shown they read their own account's mailbox: the address is confirmed and either
-- the confirmation came from a mailed link (a project with "Confirm email" on), or this session itself was
-- started from a link mailed to it (magic link or code, recovery, email change; the amr claim says so).
-- Accounts a project auto-confirmed, and Google accounts, prove it with a magic link.
create function private.mailbox_proven() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from auth.users u
    where u.id = auth.uid() and u.email_confirmed_at is not null
      and (u.confirmation_sent_at is not null
           or exists (select 1 from pg_catalog.jsonb_array_elements(coalesce(auth.jwt() -> 'amr', '[]'::jsonb)) a
                      where a ->> 'method' in ('otp', 'recovery', 'email_change')))
  )
$$;

-- [ONB-5] join_company: a valid code (not expired, revoked or used; for the invited email when it names one,
-- confirmed by mail [ONB-7])
-- makes the caller a member in the invite's role, once.
create function public.join_company(p_code text, p_display_name text default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v public.invites;
  v_member public.company_members;
  v_email text;
begin
  if v_user is null then
    raise exception 'Sign in first' using errcode = '42501', hint = 'not_signed_in';
  end if;
  perform private.require_second_factor();
  select * into v from public.invites i
  where i.code = upper(regexp_replace(coalesce(p_code, ''), '[\s-]', '', 'g')) for update;
  if not found then perform private.reject('invite_not_found', 'This invite code is not valid'); end if;
  if v.revoked_at is not null then perform private.reject('invite_revoked', 'This invite was revoked'); end if;
  if v.used_at is not null then perform private.reject('invite_used', 'This invite was already used'); end if;
  if v.expires_at <= now() then perform private.reject('invite_expired', 'This invite has expired'); end if;
  -- [ONB-7] An invite for an address needs someone who reads that mailbox: the address is read from auth.users,
  -- never from the token's email claim, and it must have been proven by a mailed link.
  if v.email is not null then
    select u.email into v_email from auth.users u where u.id = v_user;
    if lower(v.email) <> lower(coalesce(v_email, '')) then
      perform private.reject('invite_wrong_email', 'This invite is for another email address');
    end if;
    if not private.mailbox_proven() then
      perform private.reject('email_not_confirmed',
        'Open the sign-in link we email to this address, then use this invite');
    end if;
  end if;
  select * into v_member from public.company_members m where m.company_id = v.company_id and m.user_id = v_user;
  if found and v_member.deleted_at is null then
    perform private.reject('already_member', 'You are already a member of this company');
  end if;
  insert into public.company_members (company_id, user_id, role, display_name)
  values (v.company_id, v_user, v.role,
          coalesce(nullif(btrim(p_display_name), ''), private.default_display_name()))
  on conflict (company_id, user_id) do update
    set role = excluded.role, display_name = excluded.display_name, deleted_at = null;
  update public.invites i set used_by = v_user, used_at = now() where i.id = v.id;
  return pg_catalog.jsonb_build_object('company_id', v.company_id, 'role', v.role,
    'company_name', (select c.name from public.companies c where c.id = v.company_id));
end
$$;

-- [ONB-6] register_terminal: any member registers a till in a store of the company; it gets the next short
-- code (T1, T2, …). Registering the same device id again answers the same terminal.
create function public.register_terminal(p_store uuid, p_name text, p_id uuid default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_store public.stores;
  v public.terminals;
  v_seq int;
begin
  select * into v_store from public.stores s where s.id = p_store and s.deleted_at is null;
  if not found then perform private.reject('unknown_store', 'No such store'); end if;
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

do $$
declare
  f text;
begin
  foreach f in array array['create_company(text, text, text, boolean, int, text, text)',
                           'create_invite(uuid, text, int, text)', 'list_invites(uuid)', 'revoke_invite(uuid)',
                           'join_company(text, text)', 'register_terminal(uuid, text, uuid)'] loop
    execute 'revoke execute on function public.' || f || ' from public, anon';
    execute 'grant execute on function public.' || f || ' to authenticated, service_role';
  end loop;
end
$$;
grant execute on all functions in schema private to anon, authenticated, service_role;

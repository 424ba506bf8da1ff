-- Customer value, piece C: the online look-ups and what stops a till guessing codes (issue 37; supabase/SPEC.md
-- "Customer value" [VAL-27]…[VAL-29]; docs/customer-value.md "Codes and guessing").
-- * value_lookup: a gift card by its code, for any member or paired device of the shop; every look-up is a
--   row of private.value_code_tries, counted per user and per terminal;
-- * slowing down as PIN tries are ([STAFF-18]): 5 misses in a row slow the user or terminal for 1 minute,
--   then 5, 15 … at most a day; more than 10 look-ups in a minute are rate-limited;
-- * customer_value: a customer's store credit, points and account, for the register and the customer's page;
-- * code_guessing: 20 misses in an hour by one user or one terminal, online look-ups and the tills' synced
--   `value_code_failed` events together, are flagged once per hour.

-- ---------------------------------------------------------------------------------------------------------
-- [VAL-28] Tries and runs of misses
-- ---------------------------------------------------------------------------------------------------------
create table private.value_code_tries (
  company_id uuid not null references public.companies (id),
  user_id uuid not null,
  terminal_id uuid references public.terminals (id),
  at timestamptz not null default now(),
  hit boolean not null
);
comment on table private.value_code_tries is
  'Every online look-up of a value code (VAL-28): who, from which till, when, and whether a card matched. Never the code.';
create index value_code_tries_user_idx on private.value_code_tries (company_id, user_id, at);
create index value_code_tries_terminal_idx on private.value_code_tries (company_id, terminal_id, at)
  where terminal_id is not null;

-- [VAL-28] One user's or one terminal's misses in a row and how often they were slowed in a row, as
-- private.pin_attempts keeps a person's wrong PINs ([STAFF-18]). `subject` is 'user:<id>' or 'terminal:<id>'.
create table private.value_code_runs (
  company_id uuid not null references public.companies (id),
  subject text not null,
  misses int not null default 0,
  runs int not null default 0,
  slowed_until timestamptz,
  last_miss_at timestamptz,
  primary key (company_id, subject)
);
comment on table private.value_code_runs is
  'Misses in a row and slow-downs in a row per user or terminal (VAL-28), as pin_attempts for PINs (STAFF-18).';

-- [VAL-28] One miss of a subject: 5 in a row (within an hour of each other) slow it for 1 minute, the next run
-- in a row (within a day) for 5, then 15, 45 … at most a day. Answers the misses in a row since the last
-- slow-down and, when this miss started one, until when.
create function private.value_code_miss(p_company uuid, p_subject text, out misses int, out slowed_until timestamptz)
language plpgsql security definer set search_path = '' as $$
declare
  r private.value_code_runs;
begin
  insert into private.value_code_runs (company_id, subject) values (p_company, p_subject) on conflict do nothing;
  select * into r from private.value_code_runs x where x.company_id = p_company and x.subject = p_subject for update;
  if r.last_miss_at < pg_catalog.now() - interval '1 hour' then r.misses := 0; end if;
  if r.last_miss_at < pg_catalog.now() - interval '1 day' then r.runs := 0; end if;
  r.misses := r.misses + 1;
  slowed_until := null;
  if r.misses >= 5 then
    slowed_until := pg_catalog.now() + case when r.runs = 0 then interval '1 minute'
      else least(interval '5 minutes' * pg_catalog.power(3, least(r.runs - 1, 6))::int, interval '1 day') end;
    r.runs := r.runs + 1;
    r.misses := 0;
  end if;
  update private.value_code_runs x
  set misses = r.misses, runs = r.runs, slowed_until = coalesce(value_code_miss.slowed_until, x.slowed_until),
      last_miss_at = pg_catalog.now()
  where x.company_id = p_company and x.subject = p_subject;
  misses := case when slowed_until is null then r.misses else 5 end;
end
$$;

-- [VAL-28] A hit clears the subject's run, as a right PIN checked online does ([STAFF-18]).
create function private.value_code_hit(p_company uuid, p_subject text) returns void
language sql security definer set search_path = '' as $$
  update private.value_code_runs x set misses = 0, runs = 0, slowed_until = null
  where x.company_id = p_company and x.subject = p_subject;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [VAL-29] code_guessing
-- ---------------------------------------------------------------------------------------------------------
-- [VAL-29] After a miss at `p_at` by a user or a terminal: their misses in the hour up to it, online look-ups
-- and synced value_code_failed events together; 20 or more are flagged once per subject and clock hour.
create function private.check_code_guessing(p_company uuid, p_user uuid, p_terminal uuid, p_at timestamptz,
                                            p_op uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  s record;
  v_misses int;
  v_first timestamptz;
  v_last timestamptz;
begin
  for s in select * from (values ('user', p_user), ('terminal', p_terminal)) as x(what, id) where x.id is not null
  loop
    select count(*), min(m.at), max(m.at) into v_misses, v_first, v_last
    from (
      select t.at from private.value_code_tries t
      where t.company_id = p_company and not t.hit and t.at > p_at - interval '1 hour' and t.at <= p_at
        and case when s.what = 'user' then t.user_id = s.id else t.terminal_id = s.id end
      union all
      select e.occurred_at from public.activity_events e
      left join public.staff st on st.company_id = e.company_id and st.id = e.staff_id
      where e.company_id = p_company and e.kind = 'value_code_failed'
        and e.occurred_at > p_at - interval '1 hour' and e.occurred_at <= p_at
        and case when s.what = 'user' then st.user_id = s.id else e.terminal_id = s.id end
    ) m;
    if v_misses >= 20 then
      perform private.add_flag(p_company, 'code_guessing',
        'code_guessing:' || s.id::text || ':'
          || pg_catalog.to_char(pg_catalog.date_trunc('hour', p_at at time zone 'UTC'), 'YYYY-MM-DD"T"HH24'),
        null, p_op, (select t.id from public.terminals t where t.id = p_terminal and t.company_id = p_company),
        pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
          'user_id', case when s.what = 'user' then s.id end,
          'terminal_id', case when s.what = 'terminal' then s.id end,
          'misses', v_misses, 'first_at', v_first, 'last_at', v_last)));
    end if;
  end loop;
end
$$;

-- [VAL-28] [VAL-29] A till's offline miss, synced as an activity.record event: counted for its terminal and for
-- the person it names (their sign-in, so it adds up with their online look-ups).
create function private.value_code_failed_event() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.check_code_guessing(new.company_id,
    (select st.user_id from public.staff st where st.company_id = new.company_id and st.id = new.staff_id),
    new.terminal_id, new.occurred_at, new.op_id);
  return null;
end
$$;
create trigger activity_events_value_code_failed after insert on public.activity_events
  for each row when (new.kind = 'value_code_failed') execute function private.value_code_failed_event();

-- ---------------------------------------------------------------------------------------------------------
-- [VAL-27] Look-ups
-- ---------------------------------------------------------------------------------------------------------
-- What a till may spend of an account now: balance + floor ([VAL-1]), nothing when blocked or void, never
-- below zero.
create function private.value_available(p_status text, p_balance numeric, p_floor bigint) returns numeric
language sql immutable as $$
  select case when p_status = 'active' then greatest(p_balance + coalesce(p_floor, 0), 0) else 0 end
$$;

-- [VAL-27] An account as the look-ups answer it.
create function private.value_account_json(a public.value_accounts) returns jsonb
language sql stable security definer set search_path = '' as $$
  select pg_catalog.jsonb_build_object(
    'id', a.id, 'kind', a.kind, 'status', a.status, 'balance', coalesce(b.balance, 0),
    'credit_limit', a.credit_limit, 'available', private.value_available(a.status, coalesce(b.balance, 0),
                                                                          a.credit_limit),
    'code_last4', a.code_last4, 'customer_id', a.customer_id)
  from (select 1) one
  left join public.value_balances b on b.account_id = a.id
$$;

-- [VAL-27] [VAL-28] value_lookup: a gift card of the shop by its code, as typed or scanned. Answers (never
-- raises for a miss, so every miss is kept): {ok: true, account}, {ok: false, code: 'not_found' |
-- 'invalid_code', tries_left[, until]}, {ok: false, code: 'slowed', until}, {ok: false, code: 'rate_limited',
-- until}. Raises only for a caller who is not a member or device of the shop (not_member, before anything is
-- looked at: another shop never learns whether a code exists) or a till that is not the shop's.
create function public.value_lookup(p_company uuid, p_code text, p_terminal uuid default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_terminal public.terminals;
  v_subjects text[];
  v_until timestamptz;
  v_code text;
  v_account public.value_accounts;
  v_misses int := 0;
  m record;
begin
  perform private.require_role(p_company, 'cashier');
  if p_terminal is not null then
    select * into v_terminal from public.terminals t where t.id = p_terminal and t.company_id = p_company;
    if not found then
      perform private.reject('unknown_terminal', 'Terminal ' || p_terminal || ' is not a terminal of this shop');
    end if;
    perform private.require_device_store(p_company, v_terminal.store_id);
  end if;
  v_subjects := array['user:' || v_user::text] || case when p_terminal is null then array[]::text[]
                                                        else array['terminal:' || p_terminal::text] end;
  -- Serialises each subject's look-ups, so two tills of one user cannot both slip under the counts.
  insert into private.value_code_runs (company_id, subject)
  select p_company, s from pg_catalog.unnest(v_subjects) s on conflict do nothing;
  perform 1 from private.value_code_runs r where r.company_id = p_company and r.subject = any (v_subjects)
  order by r.subject for update;
  -- [VAL-28] More than 10 look-ups in a minute by the user or the terminal: refused until the oldest is a
  -- minute old.
  select max(x.oldest) + interval '1 minute' into v_until from (
    select min(t.at) as oldest from private.value_code_tries t
    where t.company_id = p_company and t.user_id = v_user and t.at > pg_catalog.now() - interval '1 minute'
    having count(*) >= 10
    union all
    select min(t.at) from private.value_code_tries t
    where t.company_id = p_company and t.terminal_id = p_terminal and t.at > pg_catalog.now() - interval '1 minute'
    having count(*) >= 10) x;
  if v_until is not null then
    return pg_catalog.jsonb_build_object('ok', false, 'code', 'rate_limited', 'until', v_until);
  end if;
  select max(r.slowed_until) into v_until from private.value_code_runs r
  where r.company_id = p_company and r.subject = any (v_subjects) and r.slowed_until > pg_catalog.now();
  if v_until is not null then
    return pg_catalog.jsonb_build_object('ok', false, 'code', 'slowed', 'until', v_until);
  end if;
  -- [VAL-26] 8–32 of A–Z 0–9 once upper-cased with spaces and dashes removed; null otherwise.
  v_code := private.normalise_value_code(p_code);
  if v_code is not null then
    -- A live card first; a void one still answers (its code is real) so the till can say it is void.
    select * into v_account from public.value_accounts a
    where a.company_id = p_company and a.kind = 'gift_card'
      and a.code_hash = private.value_code_hash(p_company, v_code)
    order by a.status = 'void', a.created_at desc
    limit 1;
  end if;
  delete from private.value_code_tries t where t.company_id = p_company and t.at < pg_catalog.now() - interval '1 day';
  insert into private.value_code_tries (company_id, user_id, terminal_id, hit)
  values (p_company, v_user, p_terminal, v_account.id is not null);
  if v_account.id is not null then
    perform private.value_code_hit(p_company, s) from pg_catalog.unnest(v_subjects) s;
    return pg_catalog.jsonb_build_object('ok', true, 'account', private.value_account_json(v_account));
  end if;
  v_until := null;
  for m in select x.* from pg_catalog.unnest(v_subjects) s, private.value_code_miss(p_company, s) x loop
    v_misses := greatest(v_misses, m.misses);
    v_until := greatest(v_until, m.slowed_until);
  end loop;
  perform private.check_code_guessing(p_company, v_user, p_terminal, pg_catalog.now(), null);
  return pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
    'ok', false, 'code', case when v_code is not null then 'not_found' else 'invalid_code' end,
    'tries_left', 5 - v_misses, 'until', v_until));
end
$$;

-- [VAL-27] customer_value: a customer's store credit, points and account as the server holds them now, each
-- {id, exists, kind, status, balance, credit_limit, available} (an account not opened yet: exists false,
-- balance and available 0, its derived id). For the register (online spending, [VAL-20]) and the customer's
-- page; any member or device of the shop.
create function public.customer_value(p_company uuid, p_customer uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_out jsonb := '{}';
  v_kind text;
  v_account public.value_accounts;
begin
  perform private.require_role(p_company, 'cashier');
  if not exists (select 1 from public.customers c where c.company_id = p_company and c.id = p_customer) then
    perform private.reject('unknown_customer', 'This customer is not a customer of this shop');
  end if;
  foreach v_kind in array array['store_credit', 'loyalty', 'on_account'] loop
    select * into v_account from public.value_accounts a
    where a.company_id = p_company and a.customer_id = p_customer and a.kind = v_kind;
    v_out := v_out || pg_catalog.jsonb_build_object(v_kind, case
      when v_account.id is not null
        then private.value_account_json(v_account) || pg_catalog.jsonb_build_object('exists', true)
      else pg_catalog.jsonb_build_object(
        'id', private.customer_value_account_id(p_customer, v_kind), 'exists', false, 'kind', v_kind,
        'status', 'active', 'balance', 0, 'credit_limit', null, 'available', 0, 'customer_id', p_customer)
      end);
  end loop;
  return pg_catalog.jsonb_build_object('customer_id', p_customer) || v_out;
end
$$;

revoke execute on function public.value_lookup(uuid, text, uuid) from public, anon;
grant execute on function public.value_lookup(uuid, text, uuid) to authenticated, service_role;
revoke execute on function public.customer_value(uuid, uuid) from public, anon;
grant execute on function public.customer_value(uuid, uuid) to authenticated, service_role;
revoke execute on function private.value_code_miss(uuid, text), private.value_code_hit(uuid, text),
  private.check_code_guessing(uuid, uuid, uuid, timestamptz, uuid), private.value_code_failed_event(),
  private.value_account_json(public.value_accounts) from public, anon, authenticated;

-- Helpers for the server functions: business rejections with a machine code, strict readers of JSON op
-- arguments (a wrong type or an out-of-range number is a clear `invalid_args` naming the field), and the one
-- rounding rule the tills use (src/domain/money.ts mulDivRound: half away from zero).

-- [OPS-6] A business rejection: SQLSTATE P0001, the machine code in HINT, a sentence a manager can act on.
create function private.reject(p_code text, p_message text) returns void
language plpgsql set search_path = '' as $$
begin
  raise exception '%', p_message using errcode = 'P0001', hint = p_code;
end
$$;

-- [SALE-5] a × b ÷ d rounded half away from zero, in exact integer arithmetic.
create function private.mul_div_round(a bigint, b bigint, d bigint) returns bigint
language sql immutable as $$
  select (case when (a::numeric * b < 0) <> (d < 0) then -1 else 1 end)
         * pg_catalog.div(pg_catalog.abs(a::numeric * b) * 2 + pg_catalog.abs(d), pg_catalog.abs(d)::numeric * 2)::bigint
$$;

create function private.field(p_path text, p_key text) returns text
language sql immutable set search_path = '' as $$
  select case when p_path is null or p_path = '' then p_key else p_path || '.' || p_key end
$$;

create function private.arg_text_slow(
  p_obj jsonb, p_key text, p_required boolean, p_max int default 200, p_path text default null
) returns text
language plpgsql immutable set search_path = '' as $$
declare
  v jsonb := p_obj -> p_key;
begin
  if v is null or v = 'null'::jsonb then
    if p_required then perform private.reject('invalid_args', private.field(p_path, p_key) || ' is required'); end if;
    return null;
  end if;
  if pg_catalog.jsonb_typeof(v) <> 'string' then
    perform private.reject('invalid_args', private.field(p_path, p_key) || ' must be a string');
  end if;
  if pg_catalog.char_length(v #>> '{}') > p_max then
    perform private.reject('invalid_args',
      private.field(p_path, p_key) || ' is longer than ' || p_max || ' characters');
  end if;
  return v #>> '{}';
end
$$;

create function private.arg_name(
  p_obj jsonb, p_key text, p_required boolean, p_max int default 200, p_path text default null
) returns text
language plpgsql immutable set search_path = '' as $$
declare
  v text := private.arg_text(p_obj, p_key, p_required, p_max, p_path);
begin
  if v is not null and pg_catalog.btrim(v) = '' then
    perform private.reject('invalid_args', private.field(p_path, p_key) || ' must not be blank');
  end if;
  return v;
end
$$;

create function private.arg_uuid_slow(p_obj jsonb, p_key text, p_required boolean, p_path text default null)
returns uuid
language plpgsql immutable set search_path = '' as $$
declare
  v text := private.arg_text(p_obj, p_key, p_required, 36, p_path);
begin
  if v is null then return null; end if;
  if v !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform private.reject('invalid_args', private.field(p_path, p_key) || ' must be a UUID');
  end if;
  return v::uuid;
end
$$;

-- [OPS-7] Money is a JSON integer of minor units, at most 10^12 in size.
create function private.arg_money_slow(
  p_obj jsonb, p_key text, p_required boolean, p_allow_negative boolean default false, p_path text default null
) returns bigint
language plpgsql immutable set search_path = '' as $$
declare
  v jsonb := p_obj -> p_key;
  n numeric;
begin
  if v is null or v = 'null'::jsonb then
    if p_required then perform private.reject('invalid_args', private.field(p_path, p_key) || ' is required'); end if;
    return null;
  end if;
  if pg_catalog.jsonb_typeof(v) <> 'number' then
    perform private.reject('invalid_args',
      private.field(p_path, p_key) || ' must be a whole number of minor units (a JSON number)');
  end if;
  n := (v #>> '{}')::numeric;
  if n <> pg_catalog.trunc(n) then
    perform private.reject('invalid_args', private.field(p_path, p_key) || ' must be a whole number of minor units');
  end if;
  if abs(n) > 1000000000000 then
    perform private.reject('invalid_args', private.field(p_path, p_key) || ' is too large');
  end if;
  if n < 0 and not p_allow_negative then
    perform private.reject('invalid_args', private.field(p_path, p_key) || ' must not be negative');
  end if;
  return n::bigint;
end
$$;

create function private.arg_int_slow(
  p_obj jsonb, p_key text, p_required boolean, p_min bigint, p_max bigint, p_path text default null
) returns bigint
language plpgsql immutable set search_path = '' as $$
declare
  v jsonb := p_obj -> p_key;
  n numeric;
begin
  if v is null or v = 'null'::jsonb then
    if p_required then perform private.reject('invalid_args', private.field(p_path, p_key) || ' is required'); end if;
    return null;
  end if;
  if pg_catalog.jsonb_typeof(v) <> 'number' then
    perform private.reject('invalid_args', private.field(p_path, p_key) || ' must be a whole number');
  end if;
  n := (v #>> '{}')::numeric;
  if n <> pg_catalog.trunc(n) or n < p_min or n > p_max then
    perform private.reject('invalid_args',
      private.field(p_path, p_key) || ' must be a whole number from ' || p_min || ' to ' || p_max);
  end if;
  return n::bigint;
end
$$;

-- [OPS-8] A quantity is a JSON number or a decimal string with at most 3 decimals, below 10^9.
create function private.arg_quantity_slow(
  p_obj jsonb, p_key text, p_required boolean, p_allow_negative boolean default false, p_path text default null
) returns numeric
language plpgsql immutable set search_path = '' as $$
declare
  v jsonb := p_obj -> p_key;
  t text;
begin
  if v is null or v = 'null'::jsonb then
    if p_required then perform private.reject('invalid_args', private.field(p_path, p_key) || ' is required'); end if;
    return null;
  end if;
  if pg_catalog.jsonb_typeof(v) not in ('number', 'string') then
    perform private.reject('invalid_args', private.field(p_path, p_key) || ' must be a number');
  end if;
  t := v #>> '{}';
  if t !~ '^-?[0-9]{1,9}(\.[0-9]{1,3})?$' then
    perform private.reject('invalid_args',
      private.field(p_path, p_key) || ' must be a decimal number below 1000000000 with at most 3 decimals');
  end if;
  if t::numeric = 0 or (t::numeric < 0 and not p_allow_negative) then
    perform private.reject('invalid_quantity', private.field(p_path, p_key) || ' must be more than zero');
  end if;
  return t::numeric;
end
$$;

-- [OPS-9] Times are ISO 8601 strings with a time zone, between 2000 and 2100.
create function private.arg_time(p_obj jsonb, p_key text, p_required boolean, p_path text default null)
returns timestamptz
language plpgsql stable set search_path = '' as $$
declare
  t text := private.arg_text(p_obj, p_key, p_required, 40, p_path);
  v timestamptz;
begin
  if t is null then return null; end if;
  if t !~ '^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)$' then
    perform private.reject('invalid_args',
      private.field(p_path, p_key) || ' must be an ISO 8601 time with a zone, like 2026-11-21T09:15:00Z');
  end if;
  begin
    v := t::timestamptz;
  exception when others then
    perform private.reject('invalid_args', private.field(p_path, p_key) || ' is not a valid time');
  end;
  if v < '2000-01-01T00:00:00Z' or v > '2100-01-01T00:00:00Z' then
    perform private.reject('invalid_args', private.field(p_path, p_key) || ' is out of range');
  end if;
  return v;
end
$$;

create function private.arg_bool(p_obj jsonb, p_key text, p_default boolean, p_path text default null)
returns boolean
language plpgsql immutable set search_path = '' as $$
declare
  v jsonb := p_obj -> p_key;
begin
  if v is null or v = 'null'::jsonb then return p_default; end if;
  if pg_catalog.jsonb_typeof(v) <> 'boolean' then
    perform private.reject('invalid_args', private.field(p_path, p_key) || ' must be true or false');
  end if;
  return v::text::boolean;
end
$$;

create function private.arg_array(
  p_obj jsonb, p_key text, p_min int, p_max int, p_path text default null
) returns jsonb
language plpgsql immutable set search_path = '' as $$
declare
  v jsonb := p_obj -> p_key;
begin
  if v is null or v = 'null'::jsonb then
    if p_min > 0 then perform private.reject('invalid_args', private.field(p_path, p_key) || ' is required'); end if;
    return '[]'::jsonb;
  end if;
  if pg_catalog.jsonb_typeof(v) <> 'array' then
    perform private.reject('invalid_args', private.field(p_path, p_key) || ' must be an array');
  end if;
  if pg_catalog.jsonb_array_length(v) < p_min or pg_catalog.jsonb_array_length(v) > p_max then
    perform private.reject('invalid_args',
      private.field(p_path, p_key) || ' must have from ' || p_min || ' to ' || p_max || ' items');
  end if;
  if exists (select 1 from pg_catalog.jsonb_array_elements(v) e where pg_catalog.jsonb_typeof(e) <> 'object') then
    perform private.reject('invalid_args', 'every item of ' || private.field(p_path, p_key) || ' must be an object');
  end if;
  return v;
end
$$;

-- The argument readers apply_ops calls ([OPS-7]..[OPS-9]), with the same rules and messages as the *_slow
-- readers above. Replaying a day of offline sales calls them tens of times per sale, and as plpgsql
-- each call cost about as much as the inserts. Now the common, valid case is one SQL expression that the
-- planner inlines into the caller, and only a value that fails it goes to the plpgsql reader, which names
-- the problem exactly as before.
--
-- Inlining needs SQL functions without a SET clause, so these pure helpers do not pin search_path; every
-- name in them is schema-qualified instead, which is what pinning protects.

create function private.arg_money(
  p_obj jsonb, p_key text, p_required boolean, p_allow_negative boolean default false, p_path text default null
) returns bigint
language sql immutable as $$
  select case
    when pg_catalog.jsonb_typeof(p_obj -> p_key) = 'number' and (p_obj ->> p_key) ~ '^-?[0-9]{1,13}$'
         and pg_catalog.abs((p_obj ->> p_key)::numeric) <= 1000000000000
         and (p_allow_negative or (p_obj ->> p_key)::numeric >= 0)
      then (p_obj ->> p_key)::bigint
    else private.arg_money_slow(p_obj, p_key, p_required, p_allow_negative, p_path)
  end
$$;

create function private.arg_uuid(p_obj jsonb, p_key text, p_required boolean, p_path text default null)
returns uuid
language sql immutable as $$
  select case
    when pg_catalog.jsonb_typeof(p_obj -> p_key) = 'string'
         and (p_obj ->> p_key) ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then (p_obj ->> p_key)::uuid
    else private.arg_uuid_slow(p_obj, p_key, p_required, p_path)
  end
$$;

create function private.arg_text(
  p_obj jsonb, p_key text, p_required boolean, p_max int default 200, p_path text default null
) returns text
language sql immutable as $$
  select case
    when pg_catalog.jsonb_typeof(p_obj -> p_key) = 'string' and pg_catalog.char_length(p_obj ->> p_key) <= p_max
      then p_obj ->> p_key
    else private.arg_text_slow(p_obj, p_key, p_required, p_max, p_path)
  end
$$;

create function private.arg_int(
  p_obj jsonb, p_key text, p_required boolean, p_min bigint, p_max bigint, p_path text default null
) returns bigint
language sql immutable as $$
  select case
    when pg_catalog.jsonb_typeof(p_obj -> p_key) = 'number' and (p_obj ->> p_key) ~ '^-?[0-9]{1,15}$'
         and (p_obj ->> p_key)::bigint between p_min and p_max
      then (p_obj ->> p_key)::bigint
    else private.arg_int_slow(p_obj, p_key, p_required, p_min, p_max, p_path)
  end
$$;

create function private.arg_quantity(
  p_obj jsonb, p_key text, p_required boolean, p_allow_negative boolean default false, p_path text default null
) returns numeric
language sql immutable as $$
  select case
    when pg_catalog.jsonb_typeof(p_obj -> p_key) in ('number', 'string')
         and (p_obj ->> p_key) ~ '^[0-9]{1,9}(\.[0-9]{1,3})?$' and (p_obj ->> p_key)::numeric > 0
      then (p_obj ->> p_key)::numeric
    else private.arg_quantity_slow(p_obj, p_key, p_required, p_allow_negative, p_path)
  end
$$;

-- [OPS-10] The terminal an op names, its company, and the caller's right to act there.
create function private.require_terminal(p_terminal uuid, p_min_role text) returns public.terminals
language plpgsql stable security definer set search_path = '' as $$
declare
  v public.terminals;
begin
  select * into v from public.terminals t where t.id = p_terminal;
  if not found then
    perform private.reject('unknown_terminal', 'Terminal ' || p_terminal || ' is not registered');
  end if;
  perform private.require_role(v.company_id, p_min_role);
  return v;
end
$$;

-- [RLS-2] One membership lookup per check instead of two.
create function private.require_role(p_company uuid, p_min_role text) returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  v_role text;
begin
  if auth.uid() is null then
    raise exception 'Sign in first' using errcode = '42501', hint = 'not_signed_in';
  end if;
  perform private.require_second_factor();
  v_role := private.member_role(p_company);
  if v_role is null then
    raise exception 'You are not a member of this company' using errcode = '42501', hint = 'not_member';
  end if;
  if private.role_rank(v_role) < private.role_rank(p_min_role) then
    raise exception 'This needs the % role or higher', p_min_role using errcode = '42501', hint = 'insufficient_role';
  end if;
end
$$;

grant execute on all functions in schema private to anon, authenticated, service_role;

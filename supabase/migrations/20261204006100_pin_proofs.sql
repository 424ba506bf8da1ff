-- Approvals cannot be forged, part 2: proofs bind the op's name, PINs are checked online with a lockout kept
-- on the server, and what the server did not check is flagged (issue 33; supabase/SPEC.md §22; docs/
-- shared-till.md). Before this, a proof signed `tillpoint:<purpose>:v1:<company>:<row id>:<action>`, so the
-- same proof served any op with that row id, and apply_ops re-checked proofs without counting wrong ones.
-- * proofs v2: `tillpoint:<purpose>:v2:<company>:<op name>:<row id>:<action>`; a v1 proof is recorded
--   unverified and flagged (proof 'v1'), never rejected;
-- * private.pin_attempts / pin_tries (created with the PIN material in 20261204006000): 5 wrong in a row
--   lock the person for 5 minutes, then 15, 45 … (at most a day); wrong proofs in apply_ops count alike, and
--   while locked no proof of theirs verifies;
-- * check_staff_pin and staff_pin_params: the online check for tills that hold no PIN material;
-- * unverified cashiers and approvals are written to public.flags too; activity.record naming nobody is
--   unverified.

-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-17] Proofs v2
-- ---------------------------------------------------------------------------------------------------------
-- [PIN-4] proofMessage() of src/domain/staff-pin.ts, character for character: ids in lowercase text form.
create function private.proof_message_v2(p_purpose text, p_company uuid, p_name text, p_subject uuid,
                                         p_action text) returns text
language sql immutable as $$
  select 'tillpoint:' || p_purpose || ':v2:' || p_company::text || ':' || p_name || ':' || p_subject::text || ':'
         || p_action
$$;

-- [STAFF-17] [STAFF-18] What a proof is worth: 'none' (no proof), 'no_pin' (the person has no key), 'locked'
-- (their PIN is locked on the server), 'ok' (v2, this op's name, row and action), 'v1' (the old message,
-- which binds no op name), or 'wrong' (a guess, or a proof made for something else).
create function private.proof_state(p_key text, p_locked boolean, p_proof text, p_purpose text, p_company uuid,
                                    p_name text, p_subject uuid, p_action text) returns text
language sql immutable as $$
  select case
    when p_proof is null then 'none'
    when p_key is null then 'no_pin'
    when p_locked then 'locked'
    when p_proof = private.proof_of(p_key, private.proof_message_v2(p_purpose, p_company, p_name, p_subject, p_action))
      then 'ok'
    when p_proof = private.proof_of(p_key, private.proof_message(p_purpose, p_company, p_subject, p_action))
      then 'v1'
    else 'wrong' end
$$;

-- [STAFF-18] Whether this person's PIN is locked on the server now.
create function private.pin_locked(p_company uuid, p_staff uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select a.locked_until > pg_catalog.now() from private.pin_attempts a
                   where a.company_id = p_company and a.staff_id = p_staff), false)
$$;

-- A proof's worth with the person's stored key and lockout.
create function private.staff_proof_state(p_company uuid, p_staff uuid, p_proof text, p_purpose text, p_name text,
                                          p_subject uuid, p_action text) returns text
language sql stable security definer set search_path = '' as $$
  select private.proof_state(
    (select k.pin_key from private.staff_pin_keys k where k.company_id = p_company and k.staff_id = p_staff),
    private.pin_locked(p_company, p_staff), p_proof, p_purpose, p_company, p_name, p_subject, p_action)
$$;

-- The name of the op being applied (private.apply_op sets it), or null outside one.
create function private.current_op_name() returns text
language sql stable as $$
  select nullif(pg_catalog.current_setting('tillpoint.op_name', true), '')
$$;

-- [STAFF-4] The cashier verifies when active and the sender themself, or their proof's state is 'ok'.
drop function private.cashier_ok(boolean, uuid, text, uuid, uuid, uuid, text);
create function private.cashier_ok(p_active boolean, p_staff_user uuid, p_user uuid, p_proof_state text)
returns boolean
language sql immutable as $$
  select coalesce(p_active, false) and (coalesce(p_staff_user = p_user, false) or coalesce(p_proof_state = 'ok', false))
$$;

-- [STAFF-11] An approval verifies when the approver is active, at least a manager now, and either their
-- proof's state is 'ok' or they are the signed-in sender standing at the counter (the op's cashier).
drop function private.approval_ok(boolean, text, uuid, text, uuid, uuid, uuid, uuid, text, text);
create function private.approval_ok(p_active boolean, p_role text, p_staff_user uuid, p_user uuid, p_cashier uuid,
                                    p_proof_state text) returns boolean
language sql immutable as $$
  select coalesce(p_active, false) and coalesce(private.role_rank(p_role) >= private.role_rank('manager'), false)
     and (coalesce(p_staff_user = p_user and p_cashier = p_user, false) or coalesce(p_proof_state = 'ok', false))
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-18] Wrong tries and lockouts
-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-18] One wrong try: 5 in a row (within an hour of each other) lock the person for 5 minutes, the next
-- lockout in a row (within a day) for 15, then 45 … at most a day. Answers the failures in a row since the
-- last lockout and, when this try locked them, until when.
create function private.pin_failure(p_company uuid, p_staff uuid, p_caller uuid, p_source text,
                                    out failures int, out locked_until timestamptz)
language plpgsql security definer set search_path = '' as $$
declare
  a private.pin_attempts;
begin
  insert into private.pin_attempts (company_id, staff_id) values (p_company, p_staff) on conflict do nothing;
  select * into a from private.pin_attempts x where x.company_id = p_company and x.staff_id = p_staff for update;
  if a.last_failure_at < pg_catalog.now() - interval '1 hour' then a.failures := 0; end if;
  if a.last_failure_at < pg_catalog.now() - interval '1 day' then a.lockouts := 0; end if;
  a.failures := a.failures + 1;
  locked_until := null;
  if a.failures >= 5 then
    locked_until := pg_catalog.now()
      + least(interval '5 minutes' * pg_catalog.power(3, least(a.lockouts, 6))::int, interval '1 day');
    a.lockouts := a.lockouts + 1;
    a.failures := 0;
  end if;
  update private.pin_attempts x
  set failures = a.failures, lockouts = a.lockouts, locked_until = coalesce(pin_failure.locked_until, x.locked_until),
      last_failure_at = pg_catalog.now()
  where x.company_id = p_company and x.staff_id = p_staff;
  insert into private.pin_tries (company_id, staff_id, caller, source, ok)
  values (p_company, p_staff, p_caller, p_source, false);
  failures := a.failures;
end
$$;

-- [STAFF-18] A right PIN checked online forgets the misses and the lockouts in a row.
create function private.pin_success(p_company uuid, p_staff uuid, p_caller uuid) returns void
language sql security definer set search_path = '' as $$
  update private.pin_attempts x set failures = 0, lockouts = 0, locked_until = null
  where x.company_id = p_company and x.staff_id = p_staff;
  insert into private.pin_tries (company_id, staff_id, caller, source, ok) values (p_company, p_staff, p_caller, 'check', true);
  delete from private.pin_tries t where t.caller = p_caller and t.at < pg_catalog.now() - interval '1 day';
$$;

-- [STAFF-18] A proof an op carried: when it is 'wrong' (not a v1 proof, not a locked person's), it counts as a
-- wrong PIN of that person.
create function private.count_proof(p_company uuid, p_staff uuid, p_proof jsonb, p_purpose text, p_name text,
                                    p_subject uuid, p_action text, p_user uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if p_staff is null or pg_catalog.jsonb_typeof(p_proof) is distinct from 'string'
     or pg_catalog.length(p_proof #>> '{}') > 200 then
    return;
  end if;
  if private.staff_proof_state(p_company, p_staff, p_proof #>> '{}', p_purpose, p_name, p_subject, p_action)
     = 'wrong' then
    perform private.pin_failure(p_company, p_staff, p_user, 'proof');
  end if;
end
$$;

-- [STAFF-18] The wrong proofs of one op, counted whether the op applied or was rejected (private.apply_op calls
-- it outside the op's savepoint). Only a member's ops count: a stranger cannot lock a shop's staff out.
create function private.count_proof_failures(p_name text, p_args jsonb, p_user uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_company uuid;
  v_subject uuid;
  v_approval jsonb;
begin
  if p_name not in ('sale.record', 'sale.refund', 'shift.open', 'shift.close', 'cash.move', 'activity.record')
     or pg_catalog.jsonb_typeof(p_args) is distinct from 'object' then
    return;
  end if;
  select t.company_id into v_company from public.terminals t
  where t.id = private.try_uuid(p_args ->> 'terminal_id');
  v_subject := private.try_uuid(p_args ->> 'id');
  if v_company is null or v_subject is null or not private.is_member(v_company) then return; end if;
  perform private.count_proof(v_company, private.try_uuid(p_args ->> 'cashier_id'), p_args -> 'cashier_proof',
                              'cashier', p_name, v_subject, 'sell', p_user);
  v_approval := p_args -> 'approval';
  if pg_catalog.jsonb_typeof(v_approval) = 'object' then
    perform private.count_proof(v_company, private.try_uuid(v_approval ->> 'by'), v_approval -> 'proof', 'approval',
                                p_name, v_subject, v_approval ->> 'action', p_user);
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-19] The online check, for tills that hold no PIN material
-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-19] The salt and derivation of one person's PIN, for a till that holds no PIN material to derive
-- the key from a typed PIN. Any member of the shop: without the verifier a salt tests no guess offline, and
-- every guess online costs a try (check_staff_pin).
create function public.staff_pin_params(p_company_id uuid, p_staff_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v public.staff;
begin
  perform private.require_role(p_company_id, 'cashier');
  select * into v from public.staff s where s.company_id = p_company_id and s.id = p_staff_id and s.deleted_at is null;
  if not found then
    perform private.reject('unknown_staff', 'There is no staff member ' || coalesce(p_staff_id::text, '(none)')
      || ' in this shop');
  end if;
  if v.pin_salt is null then perform private.reject('no_pin', v.name || ' has no PIN yet'); end if;
  return pg_catalog.jsonb_build_object('salt', v.pin_salt, 'kdf', v.pin_kdf);
end
$$;

-- [STAFF-19] check_staff_pin: the key a till derived from a typed PIN, checked against the stored one with the
-- lockout kept here. Answers (never raises, so a wrong try is kept): {ok: true}, {ok: false, code: 'wrong_pin',
-- tries_left}, {ok: false, code: 'pin_locked', until}, or {ok: false, code: 'rate_limited', until} (more than
-- 10 checks a minute by one caller). Raises for a caller who is not a member, an unknown or inactive person,
-- or one with no PIN.
create function public.check_staff_pin(p_company_id uuid, p_staff_id uuid, p_key text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v public.staff;
  v_key text;
  v_until timestamptz;
  v_oldest timestamptz;
  v_recent int;
  f record;
begin
  perform private.require_role(p_company_id, 'cashier');
  if coalesce(p_key, '') !~ '^[0-9a-f]{64}$' then
    perform private.reject('invalid_args', 'p_key must be 32 bytes as 64 lowercase hex digits');
  end if;
  select * into v from public.staff s where s.company_id = p_company_id and s.id = p_staff_id and s.deleted_at is null;
  if not found then
    perform private.reject('unknown_staff', 'There is no staff member ' || coalesce(p_staff_id::text, '(none)')
      || ' in this shop');
  end if;
  if not v.active then perform private.reject('staff_inactive', v.name || ' may not use the till'); end if;
  select k.pin_key into v_key from private.staff_pin_keys k where k.company_id = p_company_id and k.staff_id = v.id;
  if v_key is null then perform private.reject('no_pin', v.name || ' has no PIN yet'); end if;
  -- Serialises one person's checks, so two tills cannot both slip under the count.
  insert into private.pin_attempts (company_id, staff_id) values (p_company_id, v.id) on conflict do nothing;
  select a.locked_until into v_until from private.pin_attempts a
  where a.company_id = p_company_id and a.staff_id = v.id for update;
  select count(*), min(t.at) into v_recent, v_oldest from private.pin_tries t
  where t.caller = auth.uid() and t.source = 'check' and t.at > pg_catalog.now() - interval '1 minute';
  if v_recent >= 10 then
    return pg_catalog.jsonb_build_object('ok', false, 'code', 'rate_limited', 'until', v_oldest + interval '1 minute');
  end if;
  if v_until > pg_catalog.now() then
    return pg_catalog.jsonb_build_object('ok', false, 'code', 'pin_locked', 'until', v_until);
  end if;
  if v_key = p_key then
    perform private.pin_success(p_company_id, v.id, auth.uid());
    return pg_catalog.jsonb_build_object('ok', true);
  end if;
  select * into f from private.pin_failure(p_company_id, v.id, auth.uid(), 'check');
  if f.locked_until is not null then
    return pg_catalog.jsonb_build_object('ok', false, 'code', 'pin_locked', 'until', f.locked_until);
  end if;
  return pg_catalog.jsonb_build_object('ok', false, 'code', 'wrong_pin', 'tries_left', 5 - f.failures);
end
$$;

revoke execute on function public.staff_pin_params(uuid, uuid) from public, anon;
grant execute on function public.staff_pin_params(uuid, uuid) to authenticated, service_role;
revoke execute on function public.check_staff_pin(uuid, uuid, text) from public, anon;
grant execute on function public.check_staff_pin(uuid, uuid, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-6] [STAFF-20] Flags for what the server did not verify
-- ---------------------------------------------------------------------------------------------------------
-- [STAFF-20] One unverified cashier or approval of the op being applied, written to public.flags with why
-- (`proof`: none, no_pin, locked, v1, wrong, or ok when the person is inactive or not a manager). Once per
-- op: private.flag_unverified writes the same dedupe key without the why, and adds nothing after this.
create function private.flag_proof(p_what text, p_company uuid, p_args jsonb, p_subject uuid, p_staff uuid,
                                   p_claimed uuid, p_action text, p_state text) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_op uuid := private.try_uuid(pg_catalog.current_setting('tillpoint.op_id', true));
  v_name text := private.current_op_name();
begin
  if v_op is null then return; end if;
  perform private.add_flag(p_company, 'unverified_' || p_what, 'unverified_' || p_what || ':' || v_op,
    case when v_name in ('sale.record', 'sale.refund') then p_subject end, v_op,
    (select t.id from public.terminals t where t.id = private.try_uuid(p_args ->> 'terminal_id')
                                           and t.company_id = p_company),
    pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'op', v_name, 'subject_id', p_subject, 'reason', 'unverified_' || p_what, 'proof', p_state,
      'staff_id', p_staff, 'claimed_by', p_claimed, 'action', p_action)));
end
$$;

-- [STAFF-4] [STAFF-5] [STAFF-17] The op's cashier as before; the proof is checked for the op's name
-- (private.apply_op names it), and an unverified cashier is flagged with why.
create or replace function private.op_cashier(p_args jsonb, p_company uuid, p_user uuid, p_subject uuid,
                                              out cashier_id uuid, out verified boolean)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_proof text := private.arg_text(p_args, 'cashier_proof', false, 200);
  v public.staff;
  v_state text;
begin
  cashier_id := coalesce(private.arg_uuid(p_args, 'cashier_id', false), p_user);
  select * into v from public.staff s where s.company_id = p_company and s.id = cashier_id;
  if not found then
    perform private.reject('unknown_cashier', 'Cashier ' || cashier_id || ' is not on the staff of this shop');
  end if;
  v_state := private.staff_proof_state(p_company, v.id, v_proof, 'cashier', private.current_op_name(), p_subject,
                                       'sell');
  verified := private.cashier_ok(v.active, v.user_id, p_user, v_state);
  if not verified then
    perform private.flag_proof('cashier', p_company, p_args, p_subject, cashier_id, null, null, v_state);
  end if;
end
$$;

-- [STAFF-11] [STAFF-17] The op's approval as before, checked for the op's name, flagged with why when it does
-- not verify.
create or replace function private.op_approval(p_args jsonb, p_company uuid, p_user uuid, p_subject uuid,
                                               out approved_by uuid, out claimed_by uuid, out action text,
                                               out verified boolean)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v jsonb := p_args -> 'approval';
  v_proof text;
  v_state text;
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
  v_state := private.staff_proof_state(p_company, s.id, v_proof, 'approval', private.current_op_name(), p_subject,
                                       action);
  verified := private.approval_ok(s.active, s.role, s.user_id, p_user,
    coalesce(private.arg_uuid(p_args, 'cashier_id', false), p_user), v_state);
  if not verified then
    perform private.flag_proof('approval', p_company, p_args, p_subject, s.id, claimed_by, action, v_state);
  end if;
end
$$;

-- [STAFF-6] [STAFF-20] [MOD-6] As in 20261201000200_modifiers.sql, and each unverified cashier or approval is
-- also a row of public.flags (kind unverified_cashier / unverified_approval, once per op).
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
  order by 1;
  select count(private.add_flag(r.company_id, 'unverified_' || f.what, 'unverified_' || f.what || ':' || r.op_id,
           case when p_name in ('sale.record', 'sale.refund') then r.id end, r.op_id, r.terminal_id,
           pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
             'op', p_name, 'subject_id', r.id, 'reason', 'unverified_' || f.what, 'staff_id', f.staff_id,
             'claimed_by', case when f.what = 'approval' then r.claimed_by end,
             'action', case when f.what = 'approval' then r.approval_action end))))
  from pg_catalog.jsonb_to_recordset(p_rows) as r(op_id uuid, company_id uuid, terminal_id uuid, id uuid,
       cashier_id uuid, cashier_verified boolean, approved_by uuid, claimed_by uuid, approval_action text,
       approval_verified boolean)
  cross join lateral (values ('cashier', r.cashier_id, not r.cashier_verified),
                             ('approval', r.approved_by, r.approval_verified = false)) as f(what, staff_id, flagged)
  where f.flagged;
$$;

-- [OPS-2] [STAFF-17] [STAFF-18] One op as in 20261202000110_receipt_ops.sql: its name and id are set for the
-- proofs its handler checks, and its wrong proofs are counted after it, applied or rejected.
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
  v_handler regprocedure;
  v_answer jsonb;
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
  -- [STAFF-17] The op's name and id, for the proofs its handler checks (private.op_cashier, op_approval):
  -- a proof binds the op's name, and an unverified one is flagged against this op.
  perform pg_catalog.set_config('tillpoint.op_name', v_name, true);
  perform pg_catalog.set_config('tillpoint.op_id', v_op_id::text, true);
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
    select h.handler into v_handler from private.op_handlers h where h.name = v_name;
    if v_handler is not null then
      execute pg_catalog.format('select %s($1, $2, $3)', v_handler::regproc) into v_out
        using v_args, v_op_id, p_user;
    end if;
    if v_out is null then
      perform private.reject('unknown_op', 'Unknown op ' || v_name);
    end if;
    update public.applied_ops a
    set company_id = (v_out ->> 'company_id')::uuid,
        terminal_id = coalesce((v_out ->> 'terminal_id')::uuid, private.try_uuid(p_op ->> 'terminal_id')),
        result = v_out - 'company_id' - 'terminal_id'
    where a.op_id = v_op_id;
    v_answer := pg_catalog.jsonb_build_object('op_id', v_op_id, 'status', 'applied',
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
    v_answer := pg_catalog.jsonb_build_object('op_id', v_op_id, 'status', 'rejected', 'error', v_error,
                                         'txid', pg_catalog.pg_current_xact_id()::text);
  end;
  -- [STAFF-18] Outside the op's savepoint, so a rejected op's wrong proofs count too: apply_ops is no place
  -- to try PINs (a refund refused without a verified approval would otherwise say whether a guess was right).
  perform private.count_proof_failures(v_name, v_args, p_user);
  perform pg_catalog.set_config('tillpoint.op_name', '', true);
  perform pg_catalog.set_config('tillpoint.op_id', '', true);
  return v_answer;
end
$$;



-- [OPS-15] [STAFF-4] [STAFF-11] [STAFF-17] [STAFF-18] The batch path's checks as in 20261127000100_staff.sql,
-- with v2 proofs for sale.record, no proof verifying while its person is locked, and every op whose proof
-- does not verify sent to private.apply_op (which counts it and flags why).
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
             private.cashier_ok(st.active, st.user_id, p_user, private.proof_state(k.pin_key,
               coalesce(kl.locked_until > pg_catalog.now(), false), private.plain_text(op.cashier_proof, 200),
               'cashier', t.company_id, 'sale.record', private.plain_uuid(op.id), 'sell')) as cashier_verified,
             -- [STAFF-17] [STAFF-18] A proof given that does not verify sends the op to private.apply_op,
             -- which counts it toward the person's lockout and flags why.
             private.proof_state(k.pin_key, coalesce(kl.locked_until > pg_catalog.now(), false),
               private.plain_text(op.cashier_proof, 200), 'cashier', t.company_id, 'sale.record',
               private.plain_uuid(op.id), 'sell') as cashier_state,
             coalesce(st.user_id, p_user) as mover,
             private.plain_uuid(op.approval -> 'by') as claimed_by, ast.id as approved_by,
             private.plain_text(op.approval -> 'action', 20) as approval_action,
             private.proof_state(ak.pin_key, coalesce(akl.locked_until > pg_catalog.now(), false),
               private.plain_text(op.approval -> 'proof', 200), 'approval', t.company_id, 'sale.record',
               private.plain_uuid(op.id), private.plain_text(op.approval -> 'action', 20)) as approval_state,
             case when op.approval is not null
                  then private.approval_ok(ast.active, ast.role, ast.user_id, p_user,
                         coalesce(private.plain_uuid(op.cashier_id), p_user),
                         private.proof_state(ak.pin_key, coalesce(akl.locked_until > pg_catalog.now(), false),
                           private.plain_text(op.approval -> 'proof', 200), 'approval', t.company_id, 'sale.record',
                           private.plain_uuid(op.id), private.plain_text(op.approval -> 'action', 20))) end
               as approval_verified
      from op
      left join public.terminals t on t.id = private.plain_uuid(op.terminal_id)
      left join public.companies c on c.id = t.company_id
      left join public.staff st
        on st.company_id = t.company_id and st.id = coalesce(private.plain_uuid(op.cashier_id), p_user)
      left join private.staff_pin_keys k on k.company_id = st.company_id and k.staff_id = st.id
      left join private.pin_attempts kl on kl.company_id = st.company_id and kl.staff_id = st.id
      left join public.staff ast on ast.company_id = t.company_id and ast.id = private.plain_uuid(op.approval -> 'by')
      left join private.staff_pin_keys ak on ak.company_id = ast.company_id and ak.staff_id = ast.id
      left join private.pin_attempts akl on akl.company_id = ast.company_id and akl.staff_id = ast.id
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
        -- [STAFF-18] Only proofs that verify, or none, stay on the batch path.
        and h.cashier_state in ('none', 'ok') and h.approval_state in ('none', 'ok')
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



-- [STAFF-12] [STAFF-21] activity.record as in 20261127000100_staff.sql, but `verified` says only what the
-- server checked: an event naming nobody is unverified (nobody's proof was checked), as is one whose named
-- cashier or approval did not verify.
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
          v_cashier is not null and v_cashier_ok and coalesce(a.verified, true), p_op_id);
  return pg_catalog.jsonb_build_object('company_id', v_terminal.company_id, 'terminal_id', v_terminal.id);
end
$$;


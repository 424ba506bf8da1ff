-- Passkeys, part 2: approvals signed with a passkey (issue 33, supabase/SPEC.md "Passkey approvals"
-- [PASSKEY-5]…[PASSKEY-12]). An op's `approval` may be {by, action, passkey: {credential_id,
-- authenticator_data, client_data_json, signature}} instead of a PIN proof. Postgres has no ECDSA, so the
-- approval is checked in two steps and verified only after both:
-- * at once, in SQL (private.op_approval): everything but the signature — the credential is a live key of
--   `by`, `by` an active manager or owner, the client data a webauthn.get over the challenge SHA-256(M) (M the
--   PIN proofs' v2 message for this op, row and action), the authenticator data for the key's rp id with the
--   user-present flag. Anything wrong: unverified and flagged (proof 'passkey_wrong'). All right: the row is
--   recorded unverified and one private.passkey_checks row waits for the signature; meanwhile nothing is
--   flagged unverified and the shop's approval rules count it as given (private.approved).
-- * later, by the Edge Function verify-approvals (WebCrypto): it reads the waiting checks
--   (passkey_checks_pending) and settles each (settle_passkey_check); only a good signature of a key still
--   live marks the row verified. A bad one, or a removed key, is flagged (proof 'passkey_signature' /
--   'passkey_removed').
-- Ops carrying a passkey go one by one (private.is_sale_record), and never count as wrong PIN tries.

-- ---------------------------------------------------------------------------------------------------------
-- [PASSKEY-6] The checks waiting for their signature
-- ---------------------------------------------------------------------------------------------------------
create table private.passkey_checks (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  -- The op that carried the approval (one approval per op, so one check: a replay adds none), and its row.
  op_id uuid not null unique,
  op_name text not null,
  row_id uuid not null,
  -- What the key signed: M's op name and row (an 'approval' event names another op's row), and the action.
  signed_op text not null,
  subject_id uuid not null,
  action text not null,
  message text not null,
  staff_id uuid not null,
  passkey_id uuid not null references private.staff_passkeys (id),
  authenticator_data text not null,
  client_data_json text not null,
  signature text not null,
  status text not null default 'pending' check (status in ('pending', 'ok', 'bad')),
  created_at timestamptz not null default now(),
  checked_at timestamptz,
  check ((status = 'pending') = (checked_at is null))
);
comment on table private.passkey_checks is
  'Passkey approvals whose signature waits for the verify-approvals function, and how each was settled (PASSKEY-6).';
create index passkey_checks_pending_idx on private.passkey_checks (company_id, created_at) where status = 'pending';
create index passkey_checks_subject_idx on private.passkey_checks (subject_id);
create index passkey_checks_key_idx on private.passkey_checks (passkey_id) where status = 'pending';
revoke all on private.passkey_checks from public, anon, authenticated;

-- The id of the op being applied (private.apply_op sets it), or null outside one.
create function private.current_op_id() returns uuid
language sql stable set search_path = '' as $$
  select private.try_uuid(pg_catalog.current_setting('tillpoint.op_id', true))
$$;

-- [PASSKEY-7] Whether this op's passkey approval passed the SQL checks and waits for its signature.
create function private.passkey_waiting(p_op uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from private.passkey_checks k where k.op_id = p_op and k.status = 'pending')
$$;

-- [PASSKEY-7] Whether a passkey approval of `p_action` on the row `p_subject` waits for its signature: the
-- shop's approval rules count it as given for now (the check settles it, and flags it when it is bad).
create function private.passkey_approves(p_company uuid, p_subject uuid, p_action text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from private.passkey_checks k
                 where k.subject_id = p_subject and k.company_id = p_company and k.action = p_action
                   and k.status = 'pending')
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [PASSKEY-5] The approval's form and the checks SQL can make
-- ---------------------------------------------------------------------------------------------------------
-- [PASSKEY-5] The passkey part of an approval, strictly: four base64url texts of at most 2048 characters.
create function private.passkey_part(p_approval jsonb, p_event boolean) returns jsonb
language plpgsql immutable set search_path = '' as $$
declare
  v jsonb := p_approval -> 'passkey';
begin
  if exists (select 1 from pg_catalog.jsonb_object_keys(p_approval) k
             where k not in ('by', 'action', 'passkey') and not (p_event and k in ('op', 'subject_id'))) then
    perform private.reject('invalid_args', 'An approval by security key holds by, action and passkey'
      || case when p_event then ' (and op and subject_id on an approval event)' else '' end || ', nothing else');
  end if;
  if pg_catalog.jsonb_typeof(v) is distinct from 'object'
     or exists (select 1 from pg_catalog.jsonb_object_keys(v) k
                where k not in ('credential_id', 'authenticator_data', 'client_data_json', 'signature'))
     or exists (select 1 from pg_catalog.unnest(array['credential_id', 'authenticator_data', 'client_data_json',
                                                      'signature']) k
                where pg_catalog.jsonb_typeof(v -> k) is distinct from 'string'
                   or pg_catalog.length(v ->> k) not between 1 and 2048) then
    perform private.reject('invalid_args', 'approval.passkey must be {credential_id, authenticator_data, '
      || 'client_data_json, signature}, each a base64url text of at most 2048 characters');
  end if;
  return v;
end
$$;

-- [PASSKEY-5] What is wrong with a passkey approval, short of its signature, or null when nothing is.
create function private.passkey_problem(p_key private.staff_passkeys, p_staff public.staff, p_message text,
                                        p_part jsonb) returns text
language plpgsql stable set search_path = '' as $$
declare
  v_client jsonb;
  v_auth bytea;
  v_signature bytea;
begin
  if p_key.id is null then return 'unknown_key'; end if;
  if p_staff.id is null or p_key.staff_id <> p_staff.id then return 'not_their_key'; end if;
  if not p_staff.active or p_staff.deleted_at is not null
     or private.role_rank(p_staff.role) < private.role_rank('manager') then
    return 'not_approver';
  end if;
  v_client := private.b64url_json(p_part ->> 'client_data_json');
  if v_client is null then return 'client_data_unreadable'; end if;
  if v_client ->> 'type' is distinct from 'webauthn.get' then return 'wrong_type'; end if;
  if v_client ->> 'challenge' is distinct from private.b64url_encode(private.sha256_text(p_message)) then
    return 'wrong_challenge';
  end if;
  v_auth := private.b64url_decode(p_part ->> 'authenticator_data');
  if v_auth is null or pg_catalog.length(v_auth) < 37 then return 'authenticator_data_unreadable'; end if;
  if pg_catalog.substr(v_auth, 1, 32) <> private.sha256_text(p_key.rp_id) then return 'wrong_rp'; end if;
  if pg_catalog.get_byte(v_auth, 32) & 1 = 0 then return 'no_user_presence'; end if;
  -- A DER ECDSA signature: SEQUENCE of two INTEGERs, 8 to 72 bytes.
  v_signature := private.b64url_decode(p_part ->> 'signature');
  if v_signature is null or pg_catalog.length(v_signature) not between 8 and 72
     or pg_catalog.get_byte(v_signature, 0) <> 48 then
    return 'signature_unreadable';
  end if;
  return null;
end
$$;

-- [PASSKEY-8] [PASSKEY-10] A passkey approval that is not verified, written to public.flags once per op
-- (the dedupe key of [STAFF-20], so the PIN path's flag and this one are one): `proof` says which step found
-- it ('passkey_wrong' in SQL, 'passkey_signature' or 'passkey_removed' when settled), `passkey_reason` what.
create function private.flag_passkey(p_company uuid, p_op uuid, p_op_name text, p_row uuid, p_terminal uuid,
                                     p_staff uuid, p_claimed uuid, p_action text, p_proof text, p_reason text)
returns void
language sql security definer set search_path = '' as $$
  select private.add_flag(p_company, 'unverified_approval', 'unverified_approval:' || p_op,
    case when p_op_name in ('sale.record', 'sale.refund') then p_row end, p_op,
    (select t.id from public.terminals t where t.id = p_terminal and t.company_id = p_company),
    pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'op', p_op_name, 'subject_id', p_row, 'reason', 'unverified_approval', 'proof', p_proof,
      'passkey_reason', p_reason, 'staff_id', p_staff, 'claimed_by', p_claimed, 'action', p_action)));
$$;

-- [STAFF-11] [STAFF-17] [PASSKEY-5]…[PASSKEY-8] The op's approval as in 20261204006100_pin_proofs.sql, and the
-- passkey form beside the PIN one. A passkey approval is never verified here: when SQL finds nothing wrong it
-- waits in private.passkey_checks for its signature; when it does, it is flagged 'passkey_wrong'.
create or replace function private.op_approval(p_args jsonb, p_company uuid, p_user uuid, p_subject uuid,
                                               out approved_by uuid, out claimed_by uuid, out action text,
                                               out verified boolean)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v jsonb := p_args -> 'approval';
  v_proof text;
  v_state text;
  s public.staff;
  v_event boolean;
  v_part jsonb;
  v_key private.staff_passkeys;
  v_signed_op text;
  v_signed_subject uuid;
  v_message text;
  v_problem text;
  v_op uuid := private.current_op_id();
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
  select * into s from public.staff st where st.company_id = p_company and st.id = claimed_by;
  approved_by := s.id;
  if not v ? 'passkey' then
    v_proof := private.arg_text(v, 'proof', false, 200, 'approval');
    v_state := private.staff_proof_state(p_company, s.id, v_proof, 'approval', private.current_op_name(), p_subject,
                                         action);
    verified := private.approval_ok(s.active, s.role, s.user_id, p_user,
      coalesce(private.arg_uuid(p_args, 'cashier_id', false), p_user), v_state);
    if not verified then
      perform private.flag_proof('approval', p_company, p_args, p_subject, s.id, claimed_by, action, v_state);
    end if;
    return;
  end if;
  -- [PASSKEY-5] An 'approval' event may name the op and row the manager approved (op, subject_id): M is theirs.
  v_event := private.current_op_name() = 'activity.record' and p_args ->> 'kind' = 'approval';
  v_part := private.passkey_part(v, v_event);
  v_signed_op := private.current_op_name();
  v_signed_subject := p_subject;
  if v ? 'op' or v ? 'subject_id' then
    v_signed_op := private.arg_text(v, 'op', true, 100, 'approval');
    v_signed_subject := private.arg_uuid(v, 'subject_id', true, 'approval');
  end if;
  verified := false;
  v_message := private.proof_message_v2('approval', p_company, v_signed_op, v_signed_subject, action);
  select * into v_key from private.staff_passkeys k
  where k.company_id = p_company and k.removed_at is null
    and k.credential_id = private.b64url_encode(private.b64url_decode(v_part ->> 'credential_id'));
  v_problem := private.passkey_problem(v_key, s, v_message, v_part);
  -- The event's own words must name what was signed, or approvals_given would count it for another row.
  if v_problem is null and v_signed_subject is distinct from p_subject
     and (private.try_uuid(p_args -> 'detail' ->> 'subject_id') is distinct from v_signed_subject
          or p_args -> 'detail' ->> 'action' is distinct from action) then
    v_problem := 'event_mismatch';
  end if;
  -- Outside an op (no op id) nothing can wait for a check, nor be flagged against an op.
  if v_op is null then return; end if;
  if v_problem is not null then
    perform private.flag_passkey(p_company, v_op, private.current_op_name(), p_subject,
                                 private.try_uuid(p_args ->> 'terminal_id'), s.id, claimed_by, action,
                                 'passkey_wrong', v_problem);
    return;
  end if;
  insert into private.passkey_checks (company_id, op_id, op_name, row_id, signed_op, subject_id, action, message,
                                      staff_id, passkey_id, authenticator_data, client_data_json, signature)
  values (p_company, v_op, private.current_op_name(), p_subject, v_signed_op, v_signed_subject, action, v_message,
          s.id, v_key.id, v_part ->> 'authenticator_data', v_part ->> 'client_data_json', v_part ->> 'signature')
  on conflict (op_id) do nothing;
end
$$;

-- [PASSKEY-7] [OPS-15] A sale.record carrying a passkey approval takes the one-op path: the batch path's
-- checks (private.plain_sales) know PIN proofs only. As in 20261201000200_modifiers.sql otherwise.
create or replace function private.is_sale_record(p_op jsonb) returns boolean
language sql immutable as $$
  select pg_catalog.jsonb_typeof(p_op) = 'object'
     and coalesce(p_op ->> 'op_id', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and pg_catalog.jsonb_typeof(p_op -> 'name') = 'string' and p_op ->> 'name' = 'sale.record'
     and pg_catalog.jsonb_typeof(p_op -> 'args') = 'object'
     and not pg_catalog.jsonb_path_exists(p_op, '$.args.lines[*] ? (exists (@.modifiers) || exists (@.base_price))')
     and not pg_catalog.jsonb_path_exists(p_op, '$.args.approval.passkey')
$$;

-- [DERIVE-6] [PASSKEY-7] As in 20261204001000_rederive_sales.sql, and a passkey approval of the action on the
-- row that waits for its signature counts as given for now.
create or replace function private.approved(p_company uuid, p_subject uuid, p_action text, p_row_action text,
                                            p_row_verified boolean, p_cashier uuid, p_cashier_verified boolean)
returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(p_row_action = p_action and p_row_verified, false)
      or (coalesce(p_cashier_verified, false) and exists (
            select 1 from public.staff st
            where st.company_id = p_company and st.id = p_cashier and st.active
              and private.role_rank(st.role) >= private.role_rank('manager')))
      or exists (
            select 1 from private.approvals_given g
            where g.subject_id = p_subject and g.company_id = p_company and g.action = p_action)
      or private.passkey_approves(p_company, p_subject, p_action)
$$;

-- [STAFF-11] [PASSKEY-7] As in 20261127000100_staff.sql: a refund by a cashier goes through with a manager's
-- verified approval, or with a passkey approval that passed SQL's checks and waits for its signature (the
-- till checked the signature before it gave the money back; a bad one is flagged when settled).
create or replace function private.sale_header(p_args jsonb, p_min_role text, p_user uuid, p_lifted_by text default null)
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
     and not ((coalesce(a.verified, false) or private.passkey_waiting(private.current_op_id()))
              and a.action = p_lifted_by) then
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

-- [STAFF-6] [STAFF-20] [PASSKEY-7] As in 20261204006100_pin_proofs.sql; an approval waiting for its signature
-- is not flagged unverified (the check flags it if it is bad).
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
                             ('approval', 'approval', r.approved_by,
                              r.approval_verified = false and not private.passkey_waiting(r.op_id)),
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
                             ('approval', r.approved_by,
                              r.approval_verified = false and not private.passkey_waiting(r.op_id)))
    as f(what, staff_id, flagged)
  where f.flagged;
$$;

-- [DERIVE-7] [PASSKEY-7] As in 20261204001000_rederive_sales.sql, and a shift's difference approved by a
-- passkey waiting for its signature counts as approved for now.
create or replace function private.flag_other_approvals(p_ops jsonb, p_answers jsonb) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform private.add_flag(f.company_id, 'missing_approval', f.dedupe_key, f.sale_id, f.op_id, f.terminal_id,
                           f.detail)
  from (
    with applied as materialized (
      select * from private.applied_now(p_ops, p_answers) o
      where o.name in ('sale.refund', 'activity.record', 'shift.close')
    )
    select s.company_id, 'missing_approval:' || s.id || ':refund' as dedupe_key, s.id as sale_id, s.op_id,
           s.terminal_id,
           pg_catalog.jsonb_build_object('op', 'sale.refund', 'action', 'refund', 'subject_id', s.id,
                                         'refund_of', s.refund_of, 'total', s.total,
                                         'approval_action', s.approval_action,
                                         'approval_verified', s.approval_verified) as detail
    from applied o
    join public.sales s on s.id = private.as_uuid(o.args ->> 'id') and s.op_id = o.op_id and s.kind = 'refund'
    join public.companies c on c.id = s.company_id
    where o.name = 'sale.refund' and c.approve_refund
      and not private.approved(s.company_id, s.id, 'refund', s.approval_action, s.approval_verified,
                               s.cashier_id, s.cashier_verified)
    union all
    select e.company_id, 'missing_approval:' || e.id || ':' || r.action, null, e.op_id, e.terminal_id,
           pg_catalog.jsonb_build_object('op', 'activity.record', 'action', r.action, 'subject_id', e.id,
                                         'event', e.kind, 'staff_id', e.staff_id,
                                         'approval', e.detail -> 'approval')
    from applied o
    join public.activity_events e on e.id = private.as_uuid(o.args ->> 'id') and e.op_id = o.op_id
    join public.companies c on c.id = e.company_id
    cross join lateral (values (case e.kind when 'no_sale' then 'no_sale' else 'line_removal' end)) as r(action)
    where o.name = 'activity.record'
      and ((e.kind = 'no_sale' and c.approve_no_sale) or (e.kind = 'line_voided' and c.approve_line_removal))
      -- The event's detail.approval is the server's only when the op carried an approval.
      and not private.approved(e.company_id, e.id, r.action,
                               case when pg_catalog.jsonb_typeof(o.args -> 'approval') = 'object'
                                    then e.detail -> 'approval' ->> 'action' end,
                               e.detail -> 'approval' ->> 'verified' = 'true', e.staff_id, e.verified)
    union all
    select h.company_id, 'missing_approval:' || h.id || ':shift_difference', null, o.op_id, h.terminal_id,
           pg_catalog.jsonb_build_object('op', 'shift.close', 'action', 'shift_difference', 'subject_id', h.id,
                                         'expected_cash', h.expected_cash, 'counted_cash', h.counted_cash,
                                         'limit', c.approve_shift_difference_over,
                                         'approval_action', h.approval_action,
                                         'approval_verified', h.approval_verified)
    from applied o
    join public.shifts h on h.id = private.as_uuid(o.args ->> 'id')
                        and h.terminal_id = private.as_uuid(o.args ->> 'terminal_id')
    join public.companies c on c.id = h.company_id
    where o.name = 'shift.close' and h.closed_at is not null and c.approve_shift_difference_over is not null
      and abs(h.counted_cash - h.expected_cash) > c.approve_shift_difference_over
      and h.approved_by is null
      and not coalesce(h.approval_action = 'shift_difference' and h.approval_verified, false)
      and not private.passkey_approves(h.company_id, h.id, 'shift_difference')
  ) f
  order by f.dedupe_key;
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [PASSKEY-9] Settling a check: the row verified, or the approval flagged
-- ---------------------------------------------------------------------------------------------------------
-- Sales, cash movements and activity events are never changed once recorded, but for this: a check settled
-- good marks its row's approval verified (approval_verified false → true; an event's detail.approval.verified
-- and verified as [STAFF-21] says), nothing else. The settling function names the op it settles in
-- `tillpoint.passkey_settle`, for this transaction only.
create function private.settled_passkey_change(p_old jsonb, p_new jsonb) returns boolean
language sql stable set search_path = '' as $$
  select coalesce(
    pg_catalog.current_setting('tillpoint.passkey_settle', true) = p_old ->> 'op_id'
    and p_old - array['approval_verified', 'verified', 'detail', 'txid']
        = p_new - array['approval_verified', 'verified', 'detail', 'txid']
    and (not p_old ? 'approval_verified'
         or (p_old -> 'approval_verified' = 'false' and p_new -> 'approval_verified' = 'true'))
    and (not p_old ? 'detail'
         or p_new -> 'detail' = pg_catalog.jsonb_set(p_old -> 'detail', '{approval,verified}', 'true')), false)
$$;

-- Security definer: whoever tries the change (the service role too) asks the helper, which no API role may run.
create function private.forbid_change_but_passkey() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'UPDATE' and private.settled_passkey_change(pg_catalog.to_jsonb(old), pg_catalog.to_jsonb(new)) then
    return new;
  end if;
  raise exception '% rows are never changed or deleted once recorded; record a correction instead', tg_table_name
    using errcode = '42501', hint = 'immutable';
end
$$;

drop trigger sales_immutable on public.sales;
create trigger sales_immutable before update or delete on public.sales
  for each row execute function private.forbid_change_but_passkey();
drop trigger cash_movements_immutable on public.cash_movements;
create trigger cash_movements_immutable before update or delete on public.cash_movements
  for each row execute function private.forbid_change_but_passkey();
drop trigger activity_events_immutable on public.activity_events;
create trigger activity_events_immutable before update or delete on public.activity_events
  for each row execute function private.forbid_change_but_passkey();

-- [PASSKEY-9] A good check: its row's approval verified. A sale or refund, a cash movement, a closed shift (a
-- difference over the limit then approved by that manager, as a verified approval does at closing), or an
-- activity event: its detail.approval.verified, and `verified` when its named cashier verified too (no
-- unverified_cashier flag of the op, [STAFF-20]); an 'approval' event's approval is then given
-- (private.approvals_given, [DERIVE-6]).
create function private.passkey_verified(c private.passkey_checks) returns void
language plpgsql security definer set search_path = '' as $$
declare
  e public.activity_events;
begin
  perform pg_catalog.set_config('tillpoint.passkey_settle', c.op_id::text, true);
  if c.op_name in ('sale.record', 'sale.refund') then
    update public.sales s set approval_verified = true
    where s.id = c.row_id and s.op_id = c.op_id and s.approval_action = c.action and not s.approval_verified;
  elsif c.op_name = 'cash.move' then
    update public.cash_movements m set approval_verified = true
    where m.id = c.row_id and m.op_id = c.op_id and m.approval_action = c.action and not m.approval_verified;
  elsif c.op_name = 'shift.close' then
    update public.shifts h
    set approval_verified = true,
        approved_by = case when h.needs_approval and c.action = 'shift_difference'
                           then coalesce(h.approved_by, c.staff_id) else h.approved_by end,
        approved_at = case when h.needs_approval and c.action = 'shift_difference'
                           then coalesce(h.approved_at, h.closed_at) else h.approved_at end
    where h.id = c.row_id and h.approval_action = c.action and not h.approval_verified;
  elsif c.op_name = 'activity.record' then
    update public.activity_events x
    set detail = pg_catalog.jsonb_set(x.detail, '{approval,verified}', 'true'),
        verified = x.staff_id is not null and not exists (
          select 1 from public.flags f
          where f.company_id = x.company_id and f.dedupe_key = 'unverified_cashier:' || c.op_id)
    where x.id = c.row_id and x.op_id = c.op_id and x.detail -> 'approval' ->> 'action' = c.action
    returning * into e;
    if e.kind = 'approval' and e.detail ->> 'action' = c.action
       and private.as_uuid(e.detail ->> 'subject_id') = c.subject_id then
      insert into private.approvals_given (event_id, company_id, subject_id, action)
      values (e.id, e.company_id, c.subject_id, c.action)
      on conflict (event_id) do nothing;
    end if;
  end if;
  perform pg_catalog.set_config('tillpoint.passkey_settle', '', true);
end
$$;

-- [PASSKEY-10] A check settled bad: kept as 'bad' and the approval flagged.
-- [PASSKEY-10] The missing_approval flags a waiting check held back ([PASSKEY-7]), written once it settles bad:
-- the rules of [DERIVE-6] and [DERIVE-7] asked again for the row and action it approved, now that it approves
-- nothing (another check of the same still waiting holds them back until it settles too). A row not yet
-- recorded is flagged when it arrives, as any other.
create function private.flag_missing_after_bad(c private.passkey_checks) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if c.action in ('refund', 'discount', 'price_override') then
    perform private.add_flag(s.company_id, 'missing_approval', 'missing_approval:' || s.id || ':' || c.action, s.id,
      s.op_id, s.terminal_id,
      pg_catalog.jsonb_build_object('op', case s.kind when 'refund' then 'sale.refund' else 'sale.record' end,
                                    'action', c.action, 'subject_id', s.id, 'approval_action', s.approval_action,
                                    'approval_verified', s.approval_verified))
    from public.sales s
    join public.companies co on co.id = s.company_id
    where s.id = c.subject_id and s.company_id = c.company_id
      and case c.action
            when 'refund' then s.kind = 'refund' and co.approve_refund
            when 'discount' then s.kind = 'sale' and co.approve_discount_over_bp is not null and s.discount_total > 0
              and (s.subtotal <= 0 or s.discount_total * 10000 > co.approve_discount_over_bp * s.subtotal)
            else s.kind = 'sale' and co.approve_price_override and exists (
              select 1 from public.flags f
              where f.company_id = s.company_id and f.sale_id = s.id and f.kind = 'price'
                and f.detail ->> 'reason' = 'not_catalogue_price') end
      and not private.approved(s.company_id, s.id, c.action, s.approval_action, s.approval_verified, s.cashier_id,
                               s.cashier_verified);
  elsif c.action in ('no_sale', 'line_removal') then
    -- The event's own detail.approval is the server's when this check was carried by the event itself.
    perform private.add_flag(e.company_id, 'missing_approval', 'missing_approval:' || e.id || ':' || c.action, null,
      e.op_id, e.terminal_id,
      pg_catalog.jsonb_build_object('op', 'activity.record', 'action', c.action, 'subject_id', e.id,
                                    'event', e.kind, 'staff_id', e.staff_id, 'approval', e.detail -> 'approval'))
    from public.activity_events e
    join public.companies co on co.id = e.company_id
    where e.id = c.subject_id and e.company_id = c.company_id
      and ((c.action = 'no_sale' and e.kind = 'no_sale' and co.approve_no_sale)
           or (c.action = 'line_removal' and e.kind = 'line_voided' and co.approve_line_removal))
      and not private.approved(e.company_id, e.id, c.action,
                               case when c.row_id = e.id then e.detail -> 'approval' ->> 'action' end,
                               c.row_id = e.id and e.detail -> 'approval' ->> 'verified' = 'true', e.staff_id,
                               e.verified);
  elsif c.action = 'shift_difference' then
    perform private.add_flag(h.company_id, 'missing_approval', 'missing_approval:' || h.id || ':shift_difference',
      null, case when c.op_name = 'shift.close' and c.row_id = h.id then c.op_id end, h.terminal_id,
      pg_catalog.jsonb_build_object('op', 'shift.close', 'action', 'shift_difference', 'subject_id', h.id,
                                    'expected_cash', h.expected_cash, 'counted_cash', h.counted_cash,
                                    'limit', co.approve_shift_difference_over, 'approval_action', h.approval_action,
                                    'approval_verified', h.approval_verified))
    from public.shifts h
    join public.companies co on co.id = h.company_id
    where h.id = c.subject_id and h.company_id = c.company_id and h.closed_at is not null
      and co.approve_shift_difference_over is not null
      and abs(h.counted_cash - h.expected_cash) > co.approve_shift_difference_over
      and h.approved_by is null
      and not coalesce(h.approval_action = 'shift_difference' and h.approval_verified, false)
      and not private.passkey_approves(h.company_id, h.id, 'shift_difference');
  end if;
end
$$;

-- Only a check still pending: a removal racing a settlement cannot turn a settled check around.
create function private.passkey_bad(c private.passkey_checks, p_proof text, p_reason text) returns void
language plpgsql security definer set search_path = '' as $$
begin
  update private.passkey_checks k set status = 'bad', checked_at = pg_catalog.now()
  where k.id = c.id and k.status = 'pending';
  if found then
    perform private.flag_passkey(c.company_id, c.op_id, c.op_name, c.row_id,
                                 (select a.terminal_id from public.applied_ops a where a.op_id = c.op_id), c.staff_id,
                                 c.staff_id, c.action, p_proof, p_reason);
    perform private.flag_missing_after_bad(c);
  end if;
end
$$;

-- [PASSKEY-9] [PASSKEY-10] settle_passkey_check (the service role's, for verify-approvals): `p_ok` says whether
-- the signature verified. Good, with the key still live and its person still an active manager or owner: the
-- row verified. Otherwise bad and flagged: 'passkey_signature' for a bad signature, 'passkey_removed' for a key
-- removed since (or a person who may no longer approve). A check settles once; settling it again does nothing.
create function public.settle_passkey_check(p_check_id uuid, p_ok boolean) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  c private.passkey_checks;
  v_live boolean;
  v_approver boolean;
begin
  select * into c from private.passkey_checks k where k.id = p_check_id for update;
  if not found then perform private.reject('unknown_check', 'There is no passkey check ' || p_check_id); end if;
  if c.status <> 'pending' then return; end if;
  select k.removed_at is null into v_live from private.staff_passkeys k where k.id = c.passkey_id;
  select s.active and s.deleted_at is null and private.role_rank(s.role) >= private.role_rank('manager')
  into v_approver from public.staff s where s.company_id = c.company_id and s.id = c.staff_id;
  if not coalesce(p_ok, false) then
    perform private.passkey_bad(c, 'passkey_signature', 'bad_signature');
  elsif not coalesce(v_live, false) then
    perform private.passkey_bad(c, 'passkey_removed', 'key_removed');
  elsif not coalesce(v_approver, false) then
    perform private.passkey_bad(c, 'passkey_removed', 'not_approver');
  else
    update private.passkey_checks k set status = 'ok', checked_at = pg_catalog.now() where k.id = c.id;
    perform private.passkey_verified(c);
  end if;
end
$$;

-- [PASSKEY-3] [PASSKEY-10] A key removed: its checks still waiting settle bad at once ('passkey_removed').
create function private.passkey_removed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.passkey_bad(c, 'passkey_removed', 'key_removed')
  from private.passkey_checks c where c.passkey_id = new.id and c.status = 'pending'
  order by c.created_at;
  return null;
end
$$;
create trigger staff_passkeys_removed after update of removed_at on private.staff_passkeys
  for each row when (old.removed_at is null and new.removed_at is not null)
  execute function private.passkey_removed();

-- [PASSKEY-11] passkey_checks_pending (the service role's, for verify-approvals): a shop's waiting checks,
-- oldest first, at most p_limit (1…500), each with what the signature is checked against.
create function public.passkey_checks_pending(p_company_id uuid, p_limit int) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'id', c.id, 'op_id', c.op_id, 'op_name', c.op_name, 'subject_id', c.subject_id, 'action', c.action,
           'message', c.message, 'staff_id', c.staff_id, 'passkey_id', c.passkey_id, 'public_key', k.public_key,
           'rp_id', k.rp_id, 'authenticator_data', c.authenticator_data, 'client_data_json', c.client_data_json,
           'signature', c.signature) order by c.created_at, c.id), '[]')
  from (select * from private.passkey_checks x
        where x.company_id = p_company_id and x.status = 'pending'
        order by x.created_at, x.id
        limit least(greatest(coalesce(p_limit, 100), 1), 500)) c
  join private.staff_passkeys k on k.id = c.passkey_id
$$;

-- [PASSKEY-11] passkey_checks_due: how many of a shop's passkey approvals wait for their check. Any member
-- or paired device of the shop; verify-approvals asks it as the caller first, so only they may have the
-- shop's checks run.
create function public.passkey_checks_due(p_company_id uuid) returns int
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_role(p_company_id, 'cashier');
  return (select count(*) from private.passkey_checks c where c.company_id = p_company_id and c.status = 'pending');
end
$$;

revoke execute on function public.passkey_checks_pending(uuid, int), public.settle_passkey_check(uuid, boolean)
  from public, anon, authenticated;
grant execute on function public.passkey_checks_pending(uuid, int), public.settle_passkey_check(uuid, boolean)
  to service_role;
revoke execute on function public.passkey_checks_due(uuid) from public, anon;
grant execute on function public.passkey_checks_due(uuid) to authenticated, service_role;
revoke execute on function private.current_op_id(), private.passkey_waiting(uuid),
  private.passkey_approves(uuid, uuid, text), private.passkey_part(jsonb, boolean),
  private.passkey_problem(private.staff_passkeys, public.staff, text, jsonb),
  private.flag_passkey(uuid, uuid, text, uuid, uuid, uuid, uuid, text, text, text),
  private.settled_passkey_change(jsonb, jsonb), private.forbid_change_but_passkey(),
  private.passkey_verified(private.passkey_checks), private.passkey_bad(private.passkey_checks, text, text),
  private.flag_missing_after_bad(private.passkey_checks),
  private.passkey_removed()
  from public, anon, authenticated;

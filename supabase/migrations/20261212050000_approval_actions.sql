-- The actions a manager's approval may name, in one list (review of issue 37). Adding 'value_adjust' in
-- 20261211200100_value_ops.sql changed private.is_approval_action, and its error sentence then needed a whole
-- copy of private.op_approval. Now the list is private.approval_actions(); is_approval_action and the sentence
-- op_approval refuses with are derived from it, so the next action changes one line.

create or replace function private.approval_actions() returns text[]
language sql immutable as $$
  select array['refund', 'discount', 'price_override', 'line_removal', 'no_sale', 'shift_difference',
               'value_adjust']
$$;

create or replace function private.is_approval_action(p_action text) returns boolean
language sql immutable as $$
  select coalesce(p_action = any (private.approval_actions()), false)
$$;

-- 'approval.action must be refund, discount, … or value_adjust'
create or replace function private.approval_actions_sentence() returns text
language sql immutable as $$
  select 'approval.action must be '
         || pg_catalog.array_to_string(a[1:pg_catalog.cardinality(a) - 1], ', ')
         || ' or ' || a[pg_catalog.cardinality(a)]
  from (select private.approval_actions() as a) x
$$;

-- [STAFF-11] [VAL-A3] As in 20261205000200_passkey_approvals.sql; the sentence comes from the list.
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
    perform private.reject('invalid_args', private.approval_actions_sentence());
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

-- Customer value: who made each change, read back (issue 37, supabase/SPEC.md [VAL-A1]…[VAL-A3]).
-- * value_statement gives each entry who made it (`staff_id`, `by`: the staff member the server recorded as
--   its cashier, else the member who sent it) and when the server recorded it, and lists the account's block
--   and unblock (activity_events 'value_status', which write no entry) as `status_changes` with who and why,
--   so a manager's void, adjustment, block or unblock reads back on the statement with who and when;
-- * op_approval's error sentence names value_adjust, which private.is_approval_action accepts since
--   20261211200100_value_ops.sql. As in 20261205000200_passkey_approvals.sql otherwise.

-- [VAL-A1] [VAL-A2] As in 20261211400000_value_reports.sql, with who and the status changes.
create or replace function public.value_statement(p_company uuid, p_account uuid, p_from date, p_to date)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
  v_account public.value_accounts;
  v_opening numeric;
  v_entries jsonb;
  v_closing numeric;
  v_ageing jsonb;
  v_changes jsonb;
begin
  select * into r from private.report_range(p_company, p_from, p_to);
  select * into v_account from public.value_accounts a where a.company_id = p_company and a.id = p_account;
  if v_account.id is null then
    perform private.reject('unknown_account', 'No account ' || coalesce(p_account::text, '(none)')
      || ' in this company');
  end if;
  select coalesce(sum(e.delta), 0) into v_opening
  from public.value_entries e where e.account_id = p_account and e.occurred_at < r.starts;
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', x.id, 'occurred_at', x.occurred_at, 'kind', x.kind, 'delta', x.delta,
           'balance_after', v_opening + x.running, 'receipt_no', x.receipt_no, 'reason', x.reason,
           'sale_id', x.sale_id, 'tender_method', x.tender_method, 'reference', x.reference,
           'staff_id', x.who_id, 'by', x.who, 'recorded_at', x.recorded_at) order by x.seq),
         '[]'::jsonb),
         v_opening + coalesce(sum(x.delta), 0)
  into v_entries, v_closing
  from (select e.*, sum(e.delta) over (order by e.seq) as running,
               coalesce(st.id, sb.id) as who_id, coalesce(st.name, sb.name) as who
        from public.value_entries e
        left join public.staff st on st.company_id = e.company_id and st.id = e.staff_id
        left join public.staff sb on sb.company_id = e.company_id and sb.user_id = e.recorded_by
        where e.account_id = p_account and e.occurred_at >= r.starts and e.occurred_at < r.ends) x;
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', ev.id, 'occurred_at', ev.occurred_at, 'from', ev.detail ->> 'from', 'to', ev.detail ->> 'to',
           'reason', ev.detail ->> 'reason', 'staff_id', coalesce(st.id, sb.id), 'by', coalesce(st.name, sb.name))
           order by ev.occurred_at, ev.id), '[]'::jsonb)
  into v_changes
  from public.activity_events ev
  left join public.staff st on st.company_id = ev.company_id and st.id = ev.staff_id
  left join public.staff sb on sb.company_id = ev.company_id and sb.user_id = ev.recorded_by
  where ev.company_id = p_company and ev.kind = 'value_status'
    and ev.detail ->> 'account_id' = p_account::text
    and ev.occurred_at >= r.starts and ev.occurred_at < r.ends;
  if v_account.kind = 'on_account' then
    select jsonb_build_object('current', g.current_owed, 'days_31_60', g.days_31_60, 'days_61_90', g.days_61_90,
                              'over_90', g.over_90)
    into v_ageing
    from private.value_ageing(p_company, p_account, least(r.ends - interval '1 microsecond', pg_catalog.now())) g;
  end if;
  return jsonb_build_object(
    'account', jsonb_build_object('id', v_account.id, 'kind', v_account.kind, 'status', v_account.status,
                                  'code_last4', v_account.code_last4, 'customer_id', v_account.customer_id,
                                  'credit_limit', v_account.credit_limit),
    'from', p_from, 'to', p_to, 'opening', v_opening, 'entries', v_entries, 'closing', v_closing,
    'ageing', v_ageing, 'status_changes', v_changes);
end
$$;

revoke execute on function public.value_statement(uuid, uuid, date, date) from public, anon;
grant execute on function public.value_statement(uuid, uuid, date, date) to authenticated, service_role;

-- [VAL-A3] [STAFF-11] As in 20261205000200_passkey_approvals.sql; the sentence names value_adjust.
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
      'approval.action must be refund, discount, price_override, line_removal, no_sale, shift_difference or value_adjust');
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

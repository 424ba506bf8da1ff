-- Customer value: who made each change, read back (issue 37, supabase/SPEC.md [VAL-A1]…[VAL-A3]).
-- * value_statement gives each entry who made it (`staff_id`, `by`: the staff member the server recorded as
--   its cashier, else the member who sent it) and when the server recorded it, and lists the account's block
--   and unblock (activity_events 'value_status', which write no entry) as `status_changes` with who and why,
--   so a manager's void, adjustment, block or unblock reads back on the statement with who and when;
-- * op_approval's error sentence names value_adjust: see 20261212050000_approval_actions.sql, which derives it
--   from one list of approval actions (this file once held a whole copy of op_approval for that sentence).

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

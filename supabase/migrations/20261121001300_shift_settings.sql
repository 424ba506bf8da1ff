-- Shift settings and cash-difference approval (issue #9, supabase/SPEC.md §3.5 SHIFT-6…SHIFT-8):
-- a company decides whether its tills must open a shift before selling, and how large a cash difference at
-- close may be before a manager must approve it. A shift closed over that limit records who approved it,
-- either at the till (the manager signed in on it closes and sends the op, `approved_by` = themself) or
-- later from shift history (`approve_shift`).

alter table public.companies
  add column require_open_shift boolean not null default true,
  add column cash_difference_limit bigint not null default 0
    check (cash_difference_limit between 0 and 1000000000000);
comment on column public.companies.require_open_shift is 'Tills ask for an open shift before the first sale.';
comment on column public.companies.cash_difference_limit is
  'Minor units: a shift closed with |counted − expected| above this needs a manager''s approval.';
-- [RLS matrix] owners change settings: these two are settings columns.
grant update (require_open_shift, cash_difference_limit) on public.companies to authenticated;

alter table public.shifts
  add column needs_approval boolean not null default false,
  add column approved_by uuid references auth.users (id),
  add column approved_at timestamptz;
comment on column public.shifts.needs_approval is
  'Closed with a cash difference above the company''s limit; approved_by says which manager accepted it.';

-- [SHIFT-7] An approver is an active manager or owner of the company.
create function private.is_approver(p_company uuid, p_user uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.company_members m
                 where m.company_id = p_company and m.user_id = p_user and m.deleted_at is null
                   and m.role in ('owner', 'manager'))
$$;

-- [SHIFT-3] [SHIFT-6] [SHIFT-7] shift.close: as before, and the difference is held against the company's
-- limit; a close over it records needs_approval. [SHIFT-9] The approval counts only when the signed-in sender
-- is the approver: `approved_by` equal to the caller, who is a manager or owner. Any other approved_by (a
-- cashier naming a manager) is ignored, not rejected: the count is kept and the shift stays "needs approval".
create or replace function private.op_shift_close(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_terminal public.terminals := private.require_terminal(private.arg_uuid(p_args, 'terminal_id', true), 'cashier');
  v_shift public.shifts := private.open_shift(private.arg_uuid(p_args, 'id', true), v_terminal);
  v_counted bigint := private.arg_money(p_args, 'counted_cash', true);
  v_expected bigint := private.expected_cash(v_shift);
  v_closed timestamptz := private.arg_time(p_args, 'closed_at', true);
  v_approver uuid := private.arg_uuid(p_args, 'approved_by', false);
  v_limit bigint;
  v_needs boolean;
begin
  if v_closed < v_shift.opened_at then
    perform private.reject('invalid_args', 'closed_at is before the shift was opened');
  end if;
  if v_approver is distinct from p_user or not private.is_approver(v_terminal.company_id, p_user) then
    v_approver := null;
  end if;
  select c.cash_difference_limit into v_limit from public.companies c where c.id = v_terminal.company_id;
  v_needs := abs(v_counted - v_expected) > v_limit;
  update public.shifts s set closed_at = v_closed, closed_by = p_user, counted_cash = v_counted,
                             expected_cash = v_expected, note = private.arg_text(p_args, 'note', false, 2000),
                             needs_approval = v_needs,
                             approved_by = case when v_needs then v_approver end,
                             approved_at = case when v_needs and v_approver is not null then v_closed end
  where s.id = v_shift.id;
  return pg_catalog.jsonb_build_object('company_id', v_terminal.company_id, 'terminal_id', v_terminal.id,
    'result', pg_catalog.jsonb_build_object('expected_cash', v_expected, 'counted_cash', v_counted,
                                            'difference', v_counted - v_expected));
end
$$;

-- [SHIFT-8] approve_shift: a manager accepts a closed shift's cash difference later, from shift history.
-- Approving twice keeps the first approval.
create function public.approve_shift(p_shift uuid) returns public.shifts
language plpgsql security definer set search_path = '' as $$
declare
  v public.shifts;
begin
  select * into v from public.shifts s where s.id = p_shift for update;
  if not found or not private.is_member(v.company_id) then
    perform private.reject('unknown_shift', 'There is no shift ' || p_shift);
  end if;
  perform private.require_role(v.company_id, 'manager');
  if v.closed_at is null then
    perform private.reject('shift_open', 'Close the shift before approving its cash difference');
  end if;
  if v.approved_by is null then
    update public.shifts s set approved_by = auth.uid(), approved_at = now() where s.id = v.id returning * into v;
  end if;
  return v;
end
$$;
comment on function public.approve_shift(uuid) is
  'A manager accepts the cash difference of a closed shift (SHIFT-8).';
revoke execute on function public.approve_shift(uuid) from public, anon;
grant execute on function public.approve_shift(uuid) to authenticated, service_role;
grant execute on function private.is_approver(uuid, uuid) to anon, authenticated, service_role;

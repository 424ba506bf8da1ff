-- Customer value, piece C: the two new ops (issue 37; supabase/SPEC.md "Customer value" [VAL-18], [VAL-19],
-- [VAL-34]; docs/customer-value.md).
-- * account.payment: a customer paying what they owe on account at the register — one `payment` entry, with
--   its receipt number from the till's counter, and its cash in the shift's expected cash ([SHIFT-4]);
-- * value.adjust: a manager's correction of any account (adjust, void, block, unblock) with a reason; a
--   cashier only with a verified manager approval of the new action `value_adjust` ([STAFF-11]);
-- * proofs name both ops ([STAFF-17]) and their wrong ones count as wrong PIN tries ([STAFF-18]).

-- [STAFF-11] [VAL-19] The approval actions gain value_adjust.
create or replace function private.is_approval_action(p_action text) returns boolean
language sql immutable as $$
  select coalesce(p_action in ('refund', 'discount', 'price_override', 'line_removal', 'no_sale', 'shift_difference',
                               'value_adjust'), false)
$$;

-- [VAL-6] [VAL-19] A void entry is −balance: negative on a card or credit that holds value, positive on an
-- account on credit that is owed (voiding it writes the debt off). 20261211000000_value_ledger.sql's sign check
-- allowed only a negative one; it is replaced with the same check, `void` going either way as `adjust` does.
do $$
declare
  v_name text;
begin
  select c.conname into v_name from pg_catalog.pg_constraint c
  where c.conrelid = 'public.value_entries'::regclass and c.contype = 'c'
    and pg_catalog.pg_get_constraintdef(c.oid) like '%delta > 0%';
  execute pg_catalog.format('alter table public.value_entries drop constraint %I', v_name);
end
$$;
alter table public.value_entries add constraint value_entries_sign_check
  check (case when kind in ('issue', 'load', 'refund', 'earn', 'payment') then delta > 0
              when kind in ('redeem', 'charge', 'unissue', 'unearn', 'expire') then delta < 0
              else true end);

-- [VAL-18] An account payment's receipt number is unique in the shop among account payments (and checked
-- against sales by the handler), as sales' are ([SALE-4]).
create unique index value_entries_payment_receipt_no_key on public.value_entries (company_id, receipt_no)
  where kind = 'payment';

-- [SHIFT-4] [VAL-34] Cash the drawer should hold: float + cash taken − cash refunded + cash of account
-- payments + pay-ins − pay-outs. As in 20261121000400_apply_ops.sql, with the account payments.
create or replace function private.expected_cash(p_shift public.shifts) returns bigint
language sql stable security definer set search_path = '' as $$
  select (p_shift.opening_float
    + coalesce((select sum(case when s.kind = 'sale' then p.amount else -p.amount end)
                from public.sales s join public.payments p on p.sale_id = s.id
                where s.shift_id = p_shift.id and p.method = 'cash'), 0)
    + coalesce((select sum(e.delta) from public.value_entries e
                where e.shift_id = p_shift.id and e.kind = 'payment' and e.tender_method = 'cash'), 0)
    + coalesce((select sum(case when c.kind = 'pay_in' then c.amount else -c.amount end)
                from public.cash_movements c where c.shift_id = p_shift.id), 0))::bigint
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [VAL-18] account.payment
-- ---------------------------------------------------------------------------------------------------------
create function private.op_account_payment(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  h record;
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_customer uuid := private.arg_uuid(p_args, 'customer_id', true);
  v_method text := private.arg_text(p_args, 'method', true, 10);
  v_amount bigint := private.arg_money(p_args, 'amount', true);
  v_tendered bigint := private.arg_money(p_args, 'tendered', false);
  v_change bigint := coalesce(private.arg_money(p_args, 'change', false), 0);
  v_account public.value_accounts;
  v_entry public.value_entries;
begin
  -- [SALE-2] [SALE-3] [SALE-4] A till of the shop (a device: of its store), its shift, its cashier by proof,
  -- a receipt number of its own counter: as a sale's.
  select * into h from private.sale_header(p_args, 'cashier', p_user);
  if v_method not in ('cash', 'card', 'other') then
    perform private.reject('invalid_args', 'method must be cash, card or other');
  end if;
  if v_amount = 0 then perform private.reject('invalid_args', 'amount must be more than zero'); end if;
  -- [SALE-7] Only cash has tendered and change.
  if v_method <> 'cash' then
    if coalesce(v_tendered, v_amount) <> v_amount or v_change <> 0 then
      perform private.reject('change_mismatch', 'Only cash taken gives change');
    end if;
    v_tendered := null;
  elsif coalesce(v_tendered, v_amount) - v_amount <> v_change then
    perform private.reject('change_mismatch',
      'Change is ' || v_change || ' but tendered ' || coalesce(v_tendered, v_amount) || ' − amount ' || v_amount
      || ' is ' || (coalesce(v_tendered, v_amount) - v_amount));
  end if;
  if not exists (select 1 from public.customers c where c.company_id = (h.terminal).company_id and c.id = v_customer)
  then
    perform private.reject('unknown_customer', 'This customer is not a customer of this shop');
  end if;
  select * into v_account from public.value_accounts a
  where a.company_id = (h.terminal).company_id and a.customer_id = v_customer and a.kind = 'on_account';
  if not found then
    perform private.reject('no_account', 'This customer has no account to pay into');
  end if;
  if exists (select 1 from public.sales s where s.company_id = (h.terminal).company_id and s.receipt_no = h.receipt_no)
     or exists (select 1 from public.value_entries e
                where e.company_id = (h.terminal).company_id and e.kind = 'payment' and e.receipt_no = h.receipt_no
                  and e.id <> v_id) then
    perform private.reject('duplicate_receipt_no',
      'Receipt number ' || h.receipt_no || ' is already used by another sale or payment of this shop');
  end if;
  insert into public.value_entries (id, company_id, account_id, kind, delta, op_id, terminal_id, shift_id, staff_id,
                                    recorded_by, tender_method, tendered, change, reference, receipt_no, occurred_at)
  values (v_id, v_account.company_id, v_account.id, 'payment', v_amount, p_op_id, (h.terminal).id, h.shift_id,
          h.cashier_id, p_user, v_method, v_tendered, case when v_method = 'cash' then v_change end,
          private.arg_text(p_args, 'reference', false, 200), h.receipt_no, h.occurred_at)
  on conflict (id) do nothing
  returning * into v_entry;
  return pg_catalog.jsonb_build_object('company_id', v_account.company_id, 'terminal_id', (h.terminal).id,
    'result', pg_catalog.jsonb_build_object('account_id', v_account.id, 'balance_after', v_entry.balance_after));
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [VAL-19] value.adjust
-- ---------------------------------------------------------------------------------------------------------
create function private.op_value_adjust(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_action text := private.arg_text(p_args, 'action', true, 10);
  v_reason text := pg_catalog.btrim(private.arg_text(p_args, 'reason', true, 200));
  v_occurred timestamptz := private.arg_time(p_args, 'occurred_at', true);
  v_terminal public.terminals;
  v_company uuid := private.arg_uuid(p_args, 'company_id', false);
  v_delta bigint;
  v_balance numeric;
  v_status text;
  v_account public.value_accounts;
  v_entry public.value_entries;
  a record;
  c record;
begin
  -- The shop: the till's when the op names one (a device: its store's), else the one it names (the back office).
  if p_args ? 'terminal_id' and p_args -> 'terminal_id' <> 'null'::jsonb then
    v_terminal := private.require_terminal(private.arg_uuid(p_args, 'terminal_id', true), 'cashier');
    if v_company is not null and v_company <> v_terminal.company_id then
      perform private.reject('invalid_args', 'company_id is not the company of terminal_id');
    end if;
    v_company := v_terminal.company_id;
  else
    v_company := private.arg_uuid(p_args, 'company_id', true);
    perform private.require_role(v_company, 'cashier');
  end if;
  -- [STAFF-11] A manager, or a cashier with a manager's verified approval of this very op: never a till's word.
  select * into a from private.op_approval(p_args, v_company, p_user, v_id);
  if not private.has_role(v_company, 'manager')
     and not ((coalesce(a.verified, false) or private.passkey_waiting(private.current_op_id()))
              and a.action = 'value_adjust') then
    raise exception 'Adjusting a balance needs a manager, or a manager''s approval by PIN'
      using errcode = '42501', hint = 'insufficient_role';
  end if;
  if v_action not in ('adjust', 'void', 'block', 'unblock') then
    perform private.reject('invalid_args', 'action must be adjust, void, block or unblock');
  end if;
  if coalesce(v_reason, '') = '' then
    perform private.reject('invalid_args', 'Say why: a reason of 1 to 200 characters is required');
  end if;
  if v_action = 'adjust' then
    v_delta := private.arg_money(p_args, 'delta', true, true);
    if v_delta = 0 then perform private.reject('invalid_args', 'delta must not be zero'); end if;
  elsif p_args -> 'delta' is not null and p_args -> 'delta' <> 'null'::jsonb then
    perform private.reject('invalid_args', 'delta is only for an adjust');
  end if;
  select * into c from private.op_cashier(p_args, v_company, p_user, v_id);
  select * into v_account from public.value_accounts x
  where x.company_id = v_company and x.id = private.arg_uuid(p_args, 'account_id', true)
  for update;
  if not found then perform private.reject('unknown_account', 'This account is not an account of this shop'); end if;
  if v_account.status = 'void' then
    perform private.reject('account_void', 'This account is void: nothing more can change on it');
  end if;
  if v_action = 'void' then
    select b.balance into v_balance from public.value_balances b where b.account_id = v_account.id;
    v_delta := case when coalesce(v_balance, 0) <> 0 then -v_balance end;
  end if;
  if v_delta is not null then
    insert into public.value_entries (id, company_id, account_id, kind, delta, op_id, terminal_id, staff_id,
                                      recorded_by, reason, occurred_at)
    values (v_id, v_company, v_account.id, v_action, v_delta, p_op_id, v_terminal.id, c.cashier_id, p_user,
            v_reason, v_occurred)
    on conflict (id) do nothing
    returning * into v_entry;
    -- [VAL-22] A manager's entry that leaves the balance below the floor is kept and flagged overdraw, as a
    -- sale's is (the same flag: private.flag_overdraw of 20261211100000_value_sales.sql).
    if v_entry.id is not null then perform private.flag_overdraw(v_entry, null, false); end if;
  end if;
  v_status := case v_action when 'void' then 'void' when 'block' then 'blocked' when 'unblock' then 'active'
                            else v_account.status end;
  if v_status <> v_account.status then
    update public.value_accounts x set status = v_status, updated_at = pg_catalog.now()
    where x.company_id = v_company and x.id = v_account.id;
  end if;
  if v_action in ('block', 'unblock') then
    insert into public.activity_events (id, company_id, terminal_id, staff_id, kind, detail, occurred_at, verified,
                                        op_id, recorded_by)
    values (v_id, v_company, v_terminal.id, c.cashier_id, 'value_status',
            pg_catalog.jsonb_build_object('account_id', v_account.id, 'from', v_account.status, 'to', v_status,
                                          'reason', v_reason),
            v_occurred, c.verified, p_op_id, p_user);
  end if;
  return pg_catalog.jsonb_build_object('company_id', v_company, 'terminal_id', v_terminal.id,
    'result', pg_catalog.jsonb_build_object('account_id', v_account.id, 'status', v_status,
      'balance_after', coalesce(v_entry.balance_after,
                                (select b.balance from public.value_balances b where b.account_id = v_account.id), 0)));
end
$$;

insert into private.op_handlers (name, handler) values
  ('account.payment', 'private.op_account_payment(jsonb, uuid, uuid)'),
  ('value.adjust', 'private.op_value_adjust(jsonb, uuid, uuid)');

-- [STAFF-18] [STAFF-17] As in 20261204006100_pin_proofs.sql, and the two new ops' proofs count too; a
-- value.adjust from the back office names its shop instead of a till.
create or replace function private.count_proof_failures(p_name text, p_args jsonb, p_user uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_company uuid;
  v_subject uuid;
  v_approval jsonb;
begin
  if p_name not in ('sale.record', 'sale.refund', 'shift.open', 'shift.close', 'cash.move', 'activity.record',
                    'account.payment', 'value.adjust')
     or pg_catalog.jsonb_typeof(p_args) is distinct from 'object' then
    return;
  end if;
  v_company := private.op_company(p_name, p_args);
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

revoke execute on function private.op_account_payment(jsonb, uuid, uuid), private.op_value_adjust(jsonb, uuid, uuid)
  from public, anon, authenticated;

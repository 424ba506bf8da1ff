-- apply_ops(ops jsonb): the one door through which tills push their outbox (DESIGN §4, §6; supabase/SPEC.md
-- [OPS-n]). Each op runs in its own savepoint, is answered applied | duplicate | rejected, and is recorded in
-- applied_ops by op_id so a replay changes nothing and gets the same answer. Also the other ops' handlers:
-- customer.upsert, stock.move, shift.open, shift.close, cash.move.

-- [CUST-1] customer.upsert: insert, or update the fields present (absent = unchanged, null = cleared).
create function private.op_customer_upsert(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_company uuid := private.arg_uuid(p_args, 'company_id', true);
  v_existing public.customers;
begin
  perform private.require_role(v_company, 'cashier');
  select * into v_existing from public.customers c where c.id = v_id for update;
  if found and v_existing.company_id <> v_company then
    perform private.reject('duplicate_id', 'Customer id ' || v_id || ' is already used by another company');
  end if;
  if not found then
    insert into public.customers (id, company_id, name, email, phone, note)
    values (v_id, v_company, private.arg_name(p_args, 'name', true), private.arg_text(p_args, 'email', false, 320),
            private.arg_text(p_args, 'phone', false, 32), private.arg_text(p_args, 'note', false, 2000));
  else
    update public.customers c set
      name = case when p_args ? 'name' then private.arg_name(p_args, 'name', true) else c.name end,
      email = case when p_args ? 'email' then private.arg_text(p_args, 'email', false, 320) else c.email end,
      phone = case when p_args ? 'phone' then private.arg_text(p_args, 'phone', false, 32) else c.phone end,
      note = case when p_args ? 'note' then private.arg_text(p_args, 'note', false, 2000) else c.note end
    where c.id = v_id;
  end if;
  return pg_catalog.jsonb_build_object('company_id', v_company);
end
$$;

-- [STOCK-4] stock.move: receive (+quantity), waste (−quantity), adjust (±delta), count (counted − expected),
-- transfer (−quantity here, +quantity at to_store_id). Managers and owners only.
create function private.op_stock_move(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_store public.stores;
  v_to public.stores;
  v_product public.products;
  v_reason text := private.arg_text(p_args, 'reason', true, 20);
  v_delta numeric;
  v_occurred timestamptz := private.arg_time(p_args, 'occurred_at', true);
  v_note text := private.arg_text(p_args, 'note', false, 2000);
  v_terminal uuid := private.arg_uuid(p_args, 'terminal_id', false);
  v_unit_cost bigint;
  v_method text;
  v_on_hand numeric;
  v_old_cost bigint;
begin
  select * into v_store from public.stores s where s.id = private.arg_uuid(p_args, 'store_id', true);
  if not found then perform private.reject('unknown_store', 'Store is not known'); end if;
  perform private.require_role(v_store.company_id, 'manager');
  select * into v_product from public.products p
  where p.id = private.arg_uuid(p_args, 'product_id', true) and p.company_id = v_store.company_id;
  if not found then perform private.reject('unknown_product', 'Product is not a product of this company'); end if;
  if not v_product.track_stock then
    perform private.reject('untracked_product', v_product.name || ' does not track stock');
  end if;
  if v_terminal is not null and not exists (
       select 1 from public.terminals t where t.id = v_terminal and t.company_id = v_store.company_id) then
    perform private.reject('unknown_terminal', 'Terminal ' || v_terminal || ' is not a terminal of this company');
  end if;
  case v_reason
    when 'receive' then v_delta := private.arg_quantity(p_args, 'quantity', true);
    when 'waste' then v_delta := -private.arg_quantity(p_args, 'quantity', true);
    when 'transfer' then v_delta := -private.arg_quantity(p_args, 'quantity', true);
    when 'adjust' then v_delta := private.arg_quantity(p_args, 'delta', true, true);
    when 'count' then
      -- [STOCK-5] A count is the difference to what the till showed, so it stays a commutative movement.
      v_delta := coalesce(private.arg_quantity(p_args, 'counted', true, true), 0)
               - coalesce(private.arg_quantity(p_args, 'expected', true, true), 0);
    else
      perform private.reject('invalid_args', 'reason must be receive, waste, adjust, count or transfer');
  end case;
  if v_reason = 'transfer' then
    select * into v_to from public.stores s
    where s.id = private.arg_uuid(p_args, 'to_store_id', true) and s.company_id = v_store.company_id;
    if not found or v_to.id = v_store.id then
      perform private.reject('unknown_store', 'to_store_id must be another store of this company');
    end if;
  end if;
  if p_args ? 'unit_cost' then
    if v_reason <> 'receive' then
      perform private.reject('invalid_args', 'unit_cost is only for a receive');
    end if;
    v_unit_cost := private.arg_money(p_args, 'unit_cost', false);
  end if;
  if v_unit_cost is not null then
    -- [COST-3] The product's cost follows the receive by the shop's method, from the company-wide on-hand
    -- before it (cost is one figure per product, whichever store holds the stock).
    -- The product row is locked, so two receives of it work out its cost one after the other.
    select p.cost into v_old_cost from public.products p where p.id = v_product.id for update;
    select c.cost_method into v_method from public.companies c where c.id = v_store.company_id;
    select coalesce(sum(l.on_hand), 0) into v_on_hand from public.stock_levels l where l.product_id = v_product.id;
    update public.products p
    set cost = private.cost_after_receive(v_method, v_on_hand, v_old_cost, v_delta, v_unit_cost),
        updated_at = pg_catalog.now()
    where p.id = v_product.id;
  end if;
  if v_delta <> 0 then
    insert into public.stock_movements (id, company_id, store_id, product_id, delta, reason, terminal_id, user_id,
                                        note, occurred_at, op_id, unit_cost)
    values (v_id, v_store.company_id, v_store.id, v_product.id, v_delta, v_reason, v_terminal, p_user, v_note,
            v_occurred, p_op_id, v_unit_cost);
  end if;
  if v_reason = 'transfer' then
    -- The arriving half gets an id derived from the op's, so a replay could never make a second one.
    insert into public.stock_movements (id, company_id, store_id, product_id, delta, reason, terminal_id, user_id,
                                        note, occurred_at, op_id)
    values (pg_catalog.md5(v_id::text || ':transfer-in')::uuid, v_store.company_id, v_to.id, v_product.id, -v_delta,
            v_reason, v_terminal, p_user, v_note, v_occurred, p_op_id);
  end if;
  return pg_catalog.jsonb_build_object('company_id', v_store.company_id, 'terminal_id', v_terminal,
    'warnings', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('code', 'negative_stock', 'product_id', l.product_id,
               'store_id', l.store_id, 'on_hand', l.on_hand))
      from public.stock_levels l where l.product_id = v_product.id and l.on_hand < 0
        and l.store_id in (v_store.id, v_to.id)), '[]'));
end
$$;

-- [SHIFT-1] shift.open: a drawer session on a terminal, by a cashier or higher; [SHIFT-2] one open at a time.
create function private.op_shift_open(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_terminal public.terminals := private.require_terminal(private.arg_uuid(p_args, 'terminal_id', true), 'cashier');
  v_cashier uuid := coalesce(private.arg_uuid(p_args, 'cashier_id', false), p_user);
begin
  if not exists (select 1 from public.company_members m
                 where m.company_id = v_terminal.company_id and m.user_id = v_cashier) then
    perform private.reject('unknown_cashier', 'Cashier ' || v_cashier || ' is not a member of this company');
  end if;
  if exists (select 1 from public.shifts s where s.terminal_id = v_terminal.id and s.closed_at is null) then
    perform private.reject('shift_already_open', 'Terminal ' || v_terminal.code || ' already has an open shift');
  end if;
  insert into public.shifts (id, company_id, store_id, terminal_id, cashier_id, opened_at, opening_float, op_id)
  values (private.arg_uuid(p_args, 'id', true), v_terminal.company_id, v_terminal.store_id, v_terminal.id, v_cashier,
          private.arg_time(p_args, 'opened_at', true), private.arg_money(p_args, 'opening_float', true), p_op_id);
  return pg_catalog.jsonb_build_object('company_id', v_terminal.company_id, 'terminal_id', v_terminal.id);
end
$$;

-- [SHIFT-4] Cash the drawer should hold: float + cash taken − cash refunded + pay-ins − pay-outs.
create function private.expected_cash(p_shift public.shifts) returns bigint
language sql stable security definer set search_path = '' as $$
  select p_shift.opening_float
    + coalesce((select sum(case when s.kind = 'sale' then p.amount else -p.amount end)
                from public.sales s join public.payments p on p.sale_id = s.id
                where s.shift_id = p_shift.id and p.method = 'cash'), 0)
    + coalesce((select sum(case when c.kind = 'pay_in' then c.amount else -c.amount end)
                from public.cash_movements c where c.shift_id = p_shift.id), 0)
$$;

-- The shift an op names: a shift of this terminal, and still open.
create function private.open_shift(p_shift uuid, p_terminal public.terminals) returns public.shifts
language plpgsql security definer set search_path = '' as $$
declare
  v public.shifts;
begin
  select * into v from public.shifts s where s.id = p_shift and s.terminal_id = p_terminal.id for update;
  if not found then
    perform private.reject('unknown_shift', 'Shift ' || p_shift || ' is not a shift of terminal ' || p_terminal.code);
  end if;
  if v.closed_at is not null then
    perform private.reject('shift_closed', 'Shift ' || p_shift || ' is already closed');
  end if;
  return v;
end
$$;

-- [SHIFT-3] shift.close: counted cash is recorded; expected cash is worked out by the server.
create function private.op_shift_close(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_terminal public.terminals := private.require_terminal(private.arg_uuid(p_args, 'terminal_id', true), 'cashier');
  v_shift public.shifts := private.open_shift(private.arg_uuid(p_args, 'id', true), v_terminal);
  v_counted bigint := private.arg_money(p_args, 'counted_cash', true);
  v_expected bigint := private.expected_cash(v_shift);
  v_closed timestamptz := private.arg_time(p_args, 'closed_at', true);
begin
  if v_closed < v_shift.opened_at then
    perform private.reject('invalid_args', 'closed_at is before the shift was opened');
  end if;
  update public.shifts s set closed_at = v_closed, closed_by = p_user, counted_cash = v_counted,
                             expected_cash = v_expected, note = private.arg_text(p_args, 'note', false, 2000)
  where s.id = v_shift.id;
  return pg_catalog.jsonb_build_object('company_id', v_terminal.company_id, 'terminal_id', v_terminal.id,
    'result', pg_catalog.jsonb_build_object('expected_cash', v_expected, 'counted_cash', v_counted,
                                            'difference', v_counted - v_expected));
end
$$;

-- [SHIFT-5] cash.move: a pay-in or pay-out of an open shift of the terminal.
create function private.op_cash_move(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_terminal public.terminals := private.require_terminal(private.arg_uuid(p_args, 'terminal_id', true), 'cashier');
  v_shift public.shifts := private.open_shift(private.arg_uuid(p_args, 'shift_id', true), v_terminal);
  v_kind text := private.arg_text(p_args, 'kind', true, 10);
  v_amount bigint := private.arg_money(p_args, 'amount', true);
begin
  if v_kind not in ('pay_in', 'pay_out') then
    perform private.reject('invalid_args', 'kind must be pay_in or pay_out');
  end if;
  if v_amount = 0 then perform private.reject('invalid_args', 'amount must be more than zero'); end if;
  insert into public.cash_movements (id, company_id, shift_id, terminal_id, kind, amount, reason, user_id,
                                     occurred_at, op_id)
  values (private.arg_uuid(p_args, 'id', true), v_terminal.company_id, v_shift.id, v_terminal.id, v_kind, v_amount,
          private.arg_text(p_args, 'reason', false, 500), p_user, private.arg_time(p_args, 'occurred_at', true),
          p_op_id);
  return pg_catalog.jsonb_build_object('company_id', v_terminal.company_id, 'terminal_id', v_terminal.id);
end
$$;

-- [OPS-5] An error's machine code: the rejection's own code, or one named after the constraint it broke.
create function private.error_code(p_state text, p_hint text, p_constraint text) returns text
language sql immutable set search_path = '' as $$
  select case
    when p_state in ('P0001', '42501') and coalesce(p_hint, '') <> '' then p_hint
    when p_state = '23505' then case
      when p_constraint = 'sales_receipt_no_key' then 'duplicate_receipt_no'
      when p_constraint = 'shifts_one_open_idx' then 'shift_already_open'
      when p_constraint like '%\_pkey' then 'duplicate_id'
      else 'conflict' end
    when p_state = '23503' then 'unknown_reference'
    when p_state in ('23514', '23502') then 'invalid_value'
    when p_state like '22%' then 'invalid_args'
    else 'server_error' end
$$;

-- [OPS-4] Codes that depend on who sends the op (or on this server's version), not on the op itself: they
-- are answered but not recorded, so the same op applies when the right person (or a newer server) sends it.
create function private.is_recorded_rejection(p_code text) returns boolean
language sql immutable set search_path = '' as $$
  select p_code not in ('not_signed_in', 'not_member', 'insufficient_role', 'unknown_op', 'server_error',
                        'op_id_conflict')
$$;

-- [OPS-12] What identifies an op beyond its op_id: its name and arguments (jsonb's text is canonical).
create function private.op_digest(p_name text, p_args jsonb) returns text
language sql immutable set search_path = '' as $$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
    coalesce(p_name, '') || ':' || coalesce(p_args::text, 'null'), 'UTF8')), 'hex')
$$;

-- The stored answer of an op already seen: duplicate when it applied, the same rejection when it was rejected.
create function private.stored_answer(p public.applied_ops) returns jsonb
language sql immutable set search_path = '' as $$
  select case when p.status = 'applied'
    then pg_catalog.jsonb_build_object('op_id', p.op_id, 'status', 'duplicate', 'txid', p.txid::text)
    else pg_catalog.jsonb_build_object('op_id', p.op_id, 'status', 'rejected', 'error', p.error,
                                       'txid', p.txid::text, 'replayed', true) end
$$;

-- [OPS-12] [OPS-13] The answer to an op_id already seen. The stored answer goes back only for the same op
-- (same digest) and only to a member of the shop it was recorded against (or, when no shop was known, to the
-- user who sent it): an op_id another user or shop used first answers `op_id_conflict` (not recorded; the
-- till sends its op again under a new op_id), and nobody reads another shop's stored answer.
create function private.replay_answer(p public.applied_ops, p_digest text, p_user uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  -- A null digest is a row recorded before digests existed: it can only be the till's own op.
  if p.digest is distinct from p_digest and p.digest is not null then
    return pg_catalog.jsonb_build_object('op_id', p.op_id, 'status', 'rejected', 'error',
      pg_catalog.jsonb_build_object('code', 'op_id_conflict', 'message',
        'This op id is already used by another operation; the till sends this one again under a new id'));
  end if;
  if (p.company_id is null and p.user_id <> p_user)
     or (p.company_id is not null and not private.is_member(p.company_id)) then
    return pg_catalog.jsonb_build_object('op_id', p.op_id, 'status', 'rejected', 'error',
      pg_catalog.jsonb_build_object('code', 'not_member', 'message',
        'You are not a member of the shop this operation belongs to'));
  end if;
  return private.stored_answer(p);
end
$$;

-- One op: validate the envelope, claim op_id, run the handler in a savepoint, answer.
create function private.apply_op(p_op jsonb, p_user uuid) returns jsonb
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
    v_out := case v_name
      when 'sale.record' then private.op_sale_record(v_args, v_op_id, p_user)
      when 'sale.refund' then private.op_sale_refund(v_args, v_op_id, p_user)
      when 'customer.upsert' then private.op_customer_upsert(v_args, v_op_id, p_user)
      when 'stock.move' then private.op_stock_move(v_args, v_op_id, p_user)
      when 'shift.open' then private.op_shift_open(v_args, v_op_id, p_user)
      when 'shift.close' then private.op_shift_close(v_args, v_op_id, p_user)
      when 'cash.move' then private.op_cash_move(v_args, v_op_id, p_user)
    end;
    if v_out is null then
      perform private.reject('unknown_op', 'Unknown op ' || v_name);
    end if;
    update public.applied_ops a
    set company_id = (v_out ->> 'company_id')::uuid,
        terminal_id = coalesce((v_out ->> 'terminal_id')::uuid, private.try_uuid(p_op ->> 'terminal_id')),
        result = v_out - 'company_id' - 'terminal_id'
    where a.op_id = v_op_id;
    return pg_catalog.jsonb_build_object('op_id', v_op_id, 'status', 'applied',
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
    return pg_catalog.jsonb_build_object('op_id', v_op_id, 'status', 'rejected', 'error', v_error,
                                         'txid', pg_catalog.pg_current_xact_id()::text);
  end;
end
$$;

create function private.try_uuid(p text) returns uuid
language sql immutable set search_path = '' as $$
  select case when p ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then p::uuid end
$$;

-- The company a rejected op was meant for, when its arguments say, so managers see their own dead letters.
create function private.op_company(p_name text, p_args jsonb) returns uuid
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select t.company_id from public.terminals t where t.id = private.try_uuid(p_args ->> 'terminal_id')),
    (select s.company_id from public.stores s where s.id = private.try_uuid(p_args ->> 'store_id')),
    (select c.id from public.companies c where c.id = private.try_uuid(p_args ->> 'company_id')))
  where pg_catalog.jsonb_typeof(p_args) = 'object'
$$;

-- [OPS-1] apply_ops: a batch of at most 500 ops, answered in order, one answer per op.
create function public.apply_ops(ops jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_answers jsonb := '[]';
  v_op jsonb;
begin
  if v_user is null then
    raise exception 'Sign in to sync' using errcode = '42501', hint = 'not_signed_in';
  end if;
  -- [RLS-6] The whole batch waits for an aal2 session; no op is answered (or recorded) for this token.
  perform private.require_second_factor();
  if pg_catalog.jsonb_typeof(ops) is distinct from 'array' then
    raise exception 'ops must be a JSON array of operations' using errcode = '22023', hint = 'invalid_batch';
  end if;
  if pg_catalog.jsonb_array_length(ops) > 500 then
    raise exception 'A batch holds at most 500 ops, got %', pg_catalog.jsonb_array_length(ops)
      using errcode = '22023', hint = 'batch_too_large';
  end if;
  for v_op in select value from pg_catalog.jsonb_array_elements(ops) loop
    v_answers := v_answers || pg_catalog.jsonb_build_array(private.apply_op(v_op, v_user));
  end loop;
  return v_answers;
end
$$;
comment on function public.apply_ops(jsonb) is
  'Applies a batch of outbox ops idempotently by op_id; answers [{op_id, status, error?, txid, warnings?, result?}].';

revoke execute on function public.apply_ops(jsonb) from public, anon;
grant execute on function public.apply_ops(jsonb) to authenticated, service_role;
grant execute on all functions in schema private to anon, authenticated, service_role;

-- Digital receipts in apply_ops (issue 22, supabase/SPEC.md §14): the op `receipt.email` is dispatched like
-- every other op, and apply_ops links the receipts of the sales each run applied ([RCPT-10]).

-- [OPS-2] Which function applies each op, by name. apply_op named them in a `case`, so every new op meant
-- another copy of apply_op; an op added from now on is a row here.
create table private.op_handlers (
  name text primary key,
  handler regprocedure not null
);
comment on table private.op_handlers is
  'The function that applies each op name (OPS-2): f(args jsonb, op_id uuid, user_id uuid) returns jsonb.';
insert into private.op_handlers (name, handler) values
  ('sale.record', 'private.op_sale_record(jsonb, uuid, uuid)'),
  ('sale.refund', 'private.op_sale_refund(jsonb, uuid, uuid)'),
  ('customer.upsert', 'private.op_customer_upsert(jsonb, uuid, uuid)'),
  ('stock.move', 'private.op_stock_move(jsonb, uuid, uuid)'),
  ('shift.open', 'private.op_shift_open(jsonb, uuid, uuid)'),
  ('shift.close', 'private.op_shift_close(jsonb, uuid, uuid)'),
  ('cash.move', 'private.op_cash_move(jsonb, uuid, uuid)'),
  ('activity.record', 'private.op_activity_record(jsonb, uuid, uuid)'),
  ('receipt.email', 'private.op_receipt_email(jsonb, uuid, uuid)');

-- [OPS-2] One op as in 20261127000100_staff.sql, its function found in private.op_handlers.
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


-- [RCPT-10] The receipt links of a run of sale.record ops just applied: one per op answered `applied` whose
-- args carry a well-formed `receipt_token`, for the sale that op recorded (so only its own shop's sale). A
-- token another sale holds links nothing: the sale stands ("a sale that happened is never lost") and the
-- token keeps its first sale. One statement for the run, as the run's sales were written.
create function private.link_receipts(p_ops jsonb, p_answers jsonb) returns void
language sql security definer set search_path = '' as $$
  insert into public.receipt_links (token, company_id, sale_id, created_by, op_id)
  select o.op -> 'args' ->> 'receipt_token', s.company_id, s.id, s.recorded_by, s.op_id
  from pg_catalog.jsonb_array_elements(p_ops) with ordinality as o(op, n)
  join pg_catalog.jsonb_array_elements(p_answers) with ordinality as a(answer, n) on a.n = o.n
  join public.sales s on s.id = private.try_uuid(o.op -> 'args' ->> 'id')
                     and s.op_id = private.try_uuid(o.op ->> 'op_id')
  where a.answer ->> 'status' = 'applied'
    and coalesce(o.op -> 'args' ->> 'receipt_token', '') ~ '^[A-Za-z0-9_-]{22,86}$'
  on conflict (token) do nothing
$$;

-- [OPS-1] apply_ops as in 20261126000100_apply_ops_replay.sql, and after each run of sales it applied,
-- [RCPT-10] their receipt links and [SCALE-7] their scale labels read again
-- (20261201000300_scale_label_recheck.sql).
create or replace function public.apply_ops(ops jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_answers jsonb := '[]';
  v_stored jsonb;
  v_count int;
  v_start int := 0;
  v_end int;
  v_run jsonb;
  v_run_answers jsonb;
begin
  if v_user is null then
    raise exception 'Sign in to sync' using errcode = '42501', hint = 'not_signed_in';
  end if;
  -- [RLS-6] The whole batch waits for an aal2 session; no op is answered (or recorded) for this token.
  perform private.require_second_factor();
  if pg_catalog.jsonb_typeof(ops) is distinct from 'array' then
    raise exception 'ops must be a JSON array of operations' using errcode = '22023', hint = 'invalid_batch';
  end if;
  v_count := pg_catalog.jsonb_array_length(ops);
  if v_count > 500 then
    raise exception 'A batch holds at most 500 ops, got %', v_count using errcode = '22023', hint = 'batch_too_large';
  end if;
  if v_count = 0 then return v_answers; end if;
  v_stored := private.stored_answers(ops, v_user);
  -- [OPS-16] A batch resent after its answer was lost: every op is answered from applied_ops at once.
  if not v_stored @> '[null]' then return v_stored; end if;
  while v_start < v_count loop
    v_end := v_start;
    while v_end < v_count and v_stored -> v_end = 'null' and private.is_sale_record(ops -> v_end) loop
      v_end := v_end + 1;
    end loop;
    if v_end > v_start then
      v_run := private.jsonb_slice(ops, v_start, v_end);
      v_run_answers := private.apply_sale_run(v_run, v_user);
      perform private.link_receipts(v_run, v_run_answers);
      perform private.flag_scale_labels(v_run, v_run_answers);
      v_answers := v_answers || v_run_answers;
      v_start := v_end;
    else
      v_answers := v_answers || pg_catalog.jsonb_build_array(
        case when v_stored -> v_start = 'null' then private.apply_op(ops -> v_start, v_user)
             else v_stored -> v_start end);
      v_start := v_start + 1;
    end if;
  end loop;
  return v_answers;
end
$$;

grant execute on all functions in schema private to anon, authenticated, service_role;

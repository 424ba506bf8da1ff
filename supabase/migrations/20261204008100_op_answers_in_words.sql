-- [AUDIT-1] private.apply_op answers every rejection in stable words (issue 33, supabase/SPEC.md §23): a data
-- error Postgres raised itself (a bad date in the op's created_at, a number out of range, a value it could
-- not read) is answered with [INPUT-4]'s sentence by SQLSTATE (private.data_error_words, 20261204008000)
-- instead of Postgres's text, which named types, columns and constraints; a server_error says only its
-- SQLSTATE, and duplicate_id no longer names the constraint. The codes are unchanged. [AUDIT-6] The ops log
-- (applied_ops.terminal_id) names only a till of the op's shop. The body is 20261204006100_pin_proofs.sql's,
-- with only the answer's message and the log's till changed.

-- [AUDIT-6] The till an op's log row names when its handler did not say (customer.upsert, a rejected op): the
-- till the op claims only when it is a till of the op's shop, else none. Before, applied_ops kept whatever id
-- the op's envelope or args claimed, so a shop's ops log could name another shop's or a made-up till.
create function private.op_terminal(p_claim text, p_company uuid) returns uuid
language sql stable security definer set search_path = '' as $$
  select t.id from public.terminals t where t.id = private.try_uuid(p_claim) and t.company_id = p_company
$$;

-- [OPS-2] [STAFF-17] [STAFF-18] [AUDIT-1] [AUDIT-6] One op as in 20261204006100_pin_proofs.sql, its answer in words.
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
        terminal_id = coalesce((v_out ->> 'terminal_id')::uuid,
                              private.op_terminal(p_op ->> 'terminal_id', (v_out ->> 'company_id')::uuid)),
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
      case
        -- The server's own refusals (private.reject and every raise that names a code in its hint) keep their
        -- own words; those are written for the person at the till.
        when coalesce(v_hint, '') <> '' then v_message
        when v_code = 'duplicate_receipt_no' then 'Receipt number ' || coalesce(v_args ->> 'receipt_no', '')
                                                 || ' is already used by another sale of this company'
        when v_code = 'duplicate_id' then 'An id in this op is already used by another record'
        when v_code = 'shift_already_open' then 'This terminal already has an open shift'
        when v_code = 'conflict' then 'This op conflicts with a record already on the server'
        when v_code = 'unknown_reference' then 'This op names a record the server does not have'
        -- [AUDIT-1] Postgres's own text for a data error never reaches the till: [INPUT-4]'s sentence by
        -- SQLSTATE, and for anything else only the SQLSTATE (the server's log has the rest).
        else coalesce(private.data_error_words(v_state, v_message),
                      case when v_code = 'server_error' then 'The server could not apply this op (' || v_state || ')'
                           else 'A value in this op is not in the form the server expects' end)
      end);
    v_company := private.op_company(v_name, v_args);
    -- [OPS-14] Only a member's rejection is recorded against a shop: a stranger cannot claim a shop's op_id.
    if private.is_recorded_rejection(v_code) and (v_company is null or private.is_member(v_company)) then
      insert into public.applied_ops (op_id, company_id, terminal_id, user_id, name, digest, status, error)
      values (v_op_id, v_company, private.op_terminal(coalesce(v_args ->> 'terminal_id', p_op ->> 'terminal_id'), v_company),
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

-- [RCPT-18] One receipt link per sale, whichever path records it (issue 34). A sale with modifiers (and any op
-- the batch path leaves to private.apply_op) was recorded without its link: private.link_receipts ran only for
-- runs of plain sales, so its printed QR code said "This receipt is not available" and 'Email receipt' drew a
-- second, different link. apply_ops now links every sale it applied once, after the batch, as
-- 20261204001000_rederive_sales.sql defines it otherwise.
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
      v_answers := v_answers || v_run_answers;
      v_start := v_end;
    else
      v_answers := v_answers || pg_catalog.jsonb_build_array(
        case when v_stored -> v_start = 'null' then private.apply_op(ops -> v_start, v_user)
             else v_stored -> v_start end);
      v_start := v_start + 1;
    end if;
  end loop;
  -- [RCPT-18] Every sale the batch applied is linked, whichever path applied it: one statement.
  perform private.link_receipts(ops, v_answers);
  perform private.flag_sales(ops, v_answers);
  return v_answers;
end
$$;

-- [INPUT-5] A receipt token that is not the till's gets no public link (issue 33, supabase/SPEC.md §18). A till
-- draws 16 random bytes as base64url: exactly 22 characters (src/domain/receipt-link.ts). Anything else — a
-- short or guessable token, a long one, another alphabet, or a token another sale already holds — links
-- nothing; the sale stands as recorded (its money was taken), and managers see a `receipt_token` flag.

-- The receipt tokens of a run's sales that applied: one row per op that sent a token, with its sale.
create function private.sent_receipt_tokens(p_ops jsonb, p_answers jsonb)
returns table (token text, company_id uuid, sale_id uuid, recorded_by uuid, op_id uuid, terminal_id uuid)
language sql stable security definer set search_path = '' as $$
  select o.op -> 'args' ->> 'receipt_token', s.company_id, s.id, s.recorded_by, s.op_id, s.terminal_id
  from pg_catalog.jsonb_array_elements(p_ops) with ordinality as o(op, n)
  join pg_catalog.jsonb_array_elements(p_answers) with ordinality as a(answer, n) on a.n = o.n
  join public.sales s on s.id = private.try_uuid(o.op -> 'args' ->> 'id')
                     and s.op_id = private.try_uuid(o.op ->> 'op_id')
  where a.answer ->> 'status' = 'applied'
    and coalesce(pg_catalog.jsonb_typeof(o.op -> 'args' -> 'receipt_token'), 'null') <> 'null'
$$;

-- [RCPT-10] [INPUT-5] As in 20261202000110_receipt_ops.sql, for the till's tokens only (one statement for the
-- run's links, as before), and every token sent that linked nothing is flagged once per op (detail: why, and
-- the token's length, never the token).
create or replace function private.link_receipts(p_ops jsonb, p_answers jsonb) returns void
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.receipt_links (token, company_id, sale_id, created_by, op_id)
  select t.token, t.company_id, t.sale_id, t.recorded_by, t.op_id
  from private.sent_receipt_tokens(p_ops, p_answers) t
  where t.token ~ '^[A-Za-z0-9_-]{22}$'
  on conflict (token) do nothing;
  perform private.add_flag(t.company_id, 'receipt_token', 'receipt_token:' || t.op_id::text, t.sale_id, t.op_id,
                           t.terminal_id,
                           pg_catalog.jsonb_build_object(
                             'reason', case when t.token ~ '^[A-Za-z0-9_-]{22}$' then 'taken' else 'malformed' end,
                             'length', pg_catalog.char_length(t.token)))
  from private.sent_receipt_tokens(p_ops, p_answers) t
  where not exists (select 1 from public.receipt_links l where l.token = t.token and l.sale_id = t.sale_id);
end
$$;
revoke execute on function private.sent_receipt_tokens(jsonb, jsonb) from public, anon, authenticated;

-- [OPS-15] [VAL-10] [VAL-13] Sales that only earn points take the batch path (issue 39, P5c). Until now
-- private.sale_has_value sent every sale naming a customer in a shop whose loyalty is on to the one-op path
-- (it earns points), so one café sale in five went alone and split the batch's run of plain sales into short
-- runs, each paying the batch path's fixed cost. Now:
-- * private.sale_value_off_batch says which value aspects still need the one-op path: a gift-card line, a
--   tender other than cash, card or other, points spent as a discount (`loyalty_discount`), or a `loyalty`
--   claim the batch does not read plainly ({earned} with a plain whole number, or null) or that is made in a
--   shop whose loyalty is off (the one-op path flags it [VAL-25]). A customer alone no longer counts.
-- * private.record_sale_earnings writes the points those sales earn after private.record_sales, in the same
--   subtransaction (private.record_sales_or_each), exactly as private.record_sale_value's [VAL-13] part does:
--   the server's figure floor(Σ line totals × points_per_major / 10^minor units), the customer's derived
--   loyalty account made on first use, one `earn` entry with the derived id md5(sale id || ':earn') and the
--   till's figure as till_delta, in the sales' order (so balance_after runs as on the one-op path), and the
--   `loyalty` flag `differs` where the till said otherwise.
-- A replayed op is answered from applied_ops before any of this ([OPS-16]); an entry written before is skipped
-- by the ledger's trigger ([VAL-8]), so nothing is earned twice.

-- ---------------------------------------------------------------------------------------------------------
-- [OPS-15] [VAL-10] The value aspects of a sale that only the one-op path writes (private.record_sale_value).
-- ---------------------------------------------------------------------------------------------------------
create function private.sale_value_off_batch(p_args jsonb) returns boolean
language sql stable security definer set search_path = '' as $$
  select p_args @? '$.lines[*].gift_card'
      or p_args @? '$.payments[*] ? (@.method != "cash" && @.method != "card" && @.method != "other")'
      or p_args ? 'loyalty_discount'
      or (p_args ? 'loyalty'
          and (not (coalesce(p_args -> 'loyalty', 'null') = 'null'
                    or (pg_catalog.jsonb_typeof(p_args -> 'loyalty') = 'object'
                        and (p_args -> 'loyalty') - 'earned' = '{}'
                        and (coalesce(p_args #> '{loyalty,earned}', 'null') = 'null'
                             or private.plain_money(p_args #> '{loyalty,earned}') is not null)))
               or not exists (select 1 from public.terminals t
                              join public.value_settings v on v.company_id = t.company_id
                              where t.id = private.as_uuid(p_args ->> 'terminal_id') and v.loyalty_enabled)))
$$;

-- [OPS-15] As in 20261214000100_modifier_sales_set_based.sql; a sale whose only value is the points a
-- customer earns stays on the batch path (private.record_sale_earnings writes them).
create or replace function private.is_sale_record(p_op jsonb) returns boolean
language sql stable as $$
  select pg_catalog.jsonb_typeof(p_op) = 'object'
     and coalesce(p_op ->> 'op_id', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and pg_catalog.jsonb_typeof(p_op -> 'name') = 'string' and p_op ->> 'name' = 'sale.record'
     and pg_catalog.jsonb_typeof(p_op -> 'args') = 'object'
     and not pg_catalog.jsonb_path_exists(p_op, '$.args.approval.passkey')
     and private.sale_promotion_args_problem(p_op -> 'args') is null
     and not private.sale_value_off_batch(p_op -> 'args')
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [VAL-13] The points a run's sales earn, as private.record_sale_value works them out for one sale: for each
-- sale naming a customer in a shop whose loyalty is on, the server's figure from the lines (the batch holds no
-- gift-card line and no points tender), an `earn` entry when it is above zero, and a `differs` flag when the
-- till's `loyalty.earned` says otherwise. p_sales as private.record_sales took them, p_ops the run's ops
-- (same order). Reads the sales as stored, so who, when and where are the sale's as the server recorded it.
-- ---------------------------------------------------------------------------------------------------------
create function private.record_sale_earnings(p_sales jsonb, p_ops jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_earned jsonb;
  f record;
begin
  if not pg_catalog.jsonb_path_exists(p_sales, '$[*] ? (@.customer_id != null)') then return; end if;
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'n', s.n, 'sale_id', x.id, 'company_id', x.company_id, 'customer_id', x.customer_id,
           'account_id', private.customer_value_account_id(x.customer_id, 'loyalty'),
           'points', pg_catalog.floor(e.eligible::numeric * v.loyalty_points_per_major
                                      / (10::numeric ^ coalesce(c.minor_units, 2)))::bigint,
           'till', case when pg_catalog.jsonb_typeof(p_ops -> (s.n - 1)::int -> 'args' -> 'loyalty') = 'object'
                        then private.plain_money(p_ops -> (s.n - 1)::int -> 'args' -> 'loyalty' -> 'earned') end,
           'op_id', x.op_id, 'terminal_id', x.terminal_id, 'shift_id', x.shift_id, 'staff_id', x.cashier_id,
           'recorded_by', x.recorded_by, 'receipt_no', x.receipt_no, 'occurred_at', x.occurred_at)
           order by s.n), '[]')
    into v_earned
  from rows from (pg_catalog.jsonb_to_recordset(p_sales) as (id uuid, customer_id uuid, lines jsonb))
       with ordinality as s(id, customer_id, lines, n)
  join public.sales x on x.id = s.id
  join public.value_settings v on v.company_id = x.company_id and v.loyalty_enabled
  left join public.currencies c on c.code = x.currency
  cross join lateral (select greatest(coalesce(sum(l.total), 0), 0) as eligible
                      from pg_catalog.jsonb_to_recordset(s.lines) as l(total bigint)) e
  where s.customer_id is not null;

  -- [VAL-1] The customers' loyalty accounts, made on first use with their derived ids.
  insert into public.value_accounts (id, company_id, kind, customer_id, status)
  select distinct r.account_id, r.company_id, 'loyalty', r.customer_id, 'active'
  from pg_catalog.jsonb_to_recordset(v_earned) as r(account_id uuid, company_id uuid, customer_id uuid, points bigint)
  where r.points > 0
  order by r.account_id
  on conflict do nothing;

  -- [VAL-5] [VAL-8] One `earn` each, in the sales' order: the ledger's trigger sets balance_after in that
  -- order and skips an entry written before.
  insert into public.value_entries (id, company_id, account_id, kind, delta, till_delta, sale_id, op_id,
                                    terminal_id, shift_id, staff_id, recorded_by, receipt_no, occurred_at)
  select pg_catalog.md5(r.sale_id::text || ':earn')::uuid, r.company_id, r.account_id, 'earn', r.points, r.till,
         r.sale_id, r.op_id, r.terminal_id, r.shift_id, r.staff_id, r.recorded_by, r.receipt_no, r.occurred_at
  from pg_catalog.jsonb_to_recordset(v_earned) as r(n int, sale_id uuid, company_id uuid, account_id uuid,
       points bigint, till bigint, op_id uuid, terminal_id uuid, shift_id uuid, staff_id uuid, recorded_by uuid,
       receipt_no text, occurred_at timestamptz)
  where r.points > 0
  order by r.n
  on conflict (id) do nothing;

  -- [VAL-13] The till printed another figure: kept, flagged.
  for f in select r.sale_id, r.company_id, r.points, r.till, r.op_id, r.terminal_id
           from pg_catalog.jsonb_to_recordset(v_earned) as r(n int, sale_id uuid, company_id uuid, points bigint,
                till bigint, op_id uuid, terminal_id uuid)
           where r.till is not null and r.till <> r.points
           order by r.n loop
    perform private.add_flag(f.company_id, 'loyalty', 'loyalty:' || f.sale_id || ':differs', f.sale_id, f.op_id,
      f.terminal_id, pg_catalog.jsonb_build_object('reason', 'differs', 'till', f.till, 'server', f.points));
  end loop;
end
$$;

-- As in 20261214000100_modifier_sales_set_based.sql, and the points the sales earn written with them.
create or replace function private.record_sales_or_each(p_sales jsonb, p_ops jsonb, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_answers jsonb := '[]';
  v_op jsonb;
begin
  begin
    v_answers := private.record_sales(p_sales, p_user);
    perform private.record_sale_modifiers(p_sales);
    perform private.record_sale_earnings(p_sales, p_ops);
    return v_answers;
  exception when others then
    if private.is_transient(sqlstate) then raise; end if;
  end;
  v_answers := '[]';
  for v_op in select value from pg_catalog.jsonb_array_elements(p_ops) loop
    v_answers := v_answers || pg_catalog.jsonb_build_array(private.apply_op(v_op, p_user));
  end loop;
  return v_answers;
end
$$;

revoke execute on function
  private.sale_value_off_batch(jsonb),
  private.record_sale_earnings(jsonb, jsonb)
  from public, anon, authenticated;

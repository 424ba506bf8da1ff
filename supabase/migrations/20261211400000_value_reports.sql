-- [VAL-33] Customer-value reports for managers and owners (checked as [REP-1]): what the shop owes its gift
-- cards, store credit and points (liability), what customers owe on account and how old it is (receivables),
-- what moved by day (activity), and one account's statement. Every figure is a sum of value_entries, so a
-- report and the Σ of value_balances agree ([VAL-7]).
--
-- "As at" an instant counts the entries that happened (occurred_at, the till's clock) by then; as at now (or
-- later) it counts every entry, so a till whose clock runs a little ahead is not left out of today's figure.

-- The entries of a shop as at p_at.
create function private.value_entries_at(p_company uuid, p_at timestamptz)
returns setof public.value_entries
language sql stable security definer set search_path = '' as $$
  select e.* from public.value_entries e
  where e.company_id = p_company and (p_at >= pg_catalog.now() or e.occurred_at <= p_at)
$$;

-- [VAL-4] n points as money: floor(n × value ÷ points), symmetric for a negative n.
create function private.points_money(p_company uuid, p_points numeric) returns bigint
language sql stable security definer set search_path = '' as $$
  select (pg_catalog.sign(p_points)
          * pg_catalog.floor(pg_catalog.abs(p_points) * s.loyalty_redeem_value / s.loyalty_redeem_points))::bigint
  from private.value_settings_of(p_company) s
$$;

-- [VAL-33] Ageing of what one account on credit owes as at p_at: its negative entries (charges, negative
-- adjustments) are settled by all of its positive ones (payments, refunds, credits), oldest first; what is
-- left of each is aged by the days between its local date and p_at's, in the shop's time zone.
create function private.value_ageing(p_company uuid, p_account uuid, p_at timestamptz)
returns table (current_owed bigint, days_31_60 bigint, days_61_90 bigint, over_90 bigint)
language sql stable security definer set search_path = '' as $$
  with tz as (
    select c.time_zone from public.companies c where c.id = p_company
  ), mine as (
    select e.* from private.value_entries_at(p_company, p_at) e where e.account_id = p_account
  ), credits as (
    select coalesce(sum(m.delta) filter (where m.delta > 0), 0) as total from mine m
  ), debits as (
    select -m.delta as amount,
           sum(-m.delta) over (order by m.occurred_at, m.seq) as upto,
           (p_at at time zone (select time_zone from tz))::date
             - (m.occurred_at at time zone (select time_zone from tz))::date as age
    from mine m where m.delta < 0
  ), left_over as (
    select d.age, greatest(0, least(d.amount, d.upto - (select total from credits))) as owed from debits d
  )
  select coalesce(sum(l.owed) filter (where l.age <= 30), 0)::bigint,
         coalesce(sum(l.owed) filter (where l.age between 31 and 60), 0)::bigint,
         coalesce(sum(l.owed) filter (where l.age between 61 and 90), 0)::bigint,
         coalesce(sum(l.owed) filter (where l.age > 90), 0)::bigint
  from left_over l
$$;

-- [VAL-33] Liability: per kind the shop owes on (gift cards, store credit, points; an account on credit is a
-- receivable, reported by value_receivables), every kind listed. `accounts` counts those with a balance other
-- than zero; `money_total` is the balance in money, points valued at the shop's rate ([VAL-4]).
create function public.value_liability(p_company uuid, p_at timestamptz default pg_catalog.now())
returns table (kind text, accounts bigint, positive_total bigint, negative_total bigint, balance_total bigint,
               money_total bigint)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_role(p_company, 'manager');
  if p_at is null then
    perform private.reject('invalid_args', 'Choose the moment to report on');
  end if;
  return query
  with balances as (
    select a.kind, sum(e.delta) as balance
    from private.value_entries_at(p_company, p_at) e
    join public.value_accounts a on a.company_id = e.company_id and a.id = e.account_id
    group by a.id, a.kind
  )
  select k.kind, count(b.balance) filter (where b.balance <> 0),
         coalesce(sum(b.balance) filter (where b.balance > 0), 0)::bigint,
         coalesce(sum(b.balance) filter (where b.balance < 0), 0)::bigint,
         coalesce(sum(b.balance), 0)::bigint,
         case when k.kind = 'loyalty' then private.points_money(p_company, coalesce(sum(b.balance), 0))
              else coalesce(sum(b.balance), 0)::bigint end
  from unnest(array['gift_card', 'store_credit', 'loyalty']) with ordinality as k(kind, n)
  left join balances b on b.kind = k.kind
  group by k.kind, k.n
  order by k.n;
end
$$;

-- [VAL-33] Receivables: every customer's account on credit (its id last, for its statement), what they owe as at p_at (negative when they hold
-- credit on it) and how old it is; most owed first.
create function public.value_receivables(p_company uuid, p_at timestamptz default pg_catalog.now())
returns table (customer_id uuid, name text, owed bigint, credit_limit bigint, "current" bigint, days_31_60 bigint,
               days_61_90 bigint, over_90 bigint, account_id uuid)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_role(p_company, 'manager');
  if p_at is null then
    perform private.reject('invalid_args', 'Choose the moment to report on');
  end if;
  return query
  select a.customer_id, c.name,
         (-coalesce((select sum(e.delta) from private.value_entries_at(p_company, p_at) e
                     where e.account_id = a.id), 0))::bigint as owed,
         a.credit_limit, g.current_owed, g.days_31_60, g.days_61_90, g.over_90, a.id
  from public.value_accounts a
  join public.customers c on c.company_id = a.company_id and c.id = a.customer_id
  cross join lateral private.value_ageing(p_company, a.id, p_at) g
  where a.company_id = p_company and a.kind = 'on_account'
  -- Positions, not names: the output columns are variables here too.
  order by 3 desc, 2, 1;
end
$$;

-- [VAL-33] Activity: per local day of the range ([REP-1]) and kind of account that moved, the entries by
-- kind, each as a positive amount except `adjusted`, which is signed and holds manager adjustments, voids
-- and expiries. Days and kinds with no entry are left out.
create function public.value_activity(p_company uuid, p_from date, p_to date)
returns table (day date, account_kind text, issued bigint, loaded bigint, redeemed bigint, charged bigint,
               refunded bigint, unissued bigint, earned bigint, unearned bigint, paid bigint, adjusted bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
begin
  select * into r from private.report_range(p_company, p_from, p_to);
  return query
  select (e.occurred_at at time zone r.time_zone)::date as local_day, a.kind,
         coalesce(sum(e.delta) filter (where e.kind = 'issue'), 0)::bigint,
         coalesce(sum(e.delta) filter (where e.kind = 'load'), 0)::bigint,
         coalesce(-sum(e.delta) filter (where e.kind = 'redeem'), 0)::bigint,
         coalesce(-sum(e.delta) filter (where e.kind = 'charge'), 0)::bigint,
         coalesce(sum(e.delta) filter (where e.kind = 'refund'), 0)::bigint,
         coalesce(-sum(e.delta) filter (where e.kind = 'unissue'), 0)::bigint,
         coalesce(sum(e.delta) filter (where e.kind = 'earn'), 0)::bigint,
         coalesce(-sum(e.delta) filter (where e.kind = 'unearn'), 0)::bigint,
         coalesce(sum(e.delta) filter (where e.kind = 'payment'), 0)::bigint,
         coalesce(sum(e.delta) filter (where e.kind in ('adjust', 'void', 'expire')), 0)::bigint
  from public.value_entries e
  join public.value_accounts a on a.company_id = e.company_id and a.id = e.account_id
  where e.company_id = p_company and e.occurred_at >= r.starts and e.occurred_at < r.ends
  group by 1, 2
  order by 1, array_position(array['gift_card', 'store_credit', 'loyalty', 'on_account'], a.kind);
end
$$;

-- [VAL-33] One account's statement for local days p_from…p_to: the balance before the range (opening), its
-- entries in the order the server applied them ([VAL-9]) with the running balance, the balance after
-- (closing) and, for an account on credit, the ageing at the range's end. Printable as it is.
create function public.value_statement(p_company uuid, p_account uuid, p_from date, p_to date)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  r record;
  v_account public.value_accounts;
  v_opening numeric;
  v_entries jsonb;
  v_closing numeric;
  v_ageing jsonb;
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
           'sale_id', x.sale_id, 'tender_method', x.tender_method, 'reference', x.reference) order by x.seq),
         '[]'::jsonb),
         v_opening + coalesce(sum(x.delta), 0)
  into v_entries, v_closing
  from (select e.*, sum(e.delta) over (order by e.seq) as running
        from public.value_entries e
        where e.account_id = p_account and e.occurred_at >= r.starts and e.occurred_at < r.ends) x;
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
    'ageing', v_ageing);
end
$$;

do $$
declare
  f text;
begin
  foreach f in array array['value_liability(uuid, timestamptz)', 'value_receivables(uuid, timestamptz)',
                           'value_activity(uuid, date, date)', 'value_statement(uuid, uuid, date, date)'] loop
    execute 'revoke execute on function public.' || f || ' from public, anon';
    execute 'grant execute on function public.' || f || ' to authenticated, service_role';
  end loop;
end
$$;
-- The private helpers are called only by the reports above, which check the caller first.
revoke execute on function private.value_entries_at(uuid, timestamptz) from public, anon, authenticated;
revoke execute on function private.points_money(uuid, numeric) from public, anon, authenticated;
revoke execute on function private.value_ageing(uuid, uuid, timestamptz) from public, anon, authenticated;

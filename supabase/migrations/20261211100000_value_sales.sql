-- [VAL-10]…[VAL-17] [VAL-22]…[VAL-25] Sales and refunds write customer-value entries (issue 37, supabase/SPEC.md
-- "Customer value", docs/customer-value.md). The ledger itself (value_accounts, value_balances, value_entries
-- and the trigger that keeps balance = Σ delta) is 20261211000000's; this file is what writes to it from a sale:
--
-- * payments take seven methods ([SALE-7] grows by gift_card, store_credit, on_account, loyalty) and keep the
--   account a value tender spent (`account_id`), its points, and what the till saw (`balance_seen`, `offline`);
-- * sale_lines keep the gift card a line sold or topped up (`gift_card_account_id`);
-- * sale.record and sale.refund, as before, and then private.record_sale_value / private.record_refund_value
--   in the op's own savepoint, so a rejected op leaves no entry and an applied one all of its entries;
-- * a sale carrying any value field leaves the batch path ([OPS-15]) for the one-op path (private.is_sale_record).
--
-- The principle: the goods have left. An entry that does not fit is written and flagged, or (when no account of
-- the shop can take it) kept on the sale and flagged — never a rejection. What the till says it saw
-- (`balance_seen`, `offline`, the points it printed) is recorded beside the server's own figures, never used
-- in their place: the shop, the account, the cashier and the amounts are the server's.

-- ---------------------------------------------------------------------------------------------------------
-- [VAL-12] [SALE-7] Seven tender methods; a value tender's account, points, and what the till saw.
-- ---------------------------------------------------------------------------------------------------------
alter table public.payments drop constraint payments_method_check;
alter table public.payments
  add constraint payments_method_check check (method in ('cash', 'card', 'other', 'gift_card', 'store_credit',
                                                         'on_account', 'loyalty')),
  -- Not a foreign key: a tender naming a card the shop does not have stays on the sale as sent ([VAL-24]).
  add column account_id uuid,
  add column points bigint check (points is null or (points > 0 and points <= 1000000000000)),
  add column balance_seen bigint check (balance_seen is null or pg_catalog.abs(balance_seen) <= 1000000000000),
  add column offline boolean,
  add constraint payments_points_loyalty check ((method = 'loyalty') = (points is not null)),
  add constraint payments_value_account check ((method in ('cash', 'card', 'other')) = (account_id is null));
comment on column public.payments.account_id is
  'The value account a gift_card, store_credit, on_account or loyalty tender spent or refunded onto (VAL-12).';
comment on column public.payments.balance_seen is
  'What the till showed as available before this tender (VAL-21); the till''s word, kept for the overdraw flag.';

-- [VAL-11] The gift card a line sold (issue) or topped up (load), and the card a refund line takes back.
alter table public.sale_lines add column gift_card_account_id uuid;
create index sale_lines_gift_card_idx on public.sale_lines (gift_card_account_id)
  where gift_card_account_id is not null;

-- ---------------------------------------------------------------------------------------------------------
-- [SALE-7] [VAL-12] [VAL-15] Tenders, as in 20261121000300_sale_ops.sql, for seven methods. A value tender has
-- no tendered or change; gift_card names its card (account_id); store_credit, on_account and loyalty need the
-- sale's customer (`customer_required`) and name no account — the server takes the customer's derived one
-- ([VAL-1]); loyalty carries whole points > 0. The entries are private.record_sale_value's, after this.
-- ---------------------------------------------------------------------------------------------------------
create function private.record_payments(
  p_company uuid, p_sale uuid, p_payments jsonb, p_total bigint, p_is_refund boolean, p_customer uuid
) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  p jsonb;
  i int := 0;
  v_path text;
  v_method text;
  v_amount bigint;
  v_tendered bigint;
  v_change bigint;
  v_account uuid;
  v_points bigint;
  v_sum bigint := 0;
  v_cash boolean := false;
begin
  for p in select value from pg_catalog.jsonb_array_elements(p_payments) loop
    i := i + 1;
    v_path := 'payments[' || i || ']';
    v_method := private.arg_text(p, 'method', true, 20, v_path);
    if v_method not in ('cash', 'card', 'other', 'gift_card', 'store_credit', 'on_account', 'loyalty') then
      perform private.reject('invalid_args', v_path
        || '.method must be cash, card, other, gift_card, store_credit, on_account or loyalty');
    end if;
    v_amount := private.arg_money(p, 'amount', true, false, v_path);
    if v_amount = 0 then perform private.reject('invalid_args', v_path || '.amount must be more than zero'); end if;
    v_tendered := private.arg_money(p, 'tendered', false, false, v_path);
    v_change := coalesce(private.arg_money(p, 'change', false, false, v_path), 0);
    if v_method <> 'cash' or p_is_refund then
      if coalesce(v_tendered, v_amount) <> v_amount or v_change <> 0 then
        perform private.reject('change_mismatch', v_path || ': only cash taken for a sale gives change');
      end if;
    elsif coalesce(v_tendered, v_amount) - v_amount <> v_change then
      perform private.reject('change_mismatch',
        v_path || ': change is ' || v_change || ' but tendered ' || coalesce(v_tendered, v_amount)
        || ' − amount ' || v_amount || ' is ' || (coalesce(v_tendered, v_amount) - v_amount));
    end if;
    v_account := null;
    v_points := null;
    if v_method = 'gift_card' then
      v_account := private.arg_uuid(p, 'account_id', true, v_path);
      perform private.arg_text(p, 'code', false, 64, v_path);
    elsif v_method in ('store_credit', 'on_account', 'loyalty') then
      if p_customer is null then
        perform private.reject('customer_required', v_path || ': a ' || pg_catalog.replace(v_method, '_', ' ')
          || ' tender needs the customer on the ' || case when p_is_refund then 'refund' else 'sale' end);
      end if;
      v_account := private.customer_value_account_id(p_customer, v_method);
      if v_method = 'loyalty' then
        v_points := private.arg_money(p, 'points', true, false, v_path);
        if v_points = 0 then perform private.reject('invalid_args', v_path || '.points must be more than zero'); end if;
      end if;
    elsif coalesce(p -> 'account_id', p -> 'points', 'null') <> 'null' then
      perform private.reject('invalid_args', v_path || ': a ' || v_method || ' tender names no account or points');
    end if;
    v_cash := v_cash or v_method = 'cash';
    v_sum := v_sum + v_amount;
    insert into public.payments (id, company_id, sale_id, method, amount, tendered, change, reference, account_id,
                                 points, balance_seen, offline)
    values (private.arg_uuid(p, 'id', true, v_path), p_company, p_sale, v_method, v_amount,
            case when v_method = 'cash' and not p_is_refund then v_tendered end, v_change,
            private.arg_text(p, 'reference', false, 200, v_path), v_account, v_points,
            case when v_account is not null then private.arg_money(p, 'balance_seen', false, true, v_path) end,
            case when v_account is not null then private.arg_bool(p, 'offline', null, v_path) end);
  end loop;
  if v_sum <> p_total then
    perform private.reject('payments_mismatch',
      'Tenders add up to ' || v_sum || ' but the total is ' || p_total);
  end if;
  return v_cash;
end
$$;

-- The five-argument form, for any caller without a customer (no customer: no customer's account to spend).
create or replace function private.record_payments(
  p_company uuid, p_sale uuid, p_payments jsonb, p_total bigint, p_is_refund boolean
) returns boolean
language sql security definer set search_path = '' as $$
  select private.record_payments(p_company, p_sale, p_payments, p_total, p_is_refund, null::uuid)
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Writing one entry, and what the server flags about it.
-- ---------------------------------------------------------------------------------------------------------

-- [VAL-1] [VAL-12] A customer's account of a kind, made on first use with its derived id: active, an
-- on_account one with credit_limit 0 (so a charge no till should have taken is kept and flagged, [VAL-22]).
create function private.customer_value_account(p_company uuid, p_customer uuid, p_kind text)
returns public.value_accounts
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := private.customer_value_account_id(p_customer, p_kind);
  v public.value_accounts;
begin
  insert into public.value_accounts (id, company_id, kind, customer_id, status, credit_limit)
  values (v_id, p_company, p_kind, p_customer, 'active', case when p_kind = 'on_account' then 0 end)
  on conflict do nothing;
  select * into v from public.value_accounts a where a.company_id = p_company and a.id = v_id;
  return v;
end
$$;

-- [VAL-24] A flag kind `value_account` about one tender, line or op: never a rejection.
create function private.flag_value_account(p_sale public.sales, p_row uuid, p_reason text, p_detail jsonb)
returns void
language sql security definer set search_path = '' as $$
  select private.add_flag(p_sale.company_id, 'value_account', 'value_account:' || p_row || ':' || p_reason,
                          p_sale.id, p_sale.op_id, p_sale.terminal_id,
                          pg_catalog.jsonb_build_object('reason', p_reason, 'sale_id', p_sale.id) || p_detail);
$$;

-- [VAL-22] An entry that left its account below −floor is flagged `overdraw` (once per entry), naming every
-- sale that spent the account since value was last added to it, so two tills that spent one card offline are
-- both named. `within_allowance`: the till was offline and the balance is still within the shop's offline
-- allowance below the floor ([VAL-21]). Callable by any writer of entries (refunds, value.adjust).
create function private.flag_overdraw(p_entry public.value_entries, p_balance_seen bigint, p_offline boolean)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_account public.value_accounts;
  v_settings public.value_settings;
  v_floor bigint;
  v_allowance bigint;
  v_sales jsonb;
begin
  if p_entry.id is null or p_entry.delta >= 0 or p_entry.kind = 'unearn' then return; end if;
  select * into v_account from public.value_accounts a
  where a.company_id = p_entry.company_id and a.id = p_entry.account_id;
  v_floor := case when v_account.kind = 'on_account' then coalesce(v_account.credit_limit, 0) else 0 end;
  if p_entry.balance_after >= -v_floor then return; end if;
  v_settings := private.value_settings_of(p_entry.company_id);
  v_allowance := case v_account.kind
    when 'gift_card' then v_settings.gift_card_offline_allowance
    when 'store_credit' then v_settings.store_credit_offline_allowance
    when 'on_account' then v_settings.on_account_offline_allowance
    when 'loyalty' then v_settings.loyalty_offline_allowance end;
  -- The sales of its negative entries since its latest positive one, first first (at most 19), then this one.
  select coalesce(pg_catalog.jsonb_agg(x.sale_id order by x.first_seq), '[]') into v_sales
  from (select e.sale_id, min(e.seq) as first_seq
        from public.value_entries e
        where e.company_id = p_entry.company_id and e.account_id = p_entry.account_id and e.delta < 0
          and e.sale_id is not null and e.sale_id is distinct from p_entry.sale_id and e.seq < p_entry.seq
          and e.seq > coalesce((select max(u.seq) from public.value_entries u
                                where u.company_id = p_entry.company_id and u.account_id = p_entry.account_id
                                  and u.delta > 0 and u.seq < p_entry.seq), 0)
        group by e.sale_id order by min(e.seq) limit 19) x;
  if p_entry.sale_id is not null then
    v_sales := v_sales || pg_catalog.to_jsonb(p_entry.sale_id);
  end if;
  perform private.add_flag(p_entry.company_id, 'overdraw', 'overdraw:' || p_entry.id, p_entry.sale_id,
    p_entry.op_id, p_entry.terminal_id, pg_catalog.jsonb_build_object(
      'account_id', v_account.id, 'account_kind', v_account.kind, 'code_last4', v_account.code_last4,
      'customer_id', v_account.customer_id, 'entry_kind', p_entry.kind,
      'balance_before', p_entry.balance_after - p_entry.delta, 'delta', p_entry.delta,
      'balance_after', p_entry.balance_after, 'floor', v_floor, 'balance_seen', p_balance_seen,
      'offline', p_offline,
      'within_allowance', coalesce(p_offline, false) and p_entry.balance_after >= -(v_floor + coalesce(v_allowance, 0)),
      'sale_ids', v_sales));
end
$$;

-- [VAL-5] [VAL-8] One entry of a sale or refund, once: its id is the till's row's (or derived from it), so a
-- replay or a resent batch writes nothing and the balance moves once. Who, when and where are the sale's as
-- the server recorded it. Answers the entry written (its balance_after set by the ledger's trigger), or a row
-- of nulls when this id was written before or the delta is 0.
create function private.add_sale_value_entry(
  p_sale public.sales, p_account public.value_accounts, p_id uuid, p_kind text, p_delta bigint,
  p_line uuid default null, p_payment uuid default null, p_method text default null, p_till_delta bigint default null
) returns public.value_entries
language plpgsql security definer set search_path = '' as $$
declare
  v public.value_entries;
begin
  if p_delta = 0 or exists (select 1 from public.value_entries e where e.id = p_id) then
    return v;
  end if;
  insert into public.value_entries (id, company_id, account_id, kind, delta, till_delta, sale_id, sale_line_id,
                                    payment_id, op_id, terminal_id, shift_id, staff_id, recorded_by, tender_method,
                                    receipt_no, occurred_at)
  values (p_id, p_sale.company_id, p_account.id, p_kind, p_delta, p_till_delta, p_sale.id, p_line, p_payment,
          p_sale.op_id, p_sale.terminal_id, p_sale.shift_id, p_sale.cashier_id, p_sale.recorded_by, p_method,
          p_sale.receipt_no, p_sale.occurred_at)
  on conflict (id) do nothing
  returning * into v;
  return v;
end
$$;

-- [VAL-24] A void or blocked account spent (or loaded) is flagged; the entry stands.
create function private.flag_account_status(p_sale public.sales, p_row uuid, p_account public.value_accounts)
returns void
language sql security definer set search_path = '' as $$
  select private.flag_value_account(p_sale, p_row, 'account_' || p_account.status,
    pg_catalog.jsonb_build_object('account_id', p_account.id, 'account_kind', p_account.kind,
                                  'code_last4', p_account.code_last4))
  where p_account.status in ('void', 'blocked');
$$;

-- [VAL-24] Whether a code as the till sent it hashes to the card's code_hash; none, or one the server cannot
-- read, is no match.
create function private.value_code_matches(p_company uuid, p_code text, p_hash text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return coalesce(private.value_code_hash(p_company, p_code) = p_hash, false);
end
$$;

-- [VAL-13] [VAL-17] The `loyalty` object's one whole figure (`earned` or `unearned`), or null.
create function private.loyalty_claim(p_args jsonb, p_key text) returns bigint
language sql immutable as $$
  select private.arg_money(p_args -> 'loyalty', p_key, false, false, 'loyalty')
  where pg_catalog.jsonb_typeof(p_args -> 'loyalty') = 'object'
$$;

-- [VAL-16] After an `unissue` entry: once the whole quantity of the gift-card line it takes back has been
-- refunded, the card is void (final; its entries stay).
create function private.void_unissued_card() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.sale_lines r join public.sale_lines o on o.id = r.refund_of_line_id
             where r.id = new.sale_line_id
               and (select sum(x.quantity) from public.sale_lines x where x.refund_of_line_id = o.id) >= o.quantity) then
    update public.value_accounts c set status = 'void'
    where c.company_id = new.company_id and c.id = new.account_id and c.status <> 'void';
  end if;
  return null;
end
$$;
create trigger value_entries_void_unissued after insert on public.value_entries
  for each row when (new.kind = 'unissue') execute function private.void_unissued_card();

-- ---------------------------------------------------------------------------------------------------------
-- [VAL-9] [VAL-11] [VAL-12] [VAL-13] [VAL-14] What a recorded sale writes, in order: gift-card lines (issue or
-- load) by line, tenders by payment order, the loyalty discount, then the points earned. Called by
-- private.op_sale_record after the sale, its lines and payments are in, in the op's savepoint.
-- ---------------------------------------------------------------------------------------------------------
create function private.record_sale_value(p_sale public.sales, p_args jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_settings public.value_settings := private.value_settings_of(p_sale.company_id);
  l record;
  p record;
  a public.value_accounts;
  e public.value_entries;
  v_code text;
  v_hash text;
  v_taken boolean;
  v_points bigint;
  v_worth bigint;
  v_eligible bigint;
  v_till bigint;
  v_minor int;
begin
  -- [VAL-11] Gift-card lines: with a code, a new card and its `issue`; without, a `load` onto a known card.
  for l in select sl.id, sl.total, sl.gift_card_account_id as account_id, x.value -> 'gift_card' as card
           from pg_catalog.jsonb_array_elements(p_args -> 'lines') with ordinality as x(value, n)
           join public.sale_lines sl on sl.sale_id = p_sale.id and sl.line_no = x.n
           where sl.gift_card_account_id is not null
           order by sl.line_no loop
    if coalesce(l.card -> 'code', 'null') <> 'null' then
      v_code := private.normalise_value_code(l.card ->> 'code');
      v_hash := private.value_code_hash(p_sale.company_id, v_code);
      v_taken := exists (select 1 from public.value_accounts c
                         where c.company_id = p_sale.company_id and c.code_hash = v_hash and c.status <> 'void'
                           and c.id <> l.account_id);
      insert into public.value_accounts (id, company_id, kind, code_hash, code_last4, status, issued_sale_id,
                                         issued_line_id)
      values (l.account_id, p_sale.company_id, 'gift_card', case when not v_taken then v_hash end,
              pg_catalog.right(v_code, 4), case when v_taken then 'blocked' else 'active' end, p_sale.id, l.id)
      on conflict do nothing;
      if v_taken then
        perform private.flag_value_account(p_sale, l.id, 'code_taken',
          pg_catalog.jsonb_build_object('account_id', l.account_id, 'code_last4', pg_catalog.right(v_code, 4)));
      end if;
    end if;
    select * into a from public.value_accounts c where c.company_id = p_sale.company_id and c.id = l.account_id;
    if not found then
      perform private.flag_value_account(p_sale, l.id, 'unknown_account',
        pg_catalog.jsonb_build_object('account_id', l.account_id, 'line_id', l.id, 'amount', l.total));
      continue;
    elsif a.kind <> 'gift_card' then
      perform private.flag_value_account(p_sale, l.id, 'wrong_kind',
        pg_catalog.jsonb_build_object('account_id', a.id, 'account_kind', a.kind, 'line_id', l.id, 'amount', l.total));
      continue;
    end if;
    if coalesce(l.card -> 'code', 'null') = 'null' or a.issued_line_id is distinct from l.id then
      perform private.flag_account_status(p_sale, l.id, a);
    end if;
    perform private.add_sale_value_entry(p_sale, a, l.id,
      case when a.issued_line_id = l.id then 'issue' else 'load' end, l.total, l.id);
  end loop;

  -- [VAL-12] Tenders, in payment order: one `redeem` (or `charge`) each.
  for p in select y.id, y.method, y.amount, y.points, y.account_id, y.balance_seen, y.offline, x.value ->> 'code' as code
           from pg_catalog.jsonb_array_elements(p_args -> 'payments') with ordinality as x(value, n)
           join public.payments y on y.id = (x.value ->> 'id')::uuid and y.sale_id = p_sale.id
           where y.account_id is not null
           order by x.n loop
    if p.method = 'gift_card' then
      select * into a from public.value_accounts c where c.company_id = p_sale.company_id and c.id = p.account_id;
      if not found or a.kind <> 'gift_card' then
        -- [VAL-24] No card of this shop: nothing to write to (never another shop's), the tender stays as sent.
        perform private.flag_value_account(p_sale, p.id, case when found then 'wrong_kind' else 'unknown_account' end,
          pg_catalog.jsonb_build_object('account_id', p.account_id, 'payment_id', p.id, 'amount', p.amount));
        continue;
      end if;
      if not private.value_code_matches(p_sale.company_id, p.code, a.code_hash) then
        perform private.flag_value_account(p_sale, p.id, 'code_mismatch',
          pg_catalog.jsonb_build_object('account_id', a.id, 'code_last4', a.code_last4, 'payment_id', p.id,
                                        'code_sent', p.code is not null));
      end if;
    else
      a := private.customer_value_account(p_sale.company_id, p_sale.customer_id, p.method);
    end if;
    perform private.flag_account_status(p_sale, p.id, a);
    if p.method = 'loyalty' then
      -- [VAL-25] Points spent for more than they are worth, or in a shop whose loyalty is off.
      v_worth := pg_catalog.floor(p.points::numeric * v_settings.loyalty_redeem_value / v_settings.loyalty_redeem_points);
      if p.amount > v_worth then
        perform private.add_flag(p_sale.company_id, 'loyalty', 'loyalty:' || p_sale.id || ':redeem_rate', p_sale.id,
          p_sale.op_id, p_sale.terminal_id, pg_catalog.jsonb_build_object('reason', 'redeem_rate',
            'points', p.points, 'amount', p.amount, 'worth', v_worth));
      end if;
    end if;
    e := private.add_sale_value_entry(p_sale, a, p.id,
      case when p.method = 'on_account' then 'charge' else 'redeem' end,
      -coalesce(p.points, p.amount), null, p.id, p.method);
    perform private.flag_overdraw(e, p.balance_seen, p.offline);
  end loop;

  -- [VAL-14] Points as a discount: one `redeem` of −points; its amount is already in the lines' discounts.
  if coalesce(p_args -> 'loyalty_discount', 'null') <> 'null' then
    v_points := (p_args #>> '{loyalty_discount,points}')::bigint;
    a := private.customer_value_account(p_sale.company_id, p_sale.customer_id, 'loyalty');
    perform private.flag_account_status(p_sale, p_sale.id, a);
    v_worth := pg_catalog.floor(v_points::numeric * v_settings.loyalty_redeem_value / v_settings.loyalty_redeem_points);
    if (p_args #>> '{loyalty_discount,amount}')::bigint > v_worth then
      perform private.add_flag(p_sale.company_id, 'loyalty', 'loyalty:' || p_sale.id || ':redeem_rate', p_sale.id,
        p_sale.op_id, p_sale.terminal_id, pg_catalog.jsonb_build_object('reason', 'redeem_rate',
          'points', v_points, 'amount', (p_args #>> '{loyalty_discount,amount}')::bigint, 'worth', v_worth));
    end if;
    e := private.add_sale_value_entry(p_sale, a, pg_catalog.md5(p_sale.id || ':loyalty_discount')::uuid, 'redeem',
                                      -v_points);
    perform private.flag_overdraw(e, private.arg_money(p_args -> 'loyalty_discount', 'balance_seen', false, true),
                                  private.arg_bool(p_args -> 'loyalty_discount', 'offline', null));
  end if;

  -- [VAL-25] Points spent or claimed in a shop whose loyalty is off: written all the same, flagged.
  v_till := private.loyalty_claim(p_args, 'earned');
  if not v_settings.loyalty_enabled
     and (coalesce(v_till, 0) > 0 or coalesce(p_args -> 'loyalty_discount', 'null') <> 'null'
          or exists (select 1 from public.payments y where y.sale_id = p_sale.id and y.method = 'loyalty')) then
    perform private.add_flag(p_sale.company_id, 'loyalty', 'loyalty:' || p_sale.id || ':disabled', p_sale.id,
      p_sale.op_id, p_sale.terminal_id, pg_catalog.jsonb_build_object('reason', 'disabled', 'till', v_till));
  end if;

  -- [VAL-13] Points earned: the server's figure from its own lines and tenders; the till's kept beside it.
  if v_settings.loyalty_enabled and p_sale.customer_id is not null then
    select c.minor_units into v_minor from public.currencies c where c.code = p_sale.currency;
    select greatest(
             coalesce((select sum(sl.total) from public.sale_lines sl
                       where sl.sale_id = p_sale.id and sl.gift_card_account_id is null), 0)
             - coalesce((select sum(y.amount) from public.payments y
                         where y.sale_id = p_sale.id and y.method = 'loyalty'), 0), 0)
      into v_eligible;
    v_points := pg_catalog.floor(v_eligible::numeric * v_settings.loyalty_points_per_major
                                 / (10::numeric ^ coalesce(v_minor, 2)));
    if v_points > 0 then
      a := private.customer_value_account(p_sale.company_id, p_sale.customer_id, 'loyalty');
      perform private.add_sale_value_entry(p_sale, a, pg_catalog.md5(p_sale.id || ':earn')::uuid, 'earn', v_points,
                                           p_till_delta => v_till);
    end if;
    if v_till is not null and v_till <> v_points then
      perform private.add_flag(p_sale.company_id, 'loyalty', 'loyalty:' || p_sale.id || ':differs', p_sale.id,
        p_sale.op_id, p_sale.terminal_id, pg_catalog.jsonb_build_object('reason', 'differs', 'till', v_till,
                                                                       'server', v_points));
    end if;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [VAL-15] [VAL-16] [VAL-17] What a recorded refund writes: `unissue` for each refunded gift-card line (the
-- card void once all of it is back), `refund` for each tender onto a card or account, then the points taken
-- back. Called by private.op_sale_refund after the refund, its lines and payments are in.
-- ---------------------------------------------------------------------------------------------------------
create function private.record_refund_value(p_refund public.sales, p_args jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  l record;
  p record;
  a public.value_accounts;
  e public.value_entries;
  v_earn public.value_entries;
  v_total numeric;
  v_refunded numeric;
  v_already numeric;
  v_points bigint;
  v_till bigint;
begin
  -- [VAL-16] A refunded gift-card line takes its value back off the card (all of it back voids the card:
  -- private.void_unissued_card, after the entry).
  for l in select r.id, r.total, r.gift_card_account_id as account_id
           from public.sale_lines r
           where r.sale_id = p_refund.id and r.gift_card_account_id is not null
           order by r.line_no loop
    select * into a from public.value_accounts c where c.company_id = p_refund.company_id and c.id = l.account_id;
    if not found then
      perform private.flag_value_account(p_refund, l.id, 'unknown_account',
        pg_catalog.jsonb_build_object('account_id', l.account_id, 'line_id', l.id, 'amount', l.total));
      continue;
    end if;
    e := private.add_sale_value_entry(p_refund, a, l.id, 'unissue', -l.total, l.id);
    perform private.flag_overdraw(e, null, null);
  end loop;

  -- [VAL-15] Tenders onto a card or a customer's account: one `refund` each (+amount, or +points).
  for p in select y.id, y.method, y.amount, y.points, y.account_id
           from pg_catalog.jsonb_array_elements(p_args -> 'payments') with ordinality as x(value, n)
           join public.payments y on y.id = (x.value ->> 'id')::uuid and y.sale_id = p_refund.id
           where y.account_id is not null
           order by x.n loop
    if p.method = 'gift_card' then
      select * into a from public.value_accounts c where c.company_id = p_refund.company_id and c.id = p.account_id;
      if not found or a.kind <> 'gift_card' then
        perform private.flag_value_account(p_refund, p.id, case when found then 'wrong_kind' else 'unknown_account' end,
          pg_catalog.jsonb_build_object('account_id', p.account_id, 'payment_id', p.id, 'amount', p.amount));
        continue;
      end if;
    else
      a := private.customer_value_account(p_refund.company_id, p_refund.customer_id, p.method);
    end if;
    perform private.flag_account_status(p_refund, p.id, a);
    perform private.add_sale_value_entry(p_refund, a, p.id, 'refund', coalesce(p.points, p.amount), null, p.id,
                                         p.method);
  end loop;

  -- [VAL-17] Points taken back in proportion to the non-gift-card money refunded so far, this refund included,
  -- less what earlier refunds took back: all of it back takes back exactly what was earned.
  select * into v_earn from public.value_entries x
  where x.id = pg_catalog.md5(p_refund.refund_of || ':earn')::uuid;
  v_till := private.loyalty_claim(p_args, 'unearned');
  if v_earn.id is not null then
    select coalesce(sum(o.total), 0) into v_total from public.sale_lines o
    where o.sale_id = p_refund.refund_of and o.gift_card_account_id is null;
    select coalesce(sum(r.total), 0) into v_refunded
    from public.sales s join public.sale_lines r on r.sale_id = s.id
    where s.company_id = p_refund.company_id and s.refund_of = p_refund.refund_of and r.gift_card_account_id is null;
    select coalesce(-sum(x.delta), 0) into v_already
    from public.sales s join public.value_entries x on x.sale_id = s.id and x.kind = 'unearn'
    where s.company_id = p_refund.company_id and s.refund_of = p_refund.refund_of;
    v_points := case when v_total > 0 then pg_catalog.floor(v_earn.delta * v_refunded / v_total) - v_already else 0 end;
    if v_points > 0 then
      select * into a from public.value_accounts c
      where c.company_id = v_earn.company_id and c.id = v_earn.account_id;
      perform private.add_sale_value_entry(p_refund, a, pg_catalog.md5(p_refund.id || ':unearn')::uuid, 'unearn',
                                           -v_points, p_till_delta => -v_till);
    end if;
  end if;
  if v_till is not null and v_till <> greatest(coalesce(v_points, 0), 0) then
    perform private.add_flag(p_refund.company_id, 'loyalty', 'loyalty:' || p_refund.id || ':differs', p_refund.id,
      p_refund.op_id, p_refund.terminal_id, pg_catalog.jsonb_build_object('reason', 'differs', 'till', v_till,
                                                                          'server', greatest(coalesce(v_points, 0), 0)));
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [SALE-1..7] [STAFF-4] [STAFF-6] [SALE-10] [MOD-4]..[MOD-6] [PROMO-17] sale.record as in
-- 20261210200200_sale_promotions_recorded.sql, and [VAL-11] a line may sell or top up a gift card
-- (`gift_card: {account_id, code?, physical?}`: quantity 1, no discount, no tax, no promotion, no option, or
-- `gift_card_line`), [VAL-14] `loyalty_discount: {points, amount, balance_seen?, offline?}` and [VAL-13]
-- `loyalty: {earned}` are read, [VAL-12] the payments take seven methods; then the sale's entries
-- (private.record_sale_value), in this op's savepoint.
-- ---------------------------------------------------------------------------------------------------------
create or replace function private.op_sale_record(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  h record;
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_customer uuid := private.arg_uuid(p_args, 'customer_id', false);
  v_total bigint := private.arg_money(p_args, 'total', true);
  v_tax_total bigint := private.arg_money(p_args, 'tax_total', true);
  v_rounding bigint := coalesce(private.arg_money(p_args, 'rounding', false, true), 0);
  v_lines jsonb := private.arg_array(p_args, 'lines', 1, 1000);
  v_rows jsonb := '[]';
  v_modifier_rows jsonb := '[]';
  v_modifier_issues jsonb := '[]';
  m record;
  l jsonb;
  i int := 0;
  v_path text;
  v_line_id uuid;
  v_product uuid;
  v_qty numeric;
  v_price bigint;
  v_discount bigint;
  v_rate int;
  v_tax bigint;
  v_line_total bigint;
  v_extended bigint;
  v_amount bigint;
  v_expected bigint;
  v_subtotal bigint := 0;
  v_discounts bigint := 0;
  v_taxes bigint := 0;
  v_line_totals bigint := 0;
  v_cash boolean;
  v_sale public.sales;
  v_card jsonb;
  v_card_id uuid;
  v_value jsonb;
begin
  select * into h from private.sale_header(p_args, 'cashier', p_user);
  -- [PROMO-17] The promotions the till sent are shaped as the contract says, or the op is refused by name.
  v_path := private.sale_promotion_args_problem(p_args);
  if v_path is not null then
    perform private.reject('invalid_args', v_path);
  end if;
  if v_customer is not null and not exists (
       select 1 from public.customers c where c.id = v_customer and c.company_id = (h.company).id) then
    perform private.reject('unknown_customer', 'Customer ' || v_customer || ' is not a customer of this company');
  end if;
  -- [VAL-14] Points as a discount: whole points > 0 for an amount already in the lines' discounts, with a
  -- customer, and not beside a points tender.
  v_value := p_args -> 'loyalty_discount';
  if coalesce(v_value, 'null') <> 'null' then
    if pg_catalog.jsonb_typeof(v_value) <> 'object'
       or v_value - 'points' - 'amount' - 'balance_seen' - 'offline' <> '{}' then
      perform private.reject('invalid_args', 'loyalty_discount must be {points, amount, balance_seen, offline}');
    end if;
    if coalesce(private.arg_money(v_value, 'points', true, false, 'loyalty_discount'), 0) = 0 then
      perform private.reject('invalid_args', 'loyalty_discount.points must be more than zero');
    end if;
    perform private.arg_money(v_value, 'amount', true, false, 'loyalty_discount');
    perform private.arg_money(v_value, 'balance_seen', false, true, 'loyalty_discount');
    perform private.arg_bool(v_value, 'offline', null, 'loyalty_discount');
    if v_customer is null then
      perform private.reject('customer_required', 'loyalty_discount: points need the customer on the sale');
    end if;
    if p_args @? '$.payments[*] ? (@.method == "loyalty")' then
      perform private.reject('invalid_args', 'loyalty_discount: a sale spends points as a tender or a discount, not both');
    end if;
  end if;
  -- [VAL-13] The points the till printed, kept beside the server's.
  v_value := p_args -> 'loyalty';
  if coalesce(v_value, 'null') <> 'null' and (pg_catalog.jsonb_typeof(v_value) <> 'object' or v_value - 'earned' <> '{}') then
    perform private.reject('invalid_args', 'loyalty must be {earned}');
  end if;
  perform private.loyalty_claim(p_args, 'earned');

  for l in select value from pg_catalog.jsonb_array_elements(v_lines) loop
    i := i + 1;
    v_path := 'lines[' || i || ']';
    v_line_id := private.arg_uuid(l, 'id', true, v_path);
    v_product := private.arg_uuid(l, 'product_id', false, v_path);
    if v_product is not null and not exists (
         select 1 from public.products p where p.id = v_product and p.company_id = (h.company).id) then
      perform private.reject('unknown_product', v_path || ': product ' || v_product || ' is not a product of this company');
    end if;
    v_qty := private.arg_quantity(l, 'quantity', true, false, v_path);
    v_price := private.arg_money(l, 'unit_price', true, false, v_path);
    v_discount := coalesce(private.arg_money(l, 'discount', false, false, v_path), 0);
    v_rate := private.arg_int(l, 'tax_rate_bp', true, 0, 10000, v_path);
    v_tax := private.arg_money(l, 'tax', true, false, v_path);
    v_line_total := private.arg_money(l, 'total', true, false, v_path);
    -- [VAL-11] A gift card sold (with its new code) or topped up (without): one at its full amount, untaxed.
    v_card := l -> 'gift_card';
    v_card_id := null;
    if coalesce(v_card, 'null') <> 'null' then
      if pg_catalog.jsonb_typeof(v_card) <> 'object' or v_card - 'account_id' - 'code' - 'physical' <> '{}' then
        perform private.reject('invalid_args', v_path || '.gift_card must be {account_id, code, physical}');
      end if;
      v_card_id := private.arg_uuid(v_card, 'account_id', true, v_path || '.gift_card');
      -- [VAL-26] A new card's code, as drawn or printed: 8–32 letters and digits once normalised.
      if coalesce(v_card -> 'code', 'null') <> 'null'
         and private.normalise_value_code(private.arg_text(v_card, 'code', true, 64, v_path || '.gift_card')) is null then
        perform private.reject('invalid_code', v_path || '.gift_card.code must be 8 to 32 letters and digits');
      end if;
      perform private.arg_bool(v_card, 'physical', null, v_path || '.gift_card');
      if v_qty <> 1 or v_discount <> 0 or v_rate <> 0
         or coalesce(l -> 'promotions', 'null') not in ('null', '[]')
         or coalesce(l -> 'modifiers', 'null') not in ('null', '[]') then
        perform private.reject('gift_card_line', v_path || '.gift_card: a gift card line has quantity 1, no discount, '
          || 'tax rate 0, no promotion and no option');
      end if;
    end if;
    select * into m from private.line_modifiers((h.company).id, v_product, v_id, v_line_id, v_path, l, v_price, v_qty);
    v_modifier_rows := v_modifier_rows || m.rows;
    v_modifier_issues := v_modifier_issues || m.issues;
    -- [SALE-5] extended = unit price × quantity, rounded once; the discount comes off; tax per line.
    v_extended := private.mul_div_round(v_price, (v_qty * 1000)::bigint, 1000);
    if v_extended > 1000000000000 then
      perform private.reject('invalid_args', v_path || ': unit_price × quantity is too large');
    end if;
    if v_discount > v_extended then
      perform private.reject('discount_too_large',
        v_path || ': discount ' || v_discount || ' is more than the line''s ' || v_extended);
    end if;
    v_amount := v_extended - v_discount;
    v_expected := private.line_tax(v_amount, v_rate, (h.company).prices_include_tax);
    if v_tax <> v_expected then
      perform private.reject('tax_mismatch',
        v_path || ': tax is ' || v_tax || ' but ' || (v_rate / 100.0)::numeric(6, 2) || ' % of ' || v_amount
        || case when (h.company).prices_include_tax then ' (prices include tax)' else ' (tax added)' end
        || ' is ' || v_expected);
    end if;
    v_expected := v_amount + case when (h.company).prices_include_tax then 0 else v_tax end;
    if v_line_total <> v_expected then
      perform private.reject('line_total_mismatch',
        v_path || ': total is ' || v_line_total || ' but should be ' || v_expected);
    end if;
    v_rows := v_rows || pg_catalog.jsonb_build_object(
      'id', v_line_id, 'line_no', i, 'product_id', v_product,
      'sku', private.arg_text(l, 'sku', false, 64, v_path), 'name', private.arg_name(l, 'name', true, 200, v_path),
      'quantity', v_qty, 'unit_price', v_price, 'discount', v_discount, 'tax_rate_bp', v_rate, 'tax', v_tax,
      'total', v_line_total, 'gift_card_account_id', v_card_id);
    v_subtotal := v_subtotal + v_extended;
    v_discounts := v_discounts + v_discount;
    v_taxes := v_taxes + v_tax;
    v_line_totals := v_line_totals + v_line_total;
  end loop;

  -- [SALE-1] The lines add up: Σ tax = tax_total, Σ line totals + rounding = total (and subtotal and
  -- discount_total when the till sends them).
  if v_taxes <> v_tax_total then
    perform private.reject('tax_mismatch', 'tax_total is ' || v_tax_total || ' but the lines'' tax adds up to ' || v_taxes);
  end if;
  if v_line_totals + v_rounding <> v_total then
    perform private.reject('total_mismatch', 'total is ' || v_total || ' but the lines add up to '
      || v_line_totals || case when v_rounding <> 0
                              then ' with rounding ' || v_rounding || ' = ' || (v_line_totals + v_rounding)
                              else '' end);
  end if;
  if coalesce(private.arg_money(p_args, 'subtotal', false), v_subtotal) <> v_subtotal then
    perform private.reject('total_mismatch', 'subtotal should be ' || v_subtotal);
  end if;
  if coalesce(private.arg_money(p_args, 'discount_total', false), v_discounts) <> v_discounts then
    perform private.reject('total_mismatch', 'discount_total should be ' || v_discounts);
  end if;

  insert into public.sales (id, company_id, store_id, terminal_id, shift_id, cashier_id, customer_id, kind,
                            receipt_no, currency, prices_include_tax, subtotal, discount_total, tax_total, rounding,
                            total, note, occurred_at, op_id, cashier_verified, approved_by, approval_action,
                            approval_verified)
  values (v_id, (h.company).id, (h.terminal).store_id, (h.terminal).id, h.shift_id, h.cashier_id, v_customer,
          'sale', h.receipt_no, (h.company).currency, (h.company).prices_include_tax, v_subtotal, v_discounts,
          v_tax_total, v_rounding, v_total, private.arg_text(p_args, 'note', false, 2000), h.occurred_at, p_op_id,
          h.cashier_verified, h.approved_by, h.approval_action, h.approval_verified)
  returning * into v_sale;
  -- [SALE-10] The product's cost as it stands now, as in private.record_sales.
  insert into public.sale_lines (id, company_id, sale_id, line_no, product_id, sku, name, quantity, unit_price,
                                 discount, tax_rate_bp, tax, total, unit_cost, gift_card_account_id)
  select r.id, (h.company).id, v_id, r.line_no, r.product_id, r.sku, r.name, r.quantity, r.unit_price, r.discount,
         r.tax_rate_bp, r.tax, r.total, p.cost, r.gift_card_account_id
  from pg_catalog.jsonb_to_recordset(v_rows) as r(id uuid, line_no int, product_id uuid, sku text, name text,
       quantity numeric, unit_price bigint, discount bigint, tax_rate_bp int, tax bigint, total bigint,
       gift_card_account_id uuid)
  left join public.products p on p.id = r.product_id;
  -- [MOD-4]
  insert into public.sale_line_modifiers (id, company_id, sale_id, sale_line_id, position, option_id, group_id,
                                          group_name, option_name, price_delta, quantity)
  select r.id, (h.company).id, r.sale_id, r.sale_line_id, r.position, r.option_id, r.group_id, r.group_name,
         r.option_name, r.price_delta, r.quantity
  from pg_catalog.jsonb_to_recordset(v_modifier_rows) as r(id uuid, sale_id uuid, sale_line_id uuid, position int,
       option_id uuid, group_id uuid, group_name text, option_name text, price_delta bigint, quantity numeric);
  v_cash := private.record_payments((h.company).id, v_id, private.arg_array(p_args, 'payments', 0, 20), v_total, false,
                                    v_customer);
  perform private.check_rounding(v_rounding, h.company, v_cash);
  -- [STAFF-6] [MOD-6] At most ten of the catalogue's disagreements travel in the flag (its detail is small).
  perform private.flag_unverified('sale.record', pg_catalog.jsonb_build_array(
    (private.flag_row(p_op_id, (h.company).id, (h.terminal).id, v_id, h.occurred_at, h.cashier_id,
                      h.cashier_verified, h.approved_by, h.claimed_by, h.approval_action, h.approval_verified) -> 0)
    || pg_catalog.jsonb_build_object('modifier_issues',
         (select coalesce(pg_catalog.jsonb_agg(x.value order by x.n), '[]')
          from pg_catalog.jsonb_array_elements(v_modifier_issues) with ordinality as x(value, n) where x.n <= 10))));
  -- [VAL-10] The sale's value entries, in this op's savepoint.
  perform private.record_sale_value(v_sale, p_args);
  return pg_catalog.jsonb_build_object('company_id', (h.company).id, 'terminal_id', (h.terminal).id,
    'warnings', private.sale_stock(v_sale, -1));
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [REFUND-1..5] sale.refund as in 20261127000100_staff.sql, and [VAL-15] its optional `customer_id` (default
-- the original sale's; `unknown_customer` when not the shop's), a refund line of a gift-card line keeping the
-- card ([VAL-16]), [VAL-17] `loyalty: {unearned}` read, the payments' seven methods; then the refund's entries
-- (private.record_refund_value), in this op's savepoint.
-- ---------------------------------------------------------------------------------------------------------
create or replace function private.op_sale_refund(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  h record;
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_original_id uuid := private.arg_uuid(p_args, 'refund_of', true);
  v_customer uuid := private.arg_uuid(p_args, 'customer_id', false);
  v_total bigint := private.arg_money(p_args, 'total', true);
  v_tax_total bigint := private.arg_money(p_args, 'tax_total', true);
  v_rounding bigint := coalesce(private.arg_money(p_args, 'rounding', false, true), 0);
  v_restock boolean := private.arg_bool(p_args, 'restock', true);
  v_lines jsonb := private.arg_array(p_args, 'lines', 1, 1000);
  v_original public.sales;
  v_orig public.sale_lines;
  v_rows jsonb := '[]';
  l jsonb;
  i int := 0;
  v_path text;
  v_line_id uuid;
  v_qty numeric;
  v_tax bigint;
  v_line_total bigint;
  v_amount bigint;
  v_extended bigint;
  v_left_qty numeric;
  v_left_total bigint;
  v_left_tax bigint;
  v_subtotal bigint := 0;
  v_discounts bigint := 0;
  v_taxes bigint := 0;
  v_line_totals bigint := 0;
  v_cash boolean;
  v_sale public.sales;
  v_value jsonb;
begin
  select * into h from private.sale_header(p_args, 'manager', p_user, 'refund');
  -- [REFUND-1] The original is a sale (not a refund) of the same company; locking it serialises refunds of it.
  select * into v_original from public.sales s
  where s.id = v_original_id and s.company_id = (h.company).id and s.kind = 'sale' for update;
  if not found then
    perform private.reject('unknown_sale', 'Sale ' || v_original_id || ' is not a sale of this company');
  end if;
  -- [VAL-15] The customer the refund is paid to (store credit, points, their account): the one named at the
  -- counter, else the sale's.
  if v_customer is not null and not exists (
       select 1 from public.customers c where c.id = v_customer and c.company_id = (h.company).id) then
    perform private.reject('unknown_customer', 'Customer ' || v_customer || ' is not a customer of this company');
  end if;
  v_customer := coalesce(v_customer, v_original.customer_id);
  v_value := p_args -> 'loyalty';
  if coalesce(v_value, 'null') <> 'null' and (pg_catalog.jsonb_typeof(v_value) <> 'object' or v_value - 'unearned' <> '{}') then
    perform private.reject('invalid_args', 'loyalty must be {unearned}');
  end if;
  perform private.loyalty_claim(p_args, 'unearned');
  for l in select value from pg_catalog.jsonb_array_elements(v_lines) loop
    i := i + 1;
    v_path := 'lines[' || i || ']';
    v_line_id := private.arg_uuid(l, 'refund_of_line_id', true, v_path);
    select * into v_orig from public.sale_lines sl where sl.id = v_line_id and sl.sale_id = v_original.id;
    if not found then
      perform private.reject('unknown_sale_line', v_path || ': line ' || v_line_id || ' is not a line of sale '
        || v_original.receipt_no);
    end if;
    v_qty := private.arg_quantity(l, 'quantity', true, false, v_path);
    v_tax := private.arg_money(l, 'tax', true, false, v_path);
    v_line_total := private.arg_money(l, 'total', true, false, v_path);
    -- What is left of the original line after earlier refunds and the earlier lines of this one.
    select v_orig.quantity - coalesce(sum(r.quantity), 0), v_orig.total - coalesce(sum(r.total), 0),
           v_orig.tax - coalesce(sum(r.tax), 0)
      into v_left_qty, v_left_total, v_left_tax
    from public.sale_lines r where r.refund_of_line_id = v_orig.id;
    select v_left_qty - coalesce(sum((x ->> 'quantity')::numeric), 0),
           v_left_total - coalesce(sum((x ->> 'total')::bigint), 0),
           v_left_tax - coalesce(sum((x ->> 'tax')::bigint), 0)
      into v_left_qty, v_left_total, v_left_tax
    from pg_catalog.jsonb_array_elements(v_rows) x where (x ->> 'refund_of_line_id')::uuid = v_orig.id;
    -- [REFUND-2] quantity ≤ sold − refunded; [REFUND-3] money ≤ line total − refunded, and exactly the rest
    -- when the last of the quantity goes back.
    if v_qty > v_left_qty then
      perform private.reject('refund_exceeds_sale',
        v_path || ': refunding ' || v_qty || ' of ' || v_orig.name || ' but only ' || v_left_qty || ' is left to refund');
    end if;
    if v_line_total > v_left_total or (v_qty = v_left_qty and v_line_total <> v_left_total)
       or v_line_total > private.mul_div_round(v_orig.total, (v_qty * 1000)::bigint, (v_orig.quantity * 1000)::bigint) + 1
    then
      perform private.reject('refund_exceeds_sale',
        v_path || ': refunding ' || v_line_total || ' for ' || v_orig.name || ' but '
        || case when v_qty = v_left_qty then 'exactly ' || v_left_total || ' is left to refund'
                else 'at most ' || least(v_left_total, private.mul_div_round(v_orig.total, (v_qty * 1000)::bigint,
                                         (v_orig.quantity * 1000)::bigint) + 1)
                     || ' may be refunded for that quantity' end);
    end if;
    -- [REFUND-4] Tax is a share of the original line's tax (src/domain/refund.ts slices it in proportion):
    -- never more than is left of it, never more than the money, exactly the rest with the last quantity.
    v_amount := v_line_total - case when v_original.prices_include_tax then 0 else v_tax end;
    if v_tax > v_left_tax or v_amount < 0 or (v_qty = v_left_qty and v_tax <> v_left_tax)
       or v_tax > private.mul_div_round(v_orig.tax, (v_qty * 1000)::bigint, (v_orig.quantity * 1000)::bigint) + 1 then
      perform private.reject('tax_mismatch', v_path || ': tax is ' || v_tax || ' but '
        || case when v_qty = v_left_qty then 'exactly ' else 'at most ' end || v_left_tax
        || ' of this line''s tax is left to refund');
    end if;
    v_extended := private.mul_div_round(v_orig.unit_price, (v_qty * 1000)::bigint, 1000);
    v_rows := v_rows || pg_catalog.jsonb_build_object(
      'id', private.arg_uuid(l, 'id', true, v_path), 'line_no', i, 'product_id', v_orig.product_id,
      'sku', v_orig.sku, 'name', v_orig.name, 'quantity', v_qty, 'unit_price', v_orig.unit_price,
      'discount', greatest(v_extended - v_amount, 0), 'tax_rate_bp', v_orig.tax_rate_bp, 'tax', v_tax,
      'total', v_line_total, 'refund_of_line_id', v_orig.id, 'unit_cost', v_orig.unit_cost,
      'gift_card_account_id', v_orig.gift_card_account_id);
    v_subtotal := v_subtotal + v_extended;
    v_discounts := v_discounts + greatest(v_extended - v_amount, 0);
    v_taxes := v_taxes + v_tax;
    v_line_totals := v_line_totals + v_line_total;
  end loop;
  if v_taxes <> v_tax_total then
    perform private.reject('tax_mismatch', 'tax_total is ' || v_tax_total || ' but the lines'' tax adds up to ' || v_taxes);
  end if;
  if v_line_totals + v_rounding <> v_total then
    perform private.reject('total_mismatch', 'total is ' || v_total || ' but the lines add up to '
      || (v_line_totals + v_rounding));
  end if;

  insert into public.sales (id, company_id, store_id, terminal_id, shift_id, cashier_id, customer_id, kind,
                            refund_of, receipt_no, currency, prices_include_tax, subtotal, discount_total, tax_total,
                            rounding, total, note, reason, occurred_at, op_id, cashier_verified, approved_by,
                            approval_action, approval_verified)
  values (v_id, (h.company).id, (h.terminal).store_id, (h.terminal).id, h.shift_id, h.cashier_id,
          v_customer, 'refund', v_original.id, h.receipt_no, v_original.currency,
          v_original.prices_include_tax, v_subtotal, v_discounts, v_tax_total, v_rounding, v_total,
          private.arg_text(p_args, 'note', false, 2000), private.arg_text(p_args, 'reason', false, 500),
          h.occurred_at, p_op_id, h.cashier_verified, h.approved_by, h.approval_action, h.approval_verified)
  returning * into v_sale;
  insert into public.sale_lines (id, company_id, sale_id, line_no, product_id, sku, name, quantity, unit_price,
                                 discount, tax_rate_bp, tax, total, refund_of_line_id, unit_cost, gift_card_account_id)
  select r.id, (h.company).id, v_id, r.line_no, r.product_id, r.sku, r.name, r.quantity, r.unit_price, r.discount,
         r.tax_rate_bp, r.tax, r.total, r.refund_of_line_id, r.unit_cost, r.gift_card_account_id
  from pg_catalog.jsonb_to_recordset(v_rows) as r(id uuid, line_no int, product_id uuid, sku text, name text,
       quantity numeric, unit_price bigint, discount bigint, tax_rate_bp int, tax bigint, total bigint,
       refund_of_line_id uuid, unit_cost bigint, gift_card_account_id uuid);
  v_cash := private.record_payments((h.company).id, v_id, private.arg_array(p_args, 'payments', 0, 20), v_total, true,
                                    v_customer);
  perform private.check_rounding(v_rounding, h.company, v_cash);
  perform private.flag_unverified('sale.refund', private.flag_row(p_op_id, (h.company).id, (h.terminal).id, v_id,
    h.occurred_at, h.cashier_id, h.cashier_verified, h.approved_by, h.claimed_by, h.approval_action,
    h.approval_verified));
  -- [VAL-10] The refund's value entries, in this op's savepoint.
  perform private.record_refund_value(v_sale, p_args);
  return pg_catalog.jsonb_build_object('company_id', (h.company).id, 'terminal_id', (h.terminal).id,
    'warnings', case when v_restock then private.sale_stock(v_sale, 1) else '[]'::jsonb end);
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [OPS-15] [VAL-10] As in 20261210200200_sale_promotions_recorded.sql, and a sale that carries any value field
-- (a gift-card line, a tender other than cash, card or other, points earned or spent as a discount) — or that
-- names a customer in a shop whose loyalty is on (it earns points) — takes the one-op path, which writes its
-- entries. Plain sales stay on the batch path unchanged. Stable now: it reads the shop's loyalty setting.
-- ---------------------------------------------------------------------------------------------------------
create function private.sale_has_value(p_args jsonb) returns boolean
language sql stable security definer set search_path = '' as $$
  select p_args @? '$.lines[*].gift_card'
      or p_args @? '$.payments[*] ? (@.method != "cash" && @.method != "card" && @.method != "other")'
      or p_args ?| array['loyalty', 'loyalty_discount']
      or (coalesce(p_args -> 'customer_id', 'null') <> 'null'
          and exists (select 1 from public.terminals t join public.value_settings v on v.company_id = t.company_id
                      where t.id = private.as_uuid(p_args ->> 'terminal_id') and v.loyalty_enabled))
$$;

create or replace function private.is_sale_record(p_op jsonb) returns boolean
language sql stable as $$
  select pg_catalog.jsonb_typeof(p_op) = 'object'
     and coalesce(p_op ->> 'op_id', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and pg_catalog.jsonb_typeof(p_op -> 'name') = 'string' and p_op ->> 'name' = 'sale.record'
     and pg_catalog.jsonb_typeof(p_op -> 'args') = 'object'
     and not pg_catalog.jsonb_path_exists(p_op, '$.args.lines[*] ? (exists (@.modifiers) || exists (@.base_price))')
     and not pg_catalog.jsonb_path_exists(p_op, '$.args.approval.passkey')
     and private.sale_promotion_args_problem(p_op -> 'args') is null
     and not private.sale_has_value(p_op -> 'args')
$$;

revoke execute on function
  private.record_payments(uuid, uuid, jsonb, bigint, boolean, uuid),
  private.customer_value_account(uuid, uuid, text),
  private.flag_value_account(public.sales, uuid, text, jsonb),
  private.flag_overdraw(public.value_entries, bigint, boolean),
  private.add_sale_value_entry(public.sales, public.value_accounts, uuid, text, bigint, uuid, uuid, text, bigint),
  private.flag_account_status(public.sales, uuid, public.value_accounts),
  private.value_code_matches(uuid, text, text),
  private.record_sale_value(public.sales, jsonb),
  private.record_refund_value(public.sales, jsonb),
  private.sale_has_value(jsonb),
  private.void_unissued_card()
  from public, anon, authenticated;

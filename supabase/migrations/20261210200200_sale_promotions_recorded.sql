-- [PROMO-17]…[PROMO-19] sale.record carries what the till's promotions engine applied (issue 36,
-- /work/notes/promo-contract.md, supabase/SPEC.md "Promotions and coupons"), on both paths, and the server
-- records it: sale_promotions rows with the till's amount and coupon, the promotions the cashier took off
-- (by the sale's cashier as the server knows it, never a name the till sends), each coupon's use counted once
-- per sale, and flags (never a refusal: the customer has paid) for a coupon used past its limit
-- (`coupon_reuse`) and for a code or promotion the shop does not have, or that was off at the sale's time
-- (`promotion`).
--
-- * private.sale_promotion_args_problem(args): the optional fields' shapes ([PROMO-17]); a sale.record with a
--   bad one leaves the batch path (private.is_sale_record) for the one-op path, which refuses it
--   `invalid_args` naming the field (private.op_sale_record), as every other field of a sale is refused.
-- * private.record_sale_promotions(ops, answers): a post-pass of apply_ops over every sale.record it applied,
--   whichever path applied it, as private.link_receipts is. A replay applies nothing, so records nothing; and
--   each write is keyed (sale_promotions on (sale_id, promotion_id), private.coupon_uses on (coupon, sale)),
--   so nothing can count twice.
-- The re-check of the promotions themselves (server_amount, flag `promotion` when the answers differ) is
-- another post-pass (private.promotion_outcome), not this file's.

-- [PROMO-18] Each sale that used a coupon, once: coupons.uses is the count of these rows.
create table private.coupon_uses (
  coupon_id uuid not null,
  sale_id uuid not null,
  company_id uuid not null,
  -- The order uses were counted in (sales of one batch share created_at).
  seq bigint generated always as identity,
  created_at timestamptz not null default now(),
  primary key (coupon_id, sale_id)
);
comment on table private.coupon_uses is
  'Each sale that used a coupon, once (PROMO-18); coupons.uses counts them. Written by apply_ops only.';
create index coupon_uses_sale_idx on private.coupon_uses (sale_id);
revoke all on private.coupon_uses from public, anon, authenticated;

-- [PROMO-17] The first problem of the promotion fields of a sale.record's args, as a sentence naming the field
-- (null: none, or none sent). Each field is optional (absent or null):
--   lines[i].promotions: ≤ 20 of {promotion_id: uuid, amount: whole ≥ 1};
--   promotions: ≤ 50 of {promotion_id: uuid, amount: whole ≥ 0, coupon_code?: text ≤ 64 | null};
--   coupons: ≤ 10 codes (text, 1…64); removed_promotions: ≤ 50 uuids.
-- No other key is taken in these objects: a `removed_by` the till made up is refused, not read.
create function private.sale_promotion_args_problem(p_args jsonb) returns text
language plpgsql immutable set search_path = '' as $$
declare
  v jsonb;
  e record;
  l record;
  v_path text;
begin
  -- Nearly every sale carries none of them: one look, no loop ([OPS-15]'s replay budget).
  if pg_catalog.jsonb_typeof(p_args) is distinct from 'object'
     or not p_args @? '$ ? (exists (@.promotions) || exists (@.coupons) || exists (@.removed_promotions) || exists (@.lines[*].promotions))' then
    return null;
  end if;
  if pg_catalog.jsonb_typeof(p_args -> 'lines') = 'array' then
    for l in select x.value, x.n from pg_catalog.jsonb_array_elements(p_args -> 'lines') with ordinality as x(value, n)
             where pg_catalog.jsonb_typeof(x.value) = 'object' and coalesce(x.value -> 'promotions', 'null') <> 'null' loop
      v_path := 'lines[' || l.n || '].promotions';
      v := l.value -> 'promotions';
      if pg_catalog.jsonb_typeof(v) <> 'array' or pg_catalog.jsonb_array_length(v) > 20 then
        return v_path || ' must be a list of at most 20 promotions';
      end if;
      for e in select x.value, x.n from pg_catalog.jsonb_array_elements(v) with ordinality as x(value, n) loop
        if pg_catalog.jsonb_typeof(e.value) <> 'object' or e.value - 'promotion_id' - 'amount' <> '{}' then
          return v_path || '[' || e.n || '] must be {promotion_id, amount}';
        elsif private.plain_uuid(e.value -> 'promotion_id') is null then
          return v_path || '[' || e.n || '].promotion_id must be an id';
        elsif coalesce(private.plain_money(e.value -> 'amount') >= 1, false) is false then
          return v_path || '[' || e.n || '].amount must be a whole amount of at least 1';
        end if;
      end loop;
    end loop;
  end if;
  v := p_args -> 'promotions';
  if coalesce(v, 'null') <> 'null' then
    if pg_catalog.jsonb_typeof(v) <> 'array' or pg_catalog.jsonb_array_length(v) > 50 then
      return 'promotions must be a list of at most 50 promotions';
    end if;
    for e in select x.value, x.n from pg_catalog.jsonb_array_elements(v) with ordinality as x(value, n) loop
      if pg_catalog.jsonb_typeof(e.value) <> 'object' or e.value - 'promotion_id' - 'amount' - 'coupon_code' <> '{}' then
        return 'promotions[' || e.n || '] must be {promotion_id, amount, coupon_code}';
      elsif private.plain_uuid(e.value -> 'promotion_id') is null then
        return 'promotions[' || e.n || '].promotion_id must be an id';
      elsif private.plain_money(e.value -> 'amount') is null then
        return 'promotions[' || e.n || '].amount must be a whole amount, 0 or more';
      elsif coalesce(e.value -> 'coupon_code', 'null') <> 'null'
            and private.plain_text(e.value -> 'coupon_code', 64) is null then
        return 'promotions[' || e.n || '].coupon_code must be a code of at most 64 characters, or null';
      end if;
    end loop;
  end if;
  v := p_args -> 'coupons';
  if coalesce(v, 'null') <> 'null' then
    if pg_catalog.jsonb_typeof(v) <> 'array' or pg_catalog.jsonb_array_length(v) > 10 then
      return 'coupons must be a list of at most 10 codes';
    end if;
    for e in select x.value, x.n from pg_catalog.jsonb_array_elements(v) with ordinality as x(value, n) loop
      if coalesce(pg_catalog.btrim(private.plain_text(e.value, 64)), '') = '' then
        return 'coupons[' || e.n || '] must be a code of 1 to 64 characters';
      end if;
    end loop;
  end if;
  v := p_args -> 'removed_promotions';
  if coalesce(v, 'null') <> 'null' then
    if pg_catalog.jsonb_typeof(v) <> 'array' or pg_catalog.jsonb_array_length(v) > 50 then
      return 'removed_promotions must be a list of at most 50 promotion ids';
    end if;
    for e in select x.value, x.n from pg_catalog.jsonb_array_elements(v) with ordinality as x(value, n) loop
      if private.plain_uuid(e.value) is null then
        return 'removed_promotions[' || e.n || '] must be a promotion id';
      end if;
    end loop;
  end if;
  return null;
end
$$;

-- [OPS-15] [PROMO-17] As in 20261205000200_passkey_approvals.sql; and a sale whose promotion fields are not
-- shaped as [PROMO-17] says takes the one-op path, which refuses it naming the field.
create or replace function private.is_sale_record(p_op jsonb) returns boolean
language sql immutable as $$
  select pg_catalog.jsonb_typeof(p_op) = 'object'
     and coalesce(p_op ->> 'op_id', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and pg_catalog.jsonb_typeof(p_op -> 'name') = 'string' and p_op ->> 'name' = 'sale.record'
     and pg_catalog.jsonb_typeof(p_op -> 'args') = 'object'
     and not pg_catalog.jsonb_path_exists(p_op, '$.args.lines[*] ? (exists (@.modifiers) || exists (@.base_price))')
     and not pg_catalog.jsonb_path_exists(p_op, '$.args.approval.passkey')
     and private.sale_promotion_args_problem(p_op -> 'args') is null
$$;

-- [SALE-1..7] [STAFF-4] [STAFF-6] [SALE-10] [MOD-4]..[MOD-6] [PROMO-17] sale.record as in
-- 20261201000200_modifiers.sql, and its promotion fields' shapes checked (private.sale_promotion_args_problem);
-- what they say is recorded after the batch, by private.record_sale_promotions, as for the batch path.
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
      'total', v_line_total);
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
                                 discount, tax_rate_bp, tax, total, unit_cost)
  select r.id, (h.company).id, v_id, r.line_no, r.product_id, r.sku, r.name, r.quantity, r.unit_price, r.discount,
         r.tax_rate_bp, r.tax, r.total, p.cost
  from pg_catalog.jsonb_to_recordset(v_rows) as r(id uuid, line_no int, product_id uuid, sku text, name text,
       quantity numeric, unit_price bigint, discount bigint, tax_rate_bp int, tax bigint, total bigint)
  left join public.products p on p.id = r.product_id;
  -- [MOD-4]
  insert into public.sale_line_modifiers (id, company_id, sale_id, sale_line_id, position, option_id, group_id,
                                          group_name, option_name, price_delta, quantity)
  select r.id, (h.company).id, r.sale_id, r.sale_line_id, r.position, r.option_id, r.group_id, r.group_name,
         r.option_name, r.price_delta, r.quantity
  from pg_catalog.jsonb_to_recordset(v_modifier_rows) as r(id uuid, sale_id uuid, sale_line_id uuid, position int,
       option_id uuid, group_id uuid, group_name text, option_name text, price_delta bigint, quantity numeric);
  v_cash := private.record_payments((h.company).id, v_id, private.arg_array(p_args, 'payments', 0, 20), v_total, false);
  perform private.check_rounding(v_rounding, h.company, v_cash);
  -- [STAFF-6] [MOD-6] At most ten of the catalogue's disagreements travel in the flag (its detail is small).
  perform private.flag_unverified('sale.record', pg_catalog.jsonb_build_array(
    (private.flag_row(p_op_id, (h.company).id, (h.terminal).id, v_id, h.occurred_at, h.cashier_id,
                      h.cashier_verified, h.approved_by, h.claimed_by, h.approval_action, h.approval_verified) -> 0)
    || pg_catalog.jsonb_build_object('modifier_issues',
         (select coalesce(pg_catalog.jsonb_agg(x.value order by x.n), '[]')
          from pg_catalog.jsonb_array_elements(v_modifier_issues) with ordinality as x(value, n) where x.n <= 10))));
  return pg_catalog.jsonb_build_object('company_id', (h.company).id, 'terminal_id', (h.terminal).id,
    'warnings', private.sale_stock(v_sale, -1));
end
$$;

-- [PROMO-17] [PROMO-18] [PROMO-19] What each sale.record the batch applied got, whichever path applied it.
-- Called by apply_ops after the batch; a fault here is a warning and the batch's sales stand (they happened),
-- except a transient failure, which fails the call as every other one does ([OPS-11]).
create function private.record_sale_promotions(p_ops jsonb, p_answers jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_sales jsonb;
  v_codes jsonb;
  v_uses jsonb;
  u record;
  v_count int;
  v_max int;
  v_state text;
  v_message text;
begin
  if not p_answers @> '[{"status": "applied"}]'
     or not p_ops @? '$[*].args ? (exists (@.promotions) || exists (@.coupons) || exists (@.removed_promotions))' then
    return;
  end if;
  begin
    -- The sales as the server stored them: their shop, cashier and till are the server's, not the op's.
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
             'n', o.n, 'sale_id', s.id, 'company_id', s.company_id, 'terminal_id', s.terminal_id, 'op_id', s.op_id,
             'cashier_id', s.cashier_id, 'at', private.price_window_start(s.occurred_at, s.recorded_at),
             'args', o.args) order by o.n)
      into v_sales
    from (select a.op_id, a.args, pg_catalog.row_number() over () as n
          from private.applied_now(p_ops, p_answers) a where a.name = 'sale.record') o
    join public.sales s on s.id = private.as_uuid(o.args ->> 'id') and s.op_id = o.op_id;
    if v_sales is null then return; end if;

    -- [PROMO-17] The till's amount of each promotion it applied, and the coupon that unlocked it (a promotion
    -- named twice counts once, its amounts added). Upserted: the server's re-check writes server_amount.
    insert into public.sale_promotions as sp (company_id, sale_id, promotion_id, till_amount, coupon_code)
    select s.company_id, s.sale_id, (p.value ->> 'promotion_id')::uuid, sum((p.value ->> 'amount')::bigint),
           max(pg_catalog.upper(pg_catalog.btrim(p.value ->> 'coupon_code')))
    from pg_catalog.jsonb_to_recordset(v_sales) as s(n int, sale_id uuid, company_id uuid, terminal_id uuid,
         op_id uuid, cashier_id uuid, at timestamptz, args jsonb)
    cross join lateral pg_catalog.jsonb_array_elements(
      case when pg_catalog.jsonb_typeof(s.args -> 'promotions') = 'array' then s.args -> 'promotions' else '[]' end) p
    group by s.company_id, s.sale_id, (p.value ->> 'promotion_id')::uuid
    on conflict (sale_id, promotion_id) do update
      set till_amount = excluded.till_amount, coupon_code = excluded.coupon_code;

    -- [PROMO-3] [PROMO-17] Taken off by the sale's cashier, as the server recorded the sale.
    insert into public.sale_promotions as sp (company_id, sale_id, promotion_id, removed, removed_by)
    select distinct s.company_id, s.sale_id, (r.value #>> '{}')::uuid, true, s.cashier_id
    from pg_catalog.jsonb_to_recordset(v_sales) as s(n int, sale_id uuid, company_id uuid, terminal_id uuid,
         op_id uuid, cashier_id uuid, at timestamptz, args jsonb)
    cross join lateral pg_catalog.jsonb_array_elements(
      case when pg_catalog.jsonb_typeof(s.args -> 'removed_promotions') = 'array'
           then s.args -> 'removed_promotions' else '[]' end) r
    on conflict (sale_id, promotion_id) do update set removed = true, removed_by = excluded.removed_by;

    -- [PROMO-19] A promotion the sale names that is not one of its shop's (deleted, made up, another shop's).
    perform private.add_flag(s.company_id, 'promotion', 'promotion:' || s.sale_id || ':unknown:' || x.promotion_id,
                             s.sale_id, s.op_id, s.terminal_id,
                             pg_catalog.jsonb_build_object('reason', 'unknown_promotion', 'promotion_id', x.promotion_id))
    from pg_catalog.jsonb_to_recordset(v_sales) as s(n int, sale_id uuid, company_id uuid, terminal_id uuid,
         op_id uuid, cashier_id uuid, at timestamptz, args jsonb)
    join public.sale_promotions x on x.sale_id = s.sale_id and not x.removed
    where not exists (select 1 from public.promotions p
                      where p.id = x.promotion_id and p.company_id = s.company_id and p.deleted_at is null);

    -- [PROMO-18] Each code the sale entered (its coupons, and any named on a promotion), once per sale.
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('n', c.n, 'sale_id', c.sale_id, 'company_id', c.company_id,
             'terminal_id', c.terminal_id, 'op_id', c.op_id, 'code', c.code, 'coupon_id', k.id, 'problem',
             case when k.id is null then 'unknown_coupon'
                  when not k.active or pr.id is null or pr.status <> 'active' then 'coupon_inactive'
                  when k.expires_at <= c.at then 'coupon_expired' end) order by c.n)
      into v_codes
    from (select distinct s.n, s.sale_id, s.company_id, s.terminal_id, s.op_id, s.at,
                 pg_catalog.upper(pg_catalog.btrim(e.code)) as code
          from pg_catalog.jsonb_to_recordset(v_sales) as s(n int, sale_id uuid, company_id uuid, terminal_id uuid,
         op_id uuid, cashier_id uuid, at timestamptz, args jsonb)
          cross join lateral (
            select x.value #>> '{}' as code
            from pg_catalog.jsonb_array_elements(case when pg_catalog.jsonb_typeof(s.args -> 'coupons') = 'array'
                                                      then s.args -> 'coupons' else '[]' end) x
            union all
            select x.value ->> 'coupon_code'
            from pg_catalog.jsonb_array_elements(case when pg_catalog.jsonb_typeof(s.args -> 'promotions') = 'array'
                                                      then s.args -> 'promotions' else '[]' end) x) e
          where coalesce(pg_catalog.btrim(e.code), '') <> '') c
    left join public.coupons k on k.company_id = c.company_id and k.code = c.code and k.deleted_at is null
    left join public.promotions pr on pr.id = k.promotion_id and pr.company_id = k.company_id and pr.deleted_at is null;
    if v_codes is null then return; end if;

    -- [PROMO-19] A code the shop does not have, or that was off or expired at the sale's time.
    perform private.add_flag(c.company_id, 'promotion', 'coupon:' || c.sale_id || ':' || c.code, c.sale_id, c.op_id,
                             c.terminal_id, pg_catalog.jsonb_build_object('reason', c.problem, 'code', c.code,
                                                                         'coupon_id', c.coupon_id))
    from pg_catalog.jsonb_to_recordset(v_codes) as c(n int, sale_id uuid, company_id uuid, terminal_id uuid, op_id uuid,
           code text, coupon_id uuid, problem text)
    where c.problem is not null;

    -- [PROMO-18] Count each new use, in the batch's order; a use past max_uses is flagged, the sale kept.
    with added as (
      insert into private.coupon_uses (coupon_id, sale_id, company_id)
      select c.coupon_id, c.sale_id, c.company_id
      from pg_catalog.jsonb_to_recordset(v_codes) as c(n int, sale_id uuid, company_id uuid, terminal_id uuid, op_id uuid,
           code text, coupon_id uuid, problem text)
      where c.coupon_id is not null
      order by c.n
      on conflict (coupon_id, sale_id) do nothing
      returning coupon_id, sale_id
    )
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('coupon_id', a.coupon_id, 'sale_id', a.sale_id,
             'code', c.code, 'company_id', c.company_id, 'terminal_id', c.terminal_id, 'op_id', c.op_id) order by c.n)
      into v_uses
    from added a join pg_catalog.jsonb_to_recordset(v_codes) as c(n int, sale_id uuid, company_id uuid, terminal_id uuid, op_id uuid,
           code text, coupon_id uuid, problem text)
      on c.coupon_id = a.coupon_id and c.sale_id = a.sale_id;
    for u in select * from pg_catalog.jsonb_to_recordset(coalesce(v_uses, '[]')) as x(coupon_id uuid, sale_id uuid,
               code text, company_id uuid, terminal_id uuid, op_id uuid) loop
      update public.coupons set uses = uses + 1 where id = u.coupon_id returning uses, max_uses into v_count, v_max;
      if v_max is not null and v_count > v_max then
        perform private.add_flag(u.company_id, 'coupon_reuse', 'coupon_reuse:' || u.coupon_id || ':' || u.sale_id,
          u.sale_id, u.op_id, u.terminal_id, pg_catalog.jsonb_build_object(
            'code', u.code, 'coupon_id', u.coupon_id, 'max_uses', v_max, 'uses', v_count,
            -- The sales that used it before this one (the first nine), then this one.
            'sale_ids', coalesce((select pg_catalog.jsonb_agg(y.sale_id order by y.seq)
                                  from (select cu.sale_id, cu.seq from private.coupon_uses cu
                                        where cu.coupon_id = u.coupon_id and cu.seq < (
                                          select t.seq from private.coupon_uses t
                                          where t.coupon_id = u.coupon_id and t.sale_id = u.sale_id)
                                        order by cu.seq limit 9) y), '[]') || pg_catalog.to_jsonb(u.sale_id)));
      end if;
    end loop;
  exception when others then
    get stacked diagnostics v_state = returned_sqlstate, v_message = message_text;
    if v_state like '40%' or v_state like '53%' or v_state like '57%' or v_state like '08%' or v_state = '55P03' then
      raise;
    end if;
    raise warning 'record_sale_promotions (%): %', v_state, v_message;
  end;
end
$$;

-- [OPS-1] apply_ops as in 20261205100000_link_every_receipt.sql, and [PROMO-17] each sale's promotions
-- recorded after the batch, whichever path applied it.
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
  -- [PROMO-17] What each sale got: its promotions, coupons counted, promotions taken off.
  perform private.record_sale_promotions(ops, v_answers);
  perform private.flag_sales(ops, v_answers);
  return v_answers;
end
$$;

revoke execute on function private.sale_promotion_args_problem(jsonb), private.record_sale_promotions(jsonb, jsonb)
  from public, anon, authenticated;

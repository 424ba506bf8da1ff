-- The sale ops of apply_ops: sale.record and sale.refund (supabase/SPEC.md [SALE-n], [REFUND-n]). A sale is
-- checked and then accepted as the till recorded it; its stock movements are made here, on the server.
-- Each handler returns {company_id, terminal_id, warnings, result} for apply_ops to record.

-- Shared parts of sale.record and sale.refund: who, where, when, and the receipt number.
create function private.sale_header(p_args jsonb, p_min_role text, p_user uuid)
returns table (terminal public.terminals, company public.companies, shift_id uuid, cashier_id uuid,
               receipt_no text, occurred_at timestamptz)
language plpgsql security definer set search_path = '' as $$
declare
  v_shift uuid := private.arg_uuid(p_args, 'shift_id', false);
  v_cashier uuid := coalesce(private.arg_uuid(p_args, 'cashier_id', false), p_user);
begin
  terminal := private.require_terminal(private.arg_uuid(p_args, 'terminal_id', true), p_min_role);
  select * into company from public.companies c where c.id = terminal.company_id;
  -- [SALE-2] A shift, when given, is a shift of this terminal.
  if v_shift is not null and not exists (
       select 1 from public.shifts s where s.id = v_shift and s.terminal_id = terminal.id) then
    perform private.reject('unknown_shift', 'Shift ' || v_shift || ' is not a shift of terminal ' || terminal.code);
  end if;
  -- [SALE-3] The cashier is (or was) a member of the company.
  if not exists (select 1 from public.company_members m
                 where m.company_id = terminal.company_id and m.user_id = v_cashier) then
    perform private.reject('unknown_cashier', 'Cashier ' || v_cashier || ' is not a member of this company');
  end if;
  receipt_no := private.arg_text(p_args, 'receipt_no', true, 20);
  -- [SALE-4] Receipt numbers are <terminal code>-<6 to 9 digits> from the terminal's own counter.
  if receipt_no !~ ('^' || terminal.code || '-[0-9]{6,9}$') then
    perform private.reject('invalid_receipt_no',
      'Receipt number ' || receipt_no || ' does not belong to terminal ' || terminal.code
      || ' (expected ' || terminal.code || '-000001 and up)');
  end if;
  occurred_at := private.arg_time(p_args, 'occurred_at', true);
  shift_id := v_shift;
  cashier_id := v_cashier;
  return next;
end
$$;

-- [SALE-5] The tax of a line amount in the company's price terms (src/domain/tax.ts taxLine).
create function private.line_tax(p_amount bigint, p_rate int, p_inclusive boolean) returns bigint
language sql immutable as $$
  select case when p_inclusive then private.mul_div_round(p_amount, p_rate, 10000 + p_rate)
              else private.mul_div_round(p_amount, p_rate, 10000) end
$$;

-- [SALE-7] Tenders: each positive; only cash has tendered/change and change = tendered − amount; Σ = total.
create function private.record_payments(
  p_company uuid, p_sale uuid, p_payments jsonb, p_total bigint, p_is_refund boolean
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
  v_sum bigint := 0;
  v_cash boolean := false;
begin
  for p in select value from pg_catalog.jsonb_array_elements(p_payments) loop
    i := i + 1;
    v_path := 'payments[' || i || ']';
    v_method := private.arg_text(p, 'method', true, 10, v_path);
    if v_method not in ('cash', 'card', 'other') then
      perform private.reject('invalid_args', v_path || '.method must be cash, card or other');
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
    v_cash := v_cash or v_method = 'cash';
    v_sum := v_sum + v_amount;
    insert into public.payments (id, company_id, sale_id, method, amount, tendered, change, reference)
    values (private.arg_uuid(p, 'id', true, v_path), p_company, p_sale, v_method, v_amount,
            case when v_method = 'cash' and not p_is_refund then v_tendered end, v_change,
            private.arg_text(p, 'reference', false, 200, v_path));
  end loop;
  if v_sum <> p_total then
    perform private.reject('payments_mismatch',
      'Tenders add up to ' || v_sum || ' but the total is ' || p_total);
  end if;
  return v_cash;
end
$$;

-- [SALE-6] Cash rounding: at most half the company's rounding step, and only with a cash tender.
create function private.check_rounding(p_rounding bigint, p_company public.companies, p_cash boolean)
returns void
language plpgsql immutable set search_path = '' as $$
begin
  if p_rounding <> 0 and (abs(p_rounding) * 2 > p_company.cash_rounding or not p_cash) then
    perform private.reject('rounding_mismatch',
      'Rounding of ' || p_rounding || ' is not allowed (cash rounding step ' || p_company.cash_rounding
      || case when p_cash then '' else ', and no cash tender' end || ')');
  end if;
end
$$;

-- [STOCK-2] The sale's (or refund's) stock movements, one per tracked product line, in product order so
-- concurrent batches lock stock levels in the same order; returns negative-stock warnings ([STOCK-3]).
create function private.sale_stock(p_sale public.sales, p_sign int) returns jsonb
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.stock_movements (id, company_id, store_id, product_id, delta, reason, sale_id, sale_line_id,
                                      terminal_id, user_id, occurred_at, op_id)
  select l.id, l.company_id, p_sale.store_id, l.product_id, p_sign * l.quantity,
         case when p_sign < 0 then 'sale' else 'refund' end, p_sale.id, l.id, p_sale.terminal_id,
         p_sale.cashier_id, p_sale.occurred_at, p_sale.op_id
  from public.sale_lines l join public.products p on p.id = l.product_id
  where l.sale_id = p_sale.id and p.track_stock
  order by l.product_id, l.id;
  return coalesce((
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('code', 'negative_stock', 'product_id', s.product_id,
             'store_id', s.store_id, 'on_hand', s.on_hand) order by s.product_id)
    from public.stock_levels s
    where s.store_id = p_sale.store_id and s.on_hand < 0
      and s.product_id in (select l.product_id from public.sale_lines l where l.sale_id = p_sale.id)), '[]');
end
$$;

create function private.op_sale_record(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
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
  l jsonb;
  i int := 0;
  v_path text;
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
  if v_customer is not null and not exists (
       select 1 from public.customers c where c.id = v_customer and c.company_id = (h.company).id) then
    perform private.reject('unknown_customer', 'Customer ' || v_customer || ' is not a customer of this company');
  end if;

  for l in select value from pg_catalog.jsonb_array_elements(v_lines) loop
    i := i + 1;
    v_path := 'lines[' || i || ']';
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
      'id', private.arg_uuid(l, 'id', true, v_path), 'line_no', i, 'product_id', v_product,
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
                            total, note, occurred_at, op_id)
  values (v_id, (h.company).id, (h.terminal).store_id, (h.terminal).id, h.shift_id, h.cashier_id, v_customer,
          'sale', h.receipt_no, (h.company).currency, (h.company).prices_include_tax, v_subtotal, v_discounts,
          v_tax_total, v_rounding, v_total, private.arg_text(p_args, 'note', false, 2000), h.occurred_at, p_op_id)
  returning * into v_sale;
  insert into public.sale_lines (id, company_id, sale_id, line_no, product_id, sku, name, quantity, unit_price,
                                 discount, tax_rate_bp, tax, total)
  select r.id, (h.company).id, v_id, r.line_no, r.product_id, r.sku, r.name, r.quantity, r.unit_price, r.discount,
         r.tax_rate_bp, r.tax, r.total
  from pg_catalog.jsonb_to_recordset(v_rows) as r(id uuid, line_no int, product_id uuid, sku text, name text,
       quantity numeric, unit_price bigint, discount bigint, tax_rate_bp int, tax bigint, total bigint);
  v_cash := private.record_payments((h.company).id, v_id, private.arg_array(p_args, 'payments', 0, 20), v_total, false);
  perform private.check_rounding(v_rounding, h.company, v_cash);
  return pg_catalog.jsonb_build_object('company_id', (h.company).id, 'terminal_id', (h.terminal).id,
    'warnings', private.sale_stock(v_sale, -1));
end
$$;

-- [REFUND-1..5] A refund returns lines of one earlier sale of the same company: never more quantity than
-- sold minus already refunded, never more money than the line brought in minus what was already refunded.
-- sale.refund works from the original line's money ([REFUND-3], [REFUND-4]): a refund's tax is a share of the
-- original line's tax (as src/domain/refund.ts computes it), not the tax recomputed from the refunded amount,
-- which could differ by a cent; and a partial refund returns at most its share of the line,
-- round(line × quantity / sold), plus one minor unit of slack for the till's running proportion.
create function private.op_sale_refund(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  h record;
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_original_id uuid := private.arg_uuid(p_args, 'refund_of', true);
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
begin
  select * into h from private.sale_header(p_args, 'manager', p_user);
  -- [REFUND-1] The original is a sale (not a refund) of the same company; locking it serialises refunds of it.
  select * into v_original from public.sales s
  where s.id = v_original_id and s.company_id = (h.company).id and s.kind = 'sale' for update;
  if not found then
    perform private.reject('unknown_sale', 'Sale ' || v_original_id || ' is not a sale of this company');
  end if;
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
      'total', v_line_total, 'refund_of_line_id', v_orig.id);
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
                            rounding, total, note, reason, occurred_at, op_id)
  values (v_id, (h.company).id, (h.terminal).store_id, (h.terminal).id, h.shift_id, h.cashier_id,
          v_original.customer_id, 'refund', v_original.id, h.receipt_no, v_original.currency,
          v_original.prices_include_tax, v_subtotal, v_discounts, v_tax_total, v_rounding, v_total,
          private.arg_text(p_args, 'note', false, 2000), private.arg_text(p_args, 'reason', false, 500),
          h.occurred_at, p_op_id)
  returning * into v_sale;
  insert into public.sale_lines (id, company_id, sale_id, line_no, product_id, sku, name, quantity, unit_price,
                                 discount, tax_rate_bp, tax, total, refund_of_line_id)
  select r.id, (h.company).id, v_id, r.line_no, r.product_id, r.sku, r.name, r.quantity, r.unit_price, r.discount,
         r.tax_rate_bp, r.tax, r.total, r.refund_of_line_id
  from pg_catalog.jsonb_to_recordset(v_rows) as r(id uuid, line_no int, product_id uuid, sku text, name text,
       quantity numeric, unit_price bigint, discount bigint, tax_rate_bp int, tax bigint, total bigint,
       refund_of_line_id uuid);
  v_cash := private.record_payments((h.company).id, v_id, private.arg_array(p_args, 'payments', 0, 20), v_total, true);
  perform private.check_rounding(v_rounding, h.company, v_cash);
  return pg_catalog.jsonb_build_object('company_id', (h.company).id, 'terminal_id', (h.terminal).id,
    'warnings', case when v_restock then private.sale_stock(v_sale, 1) else '[]'::jsonb end);
end
$$;

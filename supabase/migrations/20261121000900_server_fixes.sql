-- Fixes found by the stack tests (supabase/SPEC.md):
-- [REFUND-3] [REFUND-4] A partial refund returns at most its share of the line: round(line × quantity / sold)
-- plus one minor unit of slack for the till's running proportion (src/domain/refund.ts), not the whole line.

create or replace function private.op_sale_refund(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
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

-- [PUR-24] [PUR-21] A receipt is never refused for what it says happened (issue 38): a product deleted after the
-- till pulled the order still arrived. purchase_order.receive reads its products with private.received_product,
-- which, unlike private.purchasing_product ([PUR-12], still used by the drafts: a manager editing one can fix
-- it), takes a product of the shop that is deleted. Another shop's product or an unknown id is still
-- `unknown_product`. A deleted product on an order line is received as any; one on no order line is an extra
-- whose `receiving` flag says it was deleted (`detail.deleted`).

-- The product of a receipt line: the shop's, deleted or not, tracked and not a variant parent.
create function private.received_product(p_company uuid, p_id uuid, p_path text) returns public.products
language plpgsql stable security definer set search_path = '' as $$
declare
  v public.products;
begin
  select * into v from public.products p where p.id = p_id and p.company_id = p_company;
  if v.id is null then
    perform private.reject('unknown_product', p_path || '.product_id is not a product of this shop');
  end if;
  if v.deleted_at is null then
    return private.purchasing_product(p_company, p_id, p_path);
  end if;
  if not v.track_stock then
    perform private.reject('untracked_product', v.name || ' does not keep stock (' || p_path || ')');
  end if;
  if pg_catalog.cardinality(v.option_names) > 0 then
    perform private.reject('variant_parent',
      v.name || ' has variants: choose one of them, not the product itself (' || p_path || ')');
  end if;
  return v;
end
$$;

revoke execute on function private.received_product(uuid, uuid, text) from public, anon, authenticated;

-- [PUR-21] The flags of one applied receipt line.
create or replace function private.flag_receipt_line(p_order public.purchase_orders, p_line public.purchase_receipt_lines,
                                          p_product public.products, p_terminal uuid, p_staff uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  s public.purchasing_settings := private.purchasing_settings_of(p_order.company_id);
  ol public.purchase_order_lines;
  v_supplier uuid := private.product_supplier(p_product);
  others jsonb;
begin
  if p_line.held > 0 then
    select pg_catalog.jsonb_build_object(
             'receipt_ids', pg_catalog.jsonb_agg(distinct r.id),
             'terminal_ids', pg_catalog.jsonb_agg(distinct r.terminal_id) filter (where r.terminal_id is not null),
             'staff_ids', pg_catalog.jsonb_agg(distinct r.staff_id) filter (where r.staff_id is not null),
             'overlap', p_line.held)
    into others
    from public.purchase_receipt_lines l join public.purchase_receipts r on r.id = l.receipt_id
    where l.company_id = p_order.company_id and r.purchase_order_id = p_order.id
      and case when p_line.purchase_order_line_id is null then l.product_id = p_line.product_id
               else l.purchase_order_line_id = p_line.purchase_order_line_id end;
    perform private.flag_receiving(p_order, p_line, 'conflict', p_terminal, p_staff, others);
  end if;
  if p_line.purchase_order_line_id is null then
    perform private.flag_receiving(p_order, p_line, 'extra', p_terminal, p_staff,
      case when p_product.deleted_at is null then '{}'::jsonb else '{"deleted": true}'::jsonb end);
  else
    select * into ol from public.purchase_order_lines l
    where l.company_id = p_order.company_id and l.id = p_line.purchase_order_line_id;
    if (ol.received + ol.held) * 100 > ol.quantity * (100 + s.over_receipt_flag_pct) then
      perform private.flag_receiving(p_order, p_line, 'over_receipt', p_terminal, p_staff,
        pg_catalog.jsonb_build_object('ordered', ol.quantity, 'received', ol.received, 'line_held', ol.held,
                                      'threshold_pct', s.over_receipt_flag_pct));
    end if;
    if p_line.unit_cost is not null and ol.unit_cost is not null
       and pg_catalog.abs(p_line.unit_cost - ol.unit_cost) * 100 > ol.unit_cost * s.receipt_cost_flag_pct then
      perform private.flag_receiving(p_order, p_line, 'cost', p_terminal, p_staff,
        pg_catalog.jsonb_build_object('order_unit_cost', ol.unit_cost, 'threshold_pct', s.receipt_cost_flag_pct));
    end if;
  end if;
  if v_supplier is not null and v_supplier <> p_order.supplier_id and not coalesce(ol.off_supplier, false) then
    perform private.flag_receiving(p_order, p_line, 'other_supplier', p_terminal, p_staff,
      pg_catalog.jsonb_build_object('supplier_id', v_supplier, 'order_supplier_id', p_order.supplier_id));
  end if;
  if p_order.status in ('closed', 'cancelled') then
    perform private.flag_receiving(p_order, p_line, 'closed_order', p_terminal, p_staff,
      pg_catalog.jsonb_build_object('status', p_order.status));
  end if;
end
$$;

-- [PUR-17] As 20261213100100, but its products are read by private.received_product.
create or replace function private.op_purchase_order_receive(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_occurred timestamptz := private.arg_time(p_args, 'occurred_at', true);
  v_note text := private.arg_text(p_args, 'note', false, 500);
  v_company uuid := private.op_shop(p_args);
  v_order public.purchase_orders;
  v_existing public.purchase_receipts;
  v_lines jsonb;
  who record;
  l jsonb;
  i int := 0;
  v_path text;
  v_product public.products;
  v_products public.products[] := '{}';
  v_order_line uuid;
  v_ol public.purchase_order_lines;
  v_quantity numeric;
  v_before numeric;
  v_seen numeric;
  v_held numeric;
  v_line public.purchase_receipt_lines;
  v_status text;
  v_first uuid;
begin
  -- [PUR-43] Another shop's order is unknown, never anything else; the order is locked so the receipts of one
  -- order follow each other ([PUR-19]).
  select * into v_order from public.purchase_orders o
  where o.company_id = v_company and o.id = private.arg_uuid(p_args, 'purchase_order_id', true)
  for update;
  if not found then
    perform private.reject('unknown_purchase_order', 'This purchase order is not one of this shop''s');
  end if;
  select * into who from private.receiving_caller('purchase_order.receive', p_args, v_company, v_order.store_id,
                                              p_user, v_id, v_order.number);
  -- [PUR-18] The same receipt under a new op id: applied, nothing written.
  select * into v_existing from public.purchase_receipts r where r.id = v_id;
  if found then
    if v_existing.company_id <> v_company or v_existing.purchase_order_id <> v_order.id then
      perform private.reject('duplicate_id', 'This receipt''s id is already used by another receipt');
    end if;
    return pg_catalog.jsonb_build_object('company_id', v_company, 'terminal_id', who.terminal_id,
      'result', private.receipt_answer(v_id, v_order.status) || '{"already_recorded": true}');
  end if;
  -- [PUR-24] Every line is read before anything is written.
  v_lines := private.document_lines(p_args, v_order.number);
  for l in select value from pg_catalog.jsonb_array_elements(v_lines) loop
    v_path := 'lines[' || i || ']';
    perform private.arg_uuid(l, 'id', true, v_path);
    perform private.stock_quantity(l, 'quantity', v_path);
    perform private.seen_quantity(l, v_path);
    perform private.arg_money(l, 'unit_cost', false, false, v_path);
    v_product := private.received_product(v_company, private.arg_uuid(l, 'product_id', true, v_path), v_path);
    v_order_line := private.arg_uuid(l, 'purchase_order_line_id', false, v_path);
    if v_order_line is not null and not exists (
         select 1 from public.purchase_order_lines ol
         where ol.company_id = v_company and ol.id = v_order_line and ol.purchase_order_id = v_order.id
           and ol.product_id = v_product.id and ol.removed_at is null) then
      perform private.reject('invalid_args',
        v_path || '.purchase_order_line_id is not the line of ' || v_product.name || ' on ' || v_order.number);
    end if;
    v_products := v_products || v_product;
    i := i + 1;
  end loop;
  insert into public.purchase_receipts (id, company_id, purchase_order_id, store_id, terminal_id, staff_id,
                                        recorded_by, op_id, note, occurred_at)
  values (v_id, v_company, v_order.id, v_order.store_id, who.terminal_id, who.staff_id, p_user, p_op_id, v_note,
          v_occurred);
  i := 0;
  for l in select value from pg_catalog.jsonb_array_elements(v_lines) loop
    i := i + 1;
    v_path := 'lines[' || (i - 1) || ']';
    v_product := v_products[i];
    v_order_line := private.arg_uuid(l, 'purchase_order_line_id', false, v_path);
    if v_order_line is not null then
      select * into v_ol from public.purchase_order_lines ol where ol.company_id = v_company and ol.id = v_order_line
      for update;
    end if;
    v_quantity := private.stock_quantity(l, 'quantity', v_path);
    v_seen := private.seen_quantity(l, v_path);
    -- [PUR-19] Another till's receipt the till did not know of: the overlap is held, not posted.
    v_before := private.received_before(v_company, v_order.id, v_order_line, v_product.id);
    v_held := case when v_before > v_seen then least(v_quantity, v_before - v_seen) else 0 end;
    insert into public.purchase_receipt_lines (id, company_id, receipt_id, purchase_order_id, store_id,
                                               purchase_order_line_id, product_id, position, quantity, unit_cost,
                                               seen_received, posted, held)
    values (private.arg_uuid(l, 'id', true, v_path), v_company, v_id, v_order.id, v_order.store_id, v_order_line,
            v_product.id, i - 1, v_quantity, private.arg_money(l, 'unit_cost', false, false, v_path), v_seen,
            v_quantity - v_held, v_held)
    on conflict (id) do nothing
    returning * into v_line;
    -- [PUR-18] A line id already recorded (with another receipt) writes nothing again.
    continue when v_line.id is null;
    if v_line.posted > 0 then
      perform private.cost_on_receipt(v_company, v_product.id, v_line.posted, v_line.unit_cost);
      perform private.add_document_movement(v_line.id, v_company, v_order.store_id, v_product.id, v_line.posted,
                                            'receive', who.terminal_id, p_user, v_occurred, p_op_id, v_line.unit_cost);
    end if;
    perform private.flag_receipt_line(v_order, v_line, v_product, who.terminal_id, who.staff_id);
    v_first := coalesce(v_first, v_line.id);
  end loop;
  -- [PUR-10] [PUR-44] A cashier at the counter of a shop that does not let cashiers receive: applied, flagged.
  if who.not_allowed and v_first is not null then
    select * into v_line from public.purchase_receipt_lines x where x.id = v_first;
    perform private.flag_receiving(v_order, v_line, 'not_allowed', who.terminal_id, who.staff_id, '{}');
  end if;
  v_status := private.derive_purchase_order_status(v_order, who.staff_id, p_user, p_op_id, v_occurred, 'received');
  return pg_catalog.jsonb_build_object('company_id', v_company, 'terminal_id', who.terminal_id,
    'result', private.receipt_answer(v_id, v_status));
end
$$;

-- Purchase orders' ops (issue 38, supabase/SPEC.md [PUR-11]…[PUR-16]): purchase_order.save (a draft, made or
-- replaced), purchase_order.order (draft → ordered) and purchase_order.close (cancel or close short). Each
-- checks its sender with private.purchasing_role_check ([PUR-10]), names another shop's order
-- unknown_purchase_order, writes its event ([PUR-7]) and bumps the order's version ([PUR-16]).

-- ---------------------------------------------------------------------------------------------------------
-- Shared by every purchase order op (receiving and settling too, 20261213100000…).
-- ---------------------------------------------------------------------------------------------------------

-- [PUR-43] The order an op names, locked for the rest of the op: unknown_purchase_order when there is none or it
-- is another shop's (the sender is no member of its shop), so another shop's order is never told apart from
-- one that does not exist.
create function private.purchase_order_for_op(p_id uuid) returns public.purchase_orders
language plpgsql volatile security definer set search_path = '' as $$
declare
  v public.purchase_orders;
begin
  select * into v from public.purchase_orders o where o.id = p_id for update;
  if v.id is null or not private.is_member(v.company_id) then
    perform private.reject('unknown_purchase_order', 'This purchase order is not on the server');
  end if;
  return v;
end
$$;

-- [PUR-16] "PO-0007 is closed: …": a status in the words of wrong_status's sentences.
create function private.purchase_order_state_words(p_order public.purchase_orders) returns text
language sql immutable set search_path = '' as $$
  select p_order.number || ' is ' || case p_order.status when 'draft' then 'a draft'
                                                        when 'partly_received' then 'partly received'
                                                        else p_order.status end
$$;

-- [PUR-13] [PUR-14] [PUR-16] A change of an order's state: the status and version, and its event.
create function private.move_purchase_order(p_order public.purchase_orders, p_to text, p_event text, p_user uuid,
                                            p_op uuid, p_occurred_at timestamptz, p_detail jsonb default '{}')
returns public.purchase_orders
language plpgsql volatile security definer set search_path = '' as $$
declare
  v public.purchase_orders;
begin
  update public.purchase_orders o
  set status = p_to, version = o.version + 1,
      ordered_at = case when p_event = 'ordered' then p_occurred_at else o.ordered_at end,
      ordered_via = case when p_event = 'ordered' then p_detail ->> 'via' else o.ordered_via end,
      closed_at = case when p_to in ('closed', 'cancelled') then p_occurred_at else o.closed_at end
  where o.id = p_order.id
  returning * into v;
  perform private.add_document_event(v.company_id, 'purchase_order', v.id, p_event, p_order.status, p_to, p_user,
                                     p_op, p_occurred_at, p_detail);
  return v;
end
$$;

-- What every purchase order op answers ([PUR-11]): the order as it now stands.
create function private.purchase_order_answer(p_order public.purchase_orders, p_extra jsonb default '{}')
returns jsonb
language sql immutable set search_path = '' as $$
  select pg_catalog.jsonb_build_object(
    'company_id', p_order.company_id,
    'result', pg_catalog.jsonb_build_object('id', p_order.id, 'number', p_order.number, 'version', p_order.version,
                                            'status', p_order.status) || coalesce(p_extra, '{}'))
$$;

-- [PUR-12] The supplier a product is bought from: its own, else (a variant without one) its parent's ([INS-9]).
create function private.product_supplier(p_product public.products) returns uuid
language sql stable security definer set search_path = '' as $$
  select coalesce(p_product.supplier_id,
                  (select pp.supplier_id from public.product_variants v
                   join public.products pp on pp.id = v.parent_id
                   where v.id = p_product.id and v.deleted_at is null))
$$;

-- [PUR-12] [PUR-24] A product a purchasing line may name: of the shop and not deleted (unknown_product), keeping
-- stock (untracked_product), not a variant parent (variant_parent, [PSTOCK-1]). p_path names the line.
create function private.purchasing_product(p_company uuid, p_id uuid, p_path text) returns public.products
language plpgsql stable security definer set search_path = '' as $$
declare
  v public.products;
begin
  select * into v from public.products p where p.id = p_id and p.company_id = p_company and p.deleted_at is null;
  if v.id is null then
    perform private.reject('unknown_product', p_path || '.product_id is not a product of this shop');
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

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-11] [PUR-12] purchase_order.save
-- ---------------------------------------------------------------------------------------------------------
create function private.op_purchase_order_save(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_company uuid := private.arg_uuid(p_args, 'company_id', true);
  v_base int := private.arg_int(p_args, 'base_version', false, 1, 2147483647);
  v_note text := private.arg_text(p_args, 'note', false, 1000);
  v_expected_text text := private.arg_text(p_args, 'expected_on', false, 10);
  v_lines jsonb := private.arg_array(p_args, 'lines', 0, 500);
  v_expected date;
  v_order public.purchase_orders;
  v_store public.stores;
  v_supplier public.suppliers;
  v_product public.products;
  v_line jsonb;
  v_path text;
  v_line_id uuid;
  v_owner uuid;
  v_seen uuid[] := '{}';
  v_ids uuid[] := '{}';
  i int;
begin
  perform private.purchasing_role_check('purchase_order.save', p_user, v_company, null);
  select * into v_order from public.purchase_orders o where o.id = v_id for update;
  if v_order.id is not null and v_order.company_id is distinct from v_company then
    perform private.reject('unknown_purchase_order', 'This purchase order is not on the server');
  end if;
  if v_order.id is null and v_base is not null then
    perform private.reject('unknown_purchase_order', 'This purchase order is not on the server');
  end if;
  if v_order.id is not null and v_base is null then
    -- The same new draft sent again under another op id: it is there already; nothing is written twice.
    return private.purchase_order_answer(v_order, '{"already_recorded": true}');
  end if;
  if v_order.id is not null and v_order.status <> 'draft' then
    perform private.reject('wrong_status',
      private.purchase_order_state_words(v_order) || ': only a draft can be edited');
  end if;
  if v_order.id is not null and v_order.version <> v_base then
    perform private.reject('stale_document',
      'Someone changed ' || v_order.number || ' since you opened it: open it again');
  end if;
  select * into v_store from public.stores s
  where s.id = private.arg_uuid(p_args, 'store_id', true) and s.company_id = v_company and s.deleted_at is null;
  if v_store.id is null then
    perform private.reject('unknown_store', 'That store is not one of this shop''s stores');
  end if;
  select * into v_supplier from public.suppliers s
  where s.id = private.arg_uuid(p_args, 'supplier_id', true) and s.company_id = v_company and s.deleted_at is null;
  if v_supplier.id is null then
    perform private.reject('unknown_supplier', 'That supplier is not one of this shop''s suppliers');
  end if;
  if v_expected_text is not null then
    if v_expected_text !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
      perform private.reject('invalid_args', 'expected_on must be a date YYYY-MM-DD');
    end if;
    begin
      v_expected := v_expected_text::date;
    exception when others then
      perform private.reject('invalid_args', 'expected_on must be a date that exists');
    end;
  elsif v_order.id is not null and not (p_args ? 'expected_on') then
    v_expected := v_order.expected_on;
  else
    -- [PUR-11] Today in the shop's time zone, plus the supplier's lead time.
    select (pg_catalog.now() at time zone c.time_zone)::date + v_supplier.lead_time_days into v_expected
    from public.companies c where c.id = v_company;
  end if;
  if pg_catalog.jsonb_array_length(v_lines) = 0 then
    perform private.reject('empty_document', 'A purchase order needs at least one product');
  end if;

  -- Every line is read and checked before anything is written.
  for i in 0 .. pg_catalog.jsonb_array_length(v_lines) - 1 loop
    v_line := v_lines -> i;
    v_path := 'lines[' || i || ']';
    v_line_id := private.arg_uuid(v_line, 'id', true, v_path);
    if v_line_id = any (v_ids) then
      perform private.reject('invalid_args', v_path || '.id is used by another line of this order');
    end if;
    select l.purchase_order_id into v_owner from public.purchase_order_lines l where l.id = v_line_id;
    if v_owner is not null and v_owner <> v_id then
      perform private.reject('duplicate_id', v_path || '.id is already used by another record');
    end if;
    v_product := private.purchasing_product(v_company, private.arg_uuid(v_line, 'product_id', true, v_path),
                                            v_path);
    if v_product.id = any (v_seen) then
      perform private.reject('duplicate_line', v_product.name || ' is on this order twice: one line per product');
    end if;
    perform private.arg_quantity(v_line, 'quantity', true, false, v_path);
    perform private.arg_money(v_line, 'unit_cost', false, false, v_path);
    if private.product_supplier(v_product) is distinct from v_supplier.id
       and private.product_supplier(v_product) is not null
       and not private.arg_bool(v_line, 'off_supplier', false, v_path) then
      perform private.reject('product_not_from_supplier',
        v_supplier.name || ' does not supply ' || v_product.name || ' (' || v_path || ')');
    end if;
    v_seen := v_seen || v_product.id;
    v_ids := v_ids || v_line_id;
  end loop;

  if v_order.id is null then
    insert into public.purchase_orders (id, company_id, store_id, supplier_id, number, status, expected_on, note,
                                        created_by)
    values (v_id, v_company, v_store.id, v_supplier.id, private.next_document_number(v_company, 'purchase_order'),
            'draft', v_expected, v_note, p_user)
    returning * into v_order;
    perform private.add_document_event(v_company, 'purchase_order', v_id, 'created', null, 'draft', p_user,
                                       p_op_id, pg_catalog.now(), '{}');
  else
    update public.purchase_orders o
    set store_id = v_store.id, supplier_id = v_supplier.id, expected_on = v_expected, note = v_note,
        version = o.version + 1
    where o.id = v_id
    returning * into v_order;
    perform private.add_document_event(v_company, 'purchase_order', v_id, 'edited', 'draft', 'draft', p_user,
                                       p_op_id, pg_catalog.now(),
                                       pg_catalog.jsonb_build_object('version', v_order.version));
    -- [PUR-11] Lines left out are removed: all are marked first and the ones sent taken back below, so two
    -- lines that swap products never meet in the one-line-per-product index.
    update public.purchase_order_lines l set removed_at = pg_catalog.now()
    where l.purchase_order_id = v_id and l.removed_at is null;
  end if;

  for i in 0 .. pg_catalog.jsonb_array_length(v_lines) - 1 loop
    v_line := v_lines -> i;
    v_path := 'lines[' || i || ']';
    select * into v_product from public.products p where p.id = (v_line ->> 'product_id')::uuid;
    insert into public.purchase_order_lines as l (id, company_id, purchase_order_id, store_id, product_id, position,
                                                  quantity, unit_cost, off_supplier)
    values ((v_line ->> 'id')::uuid, v_company, v_id, v_store.id, v_product.id, i,
            private.arg_quantity(v_line, 'quantity', true, false, v_path),
            coalesce(private.arg_money(v_line, 'unit_cost', false, false, v_path), v_product.cost),
            private.arg_bool(v_line, 'off_supplier', false, v_path))
    on conflict (id) do update
    set store_id = excluded.store_id, product_id = excluded.product_id, position = excluded.position,
        quantity = excluded.quantity, unit_cost = excluded.unit_cost, off_supplier = excluded.off_supplier,
        removed_at = null;
  end loop;
  return private.purchase_order_answer(v_order);
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-13] purchase_order.order
-- ---------------------------------------------------------------------------------------------------------
create function private.op_purchase_order_order(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_order public.purchase_orders := private.purchase_order_for_op(private.arg_uuid(p_args, 'id', true));
  v_via text := private.arg_text(p_args, 'via', true, 10);
  v_occurred timestamptz := private.arg_time(p_args, 'occurred_at', true);
begin
  perform private.purchasing_role_check('purchase_order.order', p_user, v_order.company_id, v_order.store_id);
  if v_via not in ('mail', 'print', 'phone', 'other') then
    perform private.reject('invalid_args', 'via must be mail, print, phone or other');
  end if;
  if v_order.status = 'ordered' and v_via = 'mail' then
    -- A second mail of an ordered order: an event only; the order is unchanged.
    perform private.add_document_event(v_order.company_id, 'purchase_order', v_order.id, 'sent', v_order.status,
                                       v_order.status, p_user, p_op_id, v_occurred, '{"via": "mail"}');
    return private.purchase_order_answer(v_order);
  end if;
  if v_order.status <> 'draft' then
    perform private.reject('wrong_status',
      private.purchase_order_state_words(v_order) || ': only a draft can be ordered');
  end if;
  if not exists (select 1 from public.purchase_order_lines l where l.purchase_order_id = v_order.id
                 and l.removed_at is null) then
    perform private.reject('empty_document', v_order.number || ' has no products to order');
  end if;
  v_order := private.move_purchase_order(v_order, 'ordered', 'ordered', p_user, p_op_id, v_occurred,
                                         pg_catalog.jsonb_build_object('via', v_via));
  return private.purchase_order_answer(v_order);
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-14] purchase_order.close
-- ---------------------------------------------------------------------------------------------------------
create function private.op_purchase_order_close(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_order public.purchase_orders := private.purchase_order_for_op(private.arg_uuid(p_args, 'id', true));
  v_action text := private.arg_text(p_args, 'action', true, 10);
  v_reason text := private.arg_text(p_args, 'reason', false, 200);
  v_occurred timestamptz := private.arg_time(p_args, 'occurred_at', true);
  v_taken numeric;
  v_held numeric;
  v_cancelled jsonb;
begin
  perform private.purchasing_role_check('purchase_order.close', p_user, v_order.company_id, v_order.store_id);
  if v_action not in ('close', 'cancel') then
    perform private.reject('invalid_args', 'action must be close or cancel');
  end if;
  select coalesce(sum(l.received), 0), coalesce(sum(l.held), 0) into v_taken, v_held
  from public.purchase_order_lines l where l.purchase_order_id = v_order.id and l.removed_at is null;
  if v_action = 'cancel' then
    if not (v_order.status = 'draft' or (v_order.status = 'ordered' and v_taken = 0 and v_held = 0)) then
      perform private.reject('wrong_status', private.purchase_order_state_words(v_order)
        || ': only a draft, or an order nothing has arrived for, can be cancelled');
    end if;
    v_order := private.move_purchase_order(v_order, 'cancelled', 'cancelled', p_user, p_op_id, v_occurred,
                                           pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object('reason', v_reason)));
    return private.purchase_order_answer(v_order);
  end if;
  if v_order.status not in ('ordered', 'partly_received', 'received') then
    perform private.reject('wrong_status', private.purchase_order_state_words(v_order)
      || ': only an ordered or received order can be closed');
  end if;
  if v_held > 0 then
    perform private.reject('held_quantities', v_order.number
      || ' has held quantities: accept or drop them before closing it');
  end if;
  -- [PUR-14] What is still to come is cancelled, once, by the close.
  with moved as (
    update public.purchase_order_lines l
    set cancelled = l.quantity - l.received - l.held
    where l.purchase_order_id = v_order.id and l.removed_at is null
      and l.quantity - l.received - l.held - l.cancelled > 0
    returning l.id, l.product_id, l.cancelled
  )
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('line_id', m.id, 'product_id', m.product_id,
                                                                     'cancelled', m.cancelled)), '[]')
  into v_cancelled from moved m;
  v_order := private.move_purchase_order(v_order, 'closed', 'closed', p_user, p_op_id, v_occurred,
    pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object('reason', v_reason))
    || pg_catalog.jsonb_build_object('cancelled', v_cancelled));
  return private.purchase_order_answer(v_order);
end
$$;

insert into private.op_handlers (name, handler) values
  ('purchase_order.save', 'private.op_purchase_order_save(jsonb, uuid, uuid)'),
  ('purchase_order.order', 'private.op_purchase_order_order(jsonb, uuid, uuid)'),
  ('purchase_order.close', 'private.op_purchase_order_close(jsonb, uuid, uuid)');

revoke execute on function private.purchase_order_for_op(uuid) from public, anon, authenticated;
revoke execute on function private.purchase_order_state_words(public.purchase_orders) from public, anon, authenticated;
revoke execute on function private.move_purchase_order(public.purchase_orders, text, text, uuid, uuid, timestamptz,
                                                       jsonb) from public, anon, authenticated;
revoke execute on function private.purchase_order_answer(public.purchase_orders, jsonb)
  from public, anon, authenticated;
revoke execute on function private.product_supplier(public.products) from public, anon, authenticated;
revoke execute on function private.purchasing_product(uuid, uuid, text) from public, anon, authenticated;
revoke execute on function private.op_purchase_order_save(jsonb, uuid, uuid) from public, anon, authenticated;
revoke execute on function private.op_purchase_order_order(jsonb, uuid, uuid) from public, anon, authenticated;
revoke execute on function private.op_purchase_order_close(jsonb, uuid, uuid) from public, anon, authenticated;

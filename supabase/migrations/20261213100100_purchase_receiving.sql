-- Receiving purchase orders on the server (issue 38, piece B; supabase/SPEC.md [PUR-17]…[PUR-24], [PUR-10],
-- [PUR-44]; docs/purchasing.md "A receipt's life"):
-- * purchase_order.receive: a till's (or the back office's) receipt of part of an order, exactly once whatever
--   is resent; each posted quantity one `receive` movement whose id is the receipt line's, the cost moved by
--   the shop's method; what another till may already have counted is held, not posted ([PUR-19]);
-- * purchase_order.settle: a manager accepts or drops a held quantity ([PUR-20]);
-- * the `receiving` flags, which never refuse anything ([PUR-21]).
-- The schema (tables, the trigger that keeps an order line's `received` and `held`, numbers, the event writer
-- private.add_document_event) is 20261213000000_purchasing_schema.sql's.

-- ---------------------------------------------------------------------------------------------------------
-- Shared by the receiving and transfer ops
-- ---------------------------------------------------------------------------------------------------------

-- [PUR-24] [PUR-27] A counted quantity: a number (or numeric string) above zero with at most 3 decimals, else
-- `invalid_quantity` naming the line (`lines[2].quantity`). p_zero_ok for the parts of a transfer receipt
-- (received, damaged) that may each be 0.
create function private.stock_quantity(p_obj jsonb, p_key text, p_path text, p_zero_ok boolean default false)
returns numeric
language plpgsql immutable set search_path = '' as $$
declare
  v jsonb := p_obj -> p_key;
  t text := p_obj ->> p_key;
begin
  if v is null or v = 'null'::jsonb then
    if p_zero_ok then return 0; end if;
    perform private.reject('invalid_quantity', private.field(p_path, p_key) || ' is required');
  end if;
  if pg_catalog.jsonb_typeof(v) not in ('number', 'string') or t !~ '^-?[0-9]{1,9}(\.[0-9]{1,3})?$' then
    perform private.reject('invalid_quantity',
      private.field(p_path, p_key) || ' must be a number like 12 or 2.5, with at most 3 decimals');
  end if;
  if t::numeric < 0 or (t::numeric = 0 and not p_zero_ok) then
    perform private.reject('invalid_quantity', private.field(p_path, p_key) || ' must be more than zero');
  end if;
  return t::numeric;
end
$$;

-- [PUR-19] What the till had seen arrive: a number ≥ 0 (absent: 0, the safe side: anything already on the
-- server is then held, never counted twice).
create function private.seen_quantity(p_obj jsonb, p_path text) returns numeric
language plpgsql immutable set search_path = '' as $$
declare
  v jsonb := p_obj -> 'seen_received';
  t text := p_obj ->> 'seen_received';
begin
  if v is null or v = 'null'::jsonb then return 0; end if;
  if pg_catalog.jsonb_typeof(v) not in ('number', 'string') or t !~ '^[0-9]{1,9}(\.[0-9]{1,3})?$' then
    perform private.reject('invalid_args', private.field(p_path, 'seen_received') || ' must be a number of 0 or more');
  end if;
  return t::numeric;
end
$$;

-- [PUR-24] An op's lines: an array of 1 to 500 objects.
create function private.document_lines(p_args jsonb, p_number text) returns jsonb
language plpgsql immutable set search_path = '' as $$
declare
  v jsonb := p_args -> 'lines';
begin
  if pg_catalog.jsonb_typeof(v) is distinct from 'array' then
    perform private.reject('invalid_args', 'lines must be an array');
  end if;
  if pg_catalog.jsonb_array_length(v) = 0 then
    perform private.reject('empty_document', p_number || ': nothing was entered');
  end if;
  if pg_catalog.jsonb_array_length(v) > 500 then
    perform private.reject('invalid_args', p_number || ': at most 500 lines');
  end if;
  if exists (select 1 from pg_catalog.jsonb_array_elements(v) e where pg_catalog.jsonb_typeof(e) <> 'object') then
    perform private.reject('invalid_args', 'each line must be an object');
  end if;
  return v;
end
$$;

-- [PUR-10] [PUR-23] [PUR-26] [PUR-27] Who may receive (or send) stock at a store, and the person at the
-- counter. The role by private.purchasing_role_check (20261213000200_purchasing_roles.sql): a cashier or a paired
-- till only where the shop lets cashiers receive, a paired till only at its own store; a cashier at a manager's
-- till where it does not answers not_allowed = true, for the handler to flag ([PUR-44]). A till's op is the
-- till's store's (`wrong_store` else, recorded); from the back office (no till) a manager works for any store of
-- the shop. The person the till names is checked by proof ([STAFF-4]).
create function private.receiving_caller(p_op text, p_args jsonb, p_company uuid, p_store uuid, p_user uuid,
                                         p_subject uuid, p_number text, out terminal_id uuid, out staff_id uuid,
                                         out verified boolean, out not_allowed boolean)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_terminal public.terminals;
  c record;
begin
  not_allowed := coalesce(private.purchasing_role_check(p_op, p_user, p_company, p_store,
                                                        private.arg_uuid(p_args, 'cashier_id', false))
                          = 'not_allowed', false);
  if p_args ? 'terminal_id' and p_args -> 'terminal_id' <> 'null'::jsonb then
    v_terminal := private.require_terminal(private.arg_uuid(p_args, 'terminal_id', true), 'cashier');
    if v_terminal.company_id <> p_company then
      perform private.reject('unknown_terminal', 'This till is not a till of this shop');
    end if;
    if v_terminal.store_id <> p_store then
      perform private.reject('wrong_store', p_number || ' is for another store than this till''s');
    end if;
    terminal_id := v_terminal.id;
  elsif coalesce(private.role_rank(private.member_role(p_company)), 0) < private.role_rank('manager') then
    perform private.reject('invalid_args', 'terminal_id is required: only a manager works from the back office');
  end if;
  select * into c from private.op_cashier(p_args, p_company, p_user, p_subject);
  staff_id := c.cashier_id;
  verified := c.verified;
end
$$;

-- [PUR-17] The shop an op names: its till's, or the one it names; both must agree.
create function private.op_shop(p_args jsonb) returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  v_company uuid := private.arg_uuid(p_args, 'company_id', false);
  v_terminal uuid := private.arg_uuid(p_args, 'terminal_id', false);
  v_of_terminal uuid;
begin
  if v_terminal is not null then
    select t.company_id into v_of_terminal from public.terminals t where t.id = v_terminal;
    if not found then perform private.reject('unknown_terminal', 'This till is not registered'); end if;
    if v_company is not null and v_company <> v_of_terminal then
      perform private.reject('invalid_args', 'company_id is not the company of terminal_id');
    end if;
    v_company := v_of_terminal;
  end if;
  if v_company is null then perform private.reject('invalid_args', 'terminal_id or company_id is required'); end if;
  if not private.is_member(v_company) then
    raise exception 'You are not a member of this company' using errcode = '42501', hint = 'not_member';
  end if;
  return v_company;
end
$$;

-- [PUR-18] [PUR-26]…[PUR-29] One stock movement of a document, once: its id is the document line's (or derived
-- from it), so whatever is resent writes nothing twice. A positive delta of a receive may carry its unit cost.
create function private.add_document_movement(p_id uuid, p_company uuid, p_store uuid, p_product uuid,
                                              p_delta numeric, p_reason text, p_terminal uuid, p_user uuid,
                                              p_occurred timestamptz, p_op uuid, p_unit_cost bigint default null)
returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.stock_movements (id, company_id, store_id, product_id, delta, reason, terminal_id, user_id,
                                      occurred_at, op_id, unit_cost)
  values (p_id, p_company, p_store, p_product, p_delta, p_reason, p_terminal, p_user, p_occurred, p_op, p_unit_cost)
  on conflict (id) do nothing
$$;

-- [PUR-20] [PUR-28] A settle's action: accept or drop, a drop saying why.
create function private.settle_action(p_args jsonb) returns text
language plpgsql immutable set search_path = '' as $$
declare
  v_action text := private.arg_text(p_args, 'action', true, 10);
begin
  if v_action not in ('accept', 'drop') then
    perform private.reject('invalid_args', 'action must be accept or drop');
  end if;
  if v_action = 'drop' and coalesce(pg_catalog.btrim(private.arg_text(p_args, 'reason', false, 200)), '') = '' then
    perform private.reject('invalid_args', 'Say why it is dropped: a reason of 1 to 200 characters');
  end if;
  return v_action;
end
$$;

-- [PUR-20] [PUR-28] A held quantity is settled once, and only when something is held.
create function private.require_unsettled(p_settled text, p_held numeric, p_number text, p_product uuid)
returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  v_name text := (select p.name from public.products p where p.id = p_product);
begin
  if p_settled is not null then
    perform private.reject('already_settled', p_number || ': the held ' || v_name || ' was already ' || p_settled);
  end if;
  if p_held = 0 then
    perform private.reject('nothing_held', p_number || ': nothing of ' || v_name || ' is held');
  end if;
end
$$;

-- [PUR-22] [COST-2] A posted or accepted quantity with a unit cost moves the product's cost by the shop's
-- method, from the on-hand across the shop's stores before it; the product row is locked so receipts of one
-- product work out its cost one after the other. Call it before writing the movement.
create function private.cost_on_receipt(p_company uuid, p_product uuid, p_quantity numeric, p_unit_cost bigint)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_old bigint;
  v_on_hand numeric;
begin
  if p_unit_cost is null or p_quantity <= 0 then return; end if;
  select p.cost into v_old from public.products p where p.company_id = p_company and p.id = p_product for update;
  select coalesce(sum(l.on_hand), 0) into v_on_hand from public.stock_levels l
  where l.company_id = p_company and l.product_id = p_product;
  update public.products p
  set cost = private.cost_after_receive((select c.cost_method from public.companies c where c.id = p_company),
                                        v_on_hand, v_old, p_quantity, p_unit_cost),
      updated_at = pg_catalog.now()
  where p.company_id = p_company and p.id = p_product;
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-17] purchase_order.receive
-- ---------------------------------------------------------------------------------------------------------

-- [PUR-17] An order's status from its lines: received when every line has come (received ≥ quantity −
-- cancelled) and nothing is held, else partly_received when anything was received or held; a closed or
-- cancelled order stays as it is ([PUR-21]). Writes the change and its event; answers the status.
create function private.derive_purchase_order_status(p_order public.purchase_orders, p_staff uuid, p_user uuid,
                                                     p_op uuid, p_occurred timestamptz, p_event text)
returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_status text;
begin
  if p_order.status in ('closed', 'cancelled') then return p_order.status; end if;
  select case
           when bool_and(l.received >= l.quantity - l.cancelled) and sum(l.held) = 0 then 'received'
           when sum(l.received) + sum(l.held) > 0 then 'partly_received'
           else p_order.status end
  into v_status
  from public.purchase_order_lines l
  where l.company_id = p_order.company_id and l.purchase_order_id = p_order.id and l.removed_at is null;
  -- An order with receipts only of extras (no line of its own received) has still received something.
  if v_status = p_order.status and p_order.status in ('draft', 'ordered') and exists (
       select 1 from public.purchase_receipts r where r.company_id = p_order.company_id
                                                  and r.purchase_order_id = p_order.id) then
    v_status := 'partly_received';
  end if;
  v_status := coalesce(v_status, p_order.status);
  if v_status <> p_order.status or p_event = 'settled' then
    update public.purchase_orders o set status = v_status, version = o.version + 1, updated_at = pg_catalog.now()
    where o.company_id = p_order.company_id and o.id = p_order.id;
    perform private.add_document_event(p_order.company_id, 'purchase_order', p_order.id, p_event, p_order.status,
                                       v_status, p_staff, p_op, p_occurred);
  end if;
  return v_status;
end
$$;

-- [PUR-44] One `receiving` flag, once per receipt line and reason.
create function private.flag_receiving(p_order public.purchase_orders, p_line public.purchase_receipt_lines,
                                       p_reason text, p_terminal uuid, p_staff uuid, p_detail jsonb) returns void
language sql volatile security definer set search_path = '' as $$
  select private.add_flag(p_order.company_id, 'receiving', 'receiving:' || p_line.id || ':' || p_reason, null,
    private.current_op_id(), p_terminal,
    pg_catalog.jsonb_build_object('reason', p_reason, 'purchase_order_id', p_order.id, 'number', p_order.number,
      'receipt_id', p_line.receipt_id, 'receipt_line_id', p_line.id, 'product_id', p_line.product_id,
      'quantity', p_line.quantity, 'posted', p_line.posted, 'held', p_line.held, 'unit_cost', p_line.unit_cost,
      'terminal_id', p_terminal, 'staff_id', p_staff) || coalesce(p_detail, '{}'));
$$;

-- [PUR-19] What the server already holds of an order line (or, for an extra, of the order's product):
-- Σ posted + held of its receipt lines, a dropped held quantity excepted.
create function private.received_before(p_company uuid, p_order uuid, p_order_line uuid, p_product uuid)
returns numeric
language sql stable security definer set search_path = '' as $$
  select coalesce(sum(l.posted + case when l.settled = 'dropped' then 0 else l.held end), 0)
  from public.purchase_receipt_lines l
  where l.company_id = p_company and l.purchase_order_id = p_order
    and case when p_order_line is null then l.product_id = p_product
             else l.purchase_order_line_id = p_order_line end
$$;

-- [PUR-21] The flags of one applied receipt line.
create function private.flag_receipt_line(p_order public.purchase_orders, p_line public.purchase_receipt_lines,
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

-- [PUR-24] [PUR-21] A receipt is never refused for what it says happened: a product deleted after the till
-- pulled the order still arrived. purchase_order.receive reads its products with private.received_product,
-- which, unlike private.purchasing_product ([PUR-12], still used by the drafts: a manager editing one can fix
-- it), takes a product of the shop that is deleted. Another shop's product or an unknown id is still
-- `unknown_product`. A deleted product on no order line is an extra whose flag says so (`detail.deleted`).
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

-- [PUR-17] [PUR-18] What a receipt already recorded answers.
create function private.receipt_answer(p_receipt uuid, p_status text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select pg_catalog.jsonb_build_object('id', p_receipt, 'status', p_status,
    'posted', coalesce(sum(l.posted), 0), 'held', coalesce(sum(l.held), 0))
  from public.purchase_receipt_lines l where l.receipt_id = p_receipt
$$;

create function private.op_purchase_order_receive(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
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

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-20] purchase_order.settle
-- ---------------------------------------------------------------------------------------------------------
create function private.op_purchase_order_settle(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_action text := private.settle_action(p_args);
  v_reason text := pg_catalog.btrim(private.arg_text(p_args, 'reason', false, 200));
  v_occurred timestamptz := private.arg_time(p_args, 'occurred_at', true);
  v_line public.purchase_receipt_lines;
  v_receipt public.purchase_receipts;
  v_order public.purchase_orders;
  v_status text;
begin
  perform private.arg_uuid(p_args, 'id', true);
  select * into v_line from public.purchase_receipt_lines l
  where l.id = private.arg_uuid(p_args, 'receipt_line_id', true);
  -- [PUR-43] Another shop's receipt is unknown.
  if not found or not private.is_member(v_line.company_id) then
    perform private.reject('unknown_purchase_order', 'This receipt line is not one of this shop''s');
  end if;
  perform private.require_role(v_line.company_id, 'manager');
  select * into v_receipt from public.purchase_receipts r where r.id = v_line.receipt_id;
  select * into v_order from public.purchase_orders o
  where o.company_id = v_line.company_id and o.id = v_receipt.purchase_order_id
  for update;
  select * into v_line from public.purchase_receipt_lines l where l.id = v_line.id for update;
  perform private.require_unsettled(v_line.settled, v_line.held, v_order.number, v_line.product_id);
  if v_action = 'accept' then
    perform private.cost_on_receipt(v_line.company_id, v_line.product_id, v_line.held, v_line.unit_cost);
    perform private.add_document_movement(pg_catalog.md5(v_line.id::text || ':accept')::uuid, v_line.company_id,
      v_receipt.store_id, v_line.product_id, v_line.held, 'receive', null, p_user, v_occurred, p_op_id,
      v_line.unit_cost);
  end if;
  update public.purchase_receipt_lines l
  set settled = case v_action when 'accept' then 'accepted' else 'dropped' end, settled_by = p_user,
      settled_at = pg_catalog.now(), settle_reason = v_reason
  where l.id = v_line.id;
  select * into v_order from public.purchase_orders o where o.id = v_order.id;
  v_status := private.derive_purchase_order_status(v_order, p_user, p_user, p_op_id, v_occurred, 'settled');
  return pg_catalog.jsonb_build_object('company_id', v_line.company_id,
    'result', pg_catalog.jsonb_build_object('receipt_line_id', v_line.id, 'action', v_action, 'status', v_status));
end
$$;

insert into private.op_handlers (name, handler) values
  ('purchase_order.receive', 'private.op_purchase_order_receive(jsonb, uuid, uuid)'),
  ('purchase_order.settle', 'private.op_purchase_order_settle(jsonb, uuid, uuid)');

revoke execute on function private.stock_quantity(jsonb, text, text, boolean), private.seen_quantity(jsonb, text),
  private.document_lines(jsonb, text),
  private.receiving_caller(text, jsonb, uuid, uuid, uuid, uuid, text), private.op_shop(jsonb),
  private.cost_on_receipt(uuid, uuid, numeric, bigint),
  private.derive_purchase_order_status(public.purchase_orders, uuid, uuid, uuid, timestamptz, text),
  private.flag_receiving(public.purchase_orders, public.purchase_receipt_lines, text, uuid, uuid, jsonb),
  private.received_before(uuid, uuid, uuid, uuid),
  private.flag_receipt_line(public.purchase_orders, public.purchase_receipt_lines, public.products, uuid, uuid),
  private.receipt_answer(uuid, text), private.op_purchase_order_receive(jsonb, uuid, uuid),
  private.add_document_movement(uuid, uuid, uuid, uuid, numeric, text, uuid, uuid, timestamptz, uuid, bigint),
  private.settle_action(jsonb), private.require_unsettled(text, numeric, text, uuid),
  private.op_purchase_order_settle(jsonb, uuid, uuid)
  from public, anon, authenticated;

-- [STAFF-18] [STAFF-17] [PUR-10] As in 20261211200100_value_ops.sql, and the proofs of the ops that name a
-- person at a till of issue 38 count too: receiving, sending and receiving a transfer, counting.
create or replace function private.count_proof_failures(p_name text, p_args jsonb, p_user uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_company uuid;
  v_subject uuid;
  v_approval jsonb;
begin
  if p_name not in ('sale.record', 'sale.refund', 'shift.open', 'shift.close', 'cash.move', 'activity.record',
                    'account.payment', 'value.adjust', 'purchase_order.receive', 'transfer.send',
                    'transfer.receive', 'stocktake.count')
     or pg_catalog.jsonb_typeof(p_args) is distinct from 'object' then
    return;
  end if;
  v_company := private.op_company(p_name, p_args);
  v_subject := private.try_uuid(p_args ->> 'id');
  if v_company is null or v_subject is null or not private.is_member(v_company) then return; end if;
  perform private.count_proof(v_company, private.try_uuid(p_args ->> 'cashier_id'), p_args -> 'cashier_proof',
                              'cashier', p_name, v_subject, 'sell', p_user);
  v_approval := p_args -> 'approval';
  if pg_catalog.jsonb_typeof(v_approval) = 'object' then
    perform private.count_proof(v_company, private.try_uuid(v_approval ->> 'by'), v_approval -> 'proof', 'approval',
                                p_name, v_subject, v_approval ->> 'action', p_user);
  end if;
end
$$;

-- Transfers between a shop's stores on the server (issue 38, piece B; supabase/SPEC.md [PUR-25]…[PUR-30],
-- [PUR-44]; docs/purchasing.md "Transfers"). Stock is never counted in two places or none: for every line
-- sent = received + damaged + lost + returned + in transit, and each step's movements have ids a replay
-- cannot write twice:
-- * transfer.save: a draft, as a purchase order's ([PUR-11]);
-- * transfer.send: −sent at the sender, id = the transfer line's id ([PUR-26]);
-- * transfer.receive: +received at the receiver, id = the receipt line's id; damaged writes nothing; what
--   another till may have counted, or what was never sent, is held ([PUR-27]);
-- * transfer.settle: accept (a pair of movements for an excess) or drop a held quantity ([PUR-28]);
-- * transfer.close: the rest lost (no movement) or returned (+ at the sender) ([PUR-29]).
-- The helpers shared with receiving are 20261213100100_purchase_receiving.sql's.

-- [PUR-44] One `transfer` flag, once per line (or receipt line) and reason.
create function private.flag_transfer(p_transfer public.transfers, p_subject uuid, p_product uuid, p_reason text,
                                      p_terminal uuid, p_staff uuid, p_detail jsonb) returns void
language sql volatile security definer set search_path = '' as $$
  select private.add_flag(p_transfer.company_id, 'transfer', 'transfer:' || p_subject || ':' || p_reason, null,
    private.current_op_id(), p_terminal,
    pg_catalog.jsonb_build_object('reason', p_reason, 'transfer_id', p_transfer.id, 'number', p_transfer.number,
      'from_store_id', p_transfer.from_store_id, 'to_store_id', p_transfer.to_store_id, 'product_id', p_product,
      'terminal_id', p_terminal, 'staff_id', p_staff) || coalesce(p_detail, '{}'));
$$;

-- [PUR-44] What a quantity of a product is worth at its cost now (null without a cost).
create function private.value_at_cost(p_company uuid, p_product uuid, p_quantity numeric) returns bigint
language sql stable security definer set search_path = '' as $$
  select pg_catalog.round(p_quantity * p.cost)::bigint from public.products p
  where p.company_id = p_company and p.id = p_product
$$;

-- [PUR-4] What is still on the way on a line, held quantities left aside.
create function private.in_transit(p_line public.transfer_lines) returns numeric
language sql immutable as $$
  select p_line.sent - p_line.received - p_line.damaged - p_line.lost - p_line.returned
$$;

-- [PUR-28] A transfer's status after a receipt or a settle: received when nothing is in transit or held,
-- else partly_received once anything arrived. Before its send arrives it stays a draft; closed and cancelled stay. Writes the
-- change, a new version and its event; answers the status.
create function private.derive_transfer_status(p_transfer public.transfers, p_staff uuid, p_user uuid, p_op uuid,
                                               p_occurred timestamptz, p_event text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_status text := p_transfer.status;
begin
  if p_transfer.status in ('in_transit', 'partly_received', 'received') then
    select case when bool_and(private.in_transit(l) = 0 and l.held = 0) then 'received'
                when sum(l.received + l.damaged + l.held) > 0 then 'partly_received'
                else p_transfer.status end
    into v_status
    from public.transfer_lines l
    where l.company_id = p_transfer.company_id and l.transfer_id = p_transfer.id and l.removed_at is null;
  end if;
  if v_status <> p_transfer.status or p_event = 'settled' then
    update public.transfers t set status = v_status, version = t.version + 1, updated_at = pg_catalog.now()
    where t.company_id = p_transfer.company_id and t.id = p_transfer.id;
    perform private.add_document_event(p_transfer.company_id, 'transfer', p_transfer.id, p_event,
                                       p_transfer.status, v_status, p_staff, p_op, p_occurred);
  end if;
  return v_status;
end
$$;

-- [PUR-43] A transfer of the caller's shop, locked; another shop's is unknown.
create function private.transfer_of(p_company uuid, p_id uuid) returns public.transfers
language plpgsql volatile security definer set search_path = '' as $$
declare
  v public.transfers;
begin
  select * into v from public.transfers t where t.company_id = p_company and t.id = p_id for update;
  if not found then perform private.reject('unknown_transfer', 'This transfer is not one of this shop''s'); end if;
  return v;
end
$$;

-- [PUR-43] A manager's op that names only the transfer: its shop, when the caller is one of its members.
create function private.managed_transfer(p_id uuid) returns public.transfers
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_company uuid;
begin
  select t.company_id into v_company from public.transfers t where t.id = p_id;
  if v_company is null or not private.is_member(v_company) then
    perform private.reject('unknown_transfer', 'This transfer is not one of this shop''s');
  end if;
  perform private.require_role(v_company, 'manager');
  return private.transfer_of(v_company, p_id);
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-25] transfer.save
-- ---------------------------------------------------------------------------------------------------------
create function private.op_transfer_save(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_company uuid := private.arg_uuid(p_args, 'company_id', true);
  v_from uuid := private.arg_uuid(p_args, 'from_store_id', true);
  v_to uuid := private.arg_uuid(p_args, 'to_store_id', true);
  v_note text := private.arg_text(p_args, 'note', false, 1000);
  v_base int;
  v_transfer public.transfers;
  v_lines jsonb;
  l jsonb;
  i int := 0;
  v_path text;
  v_product public.products;
  v_products uuid[] := '{}';
  v_line_ids uuid[] := '{}';
  v_line uuid;
  v_now timestamptz := coalesce(private.arg_time(p_args, 'occurred_at', false), pg_catalog.now());
begin
  perform private.require_role(v_company, 'manager');
  if p_args ? 'base_version' and p_args -> 'base_version' <> 'null'::jsonb then
    if pg_catalog.jsonb_typeof(p_args -> 'base_version') <> 'number' or (p_args ->> 'base_version') !~ '^[0-9]{1,9}$'
    then
      perform private.reject('invalid_args', 'base_version must be a whole number');
    end if;
    v_base := (p_args ->> 'base_version')::int;
  end if;
  if not exists (select 1 from public.stores s where s.company_id = v_company and s.id = v_from)
     or not exists (select 1 from public.stores s where s.company_id = v_company and s.id = v_to) then
    perform private.reject('unknown_store', 'A store of this transfer is not one of this shop''s stores');
  end if;
  if v_from = v_to then
    perform private.reject('same_store', 'A transfer goes from one store to another: pick two different stores');
  end if;
  select * into v_transfer from public.transfers t where t.id = v_id for update;
  if found then
    if v_transfer.company_id <> v_company then
      perform private.reject('unknown_transfer', 'This transfer is not one of this shop''s');
    end if;
    if v_transfer.status <> 'draft' then
      perform private.reject('wrong_status',
        v_transfer.number || ' is ' || pg_catalog.replace(v_transfer.status, '_', ' ')
        || ': only a draft can be changed');
    end if;
    if v_base is distinct from v_transfer.version then
      perform private.reject('stale_document',
        v_transfer.number || ' was changed elsewhere since it was opened here: open it again');
    end if;
  elsif v_base is not null then
    perform private.reject('unknown_transfer', 'This transfer is not one of this shop''s');
  end if;
  v_lines := private.document_lines(p_args, coalesce(v_transfer.number, 'This transfer'));
  for l in select value from pg_catalog.jsonb_array_elements(v_lines) loop
    v_path := 'lines[' || i || ']';
    v_line := private.arg_uuid(l, 'id', true, v_path);
    perform private.stock_quantity(l, 'quantity', v_path);
    v_product := private.purchasing_product(v_company, private.arg_uuid(l, 'product_id', true, v_path), v_path);
    if v_product.id = any (v_products) then
      perform private.reject('duplicate_line', v_product.name || ' is on this transfer twice: one line per product');
    end if;
    if v_line = any (v_line_ids) or exists (
         select 1 from public.transfer_lines x where x.id = v_line and x.transfer_id is distinct from v_id) then
      perform private.reject('duplicate_id', v_path || '.id is already used by another line');
    end if;
    v_products := v_products || v_product.id;
    v_line_ids := v_line_ids || v_line;
    i := i + 1;
  end loop;
  if v_transfer.id is null then
    insert into public.transfers (id, company_id, from_store_id, to_store_id, number, note, created_by)
    values (v_id, v_company, v_from, v_to, private.next_document_number(v_company, 'transfer'), v_note, p_user)
    returning * into v_transfer;
    perform private.add_document_event(v_company, 'transfer', v_id, 'created', null, 'draft', p_user, p_op_id,
                                       v_now);
  else
    update public.transfers t set from_store_id = v_from, to_store_id = v_to, note = v_note, version = t.version + 1,
                                  updated_at = pg_catalog.now()
    where t.id = v_id
    returning * into v_transfer;
    -- A draft's lines left out are marked removed (never deleted, so a till's pull hears of it).
    update public.transfer_lines x set removed_at = pg_catalog.now()
    where x.transfer_id = v_id and x.removed_at is null and x.id <> all (v_line_ids);
    perform private.add_document_event(v_company, 'transfer', v_id, 'edited', 'draft', 'draft', p_user, p_op_id,
                                       v_now);
  end if;
  i := 0;
  for l in select value from pg_catalog.jsonb_array_elements(v_lines) loop
    i := i + 1;
    insert into public.transfer_lines (id, company_id, transfer_id, from_store_id, to_store_id, product_id, position,
                                       quantity)
    values (v_line_ids[i], v_company, v_id, v_from, v_to, v_products[i], i, private.stock_quantity(l, 'quantity', ''))
    on conflict (id) do update set from_store_id = excluded.from_store_id, to_store_id = excluded.to_store_id,
                                   product_id = excluded.product_id, position = excluded.position,
                                   quantity = excluded.quantity, removed_at = null;
  end loop;
  return pg_catalog.jsonb_build_object('company_id', v_company,
    'result', pg_catalog.jsonb_build_object('id', v_id, 'number', v_transfer.number, 'version', v_transfer.version,
                                            'status', v_transfer.status));
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-26] transfer.send
-- ---------------------------------------------------------------------------------------------------------
create function private.op_transfer_send(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_occurred timestamptz := private.arg_time(p_args, 'occurred_at', true);
  v_company uuid := private.op_shop(p_args);
  v_transfer public.transfers := private.transfer_of(v_company, private.arg_uuid(p_args, 'transfer_id', true));
  who record;
  v_lines jsonb;
  l jsonb;
  i int := 0;
  v_path text;
  v_sent jsonb := '{}';
  v_line public.transfer_lines;
  v_quantity numeric;
  v_first uuid;
begin
  select * into who from private.receiving_caller('transfer.send', p_args, v_company, v_transfer.from_store_id,
                                                  p_user, v_id, v_transfer.number);
  if v_transfer.status = 'cancelled' then
    perform private.reject('wrong_status', v_transfer.number || ' is cancelled: nothing can be sent on it');
  end if;
  v_lines := p_args -> 'lines';
  if pg_catalog.jsonb_typeof(v_lines) is distinct from 'array' or pg_catalog.jsonb_array_length(v_lines) > 500 then
    perform private.reject('invalid_args', 'lines must be an array of at most 500 lines');
  end if;
  for l in select value from pg_catalog.jsonb_array_elements(v_lines) loop
    v_path := 'lines[' || i || ']';
    if pg_catalog.jsonb_typeof(l) <> 'object' then perform private.reject('invalid_args', v_path || ' must be an object'); end if;
    select * into v_line from public.transfer_lines x
    where x.company_id = v_company and x.transfer_id = v_transfer.id and x.removed_at is null
      and x.id = private.arg_uuid(l, 'transfer_line_id', true, v_path);
    if not found then
      perform private.reject('invalid_args', v_path || '.transfer_line_id is not a line of ' || v_transfer.number);
    end if;
    if v_sent ? v_line.id::text then
      perform private.reject('invalid_args', v_path || '.transfer_line_id is named twice');
    end if;
    v_sent := v_sent || pg_catalog.jsonb_build_object(v_line.id, private.stock_quantity(l, 'sent', v_path, true));
    i := i + 1;
  end loop;
  if v_transfer.sent_at is not null then
    -- [PUR-26] Sent again (two tills offline): nothing moves; different quantities are flagged, the first stand.
    for v_line in select * from public.transfer_lines x
                  where x.company_id = v_company and x.transfer_id = v_transfer.id and x.removed_at is null
    loop
      v_quantity := coalesce((v_sent ->> v_line.id::text)::numeric, 0);
      if v_quantity <> v_line.sent then
        perform private.flag_transfer(v_transfer, v_line.id, v_line.product_id, 'conflict', who.terminal_id,
          who.staff_id, pg_catalog.jsonb_build_object('sent', v_line.sent, 'sent_again', v_quantity,
                                                      'send_op_id', p_op_id));
      end if;
    end loop;
    return pg_catalog.jsonb_build_object('company_id', v_company, 'terminal_id', who.terminal_id,
      'result', pg_catalog.jsonb_build_object('id', v_transfer.id, 'status', v_transfer.status, 'already_sent', true));
  end if;
  if not exists (select 1 from pg_catalog.jsonb_each_text(v_sent) e where e.value::numeric > 0) then
    perform private.reject('empty_document', v_transfer.number || ': nothing was sent');
  end if;
  for v_line in select * from public.transfer_lines x
                where x.company_id = v_company and x.transfer_id = v_transfer.id and x.removed_at is null
                order by x.position, x.id
  loop
    v_quantity := coalesce((v_sent ->> v_line.id::text)::numeric, 0);
    continue when v_quantity = 0;
    perform private.add_document_movement(v_line.id, v_company, v_transfer.from_store_id, v_line.product_id,
                                          -v_quantity, 'transfer', who.terminal_id, p_user, v_occurred, p_op_id);
    -- Added, not set: an excess a manager accepted before this send arrived ([PUR-28]) was sent too.
    update public.transfer_lines x set sent = x.sent + v_quantity where x.id = v_line.id;
    v_first := coalesce(v_first, v_line.id);
  end loop;
  if who.not_allowed then
    perform private.flag_transfer(v_transfer, v_first, null, 'not_allowed', who.terminal_id, who.staff_id, '{}');
  end if;
  update public.transfers t set status = case when t.status = 'draft' then 'in_transit' else t.status end,
                                sent_at = v_occurred, sent_by_staff = who.staff_id, version = t.version + 1,
                                updated_at = pg_catalog.now()
  where t.id = v_transfer.id;
  perform private.add_document_event(v_company, 'transfer', v_transfer.id, 'sent', v_transfer.status,
    case when v_transfer.status = 'draft' then 'in_transit' else v_transfer.status end, who.staff_id, p_op_id,
    v_occurred);
  -- A receipt that arrived before its send was held whole; the status follows it now.
  select * into v_transfer from public.transfers t where t.id = v_transfer.id;
  return pg_catalog.jsonb_build_object('company_id', v_company, 'terminal_id', who.terminal_id,
    'result', pg_catalog.jsonb_build_object('id', v_transfer.id,
      'status', private.derive_transfer_status(v_transfer, who.staff_id, p_user, p_op_id, v_occurred, 'received'),
      'already_sent', false));
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-27] transfer.receive
-- ---------------------------------------------------------------------------------------------------------
create function private.transfer_receipt_answer(p_receipt uuid, p_status text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select pg_catalog.jsonb_build_object('id', p_receipt, 'status', p_status,
    'posted', coalesce(sum(l.posted + l.posted_damaged), 0), 'held', coalesce(sum(l.held + l.held_damaged), 0))
  from public.transfer_receipt_lines l where l.receipt_id = p_receipt
$$;

create function private.op_transfer_receive(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_occurred timestamptz := private.arg_time(p_args, 'occurred_at', true);
  v_company uuid := private.op_shop(p_args);
  v_transfer public.transfers := private.transfer_of(v_company, private.arg_uuid(p_args, 'transfer_id', true));
  v_existing public.transfer_receipts;
  who record;
  v_lines jsonb;
  l jsonb;
  i int := 0;
  v_path text;
  v_line public.transfer_lines;
  v_received numeric;
  v_damaged numeric;
  v_seen numeric;
  v_before numeric;
  v_overlap numeric;
  v_over numeric;
  v_held numeric;
  v_posted_damaged numeric;
  r public.transfer_receipt_lines;
  v_first uuid;
  v_product text;
begin
  select * into who from private.receiving_caller('transfer.receive', p_args, v_company, v_transfer.to_store_id,
                                                  p_user, v_id, v_transfer.number);
  -- [PUR-18] The same receipt under a new op id: applied, nothing written.
  select * into v_existing from public.transfer_receipts x where x.id = v_id;
  if found then
    if v_existing.company_id <> v_company or v_existing.transfer_id <> v_transfer.id then
      perform private.reject('duplicate_id', 'This receipt''s id is already used by another receipt');
    end if;
    return pg_catalog.jsonb_build_object('company_id', v_company, 'terminal_id', who.terminal_id,
      'result', private.transfer_receipt_answer(v_id, v_transfer.status) || '{"already_recorded": true}');
  end if;
  v_lines := private.document_lines(p_args, v_transfer.number);
  for l in select value from pg_catalog.jsonb_array_elements(v_lines) loop
    v_path := 'lines[' || i || ']';
    perform private.arg_uuid(l, 'id', true, v_path);
    v_received := private.stock_quantity(l, 'received', v_path, true);
    v_damaged := private.stock_quantity(l, 'damaged', v_path, true);
    if v_received + v_damaged = 0 then
      perform private.reject('invalid_quantity', v_path || ': received and damaged cannot both be 0');
    end if;
    perform private.seen_quantity(l, v_path);
    if not exists (select 1 from public.transfer_lines x
                   where x.company_id = v_company and x.transfer_id = v_transfer.id and x.removed_at is null
                     and x.id = private.arg_uuid(l, 'transfer_line_id', true, v_path)) then
      perform private.reject('invalid_args', v_path || '.transfer_line_id is not a line of ' || v_transfer.number);
    end if;
    i := i + 1;
  end loop;
  insert into public.transfer_receipts (id, company_id, transfer_id, store_id, terminal_id, staff_id, recorded_by,
                                        op_id, note, occurred_at)
  values (v_id, v_company, v_transfer.id, v_transfer.to_store_id, who.terminal_id, who.staff_id, p_user, p_op_id,
          private.arg_text(p_args, 'note', false, 500), v_occurred);
  i := 0;
  for l in select value from pg_catalog.jsonb_array_elements(v_lines) loop
    v_path := 'lines[' || i || ']';
    i := i + 1;
    select * into v_line from public.transfer_lines x
    where x.company_id = v_company and x.id = private.arg_uuid(l, 'transfer_line_id', true, v_path)
    for update;
    v_received := private.stock_quantity(l, 'received', v_path, true);
    v_damaged := private.stock_quantity(l, 'damaged', v_path, true);
    v_seen := private.seen_quantity(l, v_path);
    -- [PUR-19] What another till counted and this one had not seen is held …
    select coalesce(sum(x.posted + x.posted_damaged
                        + case when x.settled = 'dropped' then 0 else x.held + x.held_damaged end), 0)
    into v_before
    from public.transfer_receipt_lines x where x.transfer_line_id = v_line.id;
    v_overlap := case when v_before > v_seen then least(v_received + v_damaged, v_before - v_seen) else 0 end;
    -- … and so is whatever is above what is still on the way, held quantities left aside ([PUR-27] `over`).
    v_over := greatest(0, v_received + v_damaged - v_overlap - greatest(0, private.in_transit(v_line) - v_line.held));
    v_held := v_overlap + v_over;
    -- The held part comes out of what was received first (damaged goods never move stock anyway).
    insert into public.transfer_receipt_lines (id, company_id, receipt_id, transfer_id, transfer_line_id, store_id,
                                               product_id, position, received, damaged, seen_received, posted, held,
                                               posted_damaged, held_damaged)
    values (private.arg_uuid(l, 'id', true, v_path), v_company, v_id, v_transfer.id, v_line.id,
            v_transfer.to_store_id, v_line.product_id, i - 1, v_received, v_damaged, v_seen,
            v_received - least(v_held, v_received), least(v_held, v_received),
            v_damaged - (v_held - least(v_held, v_received)), v_held - least(v_held, v_received))
    on conflict (id) do nothing
    returning * into r;
    continue when r.id is null;
    if r.posted > 0 then
      perform private.add_document_movement(r.id, v_company, v_transfer.to_store_id, r.product_id, r.posted,
                                            'transfer', who.terminal_id, p_user, v_occurred, p_op_id);
    end if;
    v_posted_damaged := r.posted_damaged;
    select p.name into v_product from public.products p where p.id = r.product_id;
    if v_overlap > 0 then
      perform private.flag_transfer(v_transfer, r.id, r.product_id, 'conflict', who.terminal_id, who.staff_id,
        pg_catalog.jsonb_build_object('receipt_line_id', r.id, 'overlap', v_overlap, 'receipt_ids',
          (select pg_catalog.jsonb_agg(distinct x.receipt_id) from public.transfer_receipt_lines x
           where x.transfer_line_id = v_line.id)));
    end if;
    if v_over > 0 then
      perform private.flag_transfer(v_transfer, r.id, r.product_id, 'over', who.terminal_id, who.staff_id,
        pg_catalog.jsonb_build_object('receipt_line_id', r.id, 'over', v_over, 'sent', v_line.sent,
                                      'in_transit', private.in_transit(v_line)));
    end if;
    if v_posted_damaged > 0 then
      perform private.flag_transfer(v_transfer, r.id, r.product_id, 'damaged', who.terminal_id, who.staff_id,
        pg_catalog.jsonb_build_object('receipt_line_id', r.id, 'damaged', v_posted_damaged,
                                      'value', private.value_at_cost(v_company, r.product_id, v_posted_damaged)));
    end if;
    v_first := coalesce(v_first, r.id);
  end loop;
  if who.not_allowed and v_first is not null then
    perform private.flag_transfer(v_transfer, v_first, null, 'not_allowed', who.terminal_id, who.staff_id, '{}');
  end if;
  return pg_catalog.jsonb_build_object('company_id', v_company, 'terminal_id', who.terminal_id,
    'result', private.transfer_receipt_answer(v_id,
      private.derive_transfer_status(v_transfer, who.staff_id, p_user, p_op_id, v_occurred, 'received')));
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-28] transfer.settle
-- ---------------------------------------------------------------------------------------------------------
create function private.op_transfer_settle(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_action text := private.settle_action(p_args);
  v_reason text := pg_catalog.btrim(private.arg_text(p_args, 'reason', false, 200));
  v_occurred timestamptz := private.arg_time(p_args, 'occurred_at', true);
  r public.transfer_receipt_lines;
  v_transfer public.transfers;
  v_line public.transfer_lines;
  v_held_received numeric;
  v_over numeric;
  v_over_in numeric;
  v_transfer_id uuid;
begin
  perform private.arg_uuid(p_args, 'id', true);
  select * into r from public.transfer_receipt_lines x where x.id = private.arg_uuid(p_args, 'receipt_line_id', true);
  if not found then perform private.reject('unknown_transfer', 'This receipt line is not one of this shop''s'); end if;
  select rc.transfer_id into v_transfer_id from public.transfer_receipts rc where rc.id = r.receipt_id;
  v_transfer := private.managed_transfer(v_transfer_id);
  select * into v_line from public.transfer_lines x where x.id = r.transfer_line_id for update;
  select * into r from public.transfer_receipt_lines x where x.id = r.id for update;
  perform private.require_unsettled(r.settled, r.held + r.held_damaged, v_transfer.number, r.product_id);
  if v_action = 'accept' then
    -- What is above what is still on the way was sent without being recorded: a pair moves it from the sender
    -- to the receiver (its damaged part only leaves the sender), so the shop's total is kept ([PUR-30]).
    v_held_received := r.held;
    v_over := greatest(0, r.held + r.held_damaged - private.in_transit(v_line));
    v_over_in := least(v_over, v_held_received);
    if v_over > 0 then
      perform private.add_document_movement(pg_catalog.md5(r.id::text || ':over_out')::uuid, r.company_id,
        v_transfer.from_store_id, r.product_id, -v_over, 'transfer', null, p_user, v_occurred, p_op_id);
      update public.transfer_lines x set sent = x.sent + v_over where x.id = v_line.id;
    end if;
    if v_over_in > 0 then
      perform private.add_document_movement(pg_catalog.md5(r.id::text || ':over_in')::uuid, r.company_id,
        v_transfer.to_store_id, r.product_id, v_over_in, 'transfer', null, p_user, v_occurred, p_op_id);
    end if;
    if v_held_received - v_over_in > 0 then
      perform private.add_document_movement(pg_catalog.md5(r.id::text || ':accept')::uuid, r.company_id,
        v_transfer.to_store_id, r.product_id, v_held_received - v_over_in, 'transfer', null, p_user, v_occurred,
        p_op_id);
    end if;
  end if;
  update public.transfer_receipt_lines x
  set settled = case v_action when 'accept' then 'accepted' else 'dropped' end, settled_by = p_user,
      settled_at = pg_catalog.now(), settle_reason = v_reason
  where x.id = r.id;
  select * into v_transfer from public.transfers t where t.id = v_transfer.id;
  return pg_catalog.jsonb_build_object('company_id', r.company_id,
    'result', pg_catalog.jsonb_build_object('receipt_line_id', r.id, 'action', v_action,
      'status', private.derive_transfer_status(v_transfer, p_user, p_user, p_op_id, v_occurred, 'settled')));
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-29] transfer.close
-- ---------------------------------------------------------------------------------------------------------
create function private.op_transfer_close(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_transfer public.transfers := private.managed_transfer(private.arg_uuid(p_args, 'id', true));
  v_action text := private.arg_text(p_args, 'action', true, 10);
  v_remainder text := private.arg_text(p_args, 'remainder', false, 10);
  v_reason text := pg_catalog.btrim(private.arg_text(p_args, 'reason', false, 200));
  v_occurred timestamptz := private.arg_time(p_args, 'occurred_at', true);
  v_to text;
  v_line public.transfer_lines;
  v_rest numeric;
begin
  if v_action not in ('close', 'cancel') then
    perform private.reject('invalid_args', 'action must be close or cancel');
  end if;
  if v_action = 'cancel' then
    if v_transfer.status <> 'draft' then
      perform private.reject('wrong_status', v_transfer.number || ' is ' || pg_catalog.replace(v_transfer.status, '_', ' ')
        || ': only a draft can be cancelled');
    end if;
    v_to := 'cancelled';
  else
    if v_transfer.status not in ('in_transit', 'partly_received') then
      perform private.reject('wrong_status', v_transfer.number || ' is ' || pg_catalog.replace(v_transfer.status, '_', ' ')
        || ': only a transfer on its way can be closed');
    end if;
    if v_remainder is null or v_remainder not in ('lost', 'returned') then
      perform private.reject('invalid_args', 'remainder must be lost or returned');
    end if;
    if exists (select 1 from public.transfer_lines x
               where x.transfer_id = v_transfer.id and x.removed_at is null and x.held > 0) then
      perform private.reject('held_quantities',
        v_transfer.number || ' has held quantities: accept or drop them before closing it');
    end if;
    for v_line in select * from public.transfer_lines x
                  where x.transfer_id = v_transfer.id and x.removed_at is null order by x.position, x.id
                  for update
    loop
      v_rest := private.in_transit(v_line);
      continue when v_rest <= 0;
      if v_remainder = 'returned' then
        perform private.add_document_movement(pg_catalog.md5(v_line.id::text || ':return')::uuid, v_line.company_id,
          v_transfer.from_store_id, v_line.product_id, v_rest, 'transfer', null, p_user, v_occurred, p_op_id);
        update public.transfer_lines x set returned = x.returned + v_rest where x.id = v_line.id;
      else
        update public.transfer_lines x set lost = x.lost + v_rest where x.id = v_line.id;
        perform private.flag_transfer(v_transfer, v_line.id, v_line.product_id, 'lost', null, p_user,
          pg_catalog.jsonb_build_object('lost', v_rest,
                                        'value', private.value_at_cost(v_line.company_id, v_line.product_id, v_rest)));
      end if;
    end loop;
    v_to := 'closed';
  end if;
  update public.transfers t set status = v_to, version = t.version + 1, updated_at = pg_catalog.now(),
                                closed_at = case when v_to = 'closed' then v_occurred else t.closed_at end
  where t.id = v_transfer.id;
  perform private.add_document_event(v_transfer.company_id, 'transfer', v_transfer.id, v_to, v_transfer.status,
    v_to, p_user, p_op_id, v_occurred,
    pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object('remainder', v_remainder, 'reason', v_reason)));
  return pg_catalog.jsonb_build_object('company_id', v_transfer.company_id,
    'result', pg_catalog.jsonb_build_object('id', v_transfer.id, 'status', v_to));
end
$$;

insert into private.op_handlers (name, handler) values
  ('transfer.save', 'private.op_transfer_save(jsonb, uuid, uuid)'),
  ('transfer.send', 'private.op_transfer_send(jsonb, uuid, uuid)'),
  ('transfer.receive', 'private.op_transfer_receive(jsonb, uuid, uuid)'),
  ('transfer.settle', 'private.op_transfer_settle(jsonb, uuid, uuid)'),
  ('transfer.close', 'private.op_transfer_close(jsonb, uuid, uuid)');

revoke execute on function
  private.flag_transfer(public.transfers, uuid, uuid, text, uuid, uuid, jsonb),
  private.value_at_cost(uuid, uuid, numeric), private.in_transit(public.transfer_lines),
  private.derive_transfer_status(public.transfers, uuid, uuid, uuid, timestamptz, text),
  private.transfer_of(uuid, uuid), private.managed_transfer(uuid),
  private.op_transfer_save(jsonb, uuid, uuid), private.op_transfer_send(jsonb, uuid, uuid),
  private.transfer_receipt_answer(uuid, text), private.op_transfer_receive(jsonb, uuid, uuid),
  private.op_transfer_settle(jsonb, uuid, uuid), private.op_transfer_close(jsonb, uuid, uuid)
  from public, anon, authenticated;

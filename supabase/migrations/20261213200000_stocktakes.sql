-- Stocktakes (issue 38, piece C; supabase/SPEC.md [PUR-31]…[PUR-37], docs/purchasing.md "Stocktakes"):
-- * the ops stocktake.open, stocktake.count, stocktake.approve and stocktake.cancel ([PUR-10]'s roles);
-- * the variance rule of [PUR-33]: what the shelf should have held at the moment each product was counted,
--   from the server's own ledger, so a sale synced late is placed by its time and never counted twice;
-- * [PUR-36]: a movement that arrives after an approval but happened before the count it should have been
--   part of gets a compensating `count` movement and a flag, in the statement that inserted it;
-- * stocktake_review ([PUR-37]), the manager's page before and after approval.
-- The tables are [PUR-6]'s, made by 20261213000000_purchasing_schema.sql.

-- ---------------------------------------------------------------------------------------------------------
-- Reading a stocktake
-- ---------------------------------------------------------------------------------------------------------

-- [PUR-43] A stocktake of a shop the caller belongs to (as a member or a paired till), else unknown_stocktake:
-- another shop's id reads exactly as an id nobody has.
create function private.stocktake_of(p_id uuid, p_lock boolean default false) returns public.stocktakes
language plpgsql volatile security definer set search_path = '' as $$
declare
  v public.stocktakes;
begin
  if p_lock then
    select * into v from public.stocktakes s where s.id = p_id for update;
  else
    select * into v from public.stocktakes s where s.id = p_id;
  end if;
  if not found or not private.is_member(v.company_id) then
    perform private.reject('unknown_stocktake', 'This stocktake is not a stocktake of this shop');
  end if;
  return v;
end
$$;

-- [PUR-31] The products a stocktake counts: the shop's tracked, undeleted products, variant parents left out
-- ([PSTOCK-1]) — all of them, a category's or a supplier's (a variant without its own takes its parent's, as
-- [INS-9]). Read when it is reviewed or approved, so a product added meanwhile is in it.
create function private.stocktake_scope(p_stocktake public.stocktakes) returns table (product_id uuid)
language sql stable security definer set search_path = '' as $$
  select p.id
  from public.products p
  left join public.product_variants v on v.id = p.id and v.company_id = p.company_id and v.deleted_at is null
  left join public.products parent on parent.company_id = p.company_id and parent.id = v.parent_id
  where p.company_id = p_stocktake.company_id and p.track_stock and p.deleted_at is null
    and pg_catalog.cardinality(p.option_names) = 0
    and case p_stocktake.scope
          when 'category' then coalesce(p.category_id, parent.category_id) = p_stocktake.category_id
          when 'supplier' then coalesce(p.supplier_id, parent.supplier_id) = p_stocktake.supplier_id
          else true
        end
$$;

-- [PUR-34] The id of a stocktake's count movement of a product: one per product, so a replay moves nothing twice.
create function private.stocktake_movement_id(p_stocktake uuid, p_product uuid) returns uuid
language sql immutable set search_path = '' as $$
  select pg_catalog.md5(p_stocktake::text || ':' || p_product::text)::uuid
$$;

-- [PUR-33] What the ledger says the store held of a product at p_at: Σ delta of its movements that happened
-- by then, the stocktake's own count movement left out (it is the answer, not the question).
create function private.stock_at(p_company uuid, p_store uuid, p_product uuid, p_at timestamptz,
                                 p_stocktake uuid) returns numeric
language sql stable security definer set search_path = '' as $$
  select coalesce(sum(m.delta), 0)
  from public.stock_movements m
  where m.company_id = p_company and m.product_id = p_product and m.store_id = p_store and m.occurred_at <= p_at
    and m.id <> private.stocktake_movement_id(p_stocktake, p_product)
$$;

-- [PUR-32] [PUR-33] Per product counted: Σ counted of its lines in force (no kept line replaces them; a late
-- line counts for nothing, not even as a replacement) and t, the latest counted_at among them.
create function private.stocktake_counts(p_stocktake uuid)
returns table (product_id uuid, counted numeric, counted_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select l.product_id, sum(l.counted), max(l.counted_at)
  from public.stocktake_lines l
  where l.stocktake_id = p_stocktake and not l.late
    and not exists (select 1 from public.stocktake_lines r
                    where r.stocktake_id = l.stocktake_id and r.replaces = l.id and not r.late)
  group by l.product_id
$$;

-- [PUR-33] [PUR-34] The figures an approval posts, worked out now: each product counted (in scope or not) and,
-- when p_zero, each product in scope with no count, counted 0 as at now. variance_value is rounded half away
-- from zero to a minor unit ([VALUE-1]); unknown without a cost.
create function private.stocktake_figures(p_stocktake public.stocktakes, p_zero boolean)
returns table (product_id uuid, in_scope boolean, counted numeric, counted_at timestamptz, expected numeric,
               variance numeric, unit_cost bigint, variance_value bigint)
language sql stable security definer set search_path = '' as $$
  with scope as (
    select s.product_id from private.stocktake_scope(p_stocktake) s
  ), counts as (
    select c.product_id, c.counted, c.counted_at from private.stocktake_counts(p_stocktake.id) c
    union all
    select s.product_id, 0, pg_catalog.now() from scope s
    where p_zero and not exists (select 1 from private.stocktake_counts(p_stocktake.id) c
                                 where c.product_id = s.product_id)
  ), figured as (
    select c.product_id, c.product_id in (select s.product_id from scope s) as in_scope, c.counted, c.counted_at,
           private.stock_at(p_stocktake.company_id, p_stocktake.store_id, c.product_id, c.counted_at,
                            p_stocktake.id) as expected,
           p.cost
    from counts c
    join public.products p on p.company_id = p_stocktake.company_id and p.id = c.product_id
  )
  select f.product_id, f.in_scope, f.counted, f.counted_at, f.expected, f.counted - f.expected, f.cost,
         case when f.cost is not null
              then private.mul_div_round(f.cost, ((f.counted - f.expected) * 1000)::bigint, 1000) end
  from figured f
$$;

-- [PUR-7] One history row per change of a stocktake (private.add_document_event of the schema's migration).
create function private.stocktake_event(p_stocktake public.stocktakes, p_kind text, p_from text, p_to text,
                                        p_staff uuid, p_op uuid, p_occurred timestamptz, p_detail jsonb default '{}')
returns void
language sql volatile security definer set search_path = '' as $$
  select from private.add_document_event(p_stocktake.company_id, 'stocktake', p_stocktake.id, p_kind, p_from, p_to,
                                         p_staff, p_op, p_occurred, p_detail)
$$;

-- A count read as [OPS-8] reads a quantity, except that zero is a count (an empty shelf) and below zero
-- is none.
create function private.arg_count(p_obj jsonb, p_key text, p_path text) returns numeric
language plpgsql immutable set search_path = '' as $$
begin
  if (p_obj ->> p_key) ~ '^-' then
    perform private.reject('invalid_quantity', 'A count cannot be below zero');
  end if;
  if (p_obj ->> p_key) ~ '^0+(\.0{1,3})?$' then return 0; end if;
  return private.arg_quantity(p_obj, p_key, true, false, p_path);
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-31] stocktake.open
-- ---------------------------------------------------------------------------------------------------------
create function private.op_stocktake_open(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  v_company uuid := private.arg_uuid(p_args, 'company_id', true);
  v_store uuid := private.arg_uuid(p_args, 'store_id', true);
  v_scope text := private.arg_text(p_args, 'scope', true, 20);
  v_category uuid := private.arg_uuid(p_args, 'category_id', false);
  v_supplier uuid := private.arg_uuid(p_args, 'supplier_id', false);
  v_note text := pg_catalog.btrim(private.arg_text(p_args, 'note', false, 1000));
  v_occurred timestamptz := private.arg_time(p_args, 'occurred_at', true);
  v public.stocktakes;
  v_other public.stocktakes;
begin
  -- [PUR-10] Managers and owners; a paired till never.
  perform private.purchasing_role_check('stocktake.open', p_user, v_company, null);
  if not exists (select 1 from public.stores s where s.company_id = v_company and s.id = v_store) then
    perform private.reject('unknown_store', 'This store is not a store of this shop');
  end if;
  if v_scope not in ('all', 'category', 'supplier') then
    perform private.reject('invalid_args', 'scope must be all, category or supplier');
  end if;
  if (v_scope = 'category') <> (v_category is not null) or (v_scope = 'supplier') <> (v_supplier is not null) then
    perform private.reject('invalid_args', 'Name a category for a category''s count, a supplier for a supplier''s, '
                                           || 'and neither to count everything');
  end if;
  if v_category is not null and not exists (
       select 1 from public.categories c where c.company_id = v_company and c.id = v_category and c.deleted_at is null)
  then
    perform private.reject('unknown_category', 'This category is not a category of this shop');
  end if;
  if v_supplier is not null and not exists (
       select 1 from public.suppliers s where s.company_id = v_company and s.id = v_supplier and s.deleted_at is null)
  then
    perform private.reject('unknown_supplier', 'This supplier is not a supplier of this shop');
  end if;
  -- [PUR-18]'s rule for documents: the same stocktake sent again under a new op id is already there.
  select * into v from public.stocktakes s where s.id = v_id;
  if found then
    if v.company_id <> v_company then
      perform private.reject('duplicate_id', 'An id in this op is already used by another record');
    end if;
    return pg_catalog.jsonb_build_object('company_id', v_company, 'result', pg_catalog.jsonb_build_object(
      'id', v.id, 'number', v.number, 'status', v.status, 'already_recorded', true));
  end if;
  -- Two managers opening at once see each other's: the overlap check and the insert follow one another.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('stocktake:' || v_store::text, 0));
  select * into v_other from public.stocktakes s
  where s.company_id = v_company and s.store_id = v_store and s.status = 'open'
    and (s.scope = 'all' or v_scope = 'all' or s.category_id = v_category or s.supplier_id = v_supplier)
  limit 1;
  if found then
    perform private.reject('stocktake_overlap',
      v_other.number || ' is still open and counts some of the same products in this store: approve or cancel it first');
  end if;
  insert into public.stocktakes (id, company_id, store_id, number, scope, category_id, supplier_id, status,
                                 opened_at, note, created_by)
  values (v_id, v_company, v_store, private.next_document_number(v_company, 'stocktake'), v_scope, v_category,
          v_supplier, 'open', v_occurred, nullif(v_note, ''), p_user)
  returning * into v;
  perform private.stocktake_event(v, 'created', null, 'open', p_user, p_op_id, v_occurred);
  return pg_catalog.jsonb_build_object('company_id', v_company,
    'result', pg_catalog.jsonb_build_object('id', v.id, 'number', v.number, 'status', v.status));
end
$$;

-- The shop of an op a till or the back office sends: the till's when it names one (a paired till: only its
-- own store's, [DEV-7]; company_id, if sent too, must agree), else the company_id it names; a cashier at least.
create function private.op_till_or_shop(p_args jsonb, out terminal public.terminals, out company_id uuid)
language plpgsql volatile security definer set search_path = '' as $$
begin
  company_id := private.arg_uuid(p_args, 'company_id', false);
  if p_args ? 'terminal_id' and p_args -> 'terminal_id' <> 'null'::jsonb then
    terminal := private.require_terminal(private.arg_uuid(p_args, 'terminal_id', true), 'cashier');
    if company_id is not null and company_id <> terminal.company_id then
      perform private.reject('invalid_args', 'company_id is not the company of terminal_id');
    end if;
    company_id := terminal.company_id;
  else
    company_id := private.arg_uuid(p_args, 'company_id', true);
    perform private.require_role(company_id, 'cashier');
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-32] stocktake.count
-- ---------------------------------------------------------------------------------------------------------
create function private.op_stocktake_count(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := private.arg_uuid(p_args, 'id', true);
  w record;
  v_company uuid;
  v_terminal public.terminals;
  v public.stocktakes;
  v_not_allowed boolean;
  c record;
  v_lines jsonb := p_args -> 'lines';
  v_line jsonb;
  v_n int;
  v_path text;
  v_line_id uuid;
  v_product public.products;
  v_replaces uuid;
  v_counted numeric;
  v_zone text;
  v_at timestamptz;
  v_late boolean;
  v_added int := 0;
  v_first uuid;
begin
  select * into w from private.op_till_or_shop(p_args);
  v_terminal := w.terminal;
  v_company := w.company_id;
  select * into v from public.stocktakes s
  where s.id = private.arg_uuid(p_args, 'stocktake_id', true) and s.company_id = v_company;
  if not found then
    perform private.reject('unknown_stocktake', 'This stocktake is not a stocktake of this shop');
  end if;
  select * into c from private.op_cashier(p_args, v_company, p_user, v_id);
  -- [PUR-10] A cashier (or a paired till, which acts as one) counts only when the shop lets cashiers count, a
  -- paired till only at its own store; a verified cashier at a manager's till is applied and flagged.
  v_not_allowed := coalesce(private.purchasing_role_check('stocktake.count', p_user, v_company, v.store_id,
                                                          case when c.verified then c.cashier_id end)
                            = 'not_allowed', false);
  -- [PUR-23]'s rule: a till counts its own store.
  if v_terminal.id is not null and v_terminal.store_id <> v.store_id then
    perform private.reject('wrong_store', v.number || ' counts another store than this till''s');
  end if;
  if pg_catalog.jsonb_typeof(v_lines) is distinct from 'array' or pg_catalog.jsonb_array_length(v_lines) = 0
     or pg_catalog.jsonb_array_length(v_lines) > 1000 then
    perform private.reject('invalid_args', 'lines must be an array of 1 to 1000 counts');
  end if;
  -- [PUR-35] A count that reaches a stocktake already approved or cancelled is kept, posted nowhere, flagged.
  v_late := v.status <> 'open';
  for v_line, v_n in select e.value, e.ordinality from pg_catalog.jsonb_array_elements(v_lines) with ordinality e loop
    v_path := 'lines[' || (v_n - 1) || ']';
    if pg_catalog.jsonb_typeof(v_line) is distinct from 'object' then
      perform private.reject('invalid_args', v_path || ' must be an object');
    end if;
    v_line_id := private.arg_uuid(v_line, 'id', true, v_path);
    select * into v_product from public.products p
    where p.company_id = v_company and p.id = private.arg_uuid(v_line, 'product_id', true, v_path);
    if not found then
      perform private.reject('unknown_product', v_path || ': this product is not a product of this shop');
    end if;
    if not v_product.track_stock then
      perform private.reject('untracked_product', v_product.name || ' does not track stock');
    end if;
    if pg_catalog.cardinality(v_product.option_names) > 0 then
      perform private.reject('variant_parent', v_product.name || ' has variants: count each variant instead');
    end if;
    v_counted := private.arg_count(v_line, 'counted', v_path);
    v_zone := nullif(pg_catalog.btrim(private.arg_text(v_line, 'zone', false, 60, v_path)), '');
    v_at := private.arg_time(v_line, 'counted_at', true, v_path);
    v_replaces := private.arg_uuid(v_line, 'replaces', false, v_path);
    if v_replaces is not null and not exists (
         select 1 from public.stocktake_lines l
         where l.id = v_replaces and l.stocktake_id = v.id and l.product_id = v_product.id and l.id <> v_line_id) then
      perform private.reject('invalid_args',
        v_path || '.replaces must be an earlier count of ' || v_product.name || ' in ' || v.number);
    end if;
    insert into public.stocktake_lines (id, company_id, stocktake_id, store_id, product_id, counted, zone, counted_at,
                                        replaces, terminal_id, staff_id, recorded_by, op_id, in_scope, late)
    values (v_line_id, v_company, v.id, v.store_id, v_product.id, v_counted, v_zone, v_at, v_replaces,
            v_terminal.id, c.cashier_id, p_user, p_op_id,
            v_product.id in (select s.product_id from private.stocktake_scope(v) s), v_late)
    on conflict (id) do nothing;
    if found then
      v_added := v_added + 1;
      v_first := coalesce(v_first, v_line_id);
      if v_late then
        perform private.add_flag(v_company, 'stocktake', 'stocktake:' || v_line_id || ':late_count', null, p_op_id,
          v_terminal.id, pg_catalog.jsonb_build_object('reason', 'late_count', 'stocktake_id', v.id,
            'number', v.number, 'status', v.status, 'line_id', v_line_id, 'product_id', v_product.id,
            'name', v_product.name, 'counted', v_counted, 'counted_at', v_at, 'terminal_id', v_terminal.id,
            'staff_id', c.cashier_id));
      end if;
    end if;
  end loop;
  -- [PUR-10] [PUR-44] The verified person at the counter is a cashier and the shop does not let cashiers count:
  -- the shelf was counted all the same, so the counts stand and a manager hears of it.
  if v_first is not null and v_not_allowed then
    perform private.add_flag(v_company, 'stocktake', 'stocktake:' || v_first || ':not_allowed', null, p_op_id,
      v_terminal.id, pg_catalog.jsonb_build_object('reason', 'not_allowed', 'stocktake_id', v.id, 'number', v.number,
        'lines', v_added, 'terminal_id', v_terminal.id, 'staff_id', c.cashier_id));
  end if;
  if v_added > 0 then
    perform private.stocktake_event(v, 'counted', v.status, v.status, c.cashier_id, p_op_id, pg_catalog.now(),
      pg_catalog.jsonb_build_object('lines', v_added, 'terminal_id', v_terminal.id, 'staff_id', c.cashier_id,
                                    'late', v_late));
  end if;
  return pg_catalog.jsonb_build_object('company_id', v_company, 'terminal_id', v_terminal.id,
    'result', pg_catalog.jsonb_build_object('stocktake_id', v.id, 'status', v.status, 'lines', v_added,
                                            'late', v_late));
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-34] stocktake.approve
-- ---------------------------------------------------------------------------------------------------------

-- [PUR-36] The late-movement trigger's one look-up per store: is there a result counted at or after the
-- earliest movement of the statement? (Results are few, written only by approvals.)
create index stocktake_results_store_counted_idx on public.stocktake_results (store_id, counted_at);

create function private.op_stocktake_approve(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_uncounted text := private.arg_text(p_args, 'uncounted', true, 10);
  v_occurred timestamptz := private.arg_time(p_args, 'occurred_at', true);
  v_exclude uuid[];
  v public.stocktakes;
  v_results int;
  v_moved int;
begin
  v := private.stocktake_of(private.arg_uuid(p_args, 'id', true), true);
  perform private.purchasing_role_check('stocktake.approve', p_user, v.company_id, null);
  if v_uncounted not in ('leave', 'zero') then
    perform private.reject('invalid_args', 'uncounted must be leave or zero');
  end if;
  if p_args ? 'exclude_product_ids' and p_args -> 'exclude_product_ids' <> 'null'::jsonb then
    if pg_catalog.jsonb_typeof(p_args -> 'exclude_product_ids') <> 'array' then
      perform private.reject('invalid_args', 'exclude_product_ids must be an array of product ids');
    end if;
    select pg_catalog.array_agg(private.arg_uuid(pg_catalog.jsonb_build_object('id', e.value), 'id', true,
                                                 'exclude_product_ids'))
    into v_exclude from pg_catalog.jsonb_array_elements(p_args -> 'exclude_product_ids') e;
  end if;
  if v.status <> 'open' then
    perform private.reject('wrong_status', v.number || ' is ' || v.status || ': it cannot be approved');
  end if;
  -- Sales of these products wait until the approval is committed, so none slips between the ledger read here
  -- and the results [PUR-36] compares later movements with (the same (store, product) order sales lock in).
  perform 1 from public.stock_levels l
  where l.store_id = v.store_id
    and l.product_id in (select c.product_id from private.stocktake_counts(v.id) c
                         union all select s.product_id from private.stocktake_scope(v) s where v_uncounted = 'zero')
  order by l.store_id, l.product_id
  for update;
  create temporary table if not exists stocktake_approval (
    product_id uuid, in_scope boolean, counted numeric, counted_at timestamptz, expected numeric, variance numeric,
    unit_cost bigint, variance_value bigint
  ) on commit drop;
  delete from stocktake_approval;
  insert into stocktake_approval
  select f.* from private.stocktake_figures(v, v_uncounted = 'zero') f
  where f.in_scope or not f.product_id = any (coalesce(v_exclude, '{}'));
  insert into public.stock_movements (id, company_id, store_id, product_id, delta, reason, user_id, note,
                                      occurred_at, op_id)
  select private.stocktake_movement_id(v.id, a.product_id), v.company_id, v.store_id, a.product_id, a.variance,
         'count', p_user, v.number, a.counted_at, p_op_id
  from stocktake_approval a where a.variance <> 0
  order by a.product_id
  on conflict (id) do nothing;
  get diagnostics v_moved = row_count;
  insert into public.stocktake_results (company_id, stocktake_id, store_id, product_id, counted, expected, variance,
                                        unit_cost, variance_value, counted_at, in_scope, movement_id)
  select v.company_id, v.id, v.store_id, a.product_id, a.counted, a.expected, a.variance, a.unit_cost,
         a.variance_value, a.counted_at, a.in_scope,
         case when a.variance <> 0 then private.stocktake_movement_id(v.id, a.product_id) end
  from stocktake_approval a;
  get diagnostics v_results = row_count;
  drop table stocktake_approval;
  perform private.stocktake_event(v, 'approved', 'open', 'approved', p_user, p_op_id, v_occurred,
    pg_catalog.jsonb_build_object('uncounted', v_uncounted, 'products', v_results, 'moved', v_moved,
                                  'excluded', coalesce(pg_catalog.to_jsonb(v_exclude), '[]')));
  update public.stocktakes s
  set status = 'approved', approved_at = v_occurred, approved_by = p_user, uncounted = v_uncounted,
      version = s.version + 1
  where s.id = v.id;
  return pg_catalog.jsonb_build_object('company_id', v.company_id,
    'result', pg_catalog.jsonb_build_object('id', v.id, 'number', v.number, 'status', 'approved',
                                            'products', v_results, 'moved', v_moved));
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-35] stocktake.cancel
-- ---------------------------------------------------------------------------------------------------------
create function private.op_stocktake_cancel(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_reason text := nullif(pg_catalog.btrim(private.arg_text(p_args, 'reason', false, 200)), '');
  v_occurred timestamptz := private.arg_time(p_args, 'occurred_at', true);
  v public.stocktakes;
begin
  v := private.stocktake_of(private.arg_uuid(p_args, 'id', true), true);
  perform private.purchasing_role_check('stocktake.cancel', p_user, v.company_id, null);
  if v.status <> 'open' then
    perform private.reject('wrong_status', v.number || ' is ' || v.status || ': it cannot be cancelled');
  end if;
  perform private.stocktake_event(v, 'cancelled', 'open', 'cancelled', p_user, p_op_id, v_occurred,
                                  pg_catalog.jsonb_build_object('reason', v_reason));
  update public.stocktakes s
  set status = 'cancelled', cancelled_at = v_occurred, version = s.version + 1
  where s.id = v.id;
  return pg_catalog.jsonb_build_object('company_id', v.company_id,
    'result', pg_catalog.jsonb_build_object('id', v.id, 'number', v.number, 'status', 'cancelled'));
end
$$;

insert into private.op_handlers (name, handler) values
  ('stocktake.open', 'private.op_stocktake_open(jsonb, uuid, uuid)'),
  ('stocktake.count', 'private.op_stocktake_count(jsonb, uuid, uuid)'),
  ('stocktake.approve', 'private.op_stocktake_approve(jsonb, uuid, uuid)'),
  ('stocktake.cancel', 'private.op_stocktake_cancel(jsonb, uuid, uuid)');

revoke execute on function private.op_stocktake_open(jsonb, uuid, uuid), private.op_stocktake_count(jsonb, uuid, uuid),
  private.op_stocktake_approve(jsonb, uuid, uuid), private.op_stocktake_cancel(jsonb, uuid, uuid)
  from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- [PUR-36] Late movements
-- ---------------------------------------------------------------------------------------------------------

-- A movement of an approved stocktake's store and result product, that happened by that product's counted_at
-- and arrives after the approval (a till offline during the count), was not in `expected`: the count already
-- says what the shelf held then, so the movement is undone by a `count` of the opposite delta (id from the
-- movement's, so never twice) and a manager is told. One compensation per movement, made for the latest count
-- it falls before, restores on-hand after every count it falls before. Compensations are never compensated.
create function private.compensate_late_movements() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_flags int;
begin
  if pg_catalog.current_setting('tillpoint.stocktake_compensating', true) = 'on' then return null; end if;
  -- The sale path's cost: per store of the statement (a till's batch: one), one index probe of the results.
  if not exists (select 1
                 from (select a.store_id, min(a.occurred_at) as earliest from added a group by a.store_id) e
                 where exists (select 1 from public.stocktake_results r
                               where r.store_id = e.store_id and r.counted_at >= e.earliest))
  then
    return null;
  end if;
  perform pg_catalog.set_config('tillpoint.stocktake_compensating', 'on', true);
  with late as (
    select distinct on (a.id) a.id, a.company_id, a.store_id, a.product_id, a.delta, a.reason, a.sale_id,
           a.terminal_id, a.op_id, a.occurred_at, s.id as stocktake_id, s.number, r.counted_at
    from added a
    join public.stocktake_results r on r.company_id = a.company_id and r.product_id = a.product_id
      and r.store_id = a.store_id and r.counted_at >= a.occurred_at
    join public.stocktakes s on s.company_id = r.company_id and s.id = r.stocktake_id
    where not (a.reason = 'count' and a.id = private.stocktake_movement_id(s.id, a.product_id))
    order by a.id, r.counted_at desc
  ), moved as (
    insert into public.stock_movements (id, company_id, store_id, product_id, delta, reason, terminal_id, note,
                                        occurred_at)
    select pg_catalog.md5(l.id::text || ':stocktake')::uuid, l.company_id, l.store_id, l.product_id, -l.delta,
           'count', l.terminal_id, l.number || ': counted before this movement arrived', l.occurred_at
    from late l
    order by l.store_id, l.product_id
    on conflict (id) do nothing
    returning id
  )
  select count(private.add_flag(l.company_id, 'stocktake', 'stocktake:' || l.id || ':late_movement', l.sale_id,
                                l.op_id, l.terminal_id,
           pg_catalog.jsonb_build_object('reason', 'late_movement', 'stocktake_id', l.stocktake_id,
             'number', l.number, 'movement_id', l.id, 'movement_reason', l.reason, 'product_id', l.product_id,
             'delta', l.delta, 'occurred_at', l.occurred_at, 'counted_at', l.counted_at, 'sale_id', l.sale_id,
             'compensation_id', m.id)))
  into v_flags
  from late l join moved m on m.id = pg_catalog.md5(l.id::text || ':stocktake')::uuid;
  perform pg_catalog.set_config('tillpoint.stocktake_compensating', '', true);
  return null;
end
$$;

-- After stock_movements_apply (triggers of one event fire in name order), so the level already holds the
-- late movement when its compensation is added.
create trigger stock_movements_stocktake_late after insert on public.stock_movements
  referencing new table as added
  for each statement execute function private.compensate_late_movements();

-- The helpers are the server's: no API role calls them.
revoke execute on function private.stocktake_of(uuid, boolean), private.stocktake_scope(public.stocktakes),
  private.stocktake_movement_id(uuid, uuid), private.stock_at(uuid, uuid, uuid, timestamptz, uuid),
  private.stocktake_counts(uuid), private.stocktake_figures(public.stocktakes, boolean),
  private.stocktake_event(public.stocktakes, text, text, text, uuid, uuid, timestamptz, jsonb),
  private.arg_count(jsonb, text, text), private.op_till_or_shop(jsonb), private.compensate_late_movements()
  from public, anon, authenticated;

-- [DERIVE-1]…[DERIVE-11] The server re-derives each sale (issue 33, supabase/SPEC.md §17). A till decides
-- offline; after each batch apply_ops compares every op it applied with the server's own catalogue and the
-- shop's rules and writes one flag (public.flags, [FLAG-1]) per difference: price, tax rate, modifiers,
-- weight without a label, scale label, missing approval, a card payment used twice or for another amount. The
-- sale is kept as recorded; a flag never rejects anything. Flag ids are drawn by the server; each flag's
-- dedupe key names the difference (the line, the rule), so a replay or a re-check flags nothing twice.
--
-- * private.catalogue_prices: the price history — what each product (variants are products) and each modifier
--   option cost, with its tax rate, and from when to when. Filled by statement triggers, backfilled below.
-- * private.flag_sales(ops, answers): the post-pass, called by apply_ops once per batch over every op it
--   applied, whichever path applied it (the batch path of [OPS-15] or the one-op path). Set-based: one
--   statement per family of flags over the whole batch, no loop over sales or lines.
-- * private.approvals_given: approvals the server verified on 'approval' events, by the row they approve.
-- * private.flag_scale_labels: [SCALE-7]'s re-check, now writing `scale_label` flags (old activity rows stay).

-- ---------------------------------------------------------------------------------------------------------
-- [DERIVE-1] Price history
-- ---------------------------------------------------------------------------------------------------------
create table private.catalogue_prices (
  id bigint generated always as identity primary key,
  company_id uuid not null,
  item_kind text not null check (item_kind in ('product', 'modifier_option')),
  item_id uuid not null,
  price bigint not null,
  tax_rate_bp int,
  valid_from timestamptz not null,
  valid_to timestamptz,
  check (valid_to is null or valid_to > valid_from)
);
comment on table private.catalogue_prices is
  'What each product (price, tax rate) and modifier option (price delta) cost, from valid_from to valid_to '
  '(null: still). Written only by triggers; read by private.flag_sales (DERIVE-1).';
create index catalogue_prices_item_idx on private.catalogue_prices (item_id, valid_from);

-- Rows recorded before the history existed: their present price is all that is known, since always.
insert into private.catalogue_prices (company_id, item_kind, item_id, price, tax_rate_bp, valid_from)
select p.company_id, 'product', p.id, p.price, p.tax_rate_bp, '-infinity' from public.products p;
insert into private.catalogue_prices (company_id, item_kind, item_id, price, tax_rate_bp, valid_from)
select o.company_id, 'modifier_option', o.id, o.price_delta, null, '-infinity' from public.modifier_options o;

-- One statement's new or changed rows, as (company, item, price, tax rate), close the item's open row and open
-- a new one from now. A row changed twice in one transaction keeps only its last price: an interval that ends
-- where it starts was never in force, so it is not kept. New rows have nothing to close.
create function private.record_prices(p_kind text, p_rows jsonb, p_new boolean) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if p_rows is null or pg_catalog.jsonb_array_length(p_rows) = 0 then return; end if;
  if not p_new then
    delete from private.catalogue_prices h
    using pg_catalog.jsonb_to_recordset(p_rows) as r(id uuid)
    where h.item_id = r.id and h.item_kind = p_kind and h.valid_to is null and h.valid_from = pg_catalog.now();
    update private.catalogue_prices h set valid_to = pg_catalog.now()
    from pg_catalog.jsonb_to_recordset(p_rows) as r(id uuid)
    where h.item_id = r.id and h.item_kind = p_kind and h.valid_to is null;
  end if;
  insert into private.catalogue_prices (company_id, item_kind, item_id, price, tax_rate_bp, valid_from)
  select r.company_id, p_kind, r.id, r.price, r.tax_rate_bp, pg_catalog.now()
  from pg_catalog.jsonb_to_recordset(p_rows) as r(company_id uuid, id uuid, price bigint, tax_rate_bp int);
end
$$;

-- Statement triggers (transition tables): an import of 50,000 products is one history insert, not 50,000.
create function private.products_priced_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.record_prices('product', (
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('company_id', n.company_id, 'id', n.id,
                                                              'price', n.price, 'tax_rate_bp', n.tax_rate_bp))
    from new_rows n), true);
  return null;
end
$$;
create function private.options_priced_update() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.record_prices('modifier_option', (
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('company_id', n.company_id, 'id', n.id,
                                                              'price', n.price_delta))
    from new_rows n join old_rows o on o.id = n.id
    where o.price_delta is distinct from n.price_delta), false);
  return null;
end
$$;
create function private.options_priced_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.record_prices('modifier_option', (
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('company_id', n.company_id, 'id', n.id,
                                                              'price', n.price_delta))
    from new_rows n), true);
  return null;
end
$$;
create function private.products_priced_update() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.record_prices('product', (
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('company_id', n.company_id, 'id', n.id,
                                                              'price', n.price, 'tax_rate_bp', n.tax_rate_bp))
    from new_rows n join old_rows o on o.id = n.id
    where (o.price, o.tax_rate_bp) is distinct from (n.price, n.tax_rate_bp)), false);
  return null;
end
$$;
create trigger products_price_history_insert after insert on public.products
  referencing new table as new_rows for each statement execute function private.products_priced_insert();
create trigger products_price_history_update after update on public.products
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.products_priced_update();
create trigger modifier_options_price_history_insert after insert on public.modifier_options
  referencing new table as new_rows for each statement execute function private.options_priced_insert();
create trigger modifier_options_price_history_update after update on public.modifier_options
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.options_priced_update();

-- [DERIVE-1] The window in which a sale's catalogue is read: from the till's clock (occurred_at), never
-- earlier than 7 days before the server recorded the sale nor later than that, to when it was recorded.
create function private.price_window_start(p_occurred timestamptz, p_recorded timestamptz) returns timestamptz
language sql stable as $$
  select greatest(least(p_occurred, p_recorded), p_recorded - interval '7 days')
$$;

-- What a product's prices or tax rates were in a window ([DERIVE-1]), at most ten, for a flag's detail.
create function private.window_values(p_product uuid, p_what text, p_until timestamptz, p_since timestamptz)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(pg_catalog.jsonb_agg(x.value), '[]')
  from (select distinct case p_what when 'price' then h.price else h.tax_rate_bp end as value
        from private.catalogue_prices h
        where h.item_id = p_product and h.item_kind = 'product'
          and h.valid_from <= p_until and coalesce(h.valid_to, 'infinity') > p_since
        order by 1
        limit 10) x
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The post-pass
-- ---------------------------------------------------------------------------------------------------------
-- A UUID from text, or null: private.try_uuid without its SET clause, so the planner inlines it (it runs
-- per op in every statement below).
create function private.as_uuid(p text) returns uuid
language sql immutable as $$
  select case when p ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then p::uuid end
$$;

-- The ops of a batch that were applied now (not answered from applied_ops), with their args. Each op's
-- answer is found by its position, so a batch of n ops costs n look-ups, not n².
create function private.applied_now(p_ops jsonb, p_answers jsonb)
returns table (op_id uuid, name text, args jsonb)
language sql immutable as $$
  select private.as_uuid(o.op ->> 'op_id'), o.op ->> 'name', o.op -> 'args'
  from pg_catalog.jsonb_array_elements(p_ops) with ordinality as o(op, n)
  where p_answers -> (o.n::int - 1) ->> 'status' = 'applied' and pg_catalog.jsonb_typeof(o.op -> 'args') = 'object'
$$;

-- [DERIVE-6] The approvals a till logged as 'approval' events for another row (an op carries one approval, so
-- a sale's price change may be approved there, docs/shared-till.md), kept when the server verified the
-- event's own approval: only then did the server write the event's detail.approval (a till may send a detail
-- of its own with an `approval` key in it, which proves nothing). Written by private.flag_sales.
create table private.approvals_given (
  event_id uuid primary key,
  company_id uuid not null,
  subject_id uuid not null,
  action text not null
);
comment on table private.approvals_given is
  'Verified approvals given through activity events, by the row they were given for (DERIVE-6).';
create index approvals_given_subject_idx on private.approvals_given (subject_id);

create function private.record_approvals_given(p_ops jsonb, p_answers jsonb) returns void
language sql security definer set search_path = '' as $$
  insert into private.approvals_given (event_id, company_id, subject_id, action)
  select e.id, e.company_id, private.as_uuid(e.detail ->> 'subject_id'), e.detail ->> 'action'
  from private.applied_now(p_ops, p_answers) o
  join public.activity_events e on e.id = private.as_uuid(o.args ->> 'id') and e.op_id = o.op_id
  where o.name = 'activity.record' and e.kind = 'approval'
    and pg_catalog.jsonb_typeof(o.args -> 'approval') = 'object'
    and e.detail -> 'approval' ->> 'verified' = 'true'
    and e.detail -> 'approval' ->> 'action' = e.detail ->> 'action'
    and private.as_uuid(e.detail ->> 'subject_id') is not null
  on conflict (event_id) do nothing
$$;

-- [DERIVE-6] Whether `p_action` on the row `p_subject` was approved as the shop's rules ask: a verified
-- approval of that action on the row itself (written by the server, [STAFF-11]), a verified approval given
-- for the row through an 'approval' event (private.approvals_given), or a verified cashier who is an active
-- manager or owner (they approve their own action).
create function private.approved(p_company uuid, p_subject uuid, p_action text, p_row_action text,
                                 p_row_verified boolean, p_cashier uuid, p_cashier_verified boolean)
returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(p_row_action = p_action and p_row_verified, false)
      or (coalesce(p_cashier_verified, false) and exists (
            select 1 from public.staff st
            where st.company_id = p_company and st.id = p_cashier and st.active
              and private.role_rank(st.role) >= private.role_rank('manager')))
      or exists (
            select 1 from private.approvals_given g
            where g.subject_id = p_subject and g.company_id = p_company and g.action = p_action)
$$;

-- [DERIVE-2]…[DERIVE-6] Each line of the batch's sales against the catalogue at the sale's time, and each
-- sale against the shop's approval rules: one statement for the batch.
create function private.flag_sale_lines(p_ops jsonb, p_answers jsonb) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform private.add_flag(f.company_id, f.kind, f.dedupe_key, f.sale_id, f.op_id, f.terminal_id, f.detail)
  from (
    with sales as materialized (
      select s.id, s.company_id, s.terminal_id, s.op_id, s.recorded_at, s.subtotal, s.discount_total,
             s.cashier_id, s.cashier_verified, s.approval_action, s.approval_verified, o.args,
             private.price_window_start(s.occurred_at, s.recorded_at) as since,
             c.approve_discount_over_bp, c.approve_price_override,
             pg_catalog.jsonb_array_length(c.scale_labels) > 0 as labels_used
      from private.applied_now(p_ops, p_answers) o
      join public.sales s on s.id = private.as_uuid(o.args ->> 'id') and s.op_id = o.op_id
      join public.companies c on c.id = s.company_id
      where o.name = 'sale.record' and s.kind = 'sale'
    ), labelled as materialized (
      -- The lines rung up from a scale label (the label is not stored: it is in the op), and the price a
      -- readable price label says the customer pays for one pack ([SCALE-6]). Materialized, as the CTEs
      -- the lines join are: inlined, the planner may read every sale's lines again for each line.
      select private.as_uuid(x.value ->> 'id') as id,
             case when (r.read ->> 'ok')::boolean and r.read ? 'price' then (r.read ->> 'price')::bigint end
               as pack_price
      from sales s
      join public.companies c on c.id = s.company_id
      join public.currencies cur on cur.code = c.currency
      cross join lateral pg_catalog.jsonb_array_elements(s.args -> 'lines') x
      cross join lateral (select private.read_scale_label(x.value ->> 'scale_label', c.scale_labels,
                                                          cur.minor_units) as read) r
      where pg_catalog.jsonb_typeof(s.args -> 'lines') = 'array'
        and s.args -> 'lines' @? '$[*].scale_label ? (@ != null)'
        and pg_catalog.jsonb_typeof(x.value -> 'scale_label') = 'string'
    ), modified as materialized (
      -- Σ recorded deltas of each modified line (one pass over the batch's modifier rows).
      select x.sale_line_id, sum(x.price_delta) as deltas
      from sales s join public.sale_line_modifiers x on x.sale_id = s.id
      group by x.sale_line_id
    ), lines as materialized (
      select l.id, l.line_no, l.name, l.product_id, l.quantity, l.unit_price, l.tax_rate_bp, s.id as sale_id,
             s.company_id, s.terminal_id, s.op_id, s.labels_used, s.recorded_at, s.since, p.weighed,
             pg_catalog.cardinality(p.option_names) > 0 as is_parent,
             coalesce(m.deltas, 0) as deltas, b.id is not null as has_label,
             -- Today's price and rate were in force at recorded_at, so a line at them needs no history.
             l.tax_rate_bp = p.tax_rate_bp or h.rate_ok as rate_ok,
             -- One pack at its price label's price ([SCALE-6]) is at the price the label says; [SCALE-7]
             -- checks the label itself.
             greatest(0, p.price + coalesce(m.deltas, 0)) = l.unit_price or h.price_ok
               or coalesce(l.quantity = 1 and l.unit_price = b.pack_price, false) as price_ok
      from sales s
      join public.sale_lines l on l.sale_id = s.id
      join public.products p on p.id = l.product_id and p.company_id = s.company_id
      left join modified m on m.sale_line_id = l.id
      left join labelled b on b.id = l.id
      cross join lateral (
        select coalesce(bool_or(greatest(0, h.price + coalesce(m.deltas, 0)) = l.unit_price), false) as price_ok,
               coalesce(bool_or(h.tax_rate_bp = l.tax_rate_bp), false) as rate_ok
        from private.catalogue_prices h
        where (greatest(0, p.price + coalesce(m.deltas, 0)) <> l.unit_price or p.tax_rate_bp <> l.tax_rate_bp)
          and h.item_id = l.product_id and h.item_kind = 'product'
          and h.valid_from <= s.recorded_at and coalesce(h.valid_to, 'infinity') > s.since
      ) h
    ), grouped as (
      -- The products of the batch's shops that use modifier groups ([MOD-3]: their own, or a variant's
      -- parent's): few in any shop, so the lines are matched against them in one hash join, not a probe each.
      select x.product_id
      from public.product_modifier_groups x
      where x.company_id in (select s.company_id from sales s) and x.deleted_at is null
      union
      select v.id
      from public.product_modifier_groups x
      join public.product_variants v on v.parent_id = x.product_id and v.deleted_at is null
      where x.company_id in (select s.company_id from sales s) and x.deleted_at is null
    ), groups as (
      -- [DERIVE-4] The groups each line's product uses, for the lines whose product has any.
      select l.*, g.id as group_id, g.name as group_name, g.min_choices, g.max_choices,
             (select count(*) from public.sale_line_modifiers x
              where x.sale_line_id = l.id and x.group_id = g.id)::int as chosen
      from lines l
      cross join lateral private.product_modifier_groups(l.company_id, l.product_id) pg
      join public.modifier_groups g on g.id = pg.group_id
      where l.product_id in (select product_id from grouped)
    )
    -- [DERIVE-2] A unit price that was not the catalogue's (with the line's modifiers) at any time in the
    -- sale's window, or a parent of variants sold itself.
    select l.company_id, 'price' as kind, 'price:' || l.id as dedupe_key, l.sale_id, l.op_id, l.terminal_id,
           pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
             'line_id', l.id, 'line_no', l.line_no, 'name', left(l.name, 100), 'product_id', l.product_id,
             'reason', case when l.is_parent then 'parent_sold' else 'not_catalogue_price' end,
             'unit_price', l.unit_price, 'catalogue_prices', private.window_values(l.product_id, 'price', l.recorded_at, l.since),
             'modifier_deltas', nullif(l.deltas, 0))) as detail
    from lines l where l.is_parent or not l.price_ok
    union all
    -- [DERIVE-3] A tax rate that was not the product's at any time in the window.
    select l.company_id, 'tax_rate', 'tax_rate:' || l.id, l.sale_id, l.op_id, l.terminal_id,
           pg_catalog.jsonb_build_object('line_id', l.id, 'line_no', l.line_no, 'name', left(l.name, 100),
                                         'product_id', l.product_id, 'tax_rate_bp', l.tax_rate_bp,
                                         'catalogue_rates',
                                         private.window_values(l.product_id, 'tax_rate_bp', l.recorded_at, l.since))
    from lines l where not l.rate_ok
    union all
    -- [DERIVE-5] A weighed product's line keyed in, not rung up from a label, in a shop whose scale prints them.
    select l.company_id, 'weight_without_label', 'weight_without_label:' || l.id, l.sale_id, l.op_id,
           l.terminal_id,
           pg_catalog.jsonb_build_object('line_id', l.id, 'line_no', l.line_no, 'name', left(l.name, 100),
                                         'product_id', l.product_id, 'quantity', l.quantity,
                                         'unit_price', l.unit_price)
    from lines l
    where l.weighed and l.labels_used and not l.has_label
    union all
    -- [DERIVE-4] A group of the product chosen outside min..max (a required one left empty).
    select g.company_id, 'modifiers', 'modifiers:' || g.id || ':' || g.group_id, g.sale_id, g.op_id,
           g.terminal_id,
           pg_catalog.jsonb_build_object('line_id', g.id, 'line_no', g.line_no, 'name', left(g.name, 100),
                                         'reason', case when g.chosen = 0 then 'required_group_empty'
                                                        else 'choice_count' end,
                                         'group_id', g.group_id, 'group', left(g.group_name, 100),
                                         'chosen', g.chosen, 'min', g.min_choices, 'max', g.max_choices)
    from groups g where g.chosen < g.min_choices or g.chosen > g.max_choices
    union all
    -- [DERIVE-4] An option sold at a delta it never had in the window.
    select l.company_id, 'modifiers', 'modifiers:' || l.id || ':' || x.option_id, l.sale_id, l.op_id,
           l.terminal_id,
           pg_catalog.jsonb_build_object('line_id', l.id, 'line_no', l.line_no, 'name', left(l.name, 100),
                                         'reason', 'option_price', 'option_id', x.option_id,
                                         'option', left(x.option_name, 100), 'price_delta', x.price_delta)
    from sales s
    join public.sale_line_modifiers x on x.sale_id = s.id
    join lines l on l.id = x.sale_line_id
    where not exists (
      select 1 from private.catalogue_prices h
      where h.item_id = x.option_id and h.item_kind = 'modifier_option' and h.price = x.price_delta
        and h.valid_from <= s.recorded_at and coalesce(h.valid_to, 'infinity') > s.since)
    union all
    -- [DERIVE-6] A discount over the shop's limit, or a price that is not the catalogue's where the shop asks
    -- for approval of price changes, without a verified approval.
    select s.company_id, 'missing_approval', 'missing_approval:' || s.id || ':' || r.action, s.id, s.op_id,
           s.terminal_id,
           pg_catalog.jsonb_build_object('op', 'sale.record', 'action', r.action, 'subject_id', s.id,
                                         'discount_total', s.discount_total, 'subtotal', s.subtotal,
                                         'approval_action', s.approval_action,
                                         'approval_verified', s.approval_verified)
    from sales s
    cross join lateral (values
      ('discount', s.approve_discount_over_bp is not null and s.discount_total > 0
                   and (s.subtotal <= 0 or s.discount_total * 10000 > s.approve_discount_over_bp * s.subtotal)),
      ('price_override', s.approve_price_override
                         and s.id in (select l.sale_id from lines l where not l.price_ok))) as r(action, needed)
    where r.needed
      and not private.approved(s.company_id, s.id, r.action, s.approval_action, s.approval_verified,
                               s.cashier_id, s.cashier_verified)
  ) f
  order by f.dedupe_key;
end
$$;

-- [DERIVE-7] Approvals the shop's rules ask for outside a sale: a refund, a 'No sale', a removed line, a shift
-- closed with a cash difference over the limit. One statement for the batch.
create function private.flag_other_approvals(p_ops jsonb, p_answers jsonb) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform private.add_flag(f.company_id, 'missing_approval', f.dedupe_key, f.sale_id, f.op_id, f.terminal_id,
                           f.detail)
  from (
    with applied as materialized (
      select * from private.applied_now(p_ops, p_answers) o
      where o.name in ('sale.refund', 'activity.record', 'shift.close')
    )
    select s.company_id, 'missing_approval:' || s.id || ':refund' as dedupe_key, s.id as sale_id, s.op_id,
           s.terminal_id,
           pg_catalog.jsonb_build_object('op', 'sale.refund', 'action', 'refund', 'subject_id', s.id,
                                         'refund_of', s.refund_of, 'total', s.total,
                                         'approval_action', s.approval_action,
                                         'approval_verified', s.approval_verified) as detail
    from applied o
    join public.sales s on s.id = private.as_uuid(o.args ->> 'id') and s.op_id = o.op_id and s.kind = 'refund'
    join public.companies c on c.id = s.company_id
    where o.name = 'sale.refund' and c.approve_refund
      and not private.approved(s.company_id, s.id, 'refund', s.approval_action, s.approval_verified,
                               s.cashier_id, s.cashier_verified)
    union all
    select e.company_id, 'missing_approval:' || e.id || ':' || r.action, null, e.op_id, e.terminal_id,
           pg_catalog.jsonb_build_object('op', 'activity.record', 'action', r.action, 'subject_id', e.id,
                                         'event', e.kind, 'staff_id', e.staff_id,
                                         'approval', e.detail -> 'approval')
    from applied o
    join public.activity_events e on e.id = private.as_uuid(o.args ->> 'id') and e.op_id = o.op_id
    join public.companies c on c.id = e.company_id
    cross join lateral (values (case e.kind when 'no_sale' then 'no_sale' else 'line_removal' end)) as r(action)
    where o.name = 'activity.record'
      and ((e.kind = 'no_sale' and c.approve_no_sale) or (e.kind = 'line_voided' and c.approve_line_removal))
      -- The event's detail.approval is the server's only when the op carried an approval.
      and not private.approved(e.company_id, e.id, r.action,
                               case when pg_catalog.jsonb_typeof(o.args -> 'approval') = 'object'
                                    then e.detail -> 'approval' ->> 'action' end,
                               e.detail -> 'approval' ->> 'verified' = 'true', e.staff_id, e.verified)
    union all
    select h.company_id, 'missing_approval:' || h.id || ':shift_difference', null, o.op_id, h.terminal_id,
           pg_catalog.jsonb_build_object('op', 'shift.close', 'action', 'shift_difference', 'subject_id', h.id,
                                         'expected_cash', h.expected_cash, 'counted_cash', h.counted_cash,
                                         'limit', c.approve_shift_difference_over,
                                         'approval_action', h.approval_action,
                                         'approval_verified', h.approval_verified)
    from applied o
    join public.shifts h on h.id = private.as_uuid(o.args ->> 'id')
                        and h.terminal_id = private.as_uuid(o.args ->> 'terminal_id')
    join public.companies c on c.id = h.company_id
    where o.name = 'shift.close' and h.closed_at is not null and c.approve_shift_difference_over is not null
      and abs(h.counted_cash - h.expected_cash) > c.approve_shift_difference_over
      and h.approved_by is null
      and not coalesce(h.approval_action = 'shift_difference' and h.approval_verified, false)
  ) f
  order by f.dedupe_key;
end
$$;

-- [DERIVE-8] [DERIVE-9] A card payment pays one sale, for its amount. A sale's card tender naming a
-- PaymentIntent whose row ([CARD-7]) already paid another tender is flagged on both sales; a tender linked to
-- its payment for another amount is flagged on the sale.
create function private.flag_card_tenders(p_ops jsonb, p_answers jsonb) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform private.add_flag(f.company_id, f.kind, f.dedupe_key, f.sale_id, f.op_id, f.terminal_id, f.detail)
  from (
    with tenders as materialized (
      select s.id as sale_id, s.company_id, s.terminal_id, s.op_id, p.id as payment_id, p.amount, p.reference,
             c.payment_id as paid_by, c.sale_id as paid_sale, c.amount as card_amount, c.status
      from private.applied_now(p_ops, p_answers) o
      join public.sales s on s.id = private.as_uuid(o.args ->> 'id') and s.op_id = o.op_id and s.kind = 'sale'
      join public.payments p on p.sale_id = s.id and p.method = 'card' and p.reference like 'pi\_%'
      join public.card_payments c on c.company_id = s.company_id and c.payment_intent_id = p.reference
      where o.name = 'sale.record'
    )
    select t.company_id, 'card_reuse' as kind, 'card_reuse:' || t.payment_id || ':' || w.sale_id as dedupe_key,
           w.sale_id, t.op_id, t.terminal_id,
           pg_catalog.jsonb_build_object('payment_intent_id', t.reference, 'sale_ids',
                                         pg_catalog.jsonb_build_array(t.paid_sale, t.sale_id),
                                         'payment_id', t.payment_id, 'first_payment_id', t.paid_by,
                                         'amount', t.amount, 'card_amount', t.card_amount) as detail
    from tenders t
    cross join lateral (values (t.sale_id), (t.paid_sale)) as w(sale_id)
    where t.paid_by is not null and t.paid_by <> t.payment_id and w.sale_id is not null
    union all
    select t.company_id, 'card_amount', 'card_amount:' || t.payment_id, t.sale_id, t.op_id, t.terminal_id,
           pg_catalog.jsonb_build_object('payment_intent_id', t.reference, 'payment_id', t.payment_id,
                                         'amount', t.amount, 'card_amount', t.card_amount, 'status', t.status)
    from tenders t
    where t.paid_by = t.payment_id and t.status <> 'unknown' and t.amount <> t.card_amount
  ) f
  order by f.dedupe_key;
end
$$;

-- [SCALE-7] As in 20261201000300, the flags now rows of public.flags with ids the server draws (the
-- activity_events rows written before stay where they are).
create or replace function private.flag_scale_labels(p_ops jsonb, p_answers jsonb) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform private.add_flag(s.company_id, 'scale_label', 'scale_label:' || l.id, s.id, s.op_id, s.terminal_id,
                           pg_catalog.jsonb_build_object('line_id', l.id, 'problem', f.problem,
                                                         'label', left(l.scale_label, 64),
                                                         'name', left(l.name, 100)))
  from (
    select s.id, s.op_id, s.company_id, s.terminal_id, o.args -> 'lines' as lines
    from private.applied_now(p_ops, p_answers) o
    join public.sales s on s.id = private.as_uuid(o.args ->> 'id') and s.op_id = o.op_id
    where o.name = 'sale.record' and pg_catalog.jsonb_typeof(o.args -> 'lines') = 'array'
      and o.args -> 'lines' @? '$[*] ? (@.scale_label != null)'
  ) s
  cross join lateral pg_catalog.jsonb_to_recordset(s.lines)
    as l(id uuid, name text, product_id uuid, quantity numeric, unit_price bigint, scale_label text)
  join public.companies c on c.id = s.company_id
  join public.currencies cur on cur.code = c.currency
  left join public.products p on p.id = l.product_id and p.company_id = s.company_id
  cross join lateral (select private.scale_label_problem(l.scale_label, c.scale_labels, cur.minor_units,
                                                          p.scale_code, l.quantity, l.unit_price) as problem) f
  where l.scale_label is not null and f.problem is not null;
end
$$;

-- [DERIVE-10] The post-pass over a batch: what each op it applied claimed, re-derived and flagged. A fault in
-- it never costs the batch its sales (they happened): it is raised as a warning and the batch stands, except
-- a transient failure, which fails the call as every other one does ([OPS-11]).
create function private.flag_sales(p_ops jsonb, p_answers jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_names text[];
  v_state text;
  v_message text;
begin
  if not p_answers @> '[{"status": "applied"}]' then return; end if;
  v_names := array(select distinct o.name from private.applied_now(p_ops, p_answers) o);
  begin
    -- Each family only when the batch has something for it: most batches are plain sales with no label,
    -- no PaymentIntent and no refund.
    if 'activity.record' = any (v_names) then
      perform private.record_approvals_given(p_ops, p_answers);
    end if;
    if 'sale.record' = any (v_names) then
      perform private.flag_sale_lines(p_ops, p_answers);
      if p_ops @? '$[*].args.lines[*].scale_label ? (@ != null)' then
        perform private.flag_scale_labels(p_ops, p_answers);
      end if;
      if p_ops @? '$[*].args.payments[*].reference ? (@ starts with "pi_")' then
        perform private.flag_card_tenders(p_ops, p_answers);
      end if;
    end if;
    if v_names && array['sale.refund', 'activity.record', 'shift.close'] then
      perform private.flag_other_approvals(p_ops, p_answers);
    end if;
  exception when others then
    get stacked diagnostics v_state = returned_sqlstate, v_message = message_text;
    if v_state like '40%' or v_state like '53%' or v_state like '57%' or v_state like '08%' or v_state = '55P03' then
      raise;
    end if;
    raise warning 'flag_sales (%): %', v_state, v_message;
  end;
end
$$;

-- [OPS-1] apply_ops as in 20261202000110_receipt_ops.sql; the scale labels of each run are no longer read
-- there: [DERIVE-10] private.flag_sales reads every op the batch applied, after the batch.
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
      perform private.link_receipts(v_run, v_run_answers);
      v_answers := v_answers || v_run_answers;
      v_start := v_end;
    else
      v_answers := v_answers || pg_catalog.jsonb_build_array(
        case when v_stored -> v_start = 'null' then private.apply_op(ops -> v_start, v_user)
             else v_stored -> v_start end);
      v_start := v_start + 1;
    end if;
  end loop;
  perform private.flag_sales(ops, v_answers);
  return v_answers;
end
$$;

revoke all on private.catalogue_prices, private.approvals_given from public, anon, authenticated;
revoke execute on function private.record_prices(text, jsonb, boolean), private.flag_sale_lines(jsonb, jsonb),
  private.flag_other_approvals(jsonb, jsonb), private.flag_card_tenders(jsonb, jsonb),
  private.flag_scale_labels(jsonb, jsonb), private.flag_sales(jsonb, jsonb),
  private.record_approvals_given(jsonb, jsonb)
  from public, anon, authenticated;

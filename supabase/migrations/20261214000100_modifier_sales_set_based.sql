-- [OPS-15] [MOD-7] Sales with modifiers take the batch path (issue 39, P5c). Until now private.is_sale_record
-- left out every sale.record whose lines carried modifiers or a base price, so a café's replay went one op at
-- a time: a savepoint, op_sale_record, private.line_modifiers per line and sale_stock per sale — about 40 ms a
-- sale on PGlite, where a plain sale costs a few. Now:
-- * private.plain_sale_modifiers checks a run's modifiers with set operations, after private.plain_sales,
--   exactly as private.line_modifiers would take them: a choice it doubts (not an array of at most 20 objects,
--   an option id, delta or name not plainly written, an option that is not the shop's, one chosen twice on a
--   line, no base price beside options, a unit price that is not max(0, base + Σ deltas)) sends the sale to
--   private.apply_op, which answers it as before. For the others it works out the rows of
--   sale_line_modifiers and the catalogue's disagreements ([MOD-6]) as line_modifiers does, same ids, same
--   names, same issues in the same order.
-- * private.record_sale_modifiers writes those rows in one statement, in the same subtransaction as
--   private.record_sales (private.record_sales_or_each), whose private.flag_unverified call already reads each
--   sale's `modifier_issues` (its first ten), as op_sale_record hands them over.
-- * The groups a product uses are worked out for a whole run at once (private.modifier_groups_of), and
--   private.product_modifier_groups, the one place [MOD-3] names, is now that function for one product, so
--   both paths read one rule.
-- * private.line_modifiers looks at the groups in a stated order (group position, then id) where it had none,
--   so the issues of a flag come in one order on both paths.
-- Everything that follows a sale's recording — receipt links, promotions recorded and re-checked, the flags of
-- private.flag_sales — already ran after the batch for both paths ([RCPT-18], [PROMO-17], [PROMO-22]). A
-- replayed op is answered from applied_ops before any of this ([OPS-16]), so nothing is written twice.

-- ---------------------------------------------------------------------------------------------------------
-- [MOD-3] The groups products use, for many products at once: its own, or, for a variant with none of its
-- own, its parent's ([VAR-3]). Pairs (company, product) zipped from the two arrays; null products ask nothing.
-- ---------------------------------------------------------------------------------------------------------
create function private.modifier_groups_of(p_companies uuid[], p_products uuid[])
returns table (company_id uuid, product_id uuid, group_id uuid, group_position int)
language sql stable security definer set search_path = '' as $$
  with asked as (
    select distinct a.company_id, a.product_id
    from rows from (pg_catalog.unnest(p_companies), pg_catalog.unnest(p_products)) as a(company_id, product_id)
    where a.product_id is not null
  ),
  own as (
    select a.company_id, a.product_id, pg.group_id, pg.position
    from asked a
    join public.product_modifier_groups pg on pg.product_id = a.product_id and pg.company_id = a.company_id
                                          and pg.deleted_at is null
    join public.modifier_groups g on g.id = pg.group_id and g.deleted_at is null
  )
  select o.company_id, o.product_id, o.group_id, o.position from own o
  union all
  select a.company_id, a.product_id, pg.group_id, pg.position
  from asked a
  join public.product_variants v on v.id = a.product_id and v.company_id = a.company_id and v.deleted_at is null
  join public.product_modifier_groups pg on pg.company_id = v.company_id and pg.product_id = v.parent_id
                                        and pg.deleted_at is null
  join public.modifier_groups g on g.id = pg.group_id and g.deleted_at is null
  where not exists (select from own o where o.company_id = a.company_id and o.product_id = a.product_id)
$$;

-- [MOD-3] As in 20261201000400_variants_with_modifiers.sql, said once: private.modifier_groups_of.
create or replace function private.product_modifier_groups(p_company uuid, p_product uuid)
returns table (group_id uuid, group_position int)
language sql stable security definer set search_path = '' as $$
  select m.group_id, m.group_position from private.modifier_groups_of(array[p_company], array[p_product]) m
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [MOD-4]..[MOD-6] As in 20261201000200_modifiers.sql; the groups are looked at in the order of their
-- position, then id (it was the table's), the order private.plain_sale_modifiers gives their issues too.
-- ---------------------------------------------------------------------------------------------------------
create or replace function private.line_modifiers(p_company uuid, p_product uuid, p_sale uuid, p_line uuid,
                                                  p_path text, p_line_obj jsonb, p_unit_price bigint,
                                                  p_quantity numeric, out rows jsonb, out issues jsonb)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_mods jsonb := private.arg_array(p_line_obj, 'modifiers', 0, 20, p_path);
  v_base bigint := private.arg_money(p_line_obj, 'base_price', false, false, p_path);
  e jsonb;
  k int := 0;
  v_where text;
  v_option uuid;
  v_delta bigint;
  v_name text;
  v_deltas bigint[] := '{}';
  o record;
  g record;
  v_line int := pg_catalog.substring(p_path, '[0-9]+')::int;
begin
  rows := '[]';
  issues := '[]';
  if pg_catalog.jsonb_array_length(v_mods) = 0 and v_base is null then return; end if;
  if v_base is null then
    perform private.reject('invalid_args', p_path || '.base_price is required with modifiers');
  end if;
  for e in select value from pg_catalog.jsonb_array_elements(v_mods) loop
    k := k + 1;
    v_where := p_path || '.modifiers[' || k || ']';
    v_option := private.arg_uuid(e, 'option_id', true, v_where);
    v_delta := private.arg_money(e, 'price_delta', true, true, v_where);
    v_name := private.arg_text(e, 'name', false, 100, v_where);
    -- [MOD-5] The option is one of this shop's (removed or not: a sale made before the removal still counts).
    select op.id, op.name, op.price_delta, op.active and op.deleted_at is null and gr.deleted_at is null as live,
           gr.id as group_id, gr.name as group_name
      into o
    from public.modifier_options op join public.modifier_groups gr on gr.id = op.group_id
    where op.id = v_option and op.company_id = p_company;
    if not found then
      perform private.reject('unknown_modifier', v_where || ': option ' || v_option || ' is not a modifier of this shop');
    end if;
    if rows @> pg_catalog.jsonb_build_array(pg_catalog.jsonb_build_object('option_id', v_option)) then
      perform private.reject('invalid_args', v_where || ': ' || o.name || ' is chosen twice on one line');
    end if;
    -- [MOD-6] Today's catalogue says otherwise: recorded as sold, flagged.
    if v_delta <> o.price_delta then
      issues := issues || pg_catalog.jsonb_build_object('line', v_line, 'issue', 'price_changed', 'option_id', v_option,
                                                        'sold_at', v_delta, 'catalogue', o.price_delta);
    end if;
    if not o.live then
      issues := issues || pg_catalog.jsonb_build_object('line', v_line, 'issue', 'option_unavailable',
                                                        'option_id', v_option);
    end if;
    rows := rows || pg_catalog.jsonb_build_object(
      'id', pg_catalog.md5(p_line::text || ':' || v_option::text)::uuid, 'sale_id', p_sale, 'sale_line_id', p_line,
      'position', k, 'option_id', v_option, 'group_id', o.group_id, 'group_name', o.group_name,
      'option_name', coalesce(nullif(pg_catalog.btrim(v_name), ''), o.name), 'price_delta', v_delta,
      'quantity', p_quantity);
    v_deltas := v_deltas || v_delta;
  end loop;
  -- [MOD-4] unit_price = base_price + Σ deltas as sent (never below zero).
  if p_unit_price <> private.modified_unit_price(v_base, v_deltas) then
    perform private.reject('modifier_price_mismatch',
      p_path || ': unit_price is ' || p_unit_price || ' but base_price ' || v_base || ' with its modifiers is '
      || private.modified_unit_price(v_base, v_deltas));
  end if;
  -- [MOD-6] Each group of the product chosen within min..max, and no option of a group it does not use.
  for g in
    select gr.id, gr.name, gr.min_choices, gr.max_choices, pmg.group_id is not null as attached,
           (select count(*) from pg_catalog.jsonb_array_elements(rows) x where (x ->> 'group_id')::uuid = gr.id)::int
             as chosen
    from public.modifier_groups gr
    left join private.product_modifier_groups(p_company, p_product) pmg on pmg.group_id = gr.id
    where gr.company_id = p_company
      and (pmg.group_id is not null
           or gr.id in (select (x ->> 'group_id')::uuid from pg_catalog.jsonb_array_elements(rows) x))
    order by gr.position, gr.id
  loop
    if not g.attached then
      issues := issues || pg_catalog.jsonb_build_object('line', v_line, 'issue', 'group_not_on_product',
                                                        'group_id', g.id);
    elsif g.chosen < g.min_choices or g.chosen > g.max_choices then
      issues := issues || pg_catalog.jsonb_build_object('line', v_line, 'issue', 'choice_count', 'group_id', g.id,
                                                        'chosen', g.chosen);
    end if;
  end loop;
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- [OPS-15] [MOD-4]..[MOD-7] The run's sales as private.plain_sales passed them (p_checked, one entry per op,
-- JSON null for an op it sent to the one-op path), with their modifiers checked together: a sale whose lines
-- carry modifiers or a base price gains `modifiers` (the rows of sale_line_modifiers) and `modifier_issues`
-- (the first ten disagreements with today's catalogue), or becomes null when private.line_modifiers would
-- refuse it or read it otherwise than plainly — the one-op path then answers it. A run with no such line is
-- handed back as it came. PL/pgSQL with the planner settings of plain_sales, for the same reasons.
-- ---------------------------------------------------------------------------------------------------------
create function private.plain_sale_modifiers(p_ops jsonb, p_checked jsonb) returns jsonb
language plpgsql stable security definer set search_path = '' set jit = off
  set enable_hashjoin = off set enable_mergejoin = off set plan_cache_mode = force_generic_plan as $$
begin
  if not pg_catalog.jsonb_path_exists(p_ops, '$[*].args.lines[*] ? (exists (@.modifiers) || exists (@.base_price))') then
    return p_checked;
  end if;
  return (
    with sale as (
      select c.n, c.sale, (c.sale ->> 'id')::uuid as id, (c.sale ->> 'company_id')::uuid as company_id,
             p_ops -> (c.n - 1)::int -> 'args' -> 'lines' as lines
      from pg_catalog.jsonb_array_elements(p_checked) with ordinality as c(sale, n)
      where pg_catalog.jsonb_typeof(c.sale) = 'object'
    ),
    -- The lines that name modifiers or a base price, beside what plain_sales made of them (same order).
    line as (
      select s.n, s.id as sale_id, s.company_id, l.i, k.id as line_id, k.product_id, k.quantity, k.unit_price,
             l.v -> 'modifiers' as mods_raw, private.plain_money(l.v -> 'base_price') as base,
             case when pg_catalog.jsonb_typeof(l.v -> 'modifiers') = 'array' then l.v -> 'modifiers' else '[]' end
               as mods,
             -- [MOD-4] At most 20, in an array (or none at all).
             coalesce(l.v -> 'modifiers', 'null') = 'null'
               or (pg_catalog.jsonb_typeof(l.v -> 'modifiers') = 'array'
                   and pg_catalog.jsonb_array_length(l.v -> 'modifiers') <= 20) as mods_ok,
             coalesce(pg_catalog.jsonb_array_length(
               case when pg_catalog.jsonb_typeof(l.v -> 'modifiers') = 'array' then l.v -> 'modifiers' end), 0) > 0
               or coalesce(l.v -> 'base_price', 'null') <> 'null' as carried
      from sale s
      cross join lateral pg_catalog.jsonb_array_elements(s.lines) with ordinality as l(v, i)
      cross join lateral pg_catalog.jsonb_to_record(s.sale -> 'lines' -> (l.i - 1)::int) as k(
        id uuid, product_id uuid, quantity numeric, unit_price bigint)
      where coalesce(l.v -> 'modifiers', 'null') <> 'null' or coalesce(l.v -> 'base_price', 'null') <> 'null'
    ),
    -- [MOD-5] Each option chosen, read as arg_uuid, arg_money and arg_text read it, and the shop's option.
    choice as (
      select l.n, l.i, e.k, private.plain_uuid(e.v -> 'option_id') as option_id,
             private.plain_money(e.v -> 'price_delta', true) as delta,
             private.plain_text(e.v -> 'name', 100) as name,
             coalesce(e.v -> 'name', 'null') = 'null' or private.plain_text(e.v -> 'name', 100) is not null as name_ok,
             o.id as known, o.name as catalogue_name, o.price_delta as catalogue_delta,
             o.active and o.deleted_at is null and g.deleted_at is null as live, g.id as group_id,
             g.name as group_name,
             pg_catalog.row_number() over (partition by l.n, l.i, private.plain_uuid(e.v -> 'option_id')) as twice
      from line l
      cross join lateral pg_catalog.jsonb_array_elements(l.mods) with ordinality as e(v, k)
      left join public.modifier_options o on o.id = private.plain_uuid(e.v -> 'option_id')
                                         and o.company_id = l.company_id
      left join public.modifier_groups g on g.id = o.group_id
      where l.carried
    ),
    chosen as (
      select c.n, c.i, bool_and(c.option_id is not null and c.delta is not null and c.name_ok and c.known is not null
                                and c.twice = 1) as ok,
             pg_catalog.array_agg(c.delta order by c.k) as deltas
      from choice c group by c.n, c.i
    ),
    -- A sale any of whose lines the one-op path would refuse, or read otherwise: it goes there.
    doubted as (
      select distinct l.n
      from line l left join chosen c on c.n = l.n and c.i = l.i
      where not l.mods_ok
         or (l.carried and (l.base is null or not coalesce(c.ok, true)
                            or l.unit_price <> private.modified_unit_price(l.base, coalesce(c.deltas, '{}'))))
    ),
    attached as (
      select m.company_id, m.product_id, m.group_id
      from private.modifier_groups_of(
             (select pg_catalog.array_agg(l.company_id) from line l where l.carried),
             (select pg_catalog.array_agg(l.product_id) from line l where l.carried)) m
    ),
    -- [MOD-6] The groups a line is looked at for — those its product uses and those it chose from — with
    -- whether the product uses it and how many of its options the line chose.
    in_play as (
      select x.n, x.i, x.group_id, bool_or(x.uses) as attached, count(*) filter (where not x.uses)::int as chosen
      from (select l.n, l.i, a.group_id, true as uses
            from line l join attached a on a.company_id = l.company_id and a.product_id = l.product_id
            where l.carried
            union all
            select c.n, c.i, c.group_id, false from choice c where c.group_id is not null) x
      group by x.n, x.i, x.group_id
    ),
    issue as (
      select c.n, c.i, 0 as part, c.k, 0 as sub, 0 as group_position, null::uuid as group_id,
             pg_catalog.jsonb_build_object('line', c.i, 'issue', 'price_changed', 'option_id', c.option_id,
                                           'sold_at', c.delta, 'catalogue', c.catalogue_delta) as issue
      from choice c where c.delta <> c.catalogue_delta
      union all
      select c.n, c.i, 0, c.k, 1, 0, null,
             pg_catalog.jsonb_build_object('line', c.i, 'issue', 'option_unavailable', 'option_id', c.option_id)
      from choice c where not c.live
      union all
      select p.n, p.i, 1, 0, 0, g.position, g.id,
             case when not p.attached
                  then pg_catalog.jsonb_build_object('line', p.i, 'issue', 'group_not_on_product', 'group_id', g.id)
                  else pg_catalog.jsonb_build_object('line', p.i, 'issue', 'choice_count', 'group_id', g.id,
                                                     'chosen', p.chosen) end
      from in_play p
      join public.modifier_groups g on g.id = p.group_id
      where not p.attached or p.chosen < g.min_choices or p.chosen > g.max_choices
    ),
    issues as (
      select r.n, pg_catalog.jsonb_agg(r.issue order by r.rank) filter (where r.rank <= 10) as issues
      from (select i.n, i.issue,
                   pg_catalog.row_number() over (partition by i.n
                                                 order by i.i, i.part, i.k, i.sub, i.group_position, i.group_id) as rank
            from issue i) r
      group by r.n
    ),
    -- [MOD-4] The rows of sale_line_modifiers, as line_modifiers builds them.
    modifier_rows as (
      select l.n, pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'id', pg_catalog.md5(l.line_id::text || ':' || c.option_id::text)::uuid, 'sale_id', l.sale_id,
               'sale_line_id', l.line_id, 'position', c.k, 'option_id', c.option_id, 'group_id', c.group_id,
               'group_name', c.group_name,
               'option_name', coalesce(nullif(pg_catalog.btrim(c.name), ''), c.catalogue_name),
               'price_delta', c.delta, 'quantity', l.quantity) order by l.i, c.k) as rows
      from line l join choice c on c.n = l.n and c.i = l.i
      group by l.n
    )
    select pg_catalog.jsonb_agg(
             case when pg_catalog.jsonb_typeof(c.sale) is distinct from 'object' then c.sale
                  when c.n in (select d.n from doubted d) then 'null'::jsonb
                  when c.n in (select l.n from line l)
                    then c.sale || pg_catalog.jsonb_build_object(
                           'modifiers', coalesce((select m.rows from modifier_rows m where m.n = c.n), '[]'),
                           'modifier_issues', coalesce((select x.issues from issues x where x.n = c.n), '[]'))
                  else c.sale end
             order by c.n)
    from pg_catalog.jsonb_array_elements(p_checked) with ordinality as c(sale, n)
  );
end
$$;

-- [MOD-4] The rows private.plain_sale_modifiers worked out for a run's sales, in one statement.
create function private.record_sale_modifiers(p_sales jsonb) returns void
language sql security definer set search_path = '' as $$
  insert into public.sale_line_modifiers (id, company_id, sale_id, sale_line_id, position, option_id, group_id,
                                          group_name, option_name, price_delta, quantity)
  select m.id, s.company_id, m.sale_id, m.sale_line_id, m.position, m.option_id, m.group_id, m.group_name,
         m.option_name, m.price_delta, m.quantity
  from pg_catalog.jsonb_to_recordset(p_sales) as s(company_id uuid, modifiers jsonb)
  cross join lateral pg_catalog.jsonb_to_recordset(s.modifiers) as m(id uuid, sale_id uuid, sale_line_id uuid,
       position int, option_id uuid, group_id uuid, group_name text, option_name text, price_delta bigint,
       quantity numeric)
  where pg_catalog.jsonb_typeof(s.modifiers) = 'array'
  order by m.id
$$;

-- As in 20261125000100_apply_ops_batch.sql, and the sales' modifiers written with them.
create or replace function private.record_sales_or_each(p_sales jsonb, p_ops jsonb, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_answers jsonb := '[]';
  v_op jsonb;
begin
  begin
    v_answers := private.record_sales(p_sales, p_user);
    perform private.record_sale_modifiers(p_sales);
    return v_answers;
  exception when others then
    if private.is_transient(sqlstate) then raise; end if;
  end;
  v_answers := '[]';
  for v_op in select value from pg_catalog.jsonb_array_elements(p_ops) loop
    v_answers := v_answers || pg_catalog.jsonb_build_array(private.apply_op(v_op, p_user));
  end loop;
  return v_answers;
end
$$;

-- [OPS-15] As in 20261125000100_apply_ops_batch.sql, and the run's modifiers checked after its sales
-- (private.plain_sale_modifiers), in the same guard: what the checks cannot read sends every op one at a time.
create or replace function private.apply_sale_run(p_ops jsonb, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_checked jsonb;
  v_answers jsonb := '[]';
  v_count int := pg_catalog.jsonb_array_length(p_ops);
  v_start int := 0;
  i int;
begin
  begin
    v_checked := private.plain_sale_modifiers(p_ops, private.plain_sales(p_ops, p_user));
  exception when others then
    -- A value the checks could not even read (a date that does not exist): every op goes one at a time.
    if private.is_transient(sqlstate) then raise; end if;
    v_checked := '[]';
  end;
  -- Each op the checks did not pass ends a stretch of plain sales, written together, and is applied alone.
  for i in 0 .. v_count loop
    if i = v_count or pg_catalog.jsonb_typeof(v_checked -> i) is distinct from 'object' then
      if i > v_start then
        v_answers := v_answers || private.record_sales_or_each(private.jsonb_slice(v_checked, v_start, i),
                                                               private.jsonb_slice(p_ops, v_start, i), p_user);
      end if;
      if i < v_count then
        v_answers := v_answers || pg_catalog.jsonb_build_array(private.apply_op(p_ops -> i, p_user));
      end if;
      v_start := i + 1;
    end if;
  end loop;
  return v_answers;
end
$$;

-- [OPS-15] [MOD-7] As in 20261211100000_value_sales.sql, without leaving out lines that carry modifiers or a
-- base price: private.plain_sale_modifiers checks them on the batch path now.
create or replace function private.is_sale_record(p_op jsonb) returns boolean
language sql stable as $$
  select pg_catalog.jsonb_typeof(p_op) = 'object'
     and coalesce(p_op ->> 'op_id', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and pg_catalog.jsonb_typeof(p_op -> 'name') = 'string' and p_op ->> 'name' = 'sale.record'
     and pg_catalog.jsonb_typeof(p_op -> 'args') = 'object'
     and not pg_catalog.jsonb_path_exists(p_op, '$.args.approval.passkey')
     and private.sale_promotion_args_problem(p_op -> 'args') is null
     and not private.sale_has_value(p_op -> 'args')
$$;

revoke execute on function
  private.modifier_groups_of(uuid[], uuid[]),
  private.plain_sale_modifiers(jsonb, jsonb),
  private.record_sale_modifiers(jsonb)
  from public, anon, authenticated;

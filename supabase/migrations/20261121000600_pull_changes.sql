-- pull_changes(table, after, limit): the mirror's download (DESIGN §4, §6; supabase/SPEC.md [PULL-n]). Keyset
-- pages by (txid, id), bounded by the oldest transaction still running, so a slow transaction can never commit
-- behind a cursor. Tombstones (deleted_at) travel like any other change; tombstones purged after the retention
-- period move a horizon, and a cursor behind it is answered "resync".

create table private.pull_horizons (
  table_name text primary key,
  -- Tombstones with txid up to here may have been purged: a cursor below it may have missed one.
  purged_through xid8 not null,
  purged_at timestamptz not null default now()
);
comment on table private.pull_horizons is 'How far each table''s tombstones have been purged (pull_changes resync).';

-- [PULL-1] The tables a till mirrors.
create function private.pull_tables() returns text[]
language sql immutable set search_path = '' as $$
  select array['companies', 'company_members', 'stores', 'terminals', 'categories', 'products', 'customers',
               'stock_levels', 'shifts', 'cash_movements', 'sales', 'sale_lines', 'payments', 'stock_movements']
$$;

-- [PULL-1]..[PULL-6] How a page is read fast:
-- * one company at a time: with `company_id = any(array)` Postgres cannot bound the keyset index
--   (company_id, txid, id) by the cursor and sorted the whole table for every page — quadratic over a first
--   sync of 50,000 products. Each company's page is now an index range, merged by (txid, id);
-- * the planner is told to walk that index in order even when statistics are stale (PGlite never
--   autovacuums, so a table that grew from empty looks tiny and would rather be sorted whole);
-- * the page is built as json, not jsonb: json_agg of 1,000 rows is several times cheaper than
--   jsonb_agg(to_jsonb(…)), and the client receives the same JSON.
-- [PULL-6] After a "resync" the client pulls from the start, and the cursors of that re-pull stand before the
-- purge horizon too; so that they are not answered "resync" again on the next page, forever, a cursor
-- carries the horizon in force when it was handed out ("horizon"), and only a cursor that predates a
-- later purge and stands before it is answered "resync". Clients send `next` back unchanged, as before.
create function public.pull_changes(p_table text, p_after jsonb default null, p_limit int default 1000)
returns json
language plpgsql stable security definer set search_path = ''
set enable_sort = off set enable_bitmapscan = off set enable_seqscan = off as $$
declare
  v_limit int := least(greatest(coalesce(p_limit, 1000), 1), 1000);
  v_after_txid xid8 := '0';
  v_after_id uuid := '00000000-0000-0000-0000-000000000000';
  v_horizon xid8;
  v_seen_horizon xid8 := '0';
  v_companies uuid[];
  v_rows json;
  v_count int;
  v_last_txid xid8;
  v_last_id uuid;
begin
  if auth.uid() is null then
    raise exception 'Sign in to sync' using errcode = '42501', hint = 'not_signed_in';
  end if;
  -- [RLS-6] Said, not just empty: an empty page would let the till believe its mirror is up to date.
  perform private.require_second_factor();
  if p_table is null or not (p_table = any (private.pull_tables())) then
    raise exception 'pull_changes cannot pull %', coalesce(p_table, '(null)')
      using errcode = '22023', hint = 'unknown_table';
  end if;
  -- [PULL-3] The cursor is {"txid": "<decimal>", "id": "<uuid>"} exactly as a previous page's `next`.
  if p_after is not null and p_after <> 'null'::jsonb and p_after <> '{}'::jsonb then
    if pg_catalog.jsonb_typeof(p_after) <> 'object' or coalesce(p_after ->> 'txid', '') !~ '^[0-9]{1,20}$'
       or private.try_uuid(p_after ->> 'id') is null then
      raise exception 'after must be null or a cursor {"txid": "…", "id": "…"} from a previous page'
        using errcode = '22023', hint = 'invalid_cursor';
    end if;
    v_after_txid := (p_after ->> 'txid')::xid8;
    v_after_id := (p_after ->> 'id')::uuid;
    if coalesce(p_after ->> 'horizon', '') ~ '^[0-9]{1,20}$' then
      v_seen_horizon := (p_after ->> 'horizon')::xid8;
    end if;
  end if;
  select h.purged_through into v_horizon from private.pull_horizons h where h.table_name = p_table;
  v_horizon := coalesce(v_horizon, '0'::xid8);
  if v_after_txid <> '0'::xid8 then
    -- [PULL-6] Tombstones were purged after this cursor was handed out, and it stands before them: the client
    -- may have missed one, so it must drop its mirror of this table and pull again. A cursor handed out after
    -- the purge carries that horizon, so the re-pull itself is never sent back to resync.
    if v_horizon > v_seen_horizon and v_after_txid <= v_horizon then
      return pg_catalog.json_build_object('rows', pg_catalog.json_build_array(), 'next', null, 'has_more', false,
                                          'resync', true);
    end if;
  end if;
  -- [PULL-4] Only the caller's companies.
  v_companies := array(select private.company_ids('cashier'));
  -- [PULL-2] (txid, id) after the cursor, and txid below the snapshot's xmin: every transaction below xmin
  -- has finished, so no row can later appear behind a cursor handed out now.
  execute format($q$
    with page as materialized (
      select t.* from pg_catalog.unnest($1::uuid[]) as c(company_id)
      cross join lateral (
        select x.* from public.%1$I x
        where x.%2$I = c.company_id and (x.txid, x.id) > ($2, $3)
          and x.txid < pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot())
        order by x.txid, x.id
        limit $4
      ) t
      order by t.txid, t.id
      limit $4
    ), last_row as (
      select p.txid, p.id from page p order by p.txid desc, p.id desc limit 1
    )
    select coalesce((select pg_catalog.json_agg(p order by p.txid, p.id) from page p), '[]'::json),
           (select count(*) from page)::int, l.txid, l.id
    from (select 1) one left join last_row l on true
  $q$, p_table, case when p_table = 'companies' then 'id' else 'company_id' end)
  into v_rows, v_count, v_last_txid, v_last_id
  using v_companies, v_after_txid, v_after_id, v_limit;
  -- [PULL-5] `next` is the cursor to send for the following page (the same cursor when the page was empty).
  return pg_catalog.json_build_object(
    'rows', v_rows,
    'next', case when v_last_id is not null
                 then pg_catalog.json_build_object('txid', v_last_txid::text, 'id', v_last_id,
                                                   'horizon', v_horizon::text)
                 when v_after_txid <> '0'::xid8
                 then pg_catalog.json_build_object('txid', v_after_txid::text, 'id', v_after_id,
                                                   'horizon', v_horizon::text) end,
    'has_more', v_count = v_limit);
end
$$;
comment on function public.pull_changes(text, jsonb, int) is
  'Keyset pages of one mirrored table for the caller''s companies: {rows, next, has_more, resync?}.';
revoke execute on function public.pull_changes(text, jsonb, int) from public, anon;
grant execute on function public.pull_changes(text, jsonb, int) to authenticated, service_role;

-- [PULL-7] purge_tombstones: hard-deletes tombstones older than the retention (default 30 days) that nothing
-- references, and moves each table's horizon so older cursors resync. Operators only (service_role).
create function public.purge_tombstones(p_older_than interval default '30 days') returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  t text;
  r record;
  v_max xid8;
  v_count int;
  v_report jsonb := '{}';
begin
  -- [STACK-2] Operators only, checked here too: a grant restored by mistake must not open hard deletes. An
  -- operator's own SQL session carries no JWT; an API call carries its role.
  if coalesce(auth.role(), 'service_role') <> 'service_role' then
    raise exception 'Only the service role may purge tombstones' using errcode = '42501', hint = 'insufficient_role';
  end if;
  if p_older_than < interval '1 day' then
    raise exception 'Keep tombstones at least a day' using errcode = '22023', hint = 'invalid_args';
  end if;
  foreach t in array array['company_members', 'stores', 'terminals', 'categories', 'products', 'customers'] loop
    v_max := null;
    v_count := 0;
    for r in execute format('select id, txid from public.%I where deleted_at < now() - $1', t) using p_older_than loop
      begin
        execute format('delete from public.%I where id = $1', t) using r.id;
        v_count := v_count + 1;
        v_max := greatest(v_max, r.txid);
      exception when foreign_key_violation then
        -- Still referenced (a product on past sales): the tombstone stays, and stays pullable.
      end;
    end loop;
    if v_max is not null then
      insert into private.pull_horizons as h (table_name, purged_through) values (t, v_max)
      on conflict (table_name) do update set purged_through = greatest(h.purged_through, excluded.purged_through),
                                             purged_at = now();
    end if;
    v_report := v_report || pg_catalog.jsonb_build_object(t, v_count);
  end loop;
  return v_report;
end
$$;
revoke execute on function public.purge_tombstones(interval) from public, anon, authenticated;
grant execute on function public.purge_tombstones(interval) to service_role;

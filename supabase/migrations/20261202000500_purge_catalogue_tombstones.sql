-- [PULL-7] purge_tombstones also purges the catalogue tables that came with variants and modifiers
-- (product_variants, modifier_groups, modifier_options, product_modifier_groups): their tombstones are pulled
-- like products' and were kept for ever. Links and options go before what they point at, so a product or a
-- group whose last reference was purged in the same call can go too. Otherwise as in 20261121000600.
create or replace function public.purge_tombstones(p_older_than interval default '30 days') returns jsonb
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
  foreach t in array array['company_members', 'stores', 'terminals', 'categories', 'product_modifier_groups',
                          'modifier_options', 'modifier_groups', 'product_variants', 'products', 'customers'] loop
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

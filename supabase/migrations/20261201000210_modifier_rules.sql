-- [MOD-4] A sale line's unit price from its base price and its options' deltas: base + Σ deltas, never below
-- zero. The same rule as src/domain/modifier-pricing.ts's modifiedUnitPrice: a pure function, in its own file
-- so tests/integration/modifier-agree.test.ts can load it alone and run it beside the till's code.
create or replace function private.modified_unit_price(p_base bigint, p_deltas bigint[]) returns bigint
language sql immutable as $$
  select greatest(0, p_base + coalesce((select sum(d) from pg_catalog.unnest(p_deltas) d), 0))::bigint
$$;

grant execute on function private.modified_unit_price(bigint, bigint[]) to anon, authenticated, service_role;

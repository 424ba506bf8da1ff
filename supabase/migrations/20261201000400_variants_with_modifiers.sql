-- Variants (20261201000100) and modifiers (20261201000200) together.

-- [PULL-1] Tills mirror both: variants' links and the modifier catalogue (each migration listed only its own).
create or replace function private.pull_tables() returns text[]
language sql immutable set search_path = '' as $$
  select array['companies', 'company_members', 'stores', 'terminals', 'categories', 'products', 'customers',
               'stock_levels', 'shifts', 'cash_movements', 'sales', 'sale_lines', 'payments', 'stock_movements',
               'staff', 'product_variants', 'modifier_groups', 'modifier_options', 'product_modifier_groups']
$$;

-- [MOD-2] [VAR-3] The groups a product uses: its own, or, for a variant with none of its own, its parent's —
-- "Latte, large" asks for the milk the latte does. The till says the same in productModifierGroups.
create or replace function private.product_modifier_groups(p_company uuid, p_product uuid)
returns table (group_id uuid, group_position int)
language sql stable security definer set search_path = '' as $$
  with own as (
    select pg.group_id, pg.position
    from public.product_modifier_groups pg
    join public.modifier_groups g on g.id = pg.group_id and g.deleted_at is null
    where pg.company_id = p_company and pg.product_id = p_product and pg.deleted_at is null
  )
  select group_id, position from own
  union all
  select pg.group_id, pg.position
  from public.product_variants v
  join public.product_modifier_groups pg on pg.company_id = v.company_id and pg.product_id = v.parent_id
                                        and pg.deleted_at is null
  join public.modifier_groups g on g.id = pg.group_id and g.deleted_at is null
  where v.company_id = p_company and v.id = p_product and v.deleted_at is null and not exists (select from own)
$$;

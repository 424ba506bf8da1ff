// The pg_catalog queries behind the schema cache: schema `public` only, as PostgREST's db-schemas would say.
// Each returns one JSON document so the cache loads in a handful of round trips.

export const RELATIONS_SQL = `
select coalesce(json_agg(json_build_object(
  'name', c.relname,
  'kind', c.relkind,
  'columns', (
    select coalesce(json_agg(json_build_object(
      'name', a.attname,
      'type', format_type(a.atttypid, a.atttypmod),
      'hasDefault', a.atthasdef or a.attidentity <> '',
      'generated', a.attgenerated <> ''
    ) order by a.attnum), '[]')
    from pg_attribute a
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  ),
  'uniqueKeys', (
    select coalesce(json_agg(json_build_object(
      'primary', i.indisprimary,
      'columns', (select json_agg(a.attname order by k.ord) from unnest(i.indkey) with ordinality k(attnum, ord)
                  join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum)
    )), '[]')
    from pg_index i
    where i.indrelid = c.oid and i.indisunique and i.indpred is null and i.indexprs is null
  )
)), '[]')::text as doc
from pg_class c
where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'f', 'p')`;

export const FOREIGN_KEYS_SQL = `
select coalesce(json_agg(json_build_object(
  'name', f.conname,
  'table', c.relname,
  'columns', (select json_agg(a.attname order by k.ord) from unnest(f.conkey) with ordinality k(attnum, ord)
              join pg_attribute a on a.attrelid = f.conrelid and a.attnum = k.attnum),
  'refTable', r.relname,
  'refColumns', (select json_agg(a.attname order by k.ord) from unnest(f.confkey) with ordinality k(attnum, ord)
                 join pg_attribute a on a.attrelid = f.confrelid and a.attnum = k.attnum)
)), '[]')::text as doc
from pg_constraint f
join pg_class c on c.oid = f.conrelid
join pg_class r on r.oid = f.confrelid
where f.contype = 'f' and c.relnamespace = 'public'::regnamespace and r.relnamespace = 'public'::regnamespace`;

export const FUNCTIONS_SQL = `
select coalesce(json_agg(json_build_object(
  'name', p.proname,
  'volatility', p.provolatile,
  'returnsSet', p.proretset,
  'returnType', format_type(p.prorettype, null),
  'returnKind', case
      when p.prorettype = 'void'::regtype then 'void'
      when t.typrelid <> 0 then 'composite'
      when p.prorettype = 'record'::regtype and exists (
        select 1 from unnest(p.proargmodes) m where m in ('o', 't', 'b')) then 'composite'
      else 'scalar' end,
  'returnTable', case when t.typrelid <> 0 and rn.nspname = 'public' then rc.relname end,
  'defaults', p.pronargdefaults,
  'args', (
    select coalesce(json_agg(json_build_object(
      'name', coalesce(p.proargnames[i], ''),
      'type', format_type(coalesce(p.proallargtypes[i], p.proargtypes[i - 1]), null),
      'mode', coalesce(p.proargmodes[i], 'i')
    ) order by i), '[]')
    from generate_series(1, coalesce(array_length(p.proallargtypes, 1), p.pronargs)) i
  ),
  'returnColumns', case when t.typrelid <> 0 then (
    select coalesce(json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod))
      order by a.attnum), '[]')
    from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped
  ) end
)), '[]')::text as doc
from pg_proc p
join pg_type t on t.oid = p.prorettype
left join pg_class rc on rc.oid = t.typrelid
left join pg_namespace rn on rn.oid = rc.relnamespace
where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'`;

/** The roles PostgREST's `authenticator` may switch to (a JWT's `role` must be one of them). */
export const ROLES_SQL = `
select coalesce(json_agg(r.rolname), '[]')::text as doc
from pg_roles r
where exists (select 1 from pg_roles a where a.rolname = 'authenticator')
  and r.rolname <> 'authenticator' and pg_has_role('authenticator', r.oid, 'member')`;

/** Type names a select may cast to (`col::type`). */
export const TYPES_SQL = `
select coalesce(json_agg(distinct t.typname), '[]')::text as doc
from pg_type t
where t.typnamespace in ('pg_catalog'::regnamespace, 'public'::regnamespace) and t.typtype in ('b', 'd', 'e', 'r')`;

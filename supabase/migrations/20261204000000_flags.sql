-- [FLAG-1]…[FLAG-4] Flags: every difference the server finds between what a till claimed and what it
-- re-derives from its own data (a price, a tax rate, a missing approval, a card payment used twice …) is one
-- row of public.flags, which managers and owners read through list_flags. A flag never rejects the op it is
-- about: the sale happened and its money was taken; the flag is how a manager hears of it.
--
-- Ids are drawn here, never taken from an op, so no sender can pre-empt a flag by using its id first. A flag
-- is written once per difference: `dedupe_key` (unique per shop) names the difference (the op, the line, the
-- rule), so an op replayed or re-checked flags nothing twice.

create table public.flags (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  kind text not null check (kind in ('price', 'tax_rate', 'modifiers', 'missing_approval', 'weight_without_label',
                                     'scale_label', 'unverified_approval', 'unverified_cashier', 'card_reuse',
                                     'card_amount', 'receipt_token', 'promotion', 'coupon_reuse', 'overdraw')),
  sale_id uuid,
  op_id uuid,
  terminal_id uuid references public.terminals (id),
  detail jsonb not null default '{}'
    check (pg_catalog.jsonb_typeof(detail) = 'object' and pg_catalog.octet_length(detail::text) <= 4096),
  dedupe_key text not null check (pg_catalog.length(dedupe_key) <= 300),
  created_at timestamptz not null default now(),
  unique (company_id, dedupe_key)
);
comment on table public.flags is
  'Differences the server found between what a till claimed and what it re-derives; written by the server only.';
create index flags_company_created_idx on public.flags (company_id, created_at desc);
create index flags_sale_idx on public.flags (sale_id) where sale_id is not null;
create trigger flags_immutable before update or delete on public.flags
  for each row execute function private.forbid_change();

alter table public.flags enable row level security;
revoke all on public.flags from anon;
revoke insert, update, delete, truncate on public.flags from authenticated;
create policy flags_manager_read on public.flags for select to authenticated
  using (company_id in (select private.company_ids('manager')));

-- [FLAG-2] The one way a flag is written: by the server's own functions, with an id it draws. Answers the new
-- flag's id, or null when this difference was flagged before.
create function private.add_flag(p_company uuid, p_kind text, p_dedupe_key text, p_sale uuid, p_op uuid,
                                 p_terminal uuid, p_detail jsonb) returns uuid
language sql volatile security definer set search_path = '' as $$
  insert into public.flags (company_id, kind, dedupe_key, sale_id, op_id, terminal_id, detail)
  values (p_company, p_kind, p_dedupe_key, p_sale, p_op, p_terminal, coalesce(p_detail, '{}'::jsonb))
  on conflict (company_id, dedupe_key) do nothing
  returning id
$$;
revoke execute on function private.add_flag(uuid, text, text, uuid, uuid, uuid, jsonb) from public, anon, authenticated;

-- [FLAG-3] Managers and owners read their shop's flags since a time, newest first.
create function public.list_flags(p_company uuid, p_since timestamptz default null)
returns setof public.flags
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_role(p_company, 'manager');
  return query
    select f.* from public.flags f
    where f.company_id = p_company and (p_since is null or f.created_at >= p_since)
    order by f.created_at desc, f.id
    limit 5000;
end
$$;
revoke execute on function public.list_flags(uuid, timestamptz) from public, anon;
grant execute on function public.list_flags(uuid, timestamptz) to authenticated;

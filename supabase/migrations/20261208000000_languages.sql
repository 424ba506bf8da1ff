-- Who chooses the language (issue 35; supabase/SPEC.md "Who chooses the language", [LANG-1]…[LANG-5]).
-- * The shop's language (`companies.language`): what its receipts, mails, reports and customer display are
--   written in. Owners set it through `set_shop_language`, as they change the other shop settings ([RLS-3]);
--   the function refuses everyone else with a stable code, where a plain column update would change nothing
--   without a word.
-- * Each staff member's language on a shared till (`staff.language`, null = the till's own): the lock screen
--   switches to it when that person unlocks. `set_staff_language` lets the person set their own, and whoever
--   may manage them in Staff ([STAFF-8]) set theirs.
-- * A person's own language for their screens is kept on their account (GoTrue's user_metadata.language),
--   which follows them to any device; no table holds it.
-- Both columns ride on the rows tills already pull (pull_changes sends every column), so a till knows them
-- offline.

-- [LANG-1] The shop's language: one of the four Tillpoint ships, English until an owner chooses.
alter table public.companies
  add column language text not null default 'en' check (language in ('en', 'es', 'fr', 'de'));
comment on column public.companies.language is
  'The language of the shop''s receipts, mails, reports and customer display: en, es, fr or de (LANG-1).';

-- [LANG-3] A staff member's language on a shared till; null follows the till.
alter table public.staff
  add column language text check (language in ('en', 'es', 'fr', 'de'));
comment on column public.staff.language is
  'The language a shared till''s screens switch to when this person unlocks it; null = the till''s (LANG-3).';
grant select (language) on public.staff to authenticated;

-- A language the app ships, or a refusal with the stable code `invalid_language`.
create function private.require_language(p_language text, p_nullable boolean) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if p_language is null and p_nullable then return; end if;
  if p_language is null or p_language not in ('en', 'es', 'fr', 'de') then
    perform private.reject('invalid_language', 'The language must be en, es, fr or de');
  end if;
end
$$;

-- [LANG-2] Owners set the shop's language; managers, cashiers, paired tills and other shops are refused.
create function public.set_shop_language(p_company_id uuid, p_language text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_language text;
begin
  perform private.require_role(p_company_id, 'owner');
  perform private.require_language(p_language, false);
  update public.companies c set language = p_language where c.id = p_company_id
  returning c.language into v_language;
  return v_language;
end
$$;
comment on function public.set_shop_language(uuid, text) is
  'Sets the language of the shop''s receipts, mails, reports and customer display; owners only (LANG-2).';
revoke execute on function public.set_shop_language(uuid, text) from public, anon;
grant execute on function public.set_shop_language(uuid, text) to authenticated, service_role;

-- [LANG-4] A person sets their own staff row's language; owners and managers set the language of the staff
-- they may manage ([STAFF-8]: managers cashiers, owners everyone). null = the till's.
create function public.set_staff_language(p_company_id uuid, p_staff_id uuid, p_language text)
returns public.staff
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_target public.staff;
  v_row public.staff;
begin
  perform private.require_role(p_company_id, 'cashier');
  if private.member_role(p_company_id) is null then
    -- A paired till is nobody: it sets nobody's language.
    raise exception 'A paired till cannot do this: sign in as a manager or an owner'
      using errcode = '42501', hint = 'insufficient_role';
  end if;
  perform private.require_language(p_language, true);
  select * into v_target from public.staff s where s.company_id = p_company_id and s.id = p_staff_id for update;
  if not found then
    perform private.reject('unknown_staff', 'There is no staff member ' || coalesce(p_staff_id::text, '(none)')
      || ' in this shop');
  end if;
  if v_target.user_id is distinct from auth.uid() then
    perform private.require_staff_manager(p_company_id, v_target.role, v_target.role);
  end if;
  update public.staff s set language = p_language
  where s.company_id = p_company_id and s.id = p_staff_id
  returning * into v_row;
  return v_row;
end
$$;
comment on function public.set_staff_language(uuid, uuid, text) is
  'Sets the language a shared till switches to for one staff member: their own, or staff they manage (LANG-4).';
revoke execute on function public.set_staff_language(uuid, uuid, text) from public, anon;
grant execute on function public.set_staff_language(uuid, uuid, text) to authenticated, service_role;

-- Paired devices and PIN material, wired together (issue 33): the pairing migration (20261204005000) and the
-- PIN-material migration (20261204006000) were written side by side. A paired shared till is a device the
-- shop's manager set up for several people to sell on, so, like a manager's or an owner's session, it may
-- check the shop's PINs offline ([STAFF-14], [DEV-n]); nothing else changes.
create or replace function private.may_read_pin_material(p_company uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.has_role(p_company, 'manager') or private.is_paired_device(p_company)
$$;

-- [INPUT-2] [INPUT-3] The name rules of 20261204003200_name_rules.sql applied to the tables (issue 33,
-- supabase/SPEC.md §18): typed names refused in words or stored cleaned, names inside a sale cleaned.

-- [INPUT-2] Staff and products: typed in the back office (REST, save_staff, import_products, a member's name
-- through company_members), so refused in words.
create function private.check_name_column() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.name := private.checked_name(new.name, tg_argv[0]);
  return new;
end
$$;
create trigger products_clean_name before insert or update of name on public.products
  for each row execute function private.check_name_column('A product''s name');
create trigger staff_clean_name before insert or update of name on public.staff
  for each row execute function private.check_name_column('A staff member''s name');

-- [INPUT-2] [INPUT-3] Customers: written through the API as a member (`authenticated`), refused in words as
-- the other names are; arriving in a `customer.upsert` op (the server's own functions run as their owner),
-- cleaned and never refused, since a sale may already name that customer. The till's form refuses first.
-- [INPUT-4] An email or phone the table's checks would refuse is refused here in words, so an op's answer
-- never carries the check constraint's own message.
create function private.check_customer_row() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('authenticated', 'anon') then
    new.name := private.checked_name(new.name, 'A customer''s name');
  else
    new.name := private.lenient_name(new.name, 'Customer');
  end if;
  if new.email is not null and not (new.email ~ '^[^@\s]+@[^@\s]+$' and pg_catalog.char_length(new.email) <= 320) then
    perform private.reject('invalid_args', 'A customer''s email must look like name@example.com');
  end if;
  if new.phone is not null and new.phone !~ '^[0-9+() .\-/]{3,32}$' then
    perform private.reject('invalid_args',
      'A customer''s phone number has 3 to 32 digits, spaces and + ( ) . - /');
  end if;
  return new;
end
$$;
create trigger customers_check_row before insert or update of name, email, phone on public.customers
  for each row execute function private.check_customer_row();

-- [INPUT-3] A sale's line names and option names are cleaned as they are stored, never refused; a line name
-- with nothing visible left takes its product's name, else "Item". Clean names skip everything but a regex.
create function private.clean_sale_line_name() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.name !~ '^[!-~]+( [!-~]+)*$' then
    new.name := private.lenient_name(new.name, coalesce(
      (select private.lenient_name(p.name, null) from public.products p where p.id = new.product_id), 'Item'));
  end if;
  return new;
end
$$;
create trigger sale_lines_clean_name before insert on public.sale_lines
  for each row execute function private.clean_sale_line_name();

create function private.clean_sale_line_modifier_names() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.option_name !~ '^[!-~]+( [!-~]+)*$' or new.group_name !~ '^[!-~]+( [!-~]+)*$' then
    new.option_name := private.lenient_name(new.option_name, 'Option');
    new.group_name := private.lenient_name(new.group_name, 'Choice');
  end if;
  return new;
end
$$;
create trigger sale_line_modifiers_clean_names before insert on public.sale_line_modifiers
  for each row execute function private.clean_sale_line_modifier_names();

-- [VAL-31] save_value_account: a manager opens (or edits) a customer's store credit, loyalty points or
-- account on credit from the back office, with the id every till derives for it ([VAL-1]), so an account a
-- till opens offline on first use and one opened here are the same row. Gift cards are opened by the sale
-- that issues them ([VAL-11]), never here. Nothing is written to the ledger: an account with no entries has
-- no balance row and reads as 0.

create function public.save_value_account(p_company uuid, p_customer uuid, p_kind text,
                                          p_credit_limit bigint default null, p_note text default null)
returns public.value_accounts
language plpgsql security definer set search_path = '' as $$
declare
  -- An empty note clears it; null leaves it as it is.
  v_note text := nullif(pg_catalog.btrim(p_note), '');
  v_row public.value_accounts;
begin
  perform private.require_role(p_company, 'manager');
  if p_kind is null or p_kind not in ('store_credit', 'loyalty', 'on_account') then
    perform private.reject('invalid_args', 'kind must be store_credit, loyalty or on_account');
  end if;
  if p_credit_limit is not null and p_kind <> 'on_account' then
    perform private.reject('invalid_args', 'Only an account on credit (on_account) has a credit limit');
  end if;
  if p_credit_limit is not null and (p_credit_limit < 0 or p_credit_limit > 1000000000000) then
    perform private.reject('invalid_args', 'credit_limit must be between 0 and 1000000000000 minor units');
  end if;
  if pg_catalog.char_length(v_note) > 500 then
    perform private.reject('invalid_args', 'note must be at most 500 characters');
  end if;
  if p_customer is null or not exists (
       select 1 from public.customers c
       where c.id = p_customer and c.company_id = p_company and c.deleted_at is null) then
    perform private.reject('unknown_customer', 'Customer ' || coalesce(p_customer::text, '(none)')
      || ' is not a customer of this company');
  end if;
  -- A limit lowered below what is owed is kept: the account reads as over its limit, and no till spent
  -- anything, so nothing is flagged.
  insert into public.value_accounts as a (id, company_id, kind, customer_id, credit_limit, note)
  values (private.customer_value_account_id(p_customer, p_kind), p_company, p_kind, p_customer,
          case when p_kind = 'on_account' then coalesce(p_credit_limit, 0) end, v_note)
  on conflict (id) do update
    set credit_limit = case when a.kind = 'on_account' then coalesce(p_credit_limit, a.credit_limit) end,
        note = case when p_note is null then a.note else v_note end
    where a.company_id = p_company
  returning * into v_row;
  return v_row;
end
$$;
comment on function public.save_value_account(uuid, uuid, text, bigint, text) is
  'Opens or edits a customer''s store_credit, loyalty or on_account account (derived id, VAL-31): managers and owners.';
revoke execute on function public.save_value_account(uuid, uuid, text, bigint, text) from public, anon;
grant execute on function public.save_value_account(uuid, uuid, text, bigint, text) to authenticated;

-- A paired till acts for its own store in card payments and receipt mail too (issue 33, supabase/SPEC.md §23).
-- [DEV-7] kept a device to its store's tills in ops, but `card_access` (the Edge Function card-payments' one
-- gate) and the receipt mail (`receipt_email_request` for send-receipt, the `receipt.email` op) checked only
-- the shop: a till paired with store A could read, cancel or follow store B's card payments by id and mail
-- store B's receipts. private.require_device_store (20261204005000) now guards each; members are unchanged.

-- [CARD-4] [AUDIT-2] card_access as in 20261128000100_card_payments.sql, and a device's store checked.
create or replace function public.card_access(
  p_terminal_id uuid default null,
  p_payment_id uuid default null,
  p_reader_id uuid default null,
  p_min_role text default 'cashier'
) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_company uuid;
  v_payment public.card_payments;
  v_reader public.card_readers;
begin
  if p_min_role is null or p_min_role not in ('cashier', 'manager', 'owner') then
    perform private.reject('invalid_args', 'p_min_role must be cashier, manager or owner');
  end if;
  if p_terminal_id is null and p_payment_id is null and p_reader_id is null then
    perform private.reject('invalid_args', 'Name a till, a card payment or a reader');
  end if;
  if p_terminal_id is not null then
    select t.company_id into v_company from public.terminals t where t.id = p_terminal_id;
    if v_company is null then perform private.reject('unknown_terminal', 'There is no such till'); end if;
  end if;
  if p_payment_id is not null then
    select * into v_payment from public.card_payments c where c.id = p_payment_id;
    if v_payment.id is null or v_payment.company_id <> coalesce(v_company, v_payment.company_id) then
      perform private.reject('unknown_card_payment', 'There is no such card payment');
    end if;
    v_company := v_payment.company_id;
  end if;
  if p_reader_id is not null then
    select * into v_reader from public.card_readers r where r.id = p_reader_id;
    if v_reader.id is null or v_reader.company_id <> coalesce(v_company, v_reader.company_id) then
      perform private.reject('unknown_reader', 'There is no such card reader');
    end if;
    v_company := v_reader.company_id;
  end if;
  perform private.require_role(v_company, p_min_role);
  -- [AUDIT-2] A paired till acts for its own store only: the till, the payment's till and the reader's till
  -- named must be its store's (a payment or reader on no till is no store's, so not its). Members pass.
  if p_terminal_id is not null then
    perform private.require_device_store(v_company,
      (select t.store_id from public.terminals t where t.id = p_terminal_id));
  end if;
  if v_payment.id is not null then
    perform private.require_device_store(v_company,
      (select t.store_id from public.terminals t where t.id = v_payment.terminal_id));
  end if;
  if v_reader.id is not null then
    perform private.require_device_store(v_company,
      (select t.store_id from public.terminals t where t.id = v_reader.terminal_id));
  end if;
  -- The reader that goes with the call: the one named, else the payment's, else the till's.
  if v_reader.id is null and v_payment.id is not null then
    select * into v_reader from public.card_readers r where r.id = v_payment.reader_id;
  elsif v_reader.id is null then
    select * into v_reader from public.card_readers r where r.terminal_id = p_terminal_id;
  end if;
  return pg_catalog.jsonb_build_object(
    'company_id', v_company,
    'currency', (select c.currency from public.companies c where c.id = v_company),
    'terminal_id', p_terminal_id,
    'reader', case when v_reader.id is null then null else pg_catalog.to_jsonb(v_reader) end,
    'payment', case when v_payment.id is null then null else pg_catalog.to_jsonb(v_payment) end);
end
$$;

-- [RCPT-16] [AUDIT-3] receipt_email_request as in 20261204003000_receipt_mail_limits.sql, and a device's store
-- checked for the sale (new requests) or the request's sale (asking again).
create or replace function public.receipt_email_request(p_id uuid, p_sale_id uuid default null,
                                                        p_email text default null)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_row public.receipt_emails;
  v_sale public.sales;
begin
  select * into v_row from public.receipt_emails e where e.id = p_id;
  if found then
    perform private.require_role(v_row.company_id, 'cashier');
    -- [AUDIT-3] A paired till asks again only for its own store's sales.
    perform private.require_device_store(v_row.company_id,
      (select s.store_id from public.sales s where s.id = v_row.sale_id));
    if p_email is not null and private.email_hash(private.normal_email(p_email)) <> v_row.email_hash then
      perform private.reject('duplicate_id', 'This mail request id is already used for another receipt');
    end if;
  else
    if p_sale_id is null then
      perform private.reject('unknown_request', 'This receipt mail was not queued on the server');
    end if;
    select * into v_sale from public.sales s where s.id = p_sale_id;
    if not found then
      if auth.uid() is null then perform private.require_role(null, 'cashier'); end if;
      perform private.reject('unknown_sale', 'Sale ' || p_sale_id || ' is not on the server');
    end if;
    perform private.require_role(v_sale.company_id, 'cashier');
    perform private.require_device_store(v_sale.company_id, v_sale.store_id);
    v_row := private.request_receipt_email(p_id, v_sale.company_id, v_sale.id, p_email, auth.uid(), null);
  end if;
  if v_row.sent_at is null then
    perform private.take_receipt_mail_slot(v_row.id, v_row.company_id, v_row.sale_id, auth.uid());
  end if;
  return pg_catalog.jsonb_build_object('id', v_row.id, 'sale_id', v_row.sale_id, 'email_hash', v_row.email_hash,
                                       'sent_at', v_row.sent_at);
end
$$;

-- [RCPT-15] [AUDIT-3] The sale a receipt.email op names, of the till's shop as in 20261202000100_receipt_links.sql,
-- and of a device's own store (the op's till is already its store's, [DEV-7]).
create or replace function private.receipt_sale(p_args jsonb, p_company uuid) returns public.sales
language plpgsql stable security definer set search_path = '' as $$
declare
  v_sale public.sales;
  v_id uuid := private.arg_uuid(p_args, 'sale_id', true);
begin
  select * into v_sale from public.sales s where s.id = v_id and s.company_id = p_company;
  if not found then
    perform private.reject('unknown_sale', 'Sale ' || v_id || ' is not on the server');
  end if;
  perform private.require_device_store(p_company, v_sale.store_id);
  return v_sale;
end
$$;

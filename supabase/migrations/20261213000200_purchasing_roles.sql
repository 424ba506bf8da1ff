-- Who may send purchasing's ops (issue 38, supabase/SPEC.md [PUR-10]), one function every handler calls
-- (purchase orders here, receiving and transfers in 20261213100000…, stocktakes in 20261213200000…), and the
-- company a refused purchasing op is recorded against ([OPS-14]).

-- [PUR-10] The sender's role for a purchasing op, checked as [RLS-2] / [DEV-6] / [DEV-7] check it:
-- * purchase_order.save, .order, .close, .settle, transfer.save, .close, .settle, stocktake.open, .approve,
--   .cancel: a manager or the owner; a paired till never (insufficient_role, not recorded, [OPS-4]).
-- * purchase_order.receive, transfer.send, transfer.receive (cashiers_receive) and stocktake.count
--   (cashiers_count): a manager or the owner; a cashier or a paired till (which acts as a cashier) only when
--   the shop allows it; a paired till only at its own store (p_store: the order's or stocktake's store, the
--   sending store to send, the receiving one to receive).
-- * On a shared till signed in as a manager, p_cashier is the person at the counter (the op's cashier_id, as
--   private.op_cashier read it): a cashier there, in a shop that does not allow it, is answered
--   'not_allowed' — the op is applied and the handler flags it ([PUR-44]), never refused: the goods did
--   arrive, the shelf was counted.
-- Answers null (allowed) or 'not_allowed'; raises not_signed_in, not_member or insufficient_role.
create function private.purchasing_role_check(p_op text, p_user uuid, p_company uuid, p_store uuid,
                                              p_cashier uuid default null) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  v_settings public.purchasing_settings;
  v_allowed boolean;
  v_role text;
  v_counter_role text;
begin
  if p_op in ('purchase_order.save', 'purchase_order.order', 'purchase_order.close', 'purchase_order.settle',
              'transfer.save', 'transfer.close', 'transfer.settle', 'stocktake.open', 'stocktake.approve',
              'stocktake.cancel') then
    perform private.require_role(p_company, 'manager');
    return null;
  end if;
  if p_op not in ('purchase_order.receive', 'transfer.send', 'transfer.receive', 'stocktake.count') then
    raise exception 'No purchasing role rule for %', coalesce(p_op, '(null)')
      using errcode = '22023', hint = 'invalid_args';
  end if;
  perform private.require_role(p_company, 'cashier');
  perform private.require_device_store(p_company, p_store);
  v_settings := private.purchasing_settings_of(p_company);
  v_allowed := case when p_op = 'stocktake.count' then v_settings.cashiers_count else v_settings.cashiers_receive end;
  -- A paired till has no member role: it acts as a cashier ([DEV-6]).
  v_role := coalesce(private.member_role(p_company), 'cashier');
  if private.role_rank(v_role) < private.role_rank('manager') then
    if v_allowed then return null; end if;
    if p_op = 'stocktake.count' then
      raise exception 'This shop lets only managers count stock' using errcode = '42501', hint = 'insufficient_role';
    end if;
    raise exception 'This shop lets only managers receive deliveries and send or receive transfers'
      using errcode = '42501', hint = 'insufficient_role';
  end if;
  if not v_allowed and p_cashier is not null and p_cashier is distinct from p_user then
    select s.role into v_counter_role from public.staff s where s.company_id = p_company and s.id = p_cashier;
    if v_counter_role = 'cashier' then return 'not_allowed'; end if;
  end if;
  return null;
end
$$;
revoke execute on function private.purchasing_role_check(text, uuid, uuid, uuid, uuid) from public, anon, authenticated;

-- [OPS-14] As in 20261121000400_apply_ops.sql; a purchasing op that names only its document (an order, a
-- transfer, a stocktake, or a receipt line to settle) is recorded against that document's shop — and, by
-- apply_op's rule, only when the sender is one of its members.
create or replace function private.op_company(p_name text, p_args jsonb) returns uuid
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select t.company_id from public.terminals t where t.id = private.try_uuid(p_args ->> 'terminal_id')),
    (select s.company_id from public.stores s where s.id = private.try_uuid(p_args ->> 'store_id')),
    (select c.id from public.companies c where c.id = private.try_uuid(p_args ->> 'company_id')),
    (select o.company_id from public.purchase_orders o
     where p_name like 'purchase\_order.%'
       and o.id in (private.try_uuid(p_args ->> 'purchase_order_id'), private.try_uuid(p_args ->> 'id'))
     limit 1),
    (select r.company_id from public.purchase_receipt_lines r
     where p_name = 'purchase_order.settle' and r.id = private.try_uuid(p_args ->> 'receipt_line_id')),
    (select x.company_id from public.transfers x
     where p_name like 'transfer.%'
       and x.id in (private.try_uuid(p_args ->> 'transfer_id'), private.try_uuid(p_args ->> 'id'))
     limit 1),
    (select r.company_id from public.transfer_receipt_lines r
     where p_name = 'transfer.settle' and r.id = private.try_uuid(p_args ->> 'receipt_line_id')),
    (select k.company_id from public.stocktakes k
     where p_name like 'stocktake.%'
       and k.id in (private.try_uuid(p_args ->> 'stocktake_id'), private.try_uuid(p_args ->> 'id'))
     limit 1))
  where pg_catalog.jsonb_typeof(p_args) = 'object'
$$;

-- 'Send to supplier' (issue 38, supabase/SPEC.md [PUR-15]): the database side of the Edge Function
-- send-purchase-order. purchase_order_mail_request (as the caller) decides who may mail which order to whom and
-- how often; purchase_order_mail_sent (the service role, after the provider took the mail) records it once and
-- orders a draft ([PUR-13], via mail). The function only renders and posts. As send-receipt ([MAIL-2]): limits
-- are rows of a server table; a request id counts once.

-- [PUR-15] Purchase order mails allowed per rolling hour: of one order, by one user, of one shop.
create table private.purchase_order_mail_limits (
  scope text primary key check (scope in ('order', 'user', 'shop')),
  per_hour int not null check (per_hour between 1 and 100000)
);
comment on table private.purchase_order_mail_limits is
  'Purchase order mails allowed per rolling hour, per order, per user and per shop (PUR-15).';
insert into private.purchase_order_mail_limits (scope, per_hour) values ('order', 5), ('user', 30), ('shop', 100);

-- [PUR-15] One row per mail request that went past the limits; sent_at once the provider took it.
create table private.purchase_order_mails (
  request_id uuid primary key,
  company_id uuid not null,
  purchase_order_id uuid not null,
  user_id uuid not null,
  taken_at timestamptz not null default now(),
  sent_at timestamptz
);
comment on table private.purchase_order_mails is
  'The purchase order mails send-purchase-order went on with (PUR-15), counted against the limits.';
create index purchase_order_mails_company_idx on private.purchase_order_mails (company_id, taken_at);
create index purchase_order_mails_user_idx on private.purchase_order_mails (user_id, taken_at);
create index purchase_order_mails_order_idx on private.purchase_order_mails (purchase_order_id, taken_at);
alter table private.purchase_order_mail_limits enable row level security;
alter table private.purchase_order_mails enable row level security;
revoke all on private.purchase_order_mail_limits, private.purchase_order_mails from public, anon, authenticated;

-- [PUR-15] Takes a slot for a request, or refuses rate_limited naming the limit. One shop's requests wait for
-- each other here, so two at once cannot both take the last slot.
create function private.take_purchase_order_mail_slot(p_request uuid, p_order public.purchase_orders, p_user uuid)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_limit private.purchase_order_mail_limits;
  v_used int;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('purchase_order_mail:' || p_order.company_id::text));
  for v_limit in select * from private.purchase_order_mail_limits order by scope loop
    select count(*) into v_used from private.purchase_order_mails m
    where m.taken_at > pg_catalog.now() - interval '1 hour'
      and case v_limit.scope when 'order' then m.purchase_order_id = p_order.id
                             when 'user' then m.user_id = p_user
                             else m.company_id = p_order.company_id end;
    if v_used >= v_limit.per_hour then
      perform private.reject('rate_limited', case v_limit.scope
        when 'order' then p_order.number || ' was mailed ' || v_limit.per_hour
                          || ' times in the last hour, the most allowed: try again later'
        when 'user' then 'You mailed ' || v_limit.per_hour
                         || ' purchase orders in the last hour, the most allowed: try again later'
        else 'This shop mailed ' || v_limit.per_hour
             || ' purchase orders in the last hour, the most allowed: try again later' end);
    end if;
  end loop;
  insert into private.purchase_order_mails (request_id, company_id, purchase_order_id, user_id)
  values (p_request, p_order.company_id, p_order.id, p_user);
  delete from private.purchase_order_mails m
  where m.company_id = p_order.company_id and m.taken_at < pg_catalog.now() - interval '1 day' and m.sent_at is not null;
end
$$;

-- [PUR-15] What the mail says, from the server's rows only: the shop, the store it is delivered to, the supplier,
-- the order's number, expected day, note and lines (product name, SKU, quantity, unit).
create function private.purchase_order_mail(p_order public.purchase_orders) returns jsonb
language sql stable security definer set search_path = '' as $$
  select pg_catalog.jsonb_build_object(
    'number', p_order.number,
    'shop_name', c.name,
    'store_name', s.name,
    'store_address', s.address,
    'supplier_name', su.name,
    'expected_on', p_order.expected_on,
    'note', p_order.note,
    'lines', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('name', p.name, 'sku', p.sku, 'quantity', l.quantity,
                                                                'unit', p.unit) order by l.position)
      from public.purchase_order_lines l join public.products p on p.id = l.product_id
      where l.purchase_order_id = p_order.id and l.removed_at is null), '[]'))
  from public.companies c, public.stores s, public.suppliers su
  where c.id = p_order.company_id and s.id = p_order.store_id and su.id = p_order.supplier_id
$$;

-- [PUR-15] purchase_order_mail_request, as the caller (a signed-in manager of the order's shop): another shop's
-- order is unknown_purchase_order; only a draft or an ordered order is mailed (wrong_status); the supplier
-- needs an email (no_supplier_email); the sender's own confirmed address is the mail's Reply-To. A request
-- already sent answers sent_at and takes no slot; a new one takes one ([PUR-15]'s limits).
create function public.purchase_order_mail_request(p_id uuid, p_purchase_order_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_order public.purchase_orders;
  v_request private.purchase_order_mails;
  v_to text;
  v_reply_to text;
begin
  if auth.uid() is null then perform private.require_role(null, 'manager'); end if;
  if p_id is null then perform private.reject('invalid_args', 'A mail request needs an id'); end if;
  select * into v_order from public.purchase_orders o where o.id = p_purchase_order_id;
  if v_order.id is null or not private.is_member(v_order.company_id) then
    perform private.reject('unknown_purchase_order', 'This purchase order is not on the server');
  end if;
  perform private.purchasing_role_check('purchase_order.order', auth.uid(), v_order.company_id, v_order.store_id);
  select * into v_request from private.purchase_order_mails m where m.request_id = p_id;
  if v_request.request_id is not null and v_request.purchase_order_id <> v_order.id then
    perform private.reject('duplicate_id', 'This mail request id is already used for another purchase order');
  end if;
  if v_request.sent_at is null then
    if v_order.status not in ('draft', 'ordered') then
      perform private.reject('wrong_status',
        private.purchase_order_state_words(v_order) || ': only a draft or an ordered order is sent to the supplier');
    end if;
    select s.email into v_to from public.suppliers s where s.id = v_order.supplier_id;
    if v_to is null then
      perform private.reject('no_supplier_email', (select s.name from public.suppliers s where s.id = v_order.supplier_id)
        || ' has no email address: add one to the supplier first');
    end if;
    if v_request.request_id is null then
      perform private.take_purchase_order_mail_slot(p_id, v_order, auth.uid());
    end if;
  end if;
  select u.email into v_reply_to from auth.users u where u.id = auth.uid() and u.email_confirmed_at is not null;
  return pg_catalog.jsonb_build_object(
    'id', p_id, 'purchase_order_id', v_order.id, 'number', v_order.number, 'status', v_order.status,
    'sent_at', v_request.sent_at, 'to', private.normal_email(v_to), 'reply_to', v_reply_to,
    'mail', private.purchase_order_mail(v_order));
end
$$;

-- [PUR-15] purchase_order_mail_sent (service role): the provider took request p_id's mail. Once per request:
-- it is marked sent; a draft becomes ordered via mail ([PUR-13]) and an event 'sent' is written in any case.
-- A request already marked answers as it stands and writes nothing.
create function public.purchase_order_mail_sent(p_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_request private.purchase_order_mails;
  v_order public.purchase_orders;
begin
  update private.purchase_order_mails m set sent_at = pg_catalog.now()
  where m.request_id = p_id and m.sent_at is null
  returning * into v_request;
  select * into v_order from public.purchase_orders o
  where o.id = coalesce(v_request.purchase_order_id,
                        (select m.purchase_order_id from private.purchase_order_mails m where m.request_id = p_id))
  for update;
  if v_order.id is null then
    perform private.reject('unknown_request', 'This purchase order mail was not requested');
  end if;
  if v_request.request_id is not null then
    if v_order.status = 'draft' then
      v_order := private.move_purchase_order(v_order, 'ordered', 'ordered', v_request.user_id, null,
                                             pg_catalog.now(), '{"via": "mail"}');
    end if;
    perform private.add_document_event(v_order.company_id, 'purchase_order', v_order.id, 'sent', v_order.status,
                                       v_order.status, v_request.user_id, null, pg_catalog.now(),
                                       pg_catalog.jsonb_build_object('via', 'mail', 'request_id', p_id));
  end if;
  return pg_catalog.jsonb_build_object('sent', true, 'number', v_order.number, 'status', v_order.status);
end
$$;

revoke all on function private.take_purchase_order_mail_slot(uuid, public.purchase_orders, uuid)
  from public, anon, authenticated;
revoke all on function private.purchase_order_mail(public.purchase_orders) from public, anon, authenticated;
revoke all on function public.purchase_order_mail_request(uuid, uuid) from public, anon;
grant execute on function public.purchase_order_mail_request(uuid, uuid) to authenticated;
revoke all on function public.purchase_order_mail_sent(uuid) from public, anon, authenticated;
grant execute on function public.purchase_order_mail_sent(uuid) to service_role;

-- Card payments on a reader through Stripe Terminal's server-driven integration (issue 20, SPEC §12).
-- The Edge Function `card-payments` is the only writer: it checks the caller with `card_access` (their own
-- token, so membership, role and the second factor are judged as everywhere else), talks to Stripe, and
-- records what Stripe said through the service-role functions below. Webhooks keep the rows current.
-- apply_ops is not redefined: a trigger on `payments` links a sale's card tender to its row.

-- [CARD-1] Readers belong to one shop and are assigned to at most one till.
create table public.card_readers (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  stripe_reader_id text not null unique check (stripe_reader_id ~ '^tmr_[A-Za-z0-9_]{1,200}$'),
  label text not null check (private.is_name(label, 100)),
  device_type text not null check (char_length(device_type) <= 100),
  serial_number text check (char_length(serial_number) <= 200),
  terminal_id uuid references public.terminals (id),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.card_readers is
  'Stripe Terminal readers registered by a shop; terminal_id is the till whose card payments it takes.';
create unique index card_readers_terminal_idx on public.card_readers (terminal_id) where terminal_id is not null;
create index card_readers_company_idx on public.card_readers (company_id);

-- [CARD-2] One row per payment attempt on a reader, and one per unknown PaymentIntent a sale carried.
create table public.card_payments (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id),
  terminal_id uuid references public.terminals (id),
  reader_id uuid references public.card_readers (id),
  sale_id uuid,
  payment_id uuid,
  amount bigint not null check (amount > 0 and amount <= 1000000000000),
  currency text not null references public.currencies (code),
  payment_intent_id text check (payment_intent_id ~ '^pi_[A-Za-z0-9_]{1,200}$'),
  status text not null default 'pending'
    check (status in ('pending', 'in_progress', 'succeeded', 'failed', 'canceled', 'unknown')),
  failure_code text check (char_length(failure_code) <= 100),
  failure_message text check (char_length(failure_message) <= 500),
  refunded_amount bigint not null default 0 check (refunded_amount >= 0 and refunded_amount <= amount),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  linked_at timestamptz,
  unique (company_id, payment_intent_id)
);
comment on table public.card_payments is
  'Card payments on a reader (Stripe PaymentIntents) and their outcome; sale_id/payment_id once the sale arrives. Status unknown: a sale''s card tender named a PaymentIntent the server never started.';
-- A PaymentIntent the server started belongs to one row; only flags ('unknown') may repeat an id elsewhere.
create unique index card_payments_intent_idx on public.card_payments (payment_intent_id)
  where status <> 'unknown';
create index card_payments_company_idx on public.card_payments (company_id, created_at);
create index card_payments_sale_idx on public.card_payments (sale_id) where sale_id is not null;

-- [CARD-6] Each webhook event is applied once: a replay finds its id here and changes nothing.
create table private.card_payment_events (
  event_id text primary key,
  type text not null,
  payment_intent_id text,
  received_at timestamptz not null default now()
);
-- Refunds the function made, by Stripe refund id, so a retried call never counts one twice.
create table private.card_refunds (
  stripe_refund_id text primary key,
  card_payment_id uuid not null references public.card_payments (id),
  amount bigint not null check (amount > 0),
  created_by uuid,
  created_at timestamptz not null default now()
);

-- [CARD-3] Members read their own shop's readers and payments; nobody writes them through the API.
alter table public.card_readers enable row level security;
alter table public.card_payments enable row level security;
create policy card_readers_read on public.card_readers for select to authenticated
  using (company_id in (select private.company_ids('cashier')));
create policy card_payments_read on public.card_payments for select to authenticated
  using (company_id in (select private.company_ids('cashier')));
revoke all on public.card_readers, public.card_payments from anon, authenticated;
grant select on public.card_readers, public.card_payments to authenticated;
grant all on public.card_readers, public.card_payments to service_role;

-- [CARD-4] What the function needs to know before it acts for the caller: the shop of the till, payment or
-- reader named (never a shop id from the request), checked with the caller's own token against p_min_role.
-- Ids of different shops in one call, or ids nobody knows, are `unknown_*`.
create function public.card_access(
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

-- [CARD-1] Register (or re-register) a reader Stripe answered for; assigning it to a till takes the till
-- from any reader that had it.
create function public.card_reader_save(
  p_company_id uuid, p_stripe_reader_id text, p_label text, p_device_type text, p_serial_number text,
  p_terminal_id uuid, p_user uuid
) returns public.card_readers
language plpgsql security definer set search_path = '' as $$
declare
  v_reader public.card_readers;
begin
  select * into v_reader from public.card_readers r where r.stripe_reader_id = p_stripe_reader_id;
  if v_reader.id is not null and v_reader.company_id <> p_company_id then
    perform private.reject('reader_taken', 'That reader is registered to another shop');
  end if;
  insert into public.card_readers (company_id, stripe_reader_id, label, device_type, serial_number, created_by)
  values (p_company_id, p_stripe_reader_id, p_label, p_device_type, p_serial_number, p_user)
  on conflict (stripe_reader_id) do update
    set label = excluded.label, device_type = excluded.device_type, serial_number = excluded.serial_number,
        updated_at = now()
  returning * into v_reader;
  if p_terminal_id is not null then
    v_reader := public.card_reader_assign(v_reader.id, p_terminal_id);
  end if;
  return v_reader;
end
$$;

create function public.card_reader_assign(p_reader_id uuid, p_terminal_id uuid) returns public.card_readers
language plpgsql security definer set search_path = '' as $$
declare
  v_reader public.card_readers;
begin
  select * into v_reader from public.card_readers r where r.id = p_reader_id for update;
  if v_reader.id is null then perform private.reject('unknown_reader', 'There is no such card reader'); end if;
  if p_terminal_id is not null and not exists (
    select 1 from public.terminals t where t.id = p_terminal_id and t.company_id = v_reader.company_id
  ) then
    perform private.reject('unknown_terminal', 'There is no such till');
  end if;
  update public.card_readers r set terminal_id = null, updated_at = now()
  where r.terminal_id = p_terminal_id and r.id <> p_reader_id;
  update public.card_readers r set terminal_id = p_terminal_id, updated_at = now()
  where r.id = p_reader_id returning * into v_reader;
  return v_reader;
end
$$;

-- [CARD-5] A payment attempt, before Stripe hears of it: the till's shop currency only.
create function public.card_payment_open(
  p_company_id uuid, p_terminal_id uuid, p_reader_id uuid, p_sale_id uuid, p_amount bigint, p_currency text,
  p_user uuid
) returns public.card_payments
language plpgsql security definer set search_path = '' as $$
declare
  v_row public.card_payments;
begin
  if p_amount is null or p_amount <= 0 or p_amount > 1000000000000 then
    perform private.reject('invalid_args', 'amount must be a whole number of minor units above 0');
  end if;
  if pg_catalog.upper(p_currency) is distinct from (select c.currency from public.companies c where c.id = p_company_id) then
    perform private.reject('currency_mismatch', 'The shop takes card payments in its own currency only');
  end if;
  insert into public.card_payments (company_id, terminal_id, reader_id, sale_id, amount, currency, created_by)
  values (p_company_id, p_terminal_id, p_reader_id, p_sale_id, p_amount, pg_catalog.upper(p_currency), p_user)
  returning * into v_row;
  return v_row;
end
$$;

-- [CARD-6] One status change, from the function or a webhook. Succeeded and canceled are final; a late
-- in_progress never hides an outcome; refunded_amount only grows (Stripe's figure is cumulative).
create function private.card_payment_advance(
  p_id uuid, p_payment_intent_id text, p_status text, p_failure_code text, p_failure_message text,
  p_refunded_amount bigint
) returns public.card_payments
language plpgsql security definer set search_path = '' as $$
declare
  v_row public.card_payments;
begin
  update public.card_payments c set
    payment_intent_id = coalesce(c.payment_intent_id, p_payment_intent_id),
    status = case
      when p_status is null or c.status in ('succeeded', 'canceled') then c.status
      when p_status = 'in_progress' and c.status <> 'pending' then c.status
      else p_status end,
    failure_code = case
      when p_status = 'failed' and c.status not in ('succeeded', 'canceled') then p_failure_code
      else c.failure_code end,
    failure_message = case
      when p_status = 'failed' and c.status not in ('succeeded', 'canceled') then p_failure_message
      else c.failure_message end,
    refunded_amount = greatest(c.refunded_amount, coalesce(p_refunded_amount, 0)),
    updated_at = now()
  where c.id = p_id
  returning * into v_row;
  return v_row;
end
$$;

create function public.card_payment_update(
  p_id uuid, p_payment_intent_id text, p_status text, p_failure_code text default null,
  p_failure_message text default null
) returns public.card_payments
language sql security definer set search_path = '' as $$
  select * from private.card_payment_advance(p_id, p_payment_intent_id, p_status, p_failure_code,
                                             p_failure_message, null)
$$;

-- [CARD-6] A verified webhook event: recorded once by id; the row is found by PaymentIntent id, or by the
-- card_payment_id the function put in the PaymentIntent's metadata (an event may beat the function's own
-- write). Answers {duplicate, payment}.
create function public.card_payment_event(
  p_event_id text, p_type text, p_payment_intent_id text, p_card_payment_id uuid, p_status text,
  p_failure_code text default null, p_failure_message text default null, p_refunded_amount bigint default null
) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid;
  v_row public.card_payments;
begin
  insert into private.card_payment_events (event_id, type, payment_intent_id)
  values (p_event_id, p_type, p_payment_intent_id)
  on conflict (event_id) do nothing;
  if not found then
    return pg_catalog.jsonb_build_object('duplicate', true);
  end if;
  select c.id into v_id from public.card_payments c
  where c.payment_intent_id = p_payment_intent_id and c.status <> 'unknown';
  if v_id is null then
    select c.id into v_id from public.card_payments c
    where c.id = p_card_payment_id and c.payment_intent_id is null;
  end if;
  if v_id is null then
    return pg_catalog.jsonb_build_object('duplicate', false, 'payment', null);
  end if;
  v_row := private.card_payment_advance(v_id, p_payment_intent_id, p_status, p_failure_code,
                                        p_failure_message, p_refunded_amount);
  return pg_catalog.jsonb_build_object('duplicate', false, 'payment', pg_catalog.to_jsonb(v_row));
end
$$;

-- [CARD-8] A refund the function made on Stripe, counted once by its Stripe id.
create function public.card_payment_refunded(p_id uuid, p_stripe_refund_id text, p_amount bigint, p_user uuid)
returns public.card_payments
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.card_refunds (stripe_refund_id, card_payment_id, amount, created_by)
  values (p_stripe_refund_id, p_id, p_amount, p_user)
  on conflict (stripe_refund_id) do nothing;
  return private.card_payment_advance(p_id, null, null, null, null,
    (select sum(r.amount)::bigint from private.card_refunds r where r.card_payment_id = p_id));
end
$$;

-- [CARD-7] A sale's card tender whose reference is a PaymentIntent id links to that payment's row; one the
-- server does not know is accepted (apply_ops never sees this) and flagged with an `unknown` row. Refunds
-- (kind refund) carry the original PaymentIntent and are not linked. One statement per insert statement, so
-- a batch of sales costs one query, and nothing when no tender names a PaymentIntent.
create function private.link_card_tenders() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  with card as (
    select p.id as payment_id, p.company_id, p.sale_id, p.amount, p.reference, s.terminal_id
    from new_payments p
    join public.sales s on s.id = p.sale_id and s.company_id = p.company_id
    where p.method = 'card' and p.reference like 'pi\_%' and s.kind = 'sale'
  ), linked as (
    update public.card_payments c
    set sale_id = card.sale_id, payment_id = card.payment_id, linked_at = now(), updated_at = now()
    from card
    where c.payment_intent_id = card.reference and c.company_id = card.company_id
      and c.status <> 'unknown' and c.payment_id is null
    returning c.payment_intent_id
  )
  insert into public.card_payments (company_id, terminal_id, sale_id, payment_id, amount, currency,
                                    payment_intent_id, status, failure_code, failure_message, linked_at)
  select card.company_id, card.terminal_id, card.sale_id, card.payment_id, card.amount, co.currency,
         card.reference, 'unknown', 'unknown_payment_intent',
         'The sale names a card payment this server never started', now()
  from card
  join public.companies co on co.id = card.company_id
  where card.reference ~ '^pi_[A-Za-z0-9_]{1,200}$'
    and not exists (select 1 from linked l where l.payment_intent_id = card.reference)
    and not exists (
      select 1 from public.card_payments c
      where c.payment_intent_id = card.reference and c.company_id = card.company_id)
  on conflict (company_id, payment_intent_id) do nothing;
  return null;
end
$$;
create trigger payments_link_card after insert on public.payments
  referencing new table as new_payments
  for each statement execute function private.link_card_tenders();

-- [CARD-9] For managers: payments that need a person. `unresolved`: succeeded on Stripe but no sale named it
-- after p_minutes (the till died); `unknown`: a sale named a PaymentIntent the server never started;
-- `mismatch`: a sale linked to a payment that did not succeed or whose amount differs from the tender.
create function public.card_payment_issues(p_terminal_id uuid, p_minutes integer default 10)
returns table (issue text, payment jsonb)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_company uuid;
begin
  select t.company_id into v_company from public.terminals t where t.id = p_terminal_id;
  if v_company is null then perform private.reject('unknown_terminal', 'There is no such till'); end if;
  perform private.require_role(v_company, 'manager');
  return query
  select case
           when c.status = 'unknown' then 'unknown'
           when c.payment_id is null then 'unresolved'
           else 'mismatch' end,
         pg_catalog.to_jsonb(c)
  from public.card_payments c
  left join public.payments p on p.id = c.payment_id
  where c.company_id = v_company
    and (c.status = 'unknown'
      or (c.status = 'succeeded' and c.payment_id is null
          and c.updated_at < now() - pg_catalog.make_interval(mins => greatest(p_minutes, 0)))
      or (c.payment_id is not null and (c.status <> 'succeeded' or p.amount <> c.amount)))
  order by c.created_at;
end
$$;

revoke execute on function public.card_reader_save(uuid, text, text, text, text, uuid, uuid),
  public.card_reader_assign(uuid, uuid),
  public.card_payment_open(uuid, uuid, uuid, uuid, bigint, text, uuid),
  public.card_payment_update(uuid, text, text, text, text),
  public.card_payment_event(text, text, text, uuid, text, text, text, bigint),
  public.card_payment_refunded(uuid, text, bigint, uuid)
  from public, anon, authenticated;
grant execute on function public.card_reader_save(uuid, text, text, text, text, uuid, uuid),
  public.card_reader_assign(uuid, uuid),
  public.card_payment_open(uuid, uuid, uuid, uuid, bigint, text, uuid),
  public.card_payment_update(uuid, text, text, text, text),
  public.card_payment_event(text, text, text, uuid, text, text, text, bigint),
  public.card_payment_refunded(uuid, text, bigint, uuid)
  to service_role;
revoke execute on function private.card_payment_advance(uuid, text, text, text, text, bigint),
  private.link_card_tenders() from public, anon, authenticated;
revoke execute on function public.card_access(uuid, uuid, uuid, text), public.card_payment_issues(uuid, integer)
  from public, anon;
grant execute on function public.card_access(uuid, uuid, uuid, text), public.card_payment_issues(uuid, integer)
  to authenticated, service_role;

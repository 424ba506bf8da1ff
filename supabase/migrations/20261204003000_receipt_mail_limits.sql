-- Receipt mail is not an open relay (issue 33, supabase/SPEC.md §18 [MAIL-2], [MAIL-3]): send-receipt may mail
-- one well-formed address per request, and only so many receipts per sale, per user and per shop in any hour.
-- The numbers are rows of a server table, so an operator can change them without a migration; the slots a
-- send took are kept for the hour they count in.

-- [MAIL-2] How many receipt mails an hour each scope may send. A shop never hits these honestly: a receipt
-- mailed 5 times, one person mailing one a minute for an hour, a shop mailing 300 in an hour.
create table private.receipt_mail_limits (
  scope text primary key check (scope in ('sale', 'user', 'shop')),
  per_hour int not null check (per_hour between 1 and 100000)
);
comment on table private.receipt_mail_limits is
  'Receipt mails allowed per rolling hour, per sale, per user and per shop (MAIL-2).';
insert into private.receipt_mail_limits (scope, per_hour) values ('sale', 5), ('user', 60), ('shop', 300);

-- [MAIL-2] One row per mail request that went past the limits: a retry of the same request id counts once.
create table private.receipt_mail_sends (
  request_id uuid primary key,
  company_id uuid not null,
  sale_id uuid not null,
  user_id uuid not null,
  taken_at timestamptz not null default now()
);
comment on table private.receipt_mail_sends is
  'The receipt mails send-receipt went on with, counted against private.receipt_mail_limits (MAIL-2).';
create index receipt_mail_sends_company_idx on private.receipt_mail_sends (company_id, taken_at);
create index receipt_mail_sends_user_idx on private.receipt_mail_sends (user_id, taken_at);
create index receipt_mail_sends_sale_idx on private.receipt_mail_sends (sale_id, taken_at);
alter table private.receipt_mail_limits enable row level security;
alter table private.receipt_mail_sends enable row level security;
revoke all on private.receipt_mail_limits, private.receipt_mail_sends from public, anon, authenticated;

-- [MAIL-2] Takes a slot for a mail request, or refuses with `rate_limited` and a sentence naming the limit.
-- One shop's sends wait for each other here, so two at once cannot both take the last slot.
create function private.take_receipt_mail_slot(p_request uuid, p_company uuid, p_sale uuid, p_user uuid)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_limit private.receipt_mail_limits;
  v_used int;
begin
  if exists (select 1 from private.receipt_mail_sends s where s.request_id = p_request) then return; end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('receipt_mail:' || p_company::text));
  for v_limit in select * from private.receipt_mail_limits order by scope loop
    select count(*) into v_used from private.receipt_mail_sends s
    where s.taken_at > now() - interval '1 hour'
      and case v_limit.scope when 'sale' then s.sale_id = p_sale
                             when 'user' then s.user_id = p_user
                             else s.company_id = p_company end;
    if v_used >= v_limit.per_hour then
      perform private.reject('rate_limited', case v_limit.scope
        when 'sale' then 'This receipt was mailed ' || v_limit.per_hour
                         || ' times in the last hour, the most allowed: try again later'
        when 'user' then 'You mailed ' || v_limit.per_hour
                         || ' receipts in the last hour, the most allowed: the rest go later'
        else 'This shop mailed ' || v_limit.per_hour
             || ' receipts in the last hour, the most allowed: the rest go later' end);
    end if;
  end loop;
  insert into private.receipt_mail_sends (request_id, company_id, sale_id, user_id)
  values (p_request, p_company, p_sale, p_user);
  delete from private.receipt_mail_sends s
  where s.company_id = p_company and s.taken_at < now() - interval '1 day';
end
$$;

-- [MAIL-3] One address, as send-receipt and the till normalise it: trimmed, the domain lower-cased.
create function private.normal_email(p_email text) returns text
language sql immutable set search_path = '' as $$
  select case when pg_catalog.strpos(v, '@') = 0 then v
              else pg_catalog.split_part(v, '@', 1) || '@' || pg_catalog.lower(pg_catalog.split_part(v, '@', 2)) end
  from (select pg_catalog.btrim(p_email, E' \t') as v) t
$$;

-- [MAIL-3] One mailbox: a dot-atom local part of at most 64 characters, an ASCII domain of dot-separated
-- labels ending in letters, at most 254 characters in all. So no commas, semicolons, spaces, quotes,
-- angle brackets or line breaks: nothing a mail API could read as a second recipient or a header.
create or replace function private.is_email(p_email text) returns boolean
language sql immutable as $$
  select p_email is not null and char_length(p_email) <= 254
     and char_length(split_part(p_email, '@', 1)) <= 64
     and p_email ~ ('^[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+)*'
                    '@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$')
$$;

-- [RCPT-15] As in 20261202000100_receipt_links.sql, on the normalised address ([MAIL-3]).
create or replace function private.request_receipt_email(p_id uuid, p_company uuid, p_sale_id uuid, p_email text,
                                                         p_user uuid, p_op_id uuid) returns public.receipt_emails
language plpgsql security definer set search_path = '' as $$
declare
  v_row public.receipt_emails;
  v_email text := private.normal_email(p_email);
  v_hash text;
begin
  if not private.is_email(v_email) then
    perform private.reject('invalid_email', 'That email address does not look right: check it and try again');
  end if;
  v_hash := private.email_hash(v_email);
  insert into public.receipt_emails (id, company_id, sale_id, email_hash, requested_by, op_id)
  values (p_id, p_company, p_sale_id, v_hash, p_user, p_op_id)
  on conflict (id) do nothing;
  select * into v_row from public.receipt_emails e where e.id = p_id;
  if v_row.company_id <> p_company or v_row.sale_id <> p_sale_id or v_row.email_hash <> v_hash then
    perform private.reject('duplicate_id', 'This mail request id is already used for another receipt');
  end if;
  return v_row;
end
$$;

-- [RCPT-16] As in 20261202000100_receipt_links.sql, and a request not sent yet takes a slot ([MAIL-2]): over a
-- limit the call is refused `rate_limited` and records nothing.
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
    v_row := private.request_receipt_email(p_id, v_sale.company_id, v_sale.id, p_email, auth.uid(), null);
  end if;
  if v_row.sent_at is null then
    perform private.take_receipt_mail_slot(v_row.id, v_row.company_id, v_row.sale_id, auth.uid());
  end if;
  return pg_catalog.jsonb_build_object('id', v_row.id, 'sale_id', v_row.sale_id, 'email_hash', v_row.email_hash,
                                       'sent_at', v_row.sent_at);
end
$$;

revoke all on function private.take_receipt_mail_slot(uuid, uuid, uuid, uuid) from public, anon, authenticated;

-- Digital receipts (issue 22, supabase/SPEC.md §14): a public link to each sale's receipt by an unguessable
-- token the till draws when it records the sale (offline, so the printed receipt carries its QR code at
-- once), and receipts sent by mail through the Edge Function `send-receipt`. The token travels as the
-- optional `receipt_token` of `sale.record`, which private.record_sales never reads: apply_ops links the
-- sales of each run it applied (20261202000110_receipt_ops.sql), so sales keep their set-based path and no
-- op is added per sale.

-- [RCPT-10] One row per token; a sale may have more than one (a mail after a revoke makes a new one).
create table public.receipt_links (
  token text primary key check (token ~ '^[A-Za-z0-9_-]{22,86}$'),
  company_id uuid not null references public.companies (id),
  sale_id uuid not null,
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id),
  op_id uuid,
  revoked_at timestamptz,
  revoked_by uuid references auth.users (id),
  foreign key (company_id, sale_id) references public.sales (company_id, id)
);
comment on table public.receipt_links is
  'Public links to a sale''s receipt (/r/<token>): made by the till with the sale, revoked by a manager.';
create index receipt_links_sale_idx on public.receipt_links (sale_id);

-- [RCPT-15] A receipt sent by mail: the address's SHA-256 only, never the address itself.
create table public.receipt_emails (
  id uuid primary key,
  company_id uuid not null references public.companies (id),
  sale_id uuid not null,
  email_hash text not null check (email_hash ~ '^[0-9a-f]{64}$'),
  requested_by uuid not null references auth.users (id),
  op_id uuid,
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  sent_at timestamptz,
  foreign key (company_id, sale_id) references public.sales (company_id, id)
);
comment on table public.receipt_emails is
  'Receipts sent by mail (send-receipt): which sale, a hash of the address, when it went; sent once per id.';
create index receipt_emails_sale_idx on public.receipt_emails (sale_id);

-- [RCPT-11] Members read their shop's links and mails; only the ops and functions below write them.
alter table public.receipt_links enable row level security;
alter table public.receipt_emails enable row level security;
create policy receipt_links_read on public.receipt_links for select to authenticated
  using (company_id in (select private.company_ids('cashier')));
create policy receipt_emails_read on public.receipt_emails for select to authenticated
  using (company_id in (select private.company_ids('cashier')));
revoke all on public.receipt_links, public.receipt_emails from anon, authenticated;
grant select on public.receipt_links, public.receipt_emails to authenticated;
grant all on public.receipt_links, public.receipt_emails to service_role;

-- An address a mail can go to: one @, a dot in the domain, no spaces, at most 254 characters.
create function private.is_email(p_email text) returns boolean
language sql immutable as $$
  select p_email is not null and char_length(p_email) <= 254
     and p_email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:].]+$'
$$;

create function private.email_hash(p_email text) returns text
language sql immutable as $$
  select pg_catalog.encode(extensions.digest(pg_catalog.lower(pg_catalog.btrim(p_email)), 'sha256'), 'hex')
$$;

-- The sale a receipt op names, when it is the terminal's shop's; another shop's sale reads as unknown.
create function private.receipt_sale(p_args jsonb, p_company uuid) returns public.sales
language plpgsql stable security definer set search_path = '' as $$
declare
  v_sale public.sales;
  v_id uuid := private.arg_uuid(p_args, 'sale_id', true);
begin
  select * into v_sale from public.sales s where s.id = v_id and s.company_id = p_company;
  if not found then
    perform private.reject('unknown_sale', 'Sale ' || v_id || ' is not on the server');
  end if;
  return v_sale;
end
$$;

-- [RCPT-15] Records one mail request: the sale must be the caller's shop's, the address well formed; the same
-- id again must name the same sale and address. Answers the row.
create function private.request_receipt_email(p_id uuid, p_company uuid, p_sale_id uuid, p_email text,
                                              p_user uuid, p_op_id uuid) returns public.receipt_emails
language plpgsql security definer set search_path = '' as $$
declare
  v_row public.receipt_emails;
  v_hash text;
begin
  if not private.is_email(p_email) then
    perform private.reject('invalid_email', 'That email address does not look right: check it and try again');
  end if;
  v_hash := private.email_hash(p_email);
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

-- [RCPT-15] receipt.email (role cashier): {id, terminal_id, sale_id, email}. The mail itself goes when the
-- till calls send-receipt with the id after the op applied ([RCPT-16]); a replay records nothing again.
create function private.op_receipt_email(p_args jsonb, p_op_id uuid, p_user uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_terminal public.terminals := private.require_terminal(private.arg_uuid(p_args, 'terminal_id', true), 'cashier');
  v_sale public.sales := private.receipt_sale(p_args, v_terminal.company_id);
begin
  perform private.request_receipt_email(private.arg_uuid(p_args, 'id', true), v_terminal.company_id, v_sale.id,
                                        private.arg_text(p_args, 'email', true, 254), p_user, p_op_id);
  return pg_catalog.jsonb_build_object('company_id', v_terminal.company_id, 'terminal_id', v_terminal.id);
end
$$;

-- [RCPT-16] send-receipt asks, as the caller: may they mail this receipt (a member of the sale's shop), and
-- has it gone already. p_sale_id and p_email make the request when the id is new (the back office sends at
-- once, with no op); a queued request's id alone is enough after its op applied.
create function public.receipt_email_request(p_id uuid, p_sale_id uuid default null, p_email text default null)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_row public.receipt_emails;
  v_sale public.sales;
begin
  select * into v_row from public.receipt_emails e where e.id = p_id;
  if found then
    perform private.require_role(v_row.company_id, 'cashier');
    if p_email is not null and private.email_hash(p_email) <> v_row.email_hash then
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
  return pg_catalog.jsonb_build_object('id', v_row.id, 'sale_id', v_row.sale_id, 'email_hash', v_row.email_hash,
                                       'sent_at', v_row.sent_at);
end
$$;

-- [RCPT-16] The function's claim on a request (service role): true for exactly one caller until it is sent
-- or released; a claim older than two minutes (a function that died mid-send) can be taken again.
create function public.receipt_email_claim(p_id uuid, p_claim boolean) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  if p_claim then
    update public.receipt_emails e set claimed_at = now()
    where e.id = p_id and e.sent_at is null
      and (e.claimed_at is null or e.claimed_at < now() - interval '2 minutes');
  else
    update public.receipt_emails e set claimed_at = null where e.id = p_id and e.sent_at is null;
  end if;
  return found;
end
$$;

create function public.receipt_email_sent(p_id uuid) returns void
language sql security definer set search_path = '' as $$
  update public.receipt_emails e set sent_at = now() where e.id = p_id and e.sent_at is null
$$;

-- [RCPT-12] What a receipt says, for a public page or a mail: the shop's name and texts as printed, the
-- store, date, receipt number, lines, taxes per rate, totals and tenders (method and amount). Nothing of the
-- customer, the cashier, the till or another row's id.
create function private.receipt_json(p_sale public.sales) returns jsonb
language sql stable security definer set search_path = '' as $$
  select pg_catalog.jsonb_build_object(
    'shop_name', c.name,
    'header', c.receipt_header,
    'address', c.address,
    'tax_number', c.tax_number,
    'footer', c.receipt_footer,
    'store_name', st.name,
    'time_zone', c.time_zone,
    'kind', p_sale.kind,
    'receipt_no', p_sale.receipt_no,
    'occurred_at', p_sale.occurred_at,
    'currency', p_sale.currency,
    'prices_include_tax', p_sale.prices_include_tax,
    'subtotal', p_sale.subtotal,
    'discount_total', p_sale.discount_total,
    'tax_total', p_sale.tax_total,
    'rounding', p_sale.rounding,
    'total', p_sale.total,
    'lines', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'name', l.name, 'quantity', l.quantity, 'unit_price', l.unit_price, 'discount', l.discount,
               'total', l.total) order by l.line_no)
      from public.sale_lines l where l.sale_id = p_sale.id), '[]'),
    'taxes', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'rate_bp', t.rate, 'net', t.gross - t.tax, 'tax', t.tax, 'gross', t.gross) order by t.rate)
      from (select l.tax_rate_bp as rate, sum(l.tax)::bigint as tax, sum(l.total)::bigint as gross
            from public.sale_lines l where l.sale_id = p_sale.id group by l.tax_rate_bp) t), '[]'),
    'payments', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('method', p.method, 'amount', p.amount)
                                  order by p.method, p.amount)
      from public.payments p where p.sale_id = p_sale.id), '[]'))
  from public.companies c
  left join public.stores st on st.company_id = p_sale.company_id and st.id = p_sale.store_id
  where c.id = p_sale.company_id
$$;

-- [RCPT-12] [RCPT-13] The public receipt page's one call, for anyone (anon too): the receipt of a live link,
-- or null for an unknown or revoked token alike.
create function public.public_receipt(p_token text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select private.receipt_json(s)
  from public.receipt_links l
  join public.sales s on s.id = l.sale_id and s.company_id = l.company_id
  where l.token = p_token and l.revoked_at is null
    and p_token ~ '^[A-Za-z0-9_-]{22,86}$'
$$;

-- [RCPT-16] What send-receipt mails (service role): the receipt and a live token for its link, made here
-- when the sale has none (a sale recorded before links, or whose links were all revoked).
create function public.receipt_for_mail(p_id uuid, p_new_token text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_sale public.sales;
  v_token text;
begin
  select s.* into v_sale from public.receipt_emails e join public.sales s on s.id = e.sale_id where e.id = p_id;
  if not found then
    perform private.reject('unknown_request', 'This receipt mail was not queued on the server');
  end if;
  select l.token into v_token from public.receipt_links l
  where l.sale_id = v_sale.id and l.revoked_at is null order by l.created_at limit 1;
  if v_token is null then
    insert into public.receipt_links (token, company_id, sale_id) values (p_new_token, v_sale.company_id, v_sale.id)
    returning token into v_token;
  end if;
  return pg_catalog.jsonb_build_object('receipt', private.receipt_json(v_sale), 'token', v_token);
end
$$;

-- [RCPT-14] A manager or the owner revokes every live link of a sale; the page then says it is not available.
create function public.revoke_receipt_link(p_sale_id uuid) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  v_company uuid;
  v_count integer;
begin
  select s.company_id into v_company from public.sales s where s.id = p_sale_id;
  perform private.require_role(v_company, 'manager');
  update public.receipt_links l set revoked_at = now(), revoked_by = auth.uid()
  where l.sale_id = p_sale_id and l.company_id = v_company and l.revoked_at is null;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

revoke all on function public.public_receipt(text), public.revoke_receipt_link(uuid),
  public.receipt_email_request(uuid, uuid, text), public.receipt_email_claim(uuid, boolean),
  public.receipt_email_sent(uuid), public.receipt_for_mail(uuid, text) from public;
grant execute on function public.public_receipt(text) to anon, authenticated, service_role;
grant execute on function public.revoke_receipt_link(uuid), public.receipt_email_request(uuid, uuid, text)
  to authenticated, service_role;
grant execute on function public.receipt_email_claim(uuid, boolean), public.receipt_email_sent(uuid),
  public.receipt_for_mail(uuid, text) to service_role;

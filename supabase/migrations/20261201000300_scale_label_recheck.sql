-- [SCALE-7] The server reads again each scale label a sale line was rung up from. A till sends the code it
-- scanned on the line (`scale_label`); the sale happened, so it is recorded as the till recorded it, and a line
-- the label does not account for is flagged to managers (an unverified `scale_label` activity event), as
-- unverified cashiers and approvals are ([STAFF-6]): a label that does not read with the shop's layouts, an
-- item code that is not the line's product's, or a line whose quantity and price are not what the label
-- carries ([SCALE-6]: a weight label's weight; a price label's price, as one pack or as the weight it buys).

alter table public.activity_events drop constraint activity_events_kind_check;
alter table public.activity_events add constraint activity_events_kind_check
  check (kind in ('switch', 'lock', 'pin_failed', 'pin_lockout', 'lockout_cleared', 'approval', 'no_sale',
                  'line_voided', 'shared_mode', 'scale_label'));

-- What is wrong with one line rung up from `label`, or null when the label accounts for it.
create or replace function private.scale_label_problem(label text, layouts jsonb, minor_units int,
                                                      scale_code text, quantity numeric, unit_price bigint)
returns text
language plpgsql immutable parallel safe as $$
declare
  read constant jsonb := private.read_scale_label(label, layouts, minor_units);
begin
  if not (read ->> 'ok')::boolean then
    return 'unreadable_' || (read ->> 'code');
  end if;
  if scale_code is null or ltrim(scale_code, '0') <> ltrim(read ->> 'item_code', '0') then
    return 'other_item';
  end if;
  if read ? 'weight' then
    return case when quantity * 1000 = (read ->> 'weight')::numeric then null else 'other_weight' end;
  end if;
  -- A price label: one pack at its price, or a weight whose line comes to exactly its price (round half away
  -- from zero, as [SALE-5] extends a line).
  return case
    when quantity = 1 and unit_price = (read ->> 'price')::bigint then null
    when round(unit_price * quantity) = (read ->> 'price')::bigint then null
    else 'other_price'
  end;
end
$$;

-- Flags the lines of `p_sales` (sale.record arguments with `company_id`, `terminal_id`, `op_id`) whose scale
-- label does not account for them. One event per line, its id made from the op's and the line's, so a
-- replayed op flags nothing twice.
create or replace function private.flag_scale_labels(p_sales jsonb) returns void
language sql security definer set search_path = '' as $$
  insert into public.activity_events (id, company_id, terminal_id, staff_id, kind, detail, occurred_at, verified,
                                      op_id)
  select pg_catalog.md5(s.op_id::text || ':scale_label:' || l.id::text)::uuid, s.company_id, s.terminal_id, null,
         'scale_label',
         pg_catalog.jsonb_build_object('op', 'sale.record', 'subject_id', s.id, 'reason', 'unverified_scale_label',
                                       'problem', f.problem, 'label', l.scale_label, 'name', l.name),
         s.occurred_at, false, s.op_id
  from pg_catalog.jsonb_to_recordset(p_sales) as s(id uuid, op_id uuid, company_id uuid, terminal_id uuid,
       occurred_at timestamptz, lines jsonb)
  cross join lateral pg_catalog.jsonb_to_recordset(s.lines) as l(id uuid, name text, product_id uuid,
       quantity numeric, unit_price bigint, scale_label text)
  join public.companies c on c.id = s.company_id
  join public.currencies cur on cur.code = c.currency
  left join public.products p on p.id = l.product_id and p.company_id = s.company_id
  cross join lateral (select private.scale_label_problem(l.scale_label, c.scale_labels, cur.minor_units,
                                                          p.scale_code, l.quantity, l.unit_price) as problem) f
  where l.scale_label is not null and f.problem is not null
  on conflict (id) do nothing
$$;

grant execute on function private.scale_label_problem(text, jsonb, int, text, numeric, bigint)
  to anon, authenticated, service_role;

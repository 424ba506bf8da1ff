-- [SCALE-7] The server reads again each scale label a sale line was rung up from. A till sends the code it
-- scanned on the line (`scale_label`); the sale happened, so it is recorded as the till recorded it, and a line
-- the label does not account for is flagged to managers (an unverified `scale_label` activity event), as
-- unverified cashiers and approvals are ([STAFF-6]): a label that does not read with the shop's layouts, an
-- item code that is not the line's product's, or a line whose quantity and price are not what the label
-- carries ([SCALE-6]: a weight label's weight; a price label's price, as one pack or as the weight it buys).

alter table public.activity_events drop constraint activity_events_kind_check;
alter table public.activity_events add constraint activity_events_kind_check
  check (kind in ('switch', 'lock', 'pin_failed', 'pin_lockout', 'lockout_cleared', 'approval', 'no_sale',
                  'line_voided', 'shared_mode', 'modifier', 'scale_label'));

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

-- Flags the lines of a run of sale.record ops just applied (`p_ops` and their answers, as apply_ops holds
-- them) whose scale label does not account for them, for the sale each op recorded (so its own shop's). One
-- event per line, its id made from the op's and the line's, so nothing is flagged twice. Called by apply_ops
-- after each run (20261202000110_receipt_ops.sql), which is where every sale.record is applied.
create or replace function private.flag_scale_labels(p_ops jsonb, p_answers jsonb) returns void
language sql security definer set search_path = '' as $$
  -- Only the applied ops' lines are read: a rejected op's arguments may not even be well formed. Sales with no
  -- label on any line (nearly all of them) are passed over before their row is looked up.
  with applied as materialized (
    select s.id, s.op_id, s.company_id, s.terminal_id, s.occurred_at, o.op -> 'args' -> 'lines' as lines
    from pg_catalog.jsonb_array_elements(p_ops) with ordinality as o(op, n)
    join pg_catalog.jsonb_array_elements(p_answers) with ordinality as a(answer, n) on a.n = o.n
    join public.sales s on s.id = private.try_uuid(o.op -> 'args' ->> 'id')
                       and s.op_id = private.try_uuid(o.op ->> 'op_id')
    where a.answer ->> 'status' = 'applied'
      and pg_catalog.jsonb_typeof(o.op -> 'args' -> 'lines') = 'array'
      and o.op -> 'args' -> 'lines' @? '$[*] ? (@.scale_label != null)'
  )
  insert into public.activity_events (id, company_id, terminal_id, staff_id, kind, detail, occurred_at, verified,
                                      op_id)
  select pg_catalog.md5(s.op_id::text || ':scale_label:' || l.id::text)::uuid, s.company_id, s.terminal_id, null,
         'scale_label',
         pg_catalog.jsonb_build_object('op', 'sale.record', 'subject_id', s.id, 'reason', 'unverified_scale_label',
                                       'problem', f.problem, 'label', left(l.scale_label, 64), 'name', l.name),
         s.occurred_at, false, s.op_id
  from applied s
  cross join lateral pg_catalog.jsonb_to_recordset(s.lines)
    as l(id uuid, name text, product_id uuid, quantity numeric, unit_price bigint, scale_label text)
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

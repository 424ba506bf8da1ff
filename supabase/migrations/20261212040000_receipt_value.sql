-- [VAL-R1] [VAL-R2] [VAL-35] The receipts a customer reads outside the till (public page, mailed receipt) say what
-- customer value the sale used and earned, without anything a stranger holding the link could spend or learn:
-- `private.receipt_json` gives a gift-card tender (`payments[].code_last4`) and a gift-card line
-- (`lines[].gift_card_last4`) its card's last four only — never the code, which the server does not keep —, a
-- points tender its points, and `loyalty: {earned}` the points the sale earned (its `earn` entry, the server's
-- own figure), null when none. Still nothing of the customer: no name, no balance. Everything else is as
-- 20261210300000_receipt_promotions.sql had it.

create or replace function private.receipt_json(p_sale public.sales) returns jsonb
language sql stable security definer set search_path = '' as $$
  select pg_catalog.jsonb_build_object(
    'shop_name', c.name,
    'header', c.receipt_header,
    'address', c.address,
    'tax_number', c.tax_number,
    'footer', c.receipt_footer,
    'store_name', st.name,
    'time_zone', c.time_zone,
    'language', c.language,
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
               'total', l.total,
               'unit', case when p.unit is distinct from 'each' then p.unit when p.weighed then 'kg' end,
               'modifiers', coalesce((
                 select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
                          'name', m.option_name, 'price_delta', m.price_delta) order by m.position)
                 from public.sale_line_modifiers m
                 where m.sale_line_id = l.id and m.company_id = p_sale.company_id), '[]'::jsonb))
               -- [VAL-R1] A gift-card line names its card by the last four; other lines are as they were.
               || case when gc.code_last4 is null then '{}'::jsonb
                       else pg_catalog.jsonb_build_object('gift_card_last4', gc.code_last4) end
             order by l.line_no)
      from public.sale_lines l
      left join public.products p on p.company_id = p_sale.company_id and p.id = l.product_id
      left join public.value_accounts gc on gc.company_id = p_sale.company_id and gc.id = l.gift_card_account_id
                                        and gc.kind = 'gift_card'
      where l.sale_id = p_sale.id), '[]'),
    'taxes', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'rate_bp', t.rate, 'net', t.gross - t.tax, 'tax', t.tax, 'gross', t.gross) order by t.rate)
      from (select l.tax_rate_bp as rate, sum(l.tax)::bigint as tax, sum(l.total)::bigint as gross
            from public.sale_lines l where l.sale_id = p_sale.id group by l.tax_rate_bp) t), '[]'),
    'payments', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
               'method', p.method, 'amount', p.amount,
               -- [VAL-R1] A gift card by its last four; a points tender's points.
               'code_last4', case when p.method = 'gift_card' then a.code_last4 end,
               'points', p.points))
             order by p.method, p.amount)
      from public.payments p
      left join public.value_accounts a on a.company_id = p_sale.company_id and a.id = p.account_id
                                       and a.kind = 'gift_card'
      where p.sale_id = p_sale.id), '[]'),
    -- [VAL-R2] The points the sale earned, as the server worked them out; null without any.
    'loyalty', (
      select pg_catalog.jsonb_build_object('earned', sum(e.delta)::bigint)
      from public.value_entries e
      where e.company_id = p_sale.company_id and e.sale_id = p_sale.id and e.kind = 'earn'
      having sum(e.delta) > 0),
    -- [RPROMO-1] The promotions the customer got, as the till charged them, by the shop's names for them.
    'promotions', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('name', pr.name, 'amount', sp.till_amount)
                                  order by sp.till_amount desc, pr.name)
      from public.sale_promotions sp
      join public.promotions pr on pr.company_id = sp.company_id and pr.id = sp.promotion_id
      where sp.sale_id = p_sale.id and sp.company_id = p_sale.company_id and not sp.removed
        and sp.till_amount > 0), '[]'))
  from public.companies c
  left join public.stores st on st.company_id = p_sale.company_id and st.id = p_sale.store_id
  where c.id = p_sale.company_id
$$;

-- [RPROMO-1] The receipts a customer reads outside the till list the promotions the sale got and what they
-- saved (issue 36): `private.receipt_json` (public receipt page, mailed receipt) gives `promotions`, each with
-- the shop's name for it and the amount the till charged (sale_promotions.till_amount), biggest first; a
-- promotion the cashier took off, or one the server does not know, is not listed. Everything else is as
-- 20261209000100_receipt_language.sql had it: still nothing of the customer, the cashier or the till.

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
             order by l.line_no)
      from public.sale_lines l
      left join public.products p on p.company_id = p_sale.company_id and p.id = l.product_id
      where l.sale_id = p_sale.id), '[]'),
    'taxes', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'rate_bp', t.rate, 'net', t.gross - t.tax, 'tax', t.tax, 'gross', t.gross) order by t.rate)
      from (select l.tax_rate_bp as rate, sum(l.tax)::bigint as tax, sum(l.total)::bigint as gross
            from public.sale_lines l where l.sale_id = p_sale.id group by l.tax_rate_bp) t), '[]'),
    'payments', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('method', p.method, 'amount', p.amount)
                                  order by p.method, p.amount)
      from public.payments p where p.sale_id = p_sale.id), '[]'),
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

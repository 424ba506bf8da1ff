-- [PUR-15] [RLANG-2] The purchase order mail speaks the shop's language (issue 38): what the mail says gains
-- `language`, read from the shop's own row (companies.language, [LANG-1]) as the mailed receipt's is, never from
-- anything the caller sends. send-purchase-order writes its words, dates and numbers in it (English when absent).

-- [PUR-15] What the mail says, from the server's rows only: the shop (its name and language), the store it is
-- delivered to, the supplier, the order's number, expected day, note and lines (product name, SKU, quantity, unit).
create or replace function private.purchase_order_mail(p_order public.purchase_orders) returns jsonb
language sql stable security definer set search_path = '' as $$
  select pg_catalog.jsonb_build_object(
    'number', p_order.number,
    'language', c.language,
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


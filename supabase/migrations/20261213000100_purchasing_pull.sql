-- Purchasing's tables reach the tills (issue 38, supabase/SPEC.md [PUR-9]): a till receives and counts offline,
-- so it mirrors the suppliers (names for the receiving screen), the shop's purchasing settings, and the
-- documents, lines and receipts; never the history (stock_document_events) nor the stocktake results.
-- A paired till ([DEV-12]) pulls its own store's documents, and a transfer and its lines when its store is
-- either end.

-- [PULL-1] [PUR-9] As in 20261211000000_value_ledger.sql, and purchasing's tables.
create or replace function private.pull_tables() returns text[]
language sql immutable set search_path = '' as $$
  select array['companies', 'company_members', 'stores', 'terminals', 'categories', 'products', 'customers',
               'stock_levels', 'shifts', 'cash_movements', 'sales', 'sale_lines', 'payments', 'stock_movements',
               'staff', 'product_variants', 'modifier_groups', 'modifier_options', 'product_modifier_groups',
               'promotions', 'coupons', 'value_settings', 'value_accounts', 'value_balances',
               'suppliers', 'purchasing_settings', 'purchase_orders', 'purchase_order_lines', 'purchase_receipts',
               'purchase_receipt_lines', 'transfers', 'transfer_lines', 'transfer_receipts',
               'transfer_receipt_lines', 'stocktakes', 'stocktake_lines']
$$;

-- [PULL-2] The pull reads by (company_id, txid, id) with sequential scans off: suppliers had no such index.
create index suppliers_pull_idx on public.suppliers (company_id, txid, id);

-- [DEV-12] As in 20261204005000_paired_devices.sql; a transfer and its lines carry both ends
-- (from_store_id, to_store_id) and no store_id, so they are a paired till's when its store is either.
-- Every other purchasing table has a store_id (a receipt line its receipt's, a transfer receipt the
-- receiving store's) and keeps to it by the column rule.
create or replace function private.device_pull_filter(p_table text) returns text
language plpgsql stable set search_path = '' as $$
declare
  v_columns text[];
begin
  if p_table = 'companies' then return 'x.id = $4'; end if;
  if p_table = 'stores' then return 'x.company_id = $4 and x.id = $5'; end if;
  if p_table in ('transfers', 'transfer_lines') then
    return 'x.company_id = $4 and (x.from_store_id = $5 or x.to_store_id = $5)';
  end if;
  select pg_catalog.array_agg(a.attname::text) into v_columns
  from pg_catalog.pg_attribute a
  where a.attrelid = pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(p_table)) and a.attnum > 0
    and not a.attisdropped and a.attname in ('store_id', 'terminal_id', 'sale_id');
  v_columns := coalesce(v_columns, '{}');
  if 'store_id' = any (v_columns) then return 'x.company_id = $4 and x.store_id = $5'; end if;
  if 'terminal_id' = any (v_columns) then
    return 'x.company_id = $4 and x.terminal_id in (select t.id from public.terminals t where t.store_id = $5)';
  end if;
  if 'sale_id' = any (v_columns) then
    return 'x.company_id = $4 and exists (select 1 from public.sales s where s.id = x.sale_id and s.store_id = $5)';
  end if;
  return 'x.company_id = $4';
end
$$;

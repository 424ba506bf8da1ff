-- The demo shop of DESIGN §3: "Demo Shop" (EUR, prices include tax, standard rate 20 %), one store, the
-- owner, manager and cashier demo users (password demo-password), the five fixed products among ~300,
-- categories, customers, a terminal, stock, and three weeks of sales history for the reports.
-- Runs once, inside one transaction, as the database superuser, on an empty database. Fixed ids (the d…
-- UUIDs below) are what tests and demos rely on; tests/support/demo.ts repeats them.

-- ---------------------------------------------------------------------------------------------------------
-- Users
-- ---------------------------------------------------------------------------------------------------------
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email,
       extensions.crypt('demo-password', extensions.gen_salt('bf', 10)), now(),
       '{"provider":"email","providers":["email"]}', '{}', now(), now()
from (values ('d0000000-0000-4000-8000-000000000001'::uuid, 'owner@demo.test'),
             ('d0000000-0000-4000-8000-000000000002'::uuid, 'manager@demo.test'),
             ('d0000000-0000-4000-8000-000000000003'::uuid, 'cashier@demo.test')) as u(id, email);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true), 'email',
       now(), now(), now()
from auth.users u where u.email like '%@demo.test';

-- ---------------------------------------------------------------------------------------------------------
-- Company, members, store, terminal
-- ---------------------------------------------------------------------------------------------------------
insert into public.companies (id, name, currency, time_zone, prices_include_tax, default_tax_rate_bp, cash_rounding,
                              terminal_seq, created_by)
values ('d1000000-0000-4000-8000-000000000001', 'Demo Shop', 'EUR', 'Europe/Paris', true, 2000, 1, 1,
        'd0000000-0000-4000-8000-000000000001');

insert into public.company_members (company_id, user_id, role, display_name) values
  ('d1000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'owner', 'Olivia Owner'),
  ('d1000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000002', 'manager', 'Max Manager'),
  ('d1000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000003', 'cashier', 'Cara Cashier');

insert into public.stores (id, company_id, name, address) values
  ('d2000000-0000-4000-8000-000000000001', 'd1000000-0000-4000-8000-000000000001', 'Demo Shop Main Street',
   '1 Main Street, Paris');

insert into public.terminals (id, company_id, store_id, name, code, registered_by) values
  ('d3000000-0000-4000-8000-000000000001', 'd1000000-0000-4000-8000-000000000001',
   'd2000000-0000-4000-8000-000000000001', 'Counter 1', 'T1', 'd0000000-0000-4000-8000-000000000001');

-- ---------------------------------------------------------------------------------------------------------
-- Catalogue: categories, the five fixed products, and generated ones with valid EAN-13 barcodes
-- ---------------------------------------------------------------------------------------------------------
insert into public.categories (id, company_id, name, color, sort_order)
select ('d5000000-0000-4000-8000-0000000000' || lpad(c.n::text, 2, '0'))::uuid,
       'd1000000-0000-4000-8000-000000000001', c.name, c.color, c.n
from (values (1, 'Coffee', '#6f4e37'), (2, 'Bakery', '#d2a04a'), (3, 'Drinks', '#3a86ff'),
             (4, 'Fruit & veg', '#52b788'), (5, 'Stationery', '#8d99ae'), (6, 'Snacks', '#e76f51'),
             (7, 'Dairy', '#f1faee'), (8, 'Household', '#9d4edd')) as c(n, name, color);

insert into public.products (id, company_id, category_id, sku, barcode, name, price, tax_rate_bp, cost, unit, weighed,
                             track_stock, reorder_level, quick_key)
values
  ('d4000000-0000-4000-8000-000000000001', 'd1000000-0000-4000-8000-000000000001',
   'd5000000-0000-4000-8000-000000000001', 'COF-ESP', '2000000000015', 'Espresso', 250, 2000, 60, 'each', false,
   false, null, 1),
  ('d4000000-0000-4000-8000-000000000002', 'd1000000-0000-4000-8000-000000000001',
   'd5000000-0000-4000-8000-000000000002', 'BAK-CRO', '2000000000022', 'Croissant', 180, 2000, 70, 'each', false,
   true, 20, 2),
  ('d4000000-0000-4000-8000-000000000003', 'd1000000-0000-4000-8000-000000000001',
   'd5000000-0000-4000-8000-000000000003', 'DRK-SPW', '2000000000039', 'Sparkling water 0.5 l', 120, 2000, 40,
   'each', false, true, 24, 3),
  ('d4000000-0000-4000-8000-000000000004', 'd1000000-0000-4000-8000-000000000001',
   'd5000000-0000-4000-8000-000000000004', 'FRU-BAN', '2000000000046', 'Bananas (per kg, weighed)', 199, 2000, 90,
   'kg', true, true, 5, 4),
  ('d4000000-0000-4000-8000-000000000005', 'd1000000-0000-4000-8000-000000000001',
   'd5000000-0000-4000-8000-000000000005', 'STA-NBA5', '2000000000053', 'Notebook A5', 490, 2000, 180, 'each', false,
   true, 10, 5);

-- The check digit of an EAN-13 from its first twelve digits.
create function pg_temp.ean13(base bigint) returns text language sql immutable as $$
  select lpad(base::text, 12, '0') || ((10 - (
    select sum(substr(lpad(base::text, 12, '0'), i, 1)::int * case when i % 2 = 0 then 3 else 1 end)
    from generate_series(1, 12) i) % 10) % 10)::text
$$;

with words(category, prefix, adjectives, nouns, rate, base_price) as (
  values
    (1, 'COF', array['Double', 'Iced', 'Oat', 'Large', 'Decaf', 'Vanilla'],
        array['Latte', 'Cappuccino', 'Americano', 'Flat white', 'Mocha', 'Macchiato'], 2000, 220),
    (2, 'BAK', array['Butter', 'Almond', 'Chocolate', 'Raisin', 'Seeded', 'Wholemeal'],
        array['Brioche', 'Baguette', 'Muffin', 'Cookie', 'Bun', 'Loaf'], 550, 120),
    (3, 'DRK', array['Still', 'Lemon', 'Orange', 'Apple', 'Ginger', 'Mint'],
        array['Water 1 l', 'Soda 0.33 l', 'Juice 1 l', 'Tea 0.5 l', 'Lemonade', 'Smoothie'], 2000, 110),
    (4, 'FRU', array['Organic', 'Local', 'Red', 'Green', 'Sweet', 'Baby'],
        array['Apples', 'Pears', 'Tomatoes', 'Carrots', 'Peppers', 'Potatoes'], 550, 150),
    (5, 'STA', array['Blue', 'Black', 'Spiral', 'Lined', 'Pocket', 'Recycled'],
        array['Pen', 'Pencil', 'Notebook A4', 'Folder', 'Marker', 'Eraser'], 2000, 190),
    (6, 'SNK', array['Salted', 'Spicy', 'Honey', 'Dark', 'Crunchy', 'Mini'],
        array['Crisps', 'Pretzels', 'Nuts', 'Chocolate bar', 'Granola bar', 'Crackers'], 550, 140),
    (7, 'DAI', array['Whole', 'Skimmed', 'Greek', 'Goat', 'Farm', 'Light'],
        array['Milk 1 l', 'Yoghurt', 'Butter 250 g', 'Cheese 200 g', 'Cream', 'Kefir'], 550, 130),
    (8, 'HOU', array['Lavender', 'Citrus', 'Eco', 'Strong', 'Soft', 'Fresh'],
        array['Soap', 'Sponges', 'Dish liquid', 'Candles', 'Napkins', 'Bin bags'], 2000, 250)
), generated as (
  select w.category, w.prefix, w.adjectives[a] || ' ' || lower(w.nouns[n]) as name, w.rate,
         w.base_price + ((a * 37 + n * 53 + w.category * 11) % 40) * 10 - 1 as price,
         row_number() over (order by w.category, a, n) as i,
         w.category = 4 and n in (1, 2, 3, 6) as weighed
  from words w, generate_series(1, 6) a, generate_series(1, 6) n
)
insert into public.products (company_id, category_id, sku, barcode, name, price, tax_rate_bp, cost, unit, weighed,
                             track_stock, reorder_level)
select 'd1000000-0000-4000-8000-000000000001',
       ('d5000000-0000-4000-8000-0000000000' || lpad(g.category::text, 2, '0'))::uuid,
       g.prefix || '-' || lpad(g.i::text, 4, '0'), pg_temp.ean13(200000001000 + g.i),
       upper(left(g.name, 1)) || substr(g.name, 2), g.price, g.rate, g.price * 4 / 10,
       case when g.weighed then 'kg' else 'each' end, g.weighed, g.category <> 1, case when g.category <> 1 then 10 end
from generated g;

-- ---------------------------------------------------------------------------------------------------------
-- Customers
-- ---------------------------------------------------------------------------------------------------------
insert into public.customers (company_id, name, email, phone, note)
select 'd1000000-0000-4000-8000-000000000001', f.first || ' ' || l.last,
       lower(f.first) || '.' || lower(l.last) || '@example.test',
       '+33 6 ' || lpad(((f.i * 7919 + l.j * 104729) % 100000000)::text, 8, '0'),
       case when (f.i + l.j) % 7 = 0 then 'Regular; likes a receipt by email' end
from unnest(array['Alice', 'Bruno', 'Chloé', 'David', 'Emma', 'Farid', 'Gabrielle', 'Hugo', 'Inès', 'Jules'])
       with ordinality as f(first, i),
     unnest(array['Martin', 'Bernard', 'Dubois', 'Laurent', 'Moreau']) with ordinality as l(last, j);

-- ---------------------------------------------------------------------------------------------------------
-- Stock: a delivery three weeks ago for every tracked product (a few kept low for the low-stock report)
-- ---------------------------------------------------------------------------------------------------------
insert into public.stock_movements (id, company_id, store_id, product_id, delta, reason, user_id, note, occurred_at)
select gen_random_uuid(), p.company_id, 'd2000000-0000-4000-8000-000000000001', p.id,
       case when p.sku like '%7' then 12 else 400 end, 'receive', 'd0000000-0000-4000-8000-000000000002',
       'Opening stock', (current_date - 22)::timestamp at time zone 'Europe/Paris'
from public.products p
where p.company_id = 'd1000000-0000-4000-8000-000000000001' and p.track_stock;

-- ---------------------------------------------------------------------------------------------------------
-- Sales history: 21 days, 25–39 sales a day between 08:00 and 19:00 Paris time, on terminal T1, checked by
-- the same arithmetic as apply_ops (private.mul_div_round, private.line_tax).
-- ---------------------------------------------------------------------------------------------------------
create temp table seed_products on commit drop as
select row_number() over (order by p.sku) as k, p.*
from public.products p where p.company_id = 'd1000000-0000-4000-8000-000000000001';

create temp table seed_sales on commit drop as
select row_number() over (order by x.occurred_at) as n, gen_random_uuid() as id, x.occurred_at
from (
  select ((current_date - d)::timestamp + time '08:00'
          + make_interval(mins => (k * 47 + d * 131) % 660, secs => (k * 13) % 60)) at time zone 'Europe/Paris'
         as occurred_at
  from generate_series(1, 21) d, generate_series(1, 25 + (d * 7) % 15) k
) x;

create temp table seed_lines on commit drop as
select gen_random_uuid() as id, s.id as sale_id, s.n, j as line_no, p.id as product_id, p.sku, p.name,
       q.quantity, p.price as unit_price, p.tax_rate_bp,
       private.mul_div_round(p.price, (q.quantity * 1000)::bigint, 1000) as amount
from seed_sales s
cross join generate_series(1, 1 + (s.n % 4)::int) j
join seed_products p on p.k = case when (s.n + j) % 3 = 0 then 1 + (s.n + j) % 5
                                   else 6 + (s.n * 7 + j * 13) % ((select count(*) from seed_products) - 5) end
cross join lateral (select case when p.weighed then (0.4 + ((s.n * 17 + j) % 150) / 100.0)::numeric(12, 3)
                                else (1 + (s.n + j) % 3)::numeric(12, 3) end as quantity) q;

insert into public.sales (id, company_id, store_id, terminal_id, cashier_id, customer_id, kind, receipt_no, currency,
                          prices_include_tax, subtotal, discount_total, tax_total, rounding, total, occurred_at,
                          recorded_at, op_id)
select s.id, 'd1000000-0000-4000-8000-000000000001', 'd2000000-0000-4000-8000-000000000001',
       'd3000000-0000-4000-8000-000000000001',
       case when s.n % 3 = 0 then 'd0000000-0000-4000-8000-000000000002'::uuid
            else 'd0000000-0000-4000-8000-000000000003'::uuid end,
       case when s.n % 4 = 0 then (select c.id from public.customers c order by c.email offset (s.n / 4) % 50 limit 1) end,
       'sale', 'T1-' || lpad(s.n::text, 6, '0'), 'EUR', true, t.subtotal, 0, t.tax, 0, t.subtotal,
       s.occurred_at, s.occurred_at + interval '2 seconds', gen_random_uuid()
from seed_sales s
join (select l.sale_id, sum(l.amount)::bigint as subtotal,
             sum(private.line_tax(l.amount, l.tax_rate_bp, true))::bigint as tax
      from seed_lines l group by l.sale_id) t on t.sale_id = s.id;

insert into public.sale_lines (id, company_id, sale_id, line_no, product_id, sku, name, quantity, unit_price, discount,
                               tax_rate_bp, tax, total)
select l.id, 'd1000000-0000-4000-8000-000000000001', l.sale_id, l.line_no, l.product_id, l.sku, l.name, l.quantity,
       l.unit_price, 0, l.tax_rate_bp, private.line_tax(l.amount, l.tax_rate_bp, true), l.amount
from seed_lines l;

-- Cash for two sales in three (tendered rounded up to the next 5 euros), card for the rest.
insert into public.payments (id, company_id, sale_id, method, amount, tendered, change, reference)
select gen_random_uuid(), s.company_id, s.id, case when n.n % 3 = 0 then 'card' else 'cash' end, s.total,
       case when n.n % 3 <> 0 then ((s.total + 499) / 500) * 500 end,
       case when n.n % 3 <> 0 then ((s.total + 499) / 500) * 500 - s.total else 0 end,
       case when n.n % 3 = 0 then 'DEMO-' || lpad(n.n::text, 6, '0') end
from public.sales s join seed_sales n on n.id = s.id;

-- Every 40th sale's first line came back an hour later: a refund by the manager, restocked.
create temp table seed_refunds on commit drop as
select gen_random_uuid() as id, s.id as refund_of, l.id as line_id, s.occurred_at + interval '1 hour' as occurred_at,
       (select count(*) from seed_sales) + row_number() over (order by s.occurred_at) as n, l.total, l.tax
from seed_sales n join public.sales s on s.id = n.id
join public.sale_lines l on l.sale_id = s.id and l.line_no = 1
where n.n % 40 = 0;

insert into public.sales (id, company_id, store_id, terminal_id, cashier_id, kind, refund_of, receipt_no, currency,
                          prices_include_tax, subtotal, discount_total, tax_total, rounding, total, reason, occurred_at,
                          recorded_at, op_id)
select r.id, 'd1000000-0000-4000-8000-000000000001', 'd2000000-0000-4000-8000-000000000001',
       'd3000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000002', 'refund', r.refund_of,
       'T1-' || lpad(r.n::text, 6, '0'), 'EUR', true, r.total, 0, r.tax, 0, r.total, 'Customer changed their mind',
       r.occurred_at, r.occurred_at + interval '2 seconds', gen_random_uuid()
from seed_refunds r;

insert into public.sale_lines (id, company_id, sale_id, line_no, product_id, sku, name, quantity, unit_price, discount,
                               tax_rate_bp, tax, total, refund_of_line_id)
select gen_random_uuid(), l.company_id, r.id, 1, l.product_id, l.sku, l.name, l.quantity, l.unit_price, 0,
       l.tax_rate_bp, l.tax, l.total, l.id
from seed_refunds r join public.sale_lines l on l.id = r.line_id;

insert into public.payments (id, company_id, sale_id, method, amount)
select gen_random_uuid(), 'd1000000-0000-4000-8000-000000000001', r.id, 'cash', r.total
from seed_refunds r where r.total > 0;

-- The history's stock movements, as apply_ops makes them: −quantity per sold line, +quantity per refund line.
insert into public.stock_movements (id, company_id, store_id, product_id, delta, reason, sale_id, sale_line_id,
                                    terminal_id, user_id, occurred_at)
select l.id, l.company_id, s.store_id, l.product_id,
       case when s.kind = 'sale' then -l.quantity else l.quantity end, s.kind, s.id, l.id, s.terminal_id,
       s.cashier_id, s.occurred_at
from public.sale_lines l
join public.sales s on s.id = l.sale_id
join public.products p on p.id = l.product_id
where s.company_id = 'd1000000-0000-4000-8000-000000000001' and p.track_stock;

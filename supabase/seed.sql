-- The demo shop of DESIGN §3: "Demo Shop" (EUR, prices include tax, standard rate 20 %), one store, the
-- owner, manager and cashier demo users (password demo-password), the five fixed products among ~300,
-- categories, customers, a terminal, and three weeks of history up to the current hour: deliveries, shifts,
-- sales.
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

-- The demo scale prints price labels: 21, a 5-digit item code, the price in cents, the check digit
-- ([SCALE-4]). 2100004002357 is bananas (item 4) for 2.35.
update public.companies
set scale_labels = '[{"prefix": "21", "kind": "price", "item_digits": 5, "decimals": 2, "value_check_digit": false}]'
where id = 'd1000000-0000-4000-8000-000000000001';

insert into public.company_members (company_id, user_id, role, display_name) values
  ('d1000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'owner', 'Olivia Owner'),
  ('d1000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000002', 'manager', 'Max Manager'),
  ('d1000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000003', 'cashier', 'Cara Cashier');

-- Staff PINs (docs/shared-till.md): the members' staff rows come from the trigger on company_members; the
-- PIN-only cashier Cara has no account. PINs owner 1111, manager 2222, cashier 3333, Cara 4444, as
-- makePinSecret (src/domain/staff-pin.ts) derives them with these salts and Argon2id as PIN_KDF says
-- (32 MiB, 2 passes); the values are pinned by src/domain/staff-pin-seed.test.ts.
insert into public.staff (company_id, id, name, role) values
  ('d1000000-0000-4000-8000-000000000001', 'd6000000-0000-4000-8000-000000000001', 'Cara', 'cashier');

create temp table seed_pins on commit drop as
select * from (values
  ('d0000000-0000-4000-8000-000000000001'::uuid, 'd5000000000000000000000000000001',
   '090aec3837cd8df612cb8ac425ad65177d3ad8035761db8303bd5d76c973f3f2',
   '95a5518b94f62c5df85f9e3289d16cb1ee4882c2829357a75270342c82eaf2f2'),
  ('d0000000-0000-4000-8000-000000000002'::uuid, 'd5000000000000000000000000000002',
   '86c89d3c217df0fee78a3d10da0de794b2bdc7f0851eff0ae8b316e8c685c93f',
   'ffc4bf95839fdba32693bad8c92f8f1d7c749a9860a0ebc83ba112aa10bf4c04'),
  ('d0000000-0000-4000-8000-000000000003'::uuid, 'd5000000000000000000000000000003',
   '8ee78fe615a02891aacf8d65b79dd17181d4e87b56d006361367658e554a6aee',
   '527a1761425fbf4768e14aedb0f5f99295fd69e53a0be66bda224ac948efa823'),
  ('d6000000-0000-4000-8000-000000000001'::uuid, 'd5000000000000000000000000000004',
   '903a70e8736dac5d97244b293de9cd7413cdc44a4571a1cba51b24aec8f2bad3',
   '1cf03aae9c649f89cd80d0149c7cc84173c09ac51ed88b5b5c9f9c49e5618da0')) as p(staff_id, salt, pin_key, verifier);

update public.staff s
set pin_salt = p.salt, pin_kdf = '{"name": "argon2id", "m": 32768, "t": 2, "p": 1}', pin_verifier = p.verifier
from seed_pins p where s.company_id = 'd1000000-0000-4000-8000-000000000001' and s.id = p.staff_id;
insert into private.staff_pin_keys (company_id, staff_id, pin_key, pin_digits)
select 'd1000000-0000-4000-8000-000000000001', p.staff_id, p.pin_key, 4 from seed_pins p;

insert into public.stores (id, company_id, name, address) values
  ('d2000000-0000-4000-8000-000000000001', 'd1000000-0000-4000-8000-000000000001', 'Demo Shop Main Street',
   '1 Main Street, Paris');

insert into public.terminals (id, company_id, store_id, name, code, registered_by) values
  ('d3000000-0000-4000-8000-000000000001', 'd1000000-0000-4000-8000-000000000001',
   'd2000000-0000-4000-8000-000000000001', 'Counter 1', 'T1', 'd0000000-0000-4000-8000-000000000001');

-- Counter 1's card reader (issue 20): a simulated WisePOS E. The local stack's Stripe holds it (it restores its
-- readers from these rows at start), so 'Card' on this till pays on it at once and the register's 'Simulated
-- reader' panel presents the test cards.
insert into public.card_readers (id, company_id, stripe_reader_id, label, device_type, serial_number, terminal_id,
                                 created_by) values
  ('d7000000-0000-4000-8000-000000000001', 'd1000000-0000-4000-8000-000000000001', 'tmr_DemoCounterReader0001',
   'Counter reader', 'simulated_wisepos_e', 'WSC513105000001', 'd3000000-0000-4000-8000-000000000001',
   'd0000000-0000-4000-8000-000000000001');

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
update public.products set scale_code = '4' where id = 'd4000000-0000-4000-8000-000000000004';

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
-- Alice Martin has a fixed id: the customer-value demo ([VAL-36]) and its tests name her.
insert into public.customers (id, company_id, name, email, phone, note)
select case when f.first = 'Alice' and l.last = 'Martin' then 'd4700000-0000-4000-8000-000000000001'::uuid
            else gen_random_uuid() end,
       'd1000000-0000-4000-8000-000000000001', f.first || ' ' || l.last,
       lower(f.first) || '.' || lower(l.last) || '@example.test',
       '+33 6 ' || lpad(((f.i * 7919 + l.j * 104729) % 100000000)::text, 8, '0'),
       case when (f.i + l.j) % 7 = 0 then 'Regular; likes a receipt by email' end
from unnest(array['Alice', 'Bruno', 'Chloé', 'David', 'Emma', 'Farid', 'Gabrielle', 'Hugo', 'Inès', 'Jules'])
       with ordinality as f(first, i),
     unnest(array['Martin', 'Bernard', 'Dubois', 'Laurent', 'Moreau']) with ordinality as l(last, j);

-- ---------------------------------------------------------------------------------------------------------
-- History: three weeks and today, told as the shop lived it. Each day Cara opens a shift on T1 at 07:50 with
-- a €150 float; 25–39 sales between 08:00 and 19:00 Paris time (today's only up to now), checked by the same
-- arithmetic as apply_ops (private.mul_div_round, private.line_tax); a few refunds; now and then a pay-out;
-- the shift is counted at 19:30. Stock is delivered before it is sold, so no level goes below zero, and a few
-- products end under their reorder level for the low-stock report.
-- ---------------------------------------------------------------------------------------------------------
create temp table seed_days on commit drop as
select d, (current_date - d)::timestamp as day, gen_random_uuid() as shift_id,
       ((current_date - d)::timestamp + time '07:50') at time zone 'Europe/Paris' as opened_at,
       ((current_date - d)::timestamp + time '19:30') at time zone 'Europe/Paris' as closes_at
from generate_series(0, 21) d
where ((current_date - d)::timestamp + time '07:50') at time zone 'Europe/Paris' <= now();

create temp table seed_products on commit drop as
select row_number() over (order by p.sku) as k, p.*
from public.products p where p.company_id = 'd1000000-0000-4000-8000-000000000001';

create temp table seed_sales on commit drop as
select row_number() over (order by x.occurred_at) as n, gen_random_uuid() as id, x.d, x.shift_id, x.occurred_at
from (
  select sd.d, sd.shift_id,
         (sd.day + time '08:00' + make_interval(mins => (k * 47 + sd.d * 131) % 660, secs => (k * 13) % 60))
           at time zone 'Europe/Paris' as occurred_at
  from seed_days sd, generate_series(1, 25 + (sd.d * 7) % 15) k
) x
where x.occurred_at <= now() - interval '1 minute';

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

-- Past shifts go in closed (one open shift per terminal), their count settled once the day is recorded.
insert into public.shifts (id, company_id, store_id, terminal_id, cashier_id, opened_at, opening_float, closed_at,
                           counted_cash, recorded_at)
select sd.shift_id, 'd1000000-0000-4000-8000-000000000001', 'd2000000-0000-4000-8000-000000000001',
       'd3000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000003', sd.opened_at, 15000,
       case when sd.closes_at <= now() then sd.closes_at end, case when sd.closes_at <= now() then 0 end,
       sd.opened_at
from seed_days sd;

insert into public.sales (id, company_id, store_id, terminal_id, shift_id, cashier_id, customer_id, kind, receipt_no,
                          currency, prices_include_tax, subtotal, discount_total, tax_total, rounding, total,
                          occurred_at, recorded_at, op_id)
select s.id, 'd1000000-0000-4000-8000-000000000001', 'd2000000-0000-4000-8000-000000000001',
       'd3000000-0000-4000-8000-000000000001', s.shift_id,
       case when s.n % 3 = 0 then 'd0000000-0000-4000-8000-000000000002'::uuid
            else 'd0000000-0000-4000-8000-000000000003'::uuid end,
       case when s.n % 4 = 0 then (select c.id from public.customers c order by c.email offset (s.n / 4) % 50 limit 1) end,
       'sale', 'T1-' || lpad(s.n::text, 6, '0'), 'EUR', true, t.subtotal, 0, t.tax, 0, t.subtotal,
       s.occurred_at, s.occurred_at + interval '2 seconds', gen_random_uuid()
from seed_sales s
join (select l.sale_id, sum(l.amount)::bigint as subtotal,
             sum(private.line_tax(l.amount, l.tax_rate_bp, true))::bigint as tax
      from seed_lines l group by l.sale_id) t on t.sale_id = s.id;

-- Each line carries its product's cost, as apply_ops stamps it ([SALE-10]), so the dashboard shows a margin.
insert into public.sale_lines (id, company_id, sale_id, line_no, product_id, sku, name, quantity, unit_price, discount,
                               tax_rate_bp, tax, total, unit_cost)
select l.id, 'd1000000-0000-4000-8000-000000000001', l.sale_id, l.line_no, l.product_id, l.sku, l.name, l.quantity,
       l.unit_price, 0, l.tax_rate_bp, private.line_tax(l.amount, l.tax_rate_bp, true), l.amount, p.cost
from seed_lines l left join public.products p on p.id = l.product_id;

-- Cash for two sales in three (tendered rounded up to the next 5 euros), card for the rest.
insert into public.payments (id, company_id, sale_id, method, amount, tendered, change, reference)
select gen_random_uuid(), s.company_id, s.id, case when n.n % 3 = 0 then 'card' else 'cash' end, s.total,
       case when n.n % 3 <> 0 then ((s.total + 499) / 500) * 500 end,
       case when n.n % 3 <> 0 then ((s.total + 499) / 500) * 500 - s.total else 0 end,
       case when n.n % 3 = 0 then 'DEMO-' || lpad(n.n::text, 6, '0') end
from public.sales s join seed_sales n on n.id = s.id;

-- One sale in forty had its first line back twenty minutes later: a refund in cash by the manager, restocked,
-- against the sale's customer as apply_ops records it.
create temp table seed_refunds on commit drop as
select gen_random_uuid() as id, s.id as refund_of, n.shift_id, l.id as line_id,
       s.occurred_at + interval '20 minutes' as occurred_at,
       (select count(*) from seed_sales) + row_number() over (order by s.occurred_at) as n, l.total, l.tax
from seed_sales n join public.sales s on s.id = n.id
join public.sale_lines l on l.sale_id = s.id and l.line_no = 1
where n.n % 40 = 17 and s.occurred_at + interval '20 minutes' <= now();

insert into public.sales (id, company_id, store_id, terminal_id, shift_id, cashier_id, customer_id, kind, refund_of,
                          receipt_no, currency, prices_include_tax, subtotal, discount_total, tax_total, rounding,
                          total, reason, occurred_at, recorded_at, op_id)
select r.id, 'd1000000-0000-4000-8000-000000000001', 'd2000000-0000-4000-8000-000000000001',
       'd3000000-0000-4000-8000-000000000001', r.shift_id, 'd0000000-0000-4000-8000-000000000002',
       (select o.customer_id from public.sales o where o.id = r.refund_of), 'refund', r.refund_of, 'T1-' || lpad(r.n::text, 6, '0'), 'EUR', true, r.total, 0, r.tax, 0, r.total,
       'Customer changed their mind', r.occurred_at, r.occurred_at + interval '2 seconds', gen_random_uuid()
from seed_refunds r;

insert into public.sale_lines (id, company_id, sale_id, line_no, product_id, sku, name, quantity, unit_price, discount,
                               tax_rate_bp, tax, total, refund_of_line_id, unit_cost)
select gen_random_uuid(), l.company_id, r.id, 1, l.product_id, l.sku, l.name, l.quantity, l.unit_price, 0,
       l.tax_rate_bp, l.tax, l.total, l.id, l.unit_cost
from seed_refunds r join public.sale_lines l on l.id = r.line_id;

insert into public.payments (id, company_id, sale_id, method, amount)
select gen_random_uuid(), 'd1000000-0000-4000-8000-000000000001', r.id, 'cash', r.total
from seed_refunds r where r.total > 0;

-- Every sixth day the manager paid the milkman from the drawer at half past twelve.
insert into public.cash_movements (id, company_id, shift_id, terminal_id, kind, amount, reason, user_id, occurred_at,
                                   recorded_at)
select gen_random_uuid(), 'd1000000-0000-4000-8000-000000000001', sd.shift_id,
       'd3000000-0000-4000-8000-000000000001', 'pay_out', 450, 'Milk for the coffee machine',
       'd0000000-0000-4000-8000-000000000002', (sd.day + time '12:30') at time zone 'Europe/Paris',
       (sd.day + time '12:30') at time zone 'Europe/Paris'
from seed_days sd
where sd.d % 6 = 3 and (sd.day + time '12:30') at time zone 'Europe/Paris' <= now();

-- Cash-up at 19:30 (today's shift stays open until then). The count matches the drawer, except two days: one
-- short, approved by the manager the next morning, and one over, left for a manager to approve (the shop
-- allows no difference without approval).
update public.shifts s
set closed_by = s.cashier_id, recorded_at = sd.closes_at,
    expected_cash = private.expected_cash(s),
    counted_cash = private.expected_cash(s) + case sd.d when 4 then -250 when 2 then 100 else 0 end,
    note = case sd.d when 4 then 'Short €2.50 after counting twice. Probably change given for a €5 as a €10.'
                     when 2 then 'Over by €1: a customer left their change for the tip jar.' end,
    needs_approval = sd.d in (2, 4),
    approved_by = case when sd.d = 4 then 'd0000000-0000-4000-8000-000000000002'::uuid end,
    approved_at = case when sd.d = 4 then sd.closes_at + interval '13 hours' end
from seed_days sd
where s.id = sd.shift_id and sd.closes_at <= now();

-- Deliveries: opening stock three weeks ago, then a weekly delivery on the mornings seven and fourteen days
-- ago, each as much as the week ahead sells (whole units, kilos rounded up) plus what the shelf should hold at
-- the end. That target is about twice the reorder level, and under it for a few products so the low-stock
-- report has something to say.
create temp table seed_deliveries on commit drop as
with weeks(week, from_day, to_day, delivered_on, note) as (
  values (1, 21, 15, current_date - 22, 'Opening stock'),
         (2, 14, 8, current_date - 14, 'Weekly delivery'),
         (3, 7, 0, current_date - 7, 'Weekly delivery')
), targets as (
  select p.id, p.k, p.company_id,
         case when right(p.sku, 2) in ('07', '27', '47', '67', '87') then (p.k % 5)::numeric
              else (2 * coalesce(p.reorder_level, 10) + p.k % 30)::numeric end as shelf
  from seed_products p where p.track_stock
)
select w.week, w.delivered_on, w.note, t.id as product_id, t.company_id,
       ceil(coalesce((select sum(l.quantity) from seed_lines l join seed_sales s on s.id = l.sale_id
                      where l.product_id = t.id and s.d between w.to_day and w.from_day), 0))
         + case when w.week = 1 then t.shelf else 0 end as delta
from weeks w, targets t;

insert into public.stock_movements (id, company_id, store_id, product_id, delta, reason, user_id, note, occurred_at,
                                    recorded_at)
select gen_random_uuid(), d.company_id, 'd2000000-0000-4000-8000-000000000001', d.product_id, d.delta, 'receive',
       'd0000000-0000-4000-8000-000000000002', d.note, (d.delivered_on + time '07:30') at time zone 'Europe/Paris',
       (d.delivered_on + time '07:30') at time zone 'Europe/Paris'
from seed_deliveries d
where d.delta > 0 and (d.delivered_on + time '07:30') at time zone 'Europe/Paris' <= now();

-- The history's stock movements, as apply_ops makes them: −quantity per sold line, +quantity per refund line.
insert into public.stock_movements (id, company_id, store_id, product_id, delta, reason, sale_id, sale_line_id,
                                    terminal_id, user_id, occurred_at, recorded_at)
select l.id, l.company_id, s.store_id, l.product_id,
       case when s.kind = 'sale' then -l.quantity else l.quantity end, s.kind, s.id, l.id, s.terminal_id,
       s.cashier_id, s.occurred_at, s.recorded_at
from public.sale_lines l
join public.sales s on s.id = l.sale_id
join public.products p on p.id = l.product_id
where s.company_id = 'd1000000-0000-4000-8000-000000000001' and p.track_stock;

-- ---------------------------------------------------------------------------------------------------------
-- Variants (issue 21, supabase/SPEC.md §13): a T-shirt in sizes S/M/L and colours Blue/Black, each variant a
-- product of its own with its SKU, barcode, price, cost and stock (delivered this morning, outside the
-- history above). docs/catalogue-and-reports.md "Variants" names the barcodes.
-- ---------------------------------------------------------------------------------------------------------
insert into public.categories (id, company_id, name, color, sort_order)
values ('d5000000-0000-4000-8000-000000000009', 'd1000000-0000-4000-8000-000000000001', 'Clothing', '#264653', 9);

insert into public.products (id, company_id, category_id, sku, name, price, tax_rate_bp, cost, track_stock,
                             reorder_level, option_names)
values ('d4000000-0000-4000-8000-000000000010', 'd1000000-0000-4000-8000-000000000001',
        'd5000000-0000-4000-8000-000000000009', 'TSH', 'T-shirt', 1500, 2000, 600, true, 2, '{Size,Colour}');

insert into public.products (id, company_id, category_id, sku, barcode, name, price, tax_rate_bp, cost,
                             track_stock, reorder_level)
select ('d4000000-0000-4000-8000-0000000000' || (10 + v.n)::text)::uuid, 'd1000000-0000-4000-8000-000000000001',
       'd5000000-0000-4000-8000-000000000009', 'TSH-' || v.size || '-' || upper(left(v.colour, 3)), v.barcode,
       'T-shirt ' || v.size || ' / ' || v.colour, v.price, 2000, v.cost, true, 2
from (values (1, 'S', 'Blue', '4010000000012', 1500, 600), (2, 'S', 'Black', '4010000000029', 1500, 600),
             (3, 'M', 'Blue', '4010000000036', 1500, 600), (4, 'M', 'Black', '4010000000043', 1500, 600),
             (5, 'L', 'Blue', '4010000000050', 1700, 700), (6, 'L', 'Black', '4010000000067', 1700, 700))
  as v(n, size, colour, barcode, price, cost);

insert into public.product_variants (id, company_id, parent_id, option_values, position)
select p.id, p.company_id, 'd4000000-0000-4000-8000-000000000010',
       string_to_array(substr(p.name, length('T-shirt ') + 1), ' / '), row_number() over (order by p.id) - 1
from public.products p
where p.id between 'd4000000-0000-4000-8000-000000000011' and 'd4000000-0000-4000-8000-000000000016';

insert into public.stock_movements (id, company_id, store_id, product_id, delta, reason, user_id, note, unit_cost,
                                    occurred_at, recorded_at)
select gen_random_uuid(), p.company_id, 'd2000000-0000-4000-8000-000000000001', p.id, 4 + (p.price / 100) % 7,
       'receive', 'd0000000-0000-4000-8000-000000000002', 'T-shirt delivery', p.cost,
       (current_date + time '07:30') at time zone 'Europe/Paris', (current_date + time '07:30') at time zone 'Europe/Paris'
from public.products p
where p.id between 'd4000000-0000-4000-8000-000000000011' and 'd4000000-0000-4000-8000-000000000016';

-- ---------------------------------------------------------------------------------------------------------
-- Modifiers (issue 21, [MOD-1]): a latte that asks for its milk (required, exactly one) and takes up to two
-- extras. Added after the history, so the history's sales stay as they were.
-- ---------------------------------------------------------------------------------------------------------
insert into public.products (id, company_id, category_id, sku, name, price, tax_rate_bp, cost, unit, weighed,
                             track_stock, quick_key)
values ('d4000000-0000-4000-8000-0000000000a1', 'd1000000-0000-4000-8000-000000000001',
        'd5000000-0000-4000-8000-000000000001', 'COF-LAT', 'Latte', 320, 2000, 80, 'each', false, false, 6);

insert into public.modifier_groups (id, company_id, name, min_choices, max_choices, position)
values ('d4100000-0000-4000-8000-000000000001', 'd1000000-0000-4000-8000-000000000001', 'Milk', 1, 1, 1),
       ('d4100000-0000-4000-8000-000000000002', 'd1000000-0000-4000-8000-000000000001', 'Extras', 0, 2, 2);

insert into public.modifier_options (id, company_id, group_id, name, price_delta, position)
values ('d4200000-0000-4000-8000-000000000001', 'd1000000-0000-4000-8000-000000000001',
        'd4100000-0000-4000-8000-000000000001', 'Whole', 0, 1),
       ('d4200000-0000-4000-8000-000000000002', 'd1000000-0000-4000-8000-000000000001',
        'd4100000-0000-4000-8000-000000000001', 'Oat', 50, 2),
       ('d4200000-0000-4000-8000-000000000003', 'd1000000-0000-4000-8000-000000000001',
        'd4100000-0000-4000-8000-000000000001', 'Soy', 50, 3),
       ('d4200000-0000-4000-8000-000000000004', 'd1000000-0000-4000-8000-000000000001',
        'd4100000-0000-4000-8000-000000000002', 'Extra shot', 60, 1),
       ('d4200000-0000-4000-8000-000000000005', 'd1000000-0000-4000-8000-000000000001',
        'd4100000-0000-4000-8000-000000000002', 'Vanilla syrup', 40, 2);

insert into public.product_modifier_groups (company_id, product_id, group_id, position)
values ('d1000000-0000-4000-8000-000000000001', 'd4000000-0000-4000-8000-0000000000a1',
        'd4100000-0000-4000-8000-000000000001', 1),
       ('d1000000-0000-4000-8000-000000000001', 'd4000000-0000-4000-8000-0000000000a1',
        'd4100000-0000-4000-8000-000000000002', 2);

-- ---------------------------------------------------------------------------------------------------------
-- Suppliers (issue 22, [INS-8]): whom the demo shop buys from. Insights → Inventory splits its purchase list
-- by them and orders each one's products for its lead time; docs/catalogue-and-reports.md "Insights" names them.
-- ---------------------------------------------------------------------------------------------------------
insert into public.suppliers (id, company_id, name, email, phone, lead_time_days)
values ('d4300000-0000-4000-8000-000000000001', 'd1000000-0000-4000-8000-000000000001', 'Fresh Fields Produce',
        'orders@freshfields.example', '+33 1 40 00 00 01', 2),
       ('d4300000-0000-4000-8000-000000000002', 'd1000000-0000-4000-8000-000000000001', 'Bean & Leaf Coffee',
        'hello@beanandleaf.example', null, 5);

-- The bananas and the other fruit and vegetables come from Fresh Fields, the coffee from Bean & Leaf.
update public.products
set supplier_id = case category_id
                    when 'd5000000-0000-4000-8000-000000000004' then 'd4300000-0000-4000-8000-000000000001'::uuid
                    else 'd4300000-0000-4000-8000-000000000002'::uuid
                  end
where company_id = 'd1000000-0000-4000-8000-000000000001'
  and category_id in ('d5000000-0000-4000-8000-000000000004', 'd5000000-0000-4000-8000-000000000001');

-- ---------------------------------------------------------------------------------------------------------
-- Promotions (issue 36, DESIGN §13, supabase/SPEC.md [PROMO-1]…): what a newcomer sees at once. Rules are
-- stored as the engine's types in snake_case (20261210000000_promotions.sql). Added after the history, which
-- stays as it was sold. The happy hour is on the iced coffees, which no browser test sells, so a test's cart
-- total does not depend on the hour it runs at.
-- ---------------------------------------------------------------------------------------------------------
insert into public.promotions (id, company_id, name, priority, combinable, slots, coupon_only, rule, created_by)
values
  -- Espresso (2.50) and a croissant (1.80) for 3.50, as often as the cart holds both.
  ('d4400000-0000-4000-8000-000000000001', 'd1000000-0000-4000-8000-000000000001', 'Coffee and croissant for €3.50',
   100, true, '[]', false,
   '{"kind": "bundle_price", "components": [
       {"items": {"product_ids": ["d4000000-0000-4000-8000-000000000001"], "category_ids": []}, "quantity": 1},
       {"items": {"product_ids": ["d4000000-0000-4000-8000-000000000002"], "category_ids": []}, "quantity": 1}],
     "price": 350, "repeat": true}',
   'd0000000-0000-4000-8000-000000000002'),
  -- Three sparkling waters (1.20 each) for 3.00.
  ('d4400000-0000-4000-8000-000000000002', 'd1000000-0000-4000-8000-000000000001',
   'Three sparkling waters for €3.00', 100, true, '[]', false,
   '{"kind": "mix_match", "items": {"product_ids": ["d4000000-0000-4000-8000-000000000003"], "category_ids": []},
     "quantity": 3, "price": 300, "repeat": true}',
   'd0000000-0000-4000-8000-000000000002'),
  -- Happy hour: 25 % off iced coffees on weekdays from 15:00 to 18:00, Paris time.
  ('d4400000-0000-4000-8000-000000000003', 'd1000000-0000-4000-8000-000000000001',
   'Happy hour: 25 % off iced coffees', 100, true,
   '[{"days": [1, 2, 3, 4, 5], "from": 900, "to": 1080}]', false,
   jsonb_build_object('kind', 'percent_off', 'rate', 2500, 'items', jsonb_build_object(
     'product_ids', (select jsonb_agg(p.id order by p.sku) from public.products p
                     where p.company_id = 'd1000000-0000-4000-8000-000000000001'
                       and p.category_id = 'd5000000-0000-4000-8000-000000000001' and p.name like 'Iced %'),
     'category_ids', '[]'::jsonb)),
   'd0000000-0000-4000-8000-000000000002'),
  -- 10 % off the whole basket, only with the code WELCOME10.
  ('d4400000-0000-4000-8000-000000000004', 'd1000000-0000-4000-8000-000000000001', 'Welcome: 10 % off', 100,
   true, '[]', true, '{"kind": "percent_off", "items": null, "rate": 1000}',
   'd0000000-0000-4000-8000-000000000002');

-- A multi-use coupon with no limit: typed or scanned at the register's 'Coupon' field.
insert into public.coupons (id, company_id, promotion_id, code, max_uses, created_by)
values ('d4500000-0000-4000-8000-000000000001', 'd1000000-0000-4000-8000-000000000001',
        'd4400000-0000-4000-8000-000000000004', 'WELCOME10', null, 'd0000000-0000-4000-8000-000000000002');

-- ---------------------------------------------------------------------------------------------------------
-- Customer value (issue 37, [VAL-36], docs/customer-value.md): loyalty on (1 point per €1, 100 points =
-- €1.00, spent as a tender), gift-card amounts €10/€25/€50, three gift cards and Alice Martin's store credit,
-- points and account on credit. Entries are written as the server writes them (accounts first; the ledger's
-- trigger keeps each balance and balance_after), so every balance is the sum of its entries ([VAL-7]).
-- The payments' method check gains the value tenders in issue 37's sales piece; until then the demo's value
-- tenders and the store-credit refund are entries only, with no payment row.
-- ---------------------------------------------------------------------------------------------------------
update public.value_settings
set loyalty_enabled = true, loyalty_points_per_major = 1, loyalty_redeem_points = 100, loyalty_redeem_value = 100,
    loyalty_redeem_as = 'tender', gift_card_amounts = '{1000,2500,5000}'
where company_id = 'd1000000-0000-4000-8000-000000000001';

-- GIFT-DEMO-0001 holds €25.00; GIFT-DEMO-0002 was sold for €50.00 and €12.50 of it spent; GIFT-DEMO-0003 was
-- voided by the manager (a lost card). Only the code's hash and last four are stored ([VAL-26]).
insert into public.value_accounts (id, company_id, kind, code_hash, code_last4, status, note, created_at)
select c.id, 'd1000000-0000-4000-8000-000000000001', 'gift_card',
       private.value_code_hash('d1000000-0000-4000-8000-000000000001', c.code), right(c.code, 4), c.status, c.note,
       now() - c.age
from (values ('d4600000-0000-4000-8000-000000000001'::uuid, 'GIFT-DEMO-0001', 'active', null, interval '12 days'),
             ('d4600000-0000-4000-8000-000000000002'::uuid, 'GIFT-DEMO-0002', 'active', null, interval '9 days'),
             ('d4600000-0000-4000-8000-000000000003'::uuid, 'GIFT-DEMO-0003', 'void', 'Reported lost by the customer',
              interval '8 days')) as c(id, code, status, note, age);

-- Alice Martin's three accounts, with the ids every till derives ([VAL-1]).
insert into public.value_accounts (id, company_id, kind, customer_id, credit_limit, note)
select private.customer_value_account_id('d4700000-0000-4000-8000-000000000001', k.kind),
       'd1000000-0000-4000-8000-000000000001', k.kind, 'd4700000-0000-4000-8000-000000000001', k.credit_limit, k.note
from (values ('store_credit', null::bigint, null), ('loyalty', null, null),
             ('on_account', 20000, 'Monthly invoice; pays by transfer')) as k(kind, credit_limit, note);

-- Three office coffee orders Alice paid by card (espressos: untracked stock), 10, 6 and 3 days ago at 11:00,
-- each earning a point per euro; the last one's four espressos (€10.00) came back the same afternoon, refunded
-- to her store credit, which took back the points they had earned ([VAL-17]).
create temp table seed_alice on commit drop as
select v.k, ('d4800000-0000-4000-8000-00000000000' || v.k)::uuid as sale_id,
       ('d4810000-0000-4000-8000-00000000000' || v.k)::uuid as line_id, v.quantity, 250 * v.quantity as total,
       sd.shift_id, (sd.day + time '11:00') at time zone 'Europe/Paris' as occurred_at,
       'T1-' || lpad(((select count(*) from seed_sales) + 900 + v.k)::text, 6, '0') as receipt_no
from (values (1, 60, 10), (2, 48, 6), (3, 36, 3)) as v(k, quantity, d)
join seed_days sd on sd.d = v.d;

insert into public.sales (id, company_id, store_id, terminal_id, shift_id, cashier_id, customer_id, kind, receipt_no,
                          currency, prices_include_tax, subtotal, discount_total, tax_total, rounding, total,
                          occurred_at, recorded_at, op_id)
select a.sale_id, 'd1000000-0000-4000-8000-000000000001', 'd2000000-0000-4000-8000-000000000001',
       'd3000000-0000-4000-8000-000000000001', a.shift_id, 'd0000000-0000-4000-8000-000000000003',
       'd4700000-0000-4000-8000-000000000001', 'sale', a.receipt_no, 'EUR', true, a.total, 0,
       private.line_tax(a.total, 2000, true), 0, a.total, a.occurred_at, a.occurred_at + interval '2 seconds',
       gen_random_uuid()
from seed_alice a;

insert into public.sale_lines (id, company_id, sale_id, line_no, product_id, sku, name, quantity, unit_price, discount,
                               tax_rate_bp, tax, total, unit_cost)
select a.line_id, 'd1000000-0000-4000-8000-000000000001', a.sale_id, 1, 'd4000000-0000-4000-8000-000000000001',
       'COF-ESP', 'Espresso', a.quantity, 250, 0, 2000, private.line_tax(a.total, 2000, true), a.total, 60
from seed_alice a;

insert into public.payments (id, company_id, sale_id, method, amount, reference)
select gen_random_uuid(), 'd1000000-0000-4000-8000-000000000001', a.sale_id, 'card', a.total, 'DEMO-ALICE-' || a.k
from seed_alice a;

insert into public.sales (id, company_id, store_id, terminal_id, shift_id, cashier_id, customer_id, kind, refund_of,
                          receipt_no, currency, prices_include_tax, subtotal, discount_total, tax_total, rounding,
                          total, reason, occurred_at, recorded_at, op_id)
select 'd4800000-0000-4000-8000-000000000004', 'd1000000-0000-4000-8000-000000000001',
       'd2000000-0000-4000-8000-000000000001', 'd3000000-0000-4000-8000-000000000001', a.shift_id,
       'd0000000-0000-4000-8000-000000000002', 'd4700000-0000-4000-8000-000000000001', 'refund', a.sale_id,
       'T1-' || lpad(((select count(*) from seed_sales) + 904)::text, 6, '0'), 'EUR', true, 1000, 0,
       private.line_tax(1000, 2000, true), 0, 1000, 'Four too many', a.occurred_at + interval '4 hours',
       a.occurred_at + interval '4 hours 2 seconds', gen_random_uuid()
from seed_alice a where a.k = 3;

insert into public.sale_lines (id, company_id, sale_id, line_no, product_id, sku, name, quantity, unit_price, discount,
                               tax_rate_bp, tax, total, refund_of_line_id, unit_cost)
select 'd4810000-0000-4000-8000-000000000004', 'd1000000-0000-4000-8000-000000000001',
       'd4800000-0000-4000-8000-000000000004', 1, 'd4000000-0000-4000-8000-000000000001', 'COF-ESP', 'Espresso', 4,
       250, 0, 2000, private.line_tax(1000, 2000, true), 1000, a.line_id, 60
from seed_alice a where a.k = 3;

-- The ledger, oldest first (the order the server would have applied it, [VAL-9]). Ids follow [VAL-8]: an
-- earn is md5(sale ‖ ':earn'), an unearn md5(refund ‖ ':unearn'); the rest stand for their payments and ops.
insert into public.value_entries (id, company_id, account_id, kind, delta, sale_id, sale_line_id, terminal_id,
                                  staff_id, reason, tender_method, reference, receipt_no, occurred_at, recorded_at)
select e.id, 'd1000000-0000-4000-8000-000000000001', e.account_id, e.kind, e.delta, e.sale_id, e.sale_line_id,
       'd3000000-0000-4000-8000-000000000001', e.staff_id, e.reason, e.tender_method, e.reference, e.receipt_no,
       e.occurred_at, e.occurred_at + interval '2 seconds'
from (
  select ('d4900000-0000-4000-8000-0000000000' || g.n)::uuid as id, g.account_id, g.kind, g.delta,
         null::uuid as sale_id, g.sale_line_id, g.staff_id::uuid, g.reason, g.tender_method, g.reference,
         null::text as receipt_no, now() - g.age as occurred_at
  from (values
    -- Gift cards: sold, spent, voided.
    ('01', 'd4600000-0000-4000-8000-000000000001'::uuid, 'issue', 2500::bigint, null::uuid,
     'd0000000-0000-4000-8000-000000000003', null, null, null, interval '12 days'),
    ('02', 'd4600000-0000-4000-8000-000000000002', 'issue', 5000, null,
     'd0000000-0000-4000-8000-000000000003', null, null, null, interval '9 days'),
    ('03', 'd4600000-0000-4000-8000-000000000002', 'redeem', -1250, null,
     'd0000000-0000-4000-8000-000000000003', null, null, null, interval '4 days'),
    ('04', 'd4600000-0000-4000-8000-000000000003', 'issue', 2000, null,
     'd0000000-0000-4000-8000-000000000003', null, null, null, interval '8 days'),
    ('05', 'd4600000-0000-4000-8000-000000000003', 'void', -2000, null,
     'd0000000-0000-4000-8000-000000000002', 'Reported lost by the customer', null, null, interval '2 days'),
    -- Alice's account on credit: €30.00 charged 45 days ago, €10.00 paid by card 20 days ago, €25.00 charged
    -- 5 days ago: she owes €45.00 against €200.00, €20.00 of it 31–60 days old ([VAL-33]'s ageing).
    ('06', private.customer_value_account_id('d4700000-0000-4000-8000-000000000001', 'on_account'), 'charge', -3000,
     null, 'd0000000-0000-4000-8000-000000000003', null, null, null, interval '45 days'),
    ('07', private.customer_value_account_id('d4700000-0000-4000-8000-000000000001', 'on_account'), 'payment', 1000,
     null, 'd0000000-0000-4000-8000-000000000003', null, 'card', 'DEMO-ALICE-PAY', interval '20 days'),
    ('08', private.customer_value_account_id('d4700000-0000-4000-8000-000000000001', 'on_account'), 'charge', -2500,
     null, 'd0000000-0000-4000-8000-000000000003', null, null, null, interval '5 days')
  ) as g(n, account_id, kind, delta, sale_line_id, staff_id, reason, tender_method, reference, age)
  union all
  -- Points: 150 + 120 + 90 earned, 10 taken back by the refund: 350.
  select md5(a.sale_id::text || ':earn')::uuid,
         private.customer_value_account_id('d4700000-0000-4000-8000-000000000001', 'loyalty'), 'earn', a.total / 100,
         a.sale_id, null, 'd0000000-0000-4000-8000-000000000003'::uuid, null, null, null, a.receipt_no, a.occurred_at
  from seed_alice a
  union all
  select x.id, x.account_id, x.kind, x.delta, 'd4800000-0000-4000-8000-000000000004', x.line_id,
         'd0000000-0000-4000-8000-000000000002'::uuid, null, x.tender_method, null, s.receipt_no, s.occurred_at
  from public.sales s,
       (values (md5('d4800000-0000-4000-8000-000000000004:unearn')::uuid,
                private.customer_value_account_id('d4700000-0000-4000-8000-000000000001', 'loyalty'), 'unearn',
                -10::bigint, null::uuid, null::text),
               ('d4910000-0000-4000-8000-000000000001'::uuid,
                private.customer_value_account_id('d4700000-0000-4000-8000-000000000001', 'store_credit'), 'refund',
                1000, null, 'store_credit')) as x(id, account_id, kind, delta, line_id, tender_method)
  where s.id = 'd4800000-0000-4000-8000-000000000004'
) e
order by e.occurred_at, e.id;

-- ---------------------------------------------------------------------------------------------------------
-- Purchasing and stock (issue 38, [PUR-42], docs/purchasing.md "Demo data"): a second store with no till, an
-- open purchase order and a transfer on its way, as the ops would have left them. PO-0001 is Fresh Fields
-- Produce's for Main Street, ordered yesterday and expected tomorrow (its lead time is 2 days), nothing
-- received: Insights shows it on order. TR-0001 left Main Street for Market Square yesterday with pens and
-- pencils, which no browser test sells; Main Street's stock is already lower by them (the send movements,
-- id = the transfer line's, as [PUR-26] writes them). The counters are advanced past both numbers.
-- ---------------------------------------------------------------------------------------------------------
insert into public.stores (id, company_id, name, address) values
  ('d2000000-0000-4000-8000-000000000002', 'd1000000-0000-4000-8000-000000000001', 'Demo Shop Market Square',
   '5 Market Square, Paris');

insert into public.purchase_orders (id, company_id, store_id, supplier_id, number, status, expected_on, version,
                                    ordered_at, ordered_via, created_by, created_at, updated_at)
values ('d4a00000-0000-4000-8000-000000000001', 'd1000000-0000-4000-8000-000000000001',
        'd2000000-0000-4000-8000-000000000001', 'd4300000-0000-4000-8000-000000000001', 'PO-0001', 'ordered',
        current_date + 1, 2, (current_date - 1 + time '10:00') at time zone 'Europe/Paris', 'phone',
        'd0000000-0000-4000-8000-000000000002', (current_date - 1 + time '09:45') at time zone 'Europe/Paris',
        (current_date - 1 + time '10:00') at time zone 'Europe/Paris');

insert into public.purchase_order_lines (id, company_id, purchase_order_id, store_id, product_id, position, quantity,
                                         unit_cost)
select ('d4a10000-0000-4000-8000-00000000000' || l.position)::uuid, p.company_id,
       'd4a00000-0000-4000-8000-000000000001', 'd2000000-0000-4000-8000-000000000001', p.id, l.position, l.quantity,
       coalesce(l.unit_cost, p.cost)
from (values (1, 'FRU-BAN', 10, 90), (2, 'FRU-0112', 24, null), (3, 'FRU-0113', 12, null))
       as l(position, sku, quantity, unit_cost)
join public.products p on p.company_id = 'd1000000-0000-4000-8000-000000000001' and p.sku = l.sku;

insert into public.transfers (id, company_id, from_store_id, to_store_id, number, status, version, sent_at,
                              created_by, created_at, updated_at)
values ('d4b00000-0000-4000-8000-000000000001', 'd1000000-0000-4000-8000-000000000001',
        'd2000000-0000-4000-8000-000000000001', 'd2000000-0000-4000-8000-000000000002', 'TR-0001', 'in_transit', 2,
        (current_date - 1 + time '16:00') at time zone 'Europe/Paris', 'd0000000-0000-4000-8000-000000000002',
        (current_date - 1 + time '15:30') at time zone 'Europe/Paris',
        (current_date - 1 + time '16:00') at time zone 'Europe/Paris');

insert into public.transfer_lines (id, company_id, transfer_id, from_store_id, to_store_id, product_id, position,
                                   quantity, sent)
select ('d4b10000-0000-4000-8000-00000000000' || l.position)::uuid, p.company_id,
       'd4b00000-0000-4000-8000-000000000001', 'd2000000-0000-4000-8000-000000000001',
       'd2000000-0000-4000-8000-000000000002', p.id, l.position, l.quantity, l.quantity
from (values (1, 'STA-0145', 10), (2, 'STA-0146', 5)) as l(position, sku, quantity)
join public.products p on p.company_id = 'd1000000-0000-4000-8000-000000000001' and p.sku = l.sku;

insert into public.stock_movements (id, company_id, store_id, product_id, delta, reason, user_id, note, occurred_at,
                                    recorded_at)
select l.id, l.company_id, l.from_store_id, l.product_id, -l.sent, 'transfer', 'd0000000-0000-4000-8000-000000000002',
       'TR-0001', t.sent_at, t.sent_at
from public.transfer_lines l
join public.transfers t on t.id = l.transfer_id
where l.transfer_id = 'd4b00000-0000-4000-8000-000000000001';

insert into public.stock_document_events (company_id, document_kind, document_id, kind, from_status, to_status,
                                          recorded_by, occurred_at, recorded_at)
values ('d1000000-0000-4000-8000-000000000001', 'purchase_order', 'd4a00000-0000-4000-8000-000000000001', 'created',
        null, 'draft', 'd0000000-0000-4000-8000-000000000002',
        (current_date - 1 + time '09:45') at time zone 'Europe/Paris',
        (current_date - 1 + time '09:45') at time zone 'Europe/Paris'),
       ('d1000000-0000-4000-8000-000000000001', 'purchase_order', 'd4a00000-0000-4000-8000-000000000001', 'ordered',
        'draft', 'ordered', 'd0000000-0000-4000-8000-000000000002',
        (current_date - 1 + time '10:00') at time zone 'Europe/Paris',
        (current_date - 1 + time '10:00') at time zone 'Europe/Paris'),
       ('d1000000-0000-4000-8000-000000000001', 'transfer', 'd4b00000-0000-4000-8000-000000000001', 'created',
        null, 'draft', 'd0000000-0000-4000-8000-000000000002',
        (current_date - 1 + time '15:30') at time zone 'Europe/Paris',
        (current_date - 1 + time '15:30') at time zone 'Europe/Paris'),
       ('d1000000-0000-4000-8000-000000000001', 'transfer', 'd4b00000-0000-4000-8000-000000000001', 'sent',
        'draft', 'in_transit', 'd0000000-0000-4000-8000-000000000002',
        (current_date - 1 + time '16:00') at time zone 'Europe/Paris',
        (current_date - 1 + time '16:00') at time zone 'Europe/Paris');

-- The next order is PO-0002 and the next transfer TR-0002 ([PUR-7]).
insert into private.document_counters (company_id, kind, last_number)
values ('d1000000-0000-4000-8000-000000000001', 'purchase_order', 1),
       ('d1000000-0000-4000-8000-000000000001', 'transfer', 1);

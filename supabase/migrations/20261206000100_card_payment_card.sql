-- [WORDS-7] What a customer's receipt may say of their card (issue 34): the brand and last four digits the
-- reader reported (Stripe's Charge `payment_method_details.card_present`), kept on the card payment once it
-- succeeded, so the till's tender can read "Visa •••• 4242" instead of the PaymentIntent id. Never the whole
-- number: Stripe never gives it, and the columns take four digits and a brand word only.
alter table public.card_payments
  add column card_brand text check (card_brand is null or card_brand ~ '^[a-z_]{1,40}$'),
  add column card_last4 text check (card_last4 is null or card_last4 ~ '^[0-9]{4}$');

-- The card-payments function (service role) records them once; a later call changes nothing. A brand or
-- last four Stripe did not give in the expected form is kept as null.
create function public.card_payment_card(p_id uuid, p_brand text, p_last4 text) returns public.card_payments
language sql security definer set search_path = '' as $$
  update public.card_payments c
  set card_brand = case when p_brand ~ '^[a-z_]{1,40}$' then p_brand end,
      card_last4 = case when p_last4 ~ '^[0-9]{4}$' then p_last4 end,
      updated_at = now()
  where c.id = p_id and c.status = 'succeeded' and c.card_brand is null and c.card_last4 is null
  returning c.*
$$;

revoke execute on function public.card_payment_card(uuid, text, text) from public, anon, authenticated;
grant execute on function public.card_payment_card(uuid, text, text) to service_role;

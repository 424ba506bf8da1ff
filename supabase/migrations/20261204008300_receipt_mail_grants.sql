-- [AUDIT-4] The send-receipt function's service-role steps are the service role's only (issue 33, supabase/SPEC.md
-- §23). 20261202000100_receipt_links.sql revoked them from `public` and granted them to service_role, but the
-- schema's default privileges had already granted every new function to anon and authenticated, so anyone,
-- signed in or not, holding a mail request's id could read the sale's receipt and plant a link token of
-- their choosing (receipt_for_mail), mark the mail sent so it never goes (receipt_email_sent), or hold it
-- (receipt_email_claim). The functions that check their caller themselves lose anon too, as everywhere else.
revoke execute on function public.receipt_email_claim(uuid, boolean), public.receipt_email_sent(uuid),
  public.receipt_for_mail(uuid, text) from public, anon, authenticated;
grant execute on function public.receipt_email_claim(uuid, boolean), public.receipt_email_sent(uuid),
  public.receipt_for_mail(uuid, text) to service_role;
revoke execute on function public.revoke_receipt_link(uuid), public.receipt_email_request(uuid, uuid, text)
  from public, anon;
grant execute on function public.revoke_receipt_link(uuid), public.receipt_email_request(uuid, uuid, text)
  to authenticated, service_role;

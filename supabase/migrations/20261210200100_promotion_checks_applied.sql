-- [PROMO-14] [PROMO-15]…[PROMO-18] The rules of 20261210200000_promotion_rules_check.sql applied to the
-- tables (issue 36): a promotion that contradicts itself is refused with the field named; a coupon's code is
-- stored upper case and its count of uses is the server's alone.

-- [PROMO-14] [PROMO-15] Refused with SQLSTATE 23514, `hint` the code (ends_before_start, rate_out_of_range,
-- bad_rule, …) and `detail` the field's path as checkPromotion names it (endsAt, rule.components.1.quantity):
-- the first problem in checkPromotion's order. A tombstone (deleted_at set) is never refused: ending a
-- promotion must always be possible.
create function private.check_promotion_row() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_problem jsonb;
begin
  if new.deleted_at is not null then return new; end if;
  v_problem := private.promotion_problems(pg_catalog.jsonb_build_object(
    'starts_at', new.starts_at, 'ends_at', new.ends_at, 'slots', new.slots, 'priority', new.priority,
    'rule', new.rule)) -> 0;
  if v_problem is not null then
    raise exception 'This promotion cannot be saved: % (%)', v_problem ->> 'field', v_problem ->> 'code'
      using errcode = '23514', hint = v_problem ->> 'code', detail = v_problem ->> 'field';
  end if;
  return new;
end
$$;
create trigger promotions_check_row before insert or update on public.promotions
  for each row execute function private.check_promotion_row();
-- [INPUT-2] A promotion's name is typed in the back office: refused in words as a product's is.
create trigger promotions_clean_name before insert or update of name on public.promotions
  for each row execute function private.check_name_column('A promotion''s name');

-- [PROMO-15] [PROMO-16] A code is typed in any case and stored upper case, trimmed (so `welcome10` is
-- WELCOME10), unique in its shop among live codes (`code_taken`, said before the index would); `uses` is counted by apply_ops only: what a member's
-- write says of it is ignored (a new code starts at 0, an edit keeps the count), so a form that saves a whole
-- row read a minute ago never turns the count back.
create function private.check_coupon_row() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.code := pg_catalog.upper(pg_catalog.btrim(new.code));
  if current_user in ('authenticated', 'anon') then
    new.uses := case when tg_op = 'INSERT' then 0 else old.uses end;
  end if;
  if new.code !~ '^[A-Z0-9][A-Z0-9-]{2,31}$' then
    raise exception 'A coupon code is 3 to 32 letters, digits and dashes, starting with a letter or digit'
      using errcode = '23514', hint = 'bad_code', detail = 'code';
  end if;
  if new.deleted_at is null and exists (
       select 1 from public.coupons c
       where c.company_id = new.company_id and c.code = new.code and c.id <> new.id and c.deleted_at is null) then
    raise exception 'The code % is already one of this shop''s coupons', new.code
      using errcode = '23505', hint = 'code_taken', detail = 'code';
  end if;
  return new;
end
$$;
create trigger coupons_check_row before insert or update on public.coupons
  for each row execute function private.check_coupon_row();

revoke execute on function private.check_promotion_row(), private.check_coupon_row() from public, anon, authenticated;

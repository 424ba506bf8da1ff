-- [COST-2] What a receive does to a product's cost (issue 21), the same rule as src/domain/cost.ts's
-- costAfterReceive: a pure function, in its own file so tests/integration/cost-agree.test.ts can load it
-- alone and run it beside the till's code.
-- 'last': the received unit cost. 'average' (moving average): (on-hand × old cost + received × unit cost) /
-- (on-hand + received), rounded half-up to a minor unit; with nothing on hand (≤ 0) or no old cost, the
-- received cost. No unit cost on the receive: the cost stays. Quantities are numeric(12,3), so the division
-- is done on whole thousandths, exactly.
create or replace function private.cost_after_receive(p_method text, p_on_hand numeric, p_old_cost bigint,
                                                      p_quantity numeric, p_unit_cost bigint)
returns bigint language sql immutable as $$
  select case
    when p_unit_cost is null then p_old_cost
    when p_method is distinct from 'average' or p_old_cost is null or p_on_hand <= 0 then p_unit_cost
    else pg_catalog.div(
           2 * ((p_on_hand * 1000) * p_old_cost + (p_quantity * 1000) * p_unit_cost) + (p_on_hand + p_quantity) * 1000,
           2 * (p_on_hand + p_quantity) * 1000)::bigint
  end
$$;

grant execute on function private.cost_after_receive(text, numeric, bigint, numeric, bigint)
  to anon, authenticated, service_role;

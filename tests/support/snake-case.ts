// The stored shapes of promotions are the till's types with camelCase keys turned to snake_case, nothing else
// renamed (supabase/SPEC.md [PROMO-1]): tests that hand the server what the till's types hold use the domain's
// own conversion.
export { snakeKeys as snake } from '../../src/domain/promotions/promotion-row';

// From the rows the mirror holds (the server's `products` and `companies` columns) to what the cart
// prices with. A cart line keeps this snapshot, so a price change synced mid-sale never changes a line
// already rung up.
import type { PricingRules, ProductSnapshot } from './cart';

export interface ProductRow {
  id: string;
  name: string;
  sku: string | null;
  price: number;
  tax_rate_bp: number;
  weighed: boolean;
  /** Mirrored rows have them; what promotions match a line on ([PROMO-T1]). */
  category_id?: string | null;
  variant_of?: string | null;
}

export interface CompanyRow {
  currency: string;
  prices_include_tax: boolean;
  cash_rounding: number;
}

/**
 * [CART-4] The snapshot a cart line takes of a product when it is rung up; with its category and its parent
 * when it has them, which promotions match on ([PROMO-T1]).
 */
export function productSnapshot(row: ProductRow): ProductSnapshot {
  return {
    productId: row.id,
    name: row.name,
    sku: row.sku,
    unitPrice: row.price,
    taxRate: row.tax_rate_bp,
    weighed: row.weighed,
    ...(row.category_id ? { categoryId: row.category_id } : {}),
    ...(row.variant_of ? { parentId: row.variant_of } : {}),
  };
}

/** [CART-4] A company's pricing rules: currency, tax inclusive or exclusive, cash rounding step. */
export function pricingRulesOf(row: CompanyRow): PricingRules {
  return {
    currency: row.currency.trim(),
    taxMode: row.prices_include_tax ? 'inclusive' : 'exclusive',
    cashRounding: row.cash_rounding,
  };
}

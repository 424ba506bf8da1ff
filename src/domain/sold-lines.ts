// The lines of a recorded sale in the form a refund works from (refund.ts): from the cart the till just
// priced, or from the `sale.record` argument the ledger keeps (which is also the server's row shape).
import type { PricedCart } from './cart';
import { fromNumeric } from './quantity';
import type { SoldLine } from './refund';
import type { SaleLineArgs } from './sale-record-schema';

export function soldLinesOf(priced: PricedCart): SoldLine[] {
  return priced.lines.map(({ line, lineDiscount, cartDiscount, tax, gross }) => {
    const sold: SoldLine = {
      lineId: line.lineId,
      productId: line.productId,
      name: line.name,
      unitPrice: line.unitPrice,
      taxRate: line.taxRate,
      weighed: line.weighed,
      quantity: line.quantity,
      discount: lineDiscount + cartDiscount,
      tax,
      total: gross,
    };
    if (line.sku !== null) sold.sku = line.sku;
    return sold;
  });
}

/**
 * [REFUND-2] Lines as recorded. A sale line does not say whether its product is weighed, so the caller
 * tells (from the catalogue); a line sold in a fraction is treated as weighed whatever it says, so it can
 * always be refunded in full.
 */
export function soldLinesOfRecord(
  lines: readonly SaleLineArgs[],
  isWeighed: (productId: string | null) => boolean,
): SoldLine[] {
  return lines.map((line) => {
    const quantity = fromNumeric(line.quantity);
    const sold: SoldLine = {
      lineId: line.id,
      name: line.name,
      unitPrice: line.unit_price,
      taxRate: line.tax_rate_bp,
      weighed: quantity % 1000 !== 0 || isWeighed(line.product_id ?? null),
      quantity,
      discount: line.discount ?? 0,
      tax: line.tax,
      total: line.total,
    };
    if (line.product_id !== undefined && line.product_id !== null) sold.productId = line.product_id;
    if (line.sku !== undefined && line.sku !== null) sold.sku = line.sku;
    return sold;
  });
}

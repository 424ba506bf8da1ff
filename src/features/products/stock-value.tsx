// [VALUE-1] What the stock of the products shown is worth, at cost and at price: each tracked product's
// positive on-hand (across the shop's stores, with this device's unsynced movements) at its cost and its
// price. Products holding stock with no cost are counted apart, never valued at zero. A parent's stock is its
// variants' ([PSTOCK-T2]): they are valued, it is not.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { MirrorProduct } from '../../data/local/mirror-db';
import { stockValue } from '../../domain/cost';
import type { Milli } from '../../domain/quantity';
import { isStockItem } from '../../domain/variant-stock';
import { formatMoney } from '../../lib/format-money';

export function StockValue({
  products,
  onHand,
  currency,
}: {
  products: readonly MirrorProduct[];
  onHand: ReadonlyMap<string, Milli>;
  currency: string;
}) {
  const value = useMemo(
    () =>
      stockValue(
        products.filter(isStockItem).map((product) => ({
          onHand: onHand.get(product.id) ?? 0,
          cost: product.cost,
          price: product.price,
        })),
      ),
    [products, onHand],
  );
  const { t } = useLingui();
  const atCost = formatMoney(value.atCost, currency);
  const atPrice = formatMoney(value.atPrice, currency);
  // A placeholder, not '#': inside elements Lingui leaves '#' as it is.
  const withoutCost = value.withoutCost;
  return (
    <p className="products-page__value" aria-label={t`Stock value`}>
      {value.withoutCost > 0 ? (
        <Trans>
          Stock value: <strong>{atCost}</strong> at cost, <strong>{atPrice}</strong> at price (
          <Plural value={withoutCost} one="# product" other="# products" /> in stock without a cost, not
          counted at cost).
        </Trans>
      ) : (
        <Trans>
          Stock value: <strong>{atCost}</strong> at cost, <strong>{atPrice}</strong> at price.
        </Trans>
      )}
    </p>
  );
}

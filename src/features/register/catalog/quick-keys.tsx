// The quick-keys grid: the shop's favourites (products with a quick key, in key order) as large tiles, shown
// before anything is typed. A tile's name starts with its key number ("1 Croissant …"), as printed on it.
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../domain/money-text';
import { formatQuantity, type Milli } from '../../../domain/quantity';
import type { MirrorProduct } from '../../../data/local/mirror-db';
import { quickKeyOf } from './catalog-edits';

export interface QuickKeyGridProps {
  products: readonly MirrorProduct[];
  stock: ReadonlyMap<string, Milli>;
  currency: string;
  onTap: (product: MirrorProduct) => void;
  editing: boolean;
}

/** Products with a quick key, in key order (a pass over the catalog; done when it changes, not per key). */
export function favouritesOf(products: readonly MirrorProduct[]): MirrorProduct[] {
  return products
    .filter((product) => quickKeyOf(product) !== null)
    .sort((a, b) => (quickKeyOf(a) ?? 0) - (quickKeyOf(b) ?? 0));
}

export function QuickKeyGrid({ products, stock, currency, onTap, editing }: QuickKeyGridProps) {
  const { t } = useLingui();
  if (products.length === 0) {
    return editing ? (
      <p className="finder__empty">
        <Trans>No quick keys yet.</Trans>
      </p>
    ) : null;
  }
  return (
    <div className="quick-keys" role="group" aria-label={t`Quick keys`}>
      {products.map((product) => {
        const onHand = stock.get(product.id) ?? 0;
        const short = product.track_stock && onHand < 0;
        const quantity = formatQuantity(onHand);
        return (
          <button
            key={product.id}
            type="button"
            className={editing ? 'quick-key quick-key--editing' : 'quick-key'}
            onClick={() => {
              onTap(product);
            }}
          >
            <span className="quick-key__no">{quickKeyOf(product)}</span>
            <span className="quick-key__name">{product.name}</span>
            <span className="quick-key__price">{formatMoney(product.price, currency)}</span>
            {short ? (
              <span className="tile__stock tile__stock--short">
                <Trans>{quantity} in stock</Trans>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

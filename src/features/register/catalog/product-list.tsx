// The product tiles, virtualised (@tanstack/react-virtual): only the rows in view are in the DOM, so a
// list of 50,000 products renders as fast as a list of twenty (DESIGN §10 P3).
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { formatMoney } from '../../../domain/money-text';
import { formatQuantity, type Milli } from '../../../domain/quantity';
import { isVariantParent, variantStockText, type VariantStock } from '../../../domain/variant-stock';
import type { MirrorProduct } from '../../../data/local/mirror-db';

const ROW_HEIGHT = 64;

export interface ProductListProps {
  products: readonly MirrorProduct[];
  stock: ReadonlyMap<string, Milli>;
  /** [PSTOCK-T1] What each parent's variants hold, by parent id: a parent has no stock of its own. */
  variantStock: ReadonlyMap<string, VariantStock>;
  currency: string;
  onAdd: (product: MirrorProduct) => void;
}

export function ProductList({ products, stock, variantStock, currency, onAdd }: ProductListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: products.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // Before the list is measured (and in tests, where nothing has a size) assume a screenful.
    initialRect: { width: 600, height: 640 },
  });

  const { t } = useLingui();
  if (products.length === 0) {
    return (
      <p className="finder__empty">
        <Trans>No products match.</Trans>
      </p>
    );
  }
  return (
    <div ref={scroller} className="finder__results">
      <ul
        className="finder__list"
        style={{ height: virtualizer.getTotalSize() }}
        aria-label={t`Search results`}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const product = products[row.index];
          if (!product) return null;
          return (
            <li
              key={product.id}
              className="finder__row"
              style={{ transform: `translateY(${row.start}px)`, height: row.size }}
            >
              <ProductTile
                product={product}
                onHand={stock.get(product.id)}
                variantStock={variantStock.get(product.id)}
                currency={currency}
                onAdd={onAdd}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ProductTile({
  product,
  onHand,
  variantStock,
  currency,
  onAdd,
}: {
  product: MirrorProduct;
  onHand: Milli | undefined;
  variantStock: VariantStock | undefined;
  currency: string;
  onAdd: (product: MirrorProduct) => void;
}) {
  const short = product.track_stock && (onHand ?? 0) < 0;
  const quantity = formatQuantity(onHand ?? 0);
  return (
    <button
      type="button"
      className="tile"
      onClick={() => {
        onAdd(product);
      }}
    >
      <span className="tile__name">{product.name}</span>
      <span className="tile__price">
        {formatMoney(product.price, currency)}
        {product.weighed ? <Trans> / kg</Trans> : null}
      </span>
      {isVariantParent(product) ? (
        <VariantStockLine stock={variantStock} />
      ) : product.track_stock ? (
        <span className={short ? 'tile__stock tile__stock--short' : 'tile__stock'}>
          {short ? <Trans>Below zero: {quantity} in stock</Trans> : <Trans>{quantity} in stock</Trans>}
        </span>
      ) : null}
    </button>
  );
}

/** [PSTOCK-T1] A parent's line: its variants' stock added up, flagged when below zero; none when untracked. */
function VariantStockLine({ stock }: { stock: VariantStock | undefined }) {
  const text = variantStockText(stock);
  if (text === null) return null;
  const short = (stock?.onHand ?? 0) < 0;
  return <span className={short ? 'tile__stock tile__stock--short' : 'tile__stock'}>{text}</span>;
}
